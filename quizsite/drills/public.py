"""What other apps use of drills: a signed-in learner's attempts (the account page), an
instructor's students and which of their answers the instructor may see, and a link to the
drill builder filled in with a focus (the progress page's "Make a drill of this")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Left
from django.urls import reverse

from .qr import qr_code

__all__ = [
    "NAMERS",
    "attempts_of",
    "builder_url",
    "drills_of",
    "of_their_drills",
    "qr_code",
    "students_of",
]

# What a signed-in learner is called when they start a drill, asked in turn before their
# account's name: (user, drill id) -> a name, or "" when the asker has none. Another app adds
# its own (a class names its members as the class knows them) without drills importing it.
NAMERS: list[Callable[[Any, int], str]] = []


def drills_of(owner: Any) -> QuerySet[Any]:
    """The drills this account set itself, newest first (none for a visitor)."""
    from .models import Drill

    if not getattr(owner, "is_authenticated", False):
        return Drill.objects.none()
    return Drill.objects.filter(owner=owner).order_by("-created")


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


def of_their_drills(rows: QuerySet[Any], instructor: Any) -> QuerySet[Any]:
    """Of a learner's practice rows (`Response`), the answers given in this instructor's drills
    only: an instructor sees what their drills asked, never the learner's other history.

    A drill answer's row has source "drill" and ref "<code>#<number>" (see `take.answer`).
    """
    from .codes import LENGTH
    from .models import Drill

    codes = Drill.objects.owned_by(instructor).values("code")
    return (
        rows.filter(source="drill", ref__contains="#")
        .annotate(drill_code=Left("ref", LENGTH))
        .filter(drill_code__in=codes)
    )


def builder_url(
    focus: Mapping[str, Any], *, mode: str, level: str, title: str, rules: str = ""
) -> str:
    """The drill builder (`/drills/new/`) filled in with this generator focus, mode, level,
    preset (when given) and title; the builder reads them as initial values and checks them as
    usual on submit. A table mode takes no focus (`{}`).

    A focus as the generator stores it: `{"fu_items": [...]}`, `{"han": [3, 3], "fu": [40,
    40]}`, `{"counters": True}`, ...
    """
    from .forms import builder_fields

    options = {"mode": mode, "level": level} | ({"rules": rules} if rules else {})
    query = urlencode(builder_fields(focus) | options | {"title": title}, True)
    return f"{reverse('drills:new')}?{query}"
