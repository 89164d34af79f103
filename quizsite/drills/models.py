"""Drills: an instructor's fixed set of questions, the learners' attempts and their answers.

The models own their invariants: a drill's questions are numbered once (`UniqueConstraint`),
a learner's browser has one attempt per drill, and an attempt holds at most one answer per
question — a second submit meets the constraint and is answered "already answered". Scores
and counts are computed from the answer rows, never stored.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, models, transaction
from django.db.models import Count, F, Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from quizsite.quiz.public import (
    MODE_TITLES,
    PRESETS,
    AnyQuestion,
    Checked,
    is_table_mode,
    kind_of,
    make_question,
    stored_question,
)

from .codes import new_code
from .focus import describe

MAX_QUESTIONS = 50
MAX_STUDENTS = 5000
# The generator's levels as a page names them ("Beginner").
LEVEL_TITLES = {
    "beginner": gettext_lazy("Beginner"),
    "intermediate": gettext_lazy("Intermediate"),
    "advanced": gettext_lazy("Advanced"),
}


class DrillQuerySet(models.QuerySet["Drill"]):
    def owned_by(self, user: Any) -> DrillQuerySet:
        """The drills this user may manage: their own; every drill for a superuser."""
        if not user.is_authenticated:
            return self.none()
        return self if user.is_superuser else self.filter(owner=user)

    def with_counts(self) -> DrillQuerySet:
        return self.annotate(
            answer_count=Count("attempts__answers", distinct=True),
            student_count=Count("attempts", distinct=True),
        )


class Drill(models.Model):
    class Explain(models.TextChoices):
        EACH = "each", gettext_lazy("After each answer")
        END = "end", gettext_lazy("Only at the end")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drills"
    )
    title = models.CharField(max_length=100)
    code = models.CharField(max_length=6, unique=True, editable=False)
    mode = models.CharField(max_length=10)
    level = models.CharField(max_length=15)
    rules = models.CharField(max_length=20)
    # the switches set on top of the preset, as [parameter, key] pairs a link holds
    house = models.JSONField(default=list, blank=True)
    focus = models.JSONField(default=dict, blank=True)
    count = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_QUESTIONS)]
    )
    shuffle = models.BooleanField(
        default=False, help_text=gettext_lazy("Each student gets their own order.")
    )
    is_open = models.BooleanField(gettext_lazy("open"), default=True)
    retries = models.BooleanField(
        default=False,
        help_text=gettext_lazy("A wrong answer may be tried again until it is right."),
    )
    time_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=gettext_lazy("Minutes from a student's start; empty for none."),
    )
    explain = models.CharField(max_length=4, choices=Explain.choices, default=Explain.EACH)
    max_students = models.PositiveSmallIntegerField(
        gettext_lazy("at most this many students"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_STUDENTS)],
        help_text=gettext_lazy("Newcomers are turned away once this many have started."),
    )
    created = models.DateTimeField(default=timezone.now)

    objects = DrillQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=Q(count__gte=1, count__lte=MAX_QUESTIONS), name="drill_count_1_to_50"
            )
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.code})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new drill gets a fresh code; a clash (about 1 in 86 million) draws another."""
        if self.code:
            super().save(*args, **kwargs)
            return
        for _ in range(10):
            self.code = new_code()
            try:
                with transaction.atomic():
                    super().save(*args, **kwargs)
                return
            except IntegrityError:
                if not Drill.objects.filter(code=self.code).exists():
                    raise
        raise IntegrityError("no free drill code after 10 draws")

    @property
    def focus_text(self) -> str:
        return describe(self.focus) if self.focus else ""

    @property
    def rules_title(self) -> str:
        return PRESETS[self.rules].title if self.rules in PRESETS else self.rules

    @property
    def level_title(self) -> str:
        """The level as a page names it ("Beginner")."""
        return str(LEVEL_TITLES.get(self.level, self.level))

    @property
    def mode_title(self) -> str:
        """The mode as the quiz names it ("Full hand", "Multiple ron")."""
        return MODE_TITLES.get(self.mode, self.mode)

    @property
    def is_table(self) -> bool:
        """Table questions (a draw, pao, multiple ron, counters, final scores), not hands."""
        return is_table_mode(self.mode)

    @property
    def stylesheet(self) -> str:
        """The stylesheet its kind of question asks for ("" when none)."""
        return kind_of(self.mode).STYLESHEET

    @property
    def options(self) -> dict[str, str]:
        house = {str(k): str(v) for k, v in self.house}
        return {"mode": self.mode, "level": self.level, "rules": self.rules, **house}

    @property
    def has_answers(self) -> bool:
        return Answer.objects.filter(attempt__drill=self).exists()

    def draw(self) -> None:
        """Generate and store the drill's questions, numbered 1 to `count`."""
        DrillQuestion.objects.bulk_create(
            DrillQuestion.from_question(self, n, self.new_question())
            for n in range(1, self.count + 1)
        )

    def redraw(self, number: int) -> bool:
        """Replace question `number` with a new one; refused (False) once anyone has answered,
        since their answers are to the old question."""
        if self.has_answers:
            return False
        q = self.new_question()
        updated = self.questions.filter(number=number).update(seed=q.seed, request=q.request)
        return updated == 1

    def new_question(self) -> AnyQuestion:
        """A fresh question with the drill's options, meeting its focus (by design)."""
        return make_question(fresh_seed(), self.options, focus=self.focus or None)

    def quiz_questions(self) -> list[AnyQuestion]:
        return [dq.as_question() for dq in self.questions.all()]

    def copy(self, owner: Any) -> Drill:
        """A new drill with this one's options and questions, owned by `owner`, open."""
        with transaction.atomic():
            twin = Drill.objects.get(pk=self.pk)
            twin.pk, twin.code, twin.owner, twin.is_open = None, "", owner, True
            twin.title = f"{self.title} (copy)"[:100]
            twin.created = timezone.now()
            twin.save()
            DrillQuestion.objects.bulk_create(
                DrillQuestion(drill=twin, number=q.number, seed=q.seed, request=q.request)
                for q in self.questions.all()
            )
        return twin

    @property
    def is_full(self) -> bool:
        """The drill's cap on students is reached: no newcomer may start."""
        return self.max_students is not None and self.attempts.count() >= self.max_students

    def start(self, *, name: str, user: Any, session_key: str | None = None) -> Attempt | None:
        """A new attempt for a learner, its question order drawn when the drill shuffles; None
        when the drill is full. The cap is counted and the attempt made in one transaction with
        the drill's row locked (on SQLite the immediate transaction's write lock), so newcomers
        racing for the last place never pass the cap."""
        order = list(range(1, self.count + 1))
        if self.shuffle:
            secrets.SystemRandom().shuffle(order)
        with transaction.atomic():
            if self.max_students is not None:
                Drill.objects.select_for_update().filter(pk=self.pk).first()
                if self.is_full:
                    return None
            return Attempt.objects.create(
                drill=self,
                name=name,
                user=user if user.is_authenticated else None,
                session_key=session_key or new_token(),
                order=order,
            )


