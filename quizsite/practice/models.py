"""Every answered question, for the learner's mastery, review schedule and progress page.

One row per answer, owned by an account (`user`) or, before sign-up, by a random token kept
in the session (the session is a signed cookie: the rows stay in the database, the cookie
holds only the token). A question counts once per learner: a `UniqueConstraint` on the owner,
the source and the question's key turns a double submit into "already answered". On log-in
the token's rows move to the account (`answers.adopt`), a question answered both ways kept
once.

Below `Response`, what `state.py` keeps of a learner's answers for the pages to read.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import pgettext_lazy


class ResponseQuerySet(models.QuerySet["Response"]):
    def of(self, user: Any = None, token: str = "") -> ResponseQuerySet:
        """A learner's answers: the account's when signed in, else the session token's."""
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        if token:
            return self.filter(user=None, token=token)
        return self.none()


class Response(models.Model):
    class Source(models.TextChoices):
        QUIZ = "quiz", pgettext_lazy("where an answer was given", "Quiz")
        DRILL = "drill", pgettext_lazy("where an answer was given", "Drill")
        PRACTICE = "practice", pgettext_lazy("where an answer was given", "Practice")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="responses",
    )
    token = models.CharField(max_length=32, blank=True, db_index=True)  # anonymous owner
    source = models.CharField(max_length=10, choices=Source.choices)
    ref = models.CharField(max_length=80)  # the question's key within its source
    seed = models.PositiveBigIntegerField()
    mode = models.CharField(max_length=10)
    level = models.CharField(max_length=15)
    rules = models.CharField(max_length=20)
    request = models.JSONField()  # the question as asked, to show it and its answer again
    answer = models.JSONField(default=dict)  # the cleaned form
    given = models.CharField(max_length=200)
    expected = models.CharField(max_length=300)
    right = models.BooleanField()
    category = models.CharField(max_length=40, blank=True)  # the diagnosis of a wrong answer
    topics = models.JSONField(default=list)  # what the question tested
    charged = models.JSONField(default=list)  # what a wrong answer is charged to
    answered = models.DateTimeField(default=timezone.now, db_index=True)
    # where a practice answer was given when practice was opened from a place (`hooks.Scope`):
    # "class:12"; "" for practice on one's own, the quiz and drills
    scope = models.CharField(max_length=40, blank=True, default="", db_index=True)

    objects = ResponseQuerySet.as_manager()

    class Meta:
        ordering = ["answered", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "source", "ref"],
                condition=Q(user__isnull=False),
                name="one_response_per_user_question",
            ),
            models.UniqueConstraint(
                fields=["token", "source", "ref"],
                condition=Q(user__isnull=True),
                name="one_response_per_token_question",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(token=""), name="response_has_an_owner"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.source} {self.ref}: {self.given}"


# What is derived from a learner's answers, kept so pages need not replay them (`state.py`
# keeps it; `state.derive` over the answers is its definition). Keyed like `Response`: the
# account, or before sign-up the session's token.


def owned(name: str, *fields: str) -> list[models.BaseConstraint]:
    """One row per owner (account or token) and `fields`."""
    return [
        models.UniqueConstraint(
            fields=["user", *fields], condition=Q(user__isnull=False), name=f"{name}_per_user"
        ),
        models.UniqueConstraint(
            fields=["token", *fields], condition=Q(user__isnull=True), name=f"{name}_per_token"
        ),
    ]


class Owned(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    token = models.CharField(max_length=32, blank=True)

    class Meta:
        abstract = True


class Tally(Owned):
    """A learner's totals: answers (and practice's), right ones, the run of right answers
    now and at best, the last answer counted (`state.counted` replays from scratch when an
    older one comes after it), and the latest day with answers and its counts (the days
    before it are `Day` rows). Its row is written first when an answer is counted, and so
    stays locked while the rest is."""

    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    practice = models.PositiveIntegerField(default=0)
    run = models.PositiveIntegerField(default=0)
    best = models.PositiveIntegerField(default=0)
    last = models.DateTimeField(null=True)
    last_pk = models.BigIntegerField(default=0)
    day = models.DateField(null=True)
    day_answered = models.PositiveIntegerField(default=0)
    day_right = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = owned("tally")


class Day(Owned):
    """A learner's answers on one day (the site's time zone): accuracy over time, days in a row.
    The latest day is kept in the learner's `Tally` (moved here when a later one begins)."""

    day = models.DateField()
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = owned("day", "day")
        ordering = ["day"]


class Topic(Owned):
    """A learner's state on one topic: the review card (FSRS), the decayed weights mastery is
    read from, the counts, the last answer and the last missed one."""

    topic = models.CharField(max_length=60)
    card = models.JSONField()
    weight = models.FloatField(default=0.0)
    score = models.FloatField(default=0.0)
    seen = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    missed = models.PositiveIntegerField(default=0)
    last = models.DateTimeField(null=True)
    last_missed = models.ForeignKey(
        Response, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = owned("topic", "topic")


class OwnHand(Owned):
    """A hand of the learner's own (a win of one of their games), kept as a practice question:
    its complete score request (seated, with the game's rules), where it came from, and what
    practice needs to bring it back until it is known (`own.py` keeps it). One row per owner
    and hand (`key`: the request's digest), so adding a game's hands twice adds none."""

    key = models.CharField(max_length=64)
    request = models.JSONField()
    origin = models.CharField(max_length=80, blank=True)  # the game's link name (slug)
    source = models.CharField(max_length=200, blank=True)  # the game as it is called
    winner = models.CharField(max_length=40, blank=True)
    number = models.PositiveSmallIntegerField(default=1)  # the hand in its round: East 2 → 2
    added = models.DateTimeField(default=timezone.now)
    asked = models.PositiveIntegerField(default=0)  # answers counted
    right = models.PositiveIntegerField(default=0)
    streak = models.PositiveSmallIntegerField(default=0)  # right answers in a row
    due = models.DateTimeField(default=timezone.now, db_index=True)
    known = models.DateTimeField(null=True, blank=True)  # retired: answered right enough times

    class Meta:
        constraints = owned("own_hand", "key")
        ordering = ["added", "pk"]

    def __str__(self) -> str:
        return f"{self.origin} #{self.pk}"
