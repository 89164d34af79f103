"""The class's side of the hooks: practice opened from a class (its members only; the class's
current topics first), and the standings recounted when the class's work or members change
(a member joins with answers already given, a drill set or unset)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone

from quizsite.practice.public import Scope

from . import standing
from .models import Assignment, Classroom, Member, TopicAssignment


def member_of(user: Any, key: str) -> bool:
    if not key.isdigit() or not getattr(user, "is_authenticated", False):
        return False
    return Member.objects.filter(classroom_id=int(key), user=user).exists()


def current_topics(classroom_id: int) -> list[str]:
    """The topics set for the class that run today, the latest set first."""
    today = timezone.localdate()
    rows = TopicAssignment.objects.filter(classroom_id=classroom_id, starts__lte=today).filter(
        Q(until__isnull=True) | Q(until__gte=today)
    )
    return list(dict.fromkeys(rows.order_by("-assigned", "-pk").values_list("topic", flat=True)))


def topics_for(user: Any, key: str) -> list[str]:
    return current_topics(int(key)) if member_of(user, key) else []


def title_of(key: str) -> str:
    found = Classroom.objects.filter(pk=int(key)).values_list("name", flat=True).first()
    return found or ""


CLASS_PRACTICE = Scope(
    name="class",
    allows=member_of,
    topics=topics_for,
    title=title_of,
    url=lambda key: reverse("classes:me", args=[int(key)]),
)


@receiver(post_save, sender=Member, dispatch_uid="classes-member-standing")
def member_saved(sender: Any, instance: Member, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        standing.recount_member(instance)  # answers given to the class's drills before joining


@receiver(post_save, sender=Assignment, dispatch_uid="classes-assignment-standing")
def assignment_saved(sender: Any, instance: Assignment, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        # answers given to the drill before it was set
        standing.drill_set_or_unset(instance.classroom, instance.drill.code)


@receiver(post_delete, sender=Assignment, dispatch_uid="classes-assignment-unset")
def assignment_deleted(sender: Any, instance: Assignment, **kwargs: Any) -> None:
    classroom = Classroom.objects.filter(pk=instance.classroom_id).first()
    code = type(instance.drill).objects.filter(pk=instance.drill_id).values_list("code", flat=True)
    if classroom is not None and code:  # not when the class or the drill itself goes
        standing.drill_set_or_unset(classroom, code[0])