class DrillQuestion(models.Model):
    """Question `number` of a drill: the seed and the generated engine request, stored so every
    student gets the same question even if the generator changes later."""

    drill = models.ForeignKey(Drill, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField()
    seed = models.PositiveBigIntegerField()
    request = models.JSONField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["drill", "number"], name="one_question_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.drill.code} #{self.number}"

    @classmethod
    def from_question(cls, drill: Drill, number: int, q: AnyQuestion) -> DrillQuestion:
        return cls(drill=drill, number=number, seed=q.seed, request=q.request)

    def as_question(self) -> AnyQuestion:
        return stored_question(self.seed, self.drill.options, self.request)


def fresh_seed() -> int:
    return secrets.randbelow(1_000_000)


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Attempt(models.Model):
    """One learner taking one drill, from one browser session (and their account if signed in)."""

    drill = models.ForeignKey(Drill, on_delete=models.CASCADE, related_name="attempts")
    name = models.CharField(gettext_lazy("display name"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="drill_attempts",
    )
    session_key = models.CharField(max_length=32, default=new_token, editable=False)
    order = models.JSONField(default=list, blank=True)  # question numbers as asked (shuffle)
    started = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["started", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["drill", "session_key"], name="one_attempt_per_session")
        ]

    def __str__(self) -> str:
        return f"{self.name} on {self.drill.code}"

    @property
    def deadline(self) -> Any:
        if self.drill.time_limit is None:
            return None
        return self.started + timedelta(minutes=self.drill.time_limit)

    @property
    def minutes_left(self) -> int | None:
        """Whole minutes left before the time limit (rounded up), or None without one."""
        deadline = self.deadline
        if deadline is None:
            return None
        seconds = (deadline - timezone.now()).total_seconds()
        return max(0, -int(-seconds // 60))

    def is_out_of_time(self, now: Any = None) -> bool:
        deadline = self.deadline
        return deadline is not None and (now or timezone.now()) >= deadline

    def is_over(self, now: Any = None) -> bool:
        """Every question answered, or out of time: the explanations may be shown."""
        return self.finished is not None or self.is_out_of_time(now)

    def number_at(self, position: int) -> int:
        """The drill's question number asked at `position` (1-based) in this attempt."""
        return int(self.order[position - 1]) if self.order else position

    @property
    def size(self) -> int:
        return len(self.order) or self.drill.count

    def finish_if_done(self) -> None:
        """Mark the attempt finished once every question has an answer (once, in the query)."""
        if self.answers.count() >= self.size:
            Attempt.objects.filter(pk=self.pk, finished__isnull=True).update(
                finished=timezone.now()
            )

    def seconds_since_last(self) -> int:
        """Time taken on the question being answered: since the previous answer, or the start."""
        last = self.answers.aggregate(last=Max("answered"))["last"] or self.started
        return max(0, int((timezone.now() - last).total_seconds()))

    def record(self, number: int, checked: Checked, answer: dict[str, Any]) -> str:
        """Store an answer to question `number`: "counted" for a first answer, "retried" when
        the drill allows retries and a wrong answer is replaced, "already" otherwise.

        The unique constraint decides inside the transaction, so two tabs or a double submit
        racing each other store one answer; a retry is an UPDATE of the wrong row alone.
        """
        verdict = checked.verdict
        fields = {
            "given": verdict.given[:200],
            "answer": answer,
            "right": verdict.right,
            "category": checked.category[:40],
        }
        seconds = self.seconds_since_last()
        try:
            with transaction.atomic():
                Answer.objects.create(attempt=self, number=number, seconds=seconds, **fields)
        except IntegrityError:
            if not self.drill.retries:
                return "already"
            replaced = Answer.objects.filter(attempt=self, number=number, right=False).update(
                **fields,
                seconds=F("seconds") + seconds,
                tries=F("tries") + 1,
                answered=timezone.now(),
            )
            return "retried" if replaced else "already"
        self.finish_if_done()
        return "counted"


class Answer(models.Model):
    """The counted answer to one question of an attempt; a retry replaces a wrong answer in
    place (`tries` goes up), so a question is never counted twice."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="answers")
    number = models.PositiveSmallIntegerField()  # the drill's question number
    given = models.CharField(max_length=200)  # as the verdict shows it ("2600", "30 fu")
    answer = models.JSONField()  # the cleaned form, re-judged to show the verdict again
    right = models.BooleanField()
    category = models.CharField(max_length=40, blank=True)  # the diagnosis of a wrong answer
    seconds = models.PositiveIntegerField()
    tries = models.PositiveSmallIntegerField(default=1)
    answered = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["attempt", "number"]
        constraints = [
            models.UniqueConstraint(fields=["attempt", "number"], name="one_answer_per_question")
        ]

    def __str__(self) -> str:
        return f"{self.attempt} #{self.number}: {self.given}"
