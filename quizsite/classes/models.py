"""A class an instructor runs over weeks: its members, the work set for it, and what each
member's answers in that work add up to.

Every member is an account (`django.contrib.auth`): a student who joins with their own
account, or one the instructor adds by name, whose account is made for them (no e-mail, no
usable password) and who signs in with a personal link or the class code, their name and a
PIN. So every answer a member gives is their account's, on any device, and the drills and
practice code counts it as it counts any signed-in learner's.

What the class page reads is kept as it changes (`MemberWork`, `MemberTopic`), in the same
transaction as the answer that changes it; a recount from the answers is its definition.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from quizsite.drills.codes import new_code


class Classroom(models.Model):
    """A class: its name, description, join code and who teaches it (the owner and any
    co-instructors added by account name)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_owned"
    )
    instructors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="classes_taught"
    )  # co-instructors (the owner is not listed here)
    name = models.CharField(gettext_lazy("name"), max_length=100)
    description = models.TextField(gettext_lazy("description"), max_length=2000, blank=True)
    code = models.CharField(max_length=6, unique=True, default=new_code, editable=False)
    is_open = models.BooleanField(gettext_lazy("open to new members"), default=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A student in a class, under the name the class knows them by. `added` members were
    made by the instructor: their account exists for the class only, and they sign in with
    `sign_in_token` (the personal link) or the class code + name + PIN (`pin` holds its hash).
    `shares_practice`: the student lets the class see their practice outside the class too."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_memberships"
    )
    name = models.CharField(gettext_lazy("name"), max_length=40)
    added = models.BooleanField(default=False)
    pin = models.CharField(max_length=128, blank=True)
    pin_digits = models.PositiveSmallIntegerField(default=6)  # 4 for PINs made before 6
    sign_in_token = models.CharField(max_length=43, blank=True, db_index=True)
    shares_practice = models.BooleanField(default=False)
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "user"], name="member_once"),
        ]

    def __str__(self) -> str:
        return self.name


class WrongPin(models.Model):
    """A wrong PIN typed at the class's sign-in, weighing as many six-digit guesses as its
    PIN's chance is worth (a four-digit PIN's: 100). The class's budget of them
    (`classes.pins`) bounds what guessing can win; rows past the budget's window are
    dropped."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="wrong_pins")
    member = models.ForeignKey(Member, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    weight = models.PositiveIntegerField(default=1)

    class Meta:
        indexes = [models.Index(fields=["classroom", "at"])]


class Assignment(models.Model):
    """A drill set for the class, with an optional due time."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    drill = models.ForeignKey(
        "drills.Drill", on_delete=models.CASCADE, related_name="class_assignments"
    )
    due = models.DateTimeField(gettext_lazy("due"), null=True, blank=True)
    assigned = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["assigned", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "drill"], name="drill_assigned_once"),
        ]


class TopicAssignment(models.Model):
    """A practice topic set for the class (a topic key as `/progress/` names it), from a day
    until an optional day: while it runs, the members' practice in the class asks it first."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="topics")
    topic = models.CharField(max_length=60)
    starts = models.DateField(default=timezone.localdate)
    until = models.DateField(null=True, blank=True)
    assigned = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["assigned", "pk"]


class MemberWork(models.Model):
    """A member's standing on one assignment, kept as they answer: answers, right ones, when
    they finished (a finish after the assignment's due time is late)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="work")
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="work")
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["member", "assignment"], name="work_once"),
        ]


class MemberTopic(models.Model):
    """A member's answers on one topic within the class's drills and practice, kept as they
    answer: seen, right, and the decayed weights mastery is read from (as `/progress/`)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="topic_rows")
    topic = models.CharField(max_length=60)
    seen = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    weight = models.FloatField(default=0.0)
    score = models.FloatField(default=0.0)
    last = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["member", "topic"], name="member_topic_once"),
        ]
        indexes = [models.Index(fields=["topic"])]


__all__ = [
    "Assignment",
    "Classroom",
    "Member",
    "MemberTopic",
    "MemberWork",
    "TopicAssignment",
    "WrongPin",
]
