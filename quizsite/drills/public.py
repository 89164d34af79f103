"""What other apps use of drills: a signed-in learner's attempts (the account page)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet


def attempts_of(user: Any) -> QuerySet[Any]:
    """The user's drill attempts, newest first, each with `right_count`."""
    from .models import Attempt

    return (
        Attempt.objects.filter(user=user)
        .select_related("drill")
        .annotate(right_count=Count("answers", filter=Q(answers__right=True)))
        .order_by("-started")
    )


def students_of(instructor: Any) -> QuerySet[Any]:
    """The accounts that answered a drill of this instructor (none for a visitor)."""
    from django.contrib.auth import get_user_model

    if not instructor.is_authenticated:
        return get_user_model().objects.none()
    return get_user_model().objects.filter(drill_attempts__drill__owner=instructor).distinct()
