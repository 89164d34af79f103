"""Who may see a class: its instructors (the owner and the co-instructors) manage it; its
members see their own part; everyone else gets 404, never a hint that the class exists."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from .models import Classroom, Member


def taught_by(user: Any) -> QuerySet[Classroom]:
    """The classes this user teaches: owns or co-instructs (none for a visitor)."""
    if not user.is_authenticated:
        return Classroom.objects.none()
    return Classroom.objects.filter(Q(owner=user) | Q(instructors=user)).distinct()


def taught(request: HttpRequest, pk: int) -> Classroom:
    """The class, when the signed-in user teaches it; else 404."""
    found = taught_by(request.user).filter(pk=pk).first()
    if found is None:
        raise Http404
    return found


def membership(request: HttpRequest, pk: int) -> Member:
    """The signed-in user's membership of the class; else 404."""
    if not request.user.is_authenticated:
        raise Http404
    found = (
        Member.objects.select_related("classroom")
        .filter(classroom_id=pk, user=request.user)
        .first()
    )
    if found is None:
        raise Http404
    return found
