"""The class's side of the hooks: practice opened from a class (its members only; the class's
current topics first), a drill made for a class (set as it is drawn, its pages leading back to
the class), and the standings recounted when the class's work or members change (a member
joins with answers already given, a drill set or unset)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Q
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from quizsite.drills.public import Place
from quizsite.practice.public import Scope

from . import standing
from .models import Assignment, Classroom, Member, TopicAssignment
from .owners import taught_by


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


def taught_class(user: Any, key: str) -> Classroom | None:
    return taught_by(user).filter(pk=int(key)).first() if key.isdigit() else None


def drill_made(request: Any, drill: Any, key: str) -> str:
    """A drill made for the class (`?for=class:<pk>`): set for it, then back to the class's
    work, asking for the due date there ("" when the class is not this instructor's)."""
    classroom = taught_class(request.user, key)
    if classroom is None:
        return ""
    assignment, _made = Assignment.objects.get_or_create(classroom=classroom, drill=drill)
    messages.success(
        request,
        _("“%(title)s” is drawn and set for the class. When is it due?") % {"title": drill.title},
    )
    return reverse("classes:work", args=[classroom.pk]) + f"?due={assignment.pk}"


def classes_set_in(user: Any, drill_id: int) -> list[tuple[str, str]]:
    """The classes this user teaches that have the drill set: (name, class page)."""
    rows = Assignment.objects.filter(drill_id=drill_id, classroom__in=taught_by(user))
    found = rows.order_by("classroom__name").values_list("classroom_id", "classroom__name")
    return [(name, reverse("classes:detail", args=[pk])) for pk, name in found]


CLASS_DRILLS = Place(
    name="class",
    title=lambda user, key: found.name if (found := taught_class(user, key)) else "",
    made=drill_made,
    set_in=classes_set_in,
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
