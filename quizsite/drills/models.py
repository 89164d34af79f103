"""Drills: an instructor's fixed set of questions, the learners' attempts and their answers.

The models own their invariants: a drill's questions are numbered once (`UniqueConstraint`),
a learner's browser has one attempt per drill, and an attempt holds at most one answer per
question — a second submit meets the constraint and is answered "already answered".

What the results board sums up of the whole class is kept beside the answers, in the same
transaction as every answer, retry and removal (F() updates, so writers racing each other add
up): each question's answers and right answers (`DrillQuestion.answered`, `.right`), how many
gave each wrong answer (`WrongAnswer`), and `Drill.changes`, a counter bumped by everything the
board shows, which a poll reads to answer "nothing changed". The answer rows stay the
definition: `count_rows` counts them again, `Drill.recount` writes the counters from them.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, models, transaction
from django.db.models import Case, Count, F, Max, OuterRef, Q, Subquery, Sum, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy

from quizsite.quiz.public import (
    ALL_PRESETS,
    MODE_TITLES,
    AnyQuestion,
    Checked,
    is_table_mode,
    kind_of,
    make_question,
    stored_question,
)

from .codes import new_code
from .focus import describe
from .hooks import answers_changed

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
        """Each drill with `answer_count` (from its questions' kept counters) and
        `student_count`, without reading an answer."""
        answers = (
            DrillQuestion.objects.filter(drill=OuterRef("pk"))
            .values("drill")
            .annotate(n=Sum("answered"))
            .values("n")
        )
        students = (
            Attempt.objects.filter(drill=OuterRef("pk"))
            .values("drill")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return self.annotate(
            answer_count=Coalesce(Subquery(answers), 0),
            student_count=Coalesce(Subquery(students), 0),
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
    # made of given whole hands (a game's wins: `public.drill_from_hands`), never redrawn
    from_hands = models.BooleanField(default=False, editable=False)
    # bumped with every start, answer, retry and removal: the results board's "what changed"
    changes = models.PositiveIntegerField(default=0, editable=False)

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
        return ALL_PRESETS[self.rules].title if self.rules in ALL_PRESETS else self.rules

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
        since their answers are to the old question, and for a drill of given hands."""
        if self.from_hands or self.has_answers:
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

    def touch(self) -> None:
        """Move `changes` on (inside the transaction of the change it marks)."""
        touch(self.pk)

    def recount(self) -> None:
        """Write the kept counters again from the answer rows (after rows were written in
        bulk, or to mend counters out of step)."""
        with transaction.atomic():
            write_counts(self.pk, DrillQuestion, Answer, WrongAnswer)
            self.touch()

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
            attempt = Attempt.objects.create(
                drill=self,
                name=name,
                user=user if user.is_authenticated else None,
                session_key=session_key or new_token(),
                order=order,
            )
            self.touch()
            return attempt


class DrillQuestion(models.Model):
    """Question `number` of a drill: the seed and the generated engine request, stored so every
    student gets the same question even if the generator changes later."""

    drill = models.ForeignKey(Drill, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField()
    seed = models.PositiveBigIntegerField()
    request = models.JSONField()
    answered = models.PositiveIntegerField(default=0, editable=False)  # its counted answers
    right = models.PositiveIntegerField(default=0, editable=False)  # of them, right

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
        indexes = [models.Index(fields=["drill", "started", "id"], name="attempt_board_order")]

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
        racing each other store one answer; a retry is an UPDATE of the wrong row alone. The
        question's counters and the drill's `changes` move in the same transaction.
        """
        verdict = checked.verdict
        fields = {
            "given": verdict.given[:200],
            "answer": answer,
            "right": verdict.right,
            "category": checked.category[:40],
        }
        seconds = self.seconds_since_last()
        with transaction.atomic():
            # The drill's row first: its answers are written one at a time, each waiting for
            # that lock alone (as SQLite's immediate transactions do), never holding a row
            # another answer waits for while it waits itself.
            Drill.objects.select_for_update().filter(pk=self.drill_id).values_list("pk").first()
            try:
                with transaction.atomic():
                    Answer.objects.create(attempt=self, number=number, seconds=seconds, **fields)
            except IntegrityError:
                outcome = self.retry(number, fields, seconds) if self.drill.retries else "already"
            else:
                self.finish_if_done()
                # The rows every student's answer updates (the question's counters, the
                # drill's `changes`) last, just before the commit: they are held the shortest.
                count_answer(self.drill_id, number, fields, by=1)
                outcome = "counted"
            if outcome != "already":
                touch(self.drill_id)
                answers_changed(self.drill_id, self.user_id)  # what other apps keep of them
        return outcome

    def retry(self, number: int, fields: dict[str, Any], seconds: int) -> str:
        """Replace a wrong answer (its row locked while read, so two retries racing each other
        take it out of the counters once): "retried", or "already" when it is right by now."""
        old = (
            Answer.objects.select_for_update()
            .filter(attempt=self, number=number, right=False)
            .values("pk", "given", "right", "category")
            .first()
        )
        if old is None:
            return "already"
        Answer.objects.filter(pk=old.pop("pk")).update(
            **fields,
            seconds=F("seconds") + seconds,
            tries=F("tries") + 1,
            answered=timezone.now(),
        )
        count_answer(self.drill_id, number, old, by=-1)
        count_answer(self.drill_id, number, fields, by=1)
        return "retried"

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        """Remove the attempt with its answers (CASCADE), taking them out of the counters in
        the same transaction."""
        with transaction.atomic():
            # locked first: an answer coming in meanwhile waits, so none leaves uncounted
            Attempt.objects.select_for_update().filter(pk=self.pk).first()
            answers = list(self.answers.values("number", "given", "right", "category"))
            if answers:
                numbers = [a["number"] for a in answers]
                right = [a["number"] for a in answers if a["right"]]
                DrillQuestion.objects.filter(drill_id=self.drill_id, number__in=numbers).update(
                    answered=F("answered") - 1,
                    right=F("right") - Case(When(number__in=right, then=1), default=Value(0)),
                )
                for a in answers:
                    if not a["right"]:
                        count_wrong(self.drill_id, a["number"], a["given"], a["category"], -1)
            touch(self.drill_id)
            deleted = super().delete(*args, **kwargs)
            answers_changed(self.drill_id, self.user_id)
            return deleted


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


class WrongAnswer(models.Model):
    """How many counted answers to question `number` of a drill are this wrong answer (as
    given, with its diagnosis): the board's "most common wrong answer" without reading every
    answer. Kept in step with the answers (`count_answer`); a count may fall to 0."""

    drill = models.ForeignKey(Drill, on_delete=models.CASCADE, related_name="wrong_answers")
    number = models.PositiveSmallIntegerField()
    given = models.CharField(max_length=200)
    category = models.CharField(max_length=40, blank=True)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["drill", "number", "given", "category"], name="one_count_per_wrong_answer"
            )
        ]
        indexes = [
            models.Index(fields=["drill", "number", "-count"], name="wrong_answer_most_given")
        ]

    def __str__(self) -> str:
        return f"{self.drill_id} #{self.number}: {self.given} ×{self.count}"


def touch(drill_id: int) -> None:
    """Move a drill's `changes` on: one UPDATE of its row, adding to what is there."""
    Drill.objects.filter(pk=drill_id).update(changes=F("changes") + 1)


def count_answer(drill_id: int, number: int, answer: dict[str, Any], *, by: int) -> None:
    """An answer (`given`, `right`, `category`) counted in (`by` 1) or out (-1) of its
    question's counters."""
    right = by if answer["right"] else 0
    DrillQuestion.objects.filter(drill_id=drill_id, number=number).update(
        answered=F("answered") + by, right=F("right") + right
    )
    if not answer["right"]:
        count_wrong(drill_id, number, answer["given"], answer["category"], by)


def count_wrong(drill_id: int, number: int, given: str, category: str, by: int) -> None:
    """Add `by` to how many gave this wrong answer; its row is made by the first (a writer
    racing to make it meets the unique constraint and adds to the other's)."""
    rows = WrongAnswer.objects.filter(drill_id=drill_id, number=number, given=given)
    rows = rows.filter(category=category)
    if rows.update(count=F("count") + by) or by < 0:
        return
    try:
        with transaction.atomic():
            WrongAnswer.objects.create(
                drill_id=drill_id, number=number, given=given, category=category, count=by
            )
    except IntegrityError:
        rows.update(count=F("count") + by)


Counts = tuple[dict[int, tuple[int, int]], dict[tuple[int, str, str], int]]


def count_rows(drill_id: int, answers: Any = None) -> Counts:
    """The counters as the answer rows give them (two grouped queries): each question's
    (answers, right answers) by number, and how many gave each wrong (number, given,
    category); `answers`: the model, a migration's historical one or `Answer`."""
    rows = (answers or Answer).objects.filter(attempt__drill_id=drill_id)
    by_number = {
        r["number"]: (r["n"], r["right_n"])
        for r in rows.values("number").annotate(
            n=Count("pk"), right_n=Count("pk", filter=Q(right=True))
        )
    }
    wrong = {
        (r["number"], r["given"], r["category"]): r["n"]
        for r in rows.filter(right=False)
        .values("number", "given", "category")
        .annotate(n=Count("pk"))
    }
    return by_number, wrong


def kept_counts(drill_id: int) -> Counts:
    """The counters as they are kept (numbers with no answer and counts at 0 left out, as
    `count_rows` leaves them out)."""
    by_number = {
        q.number: (q.answered, q.right)
        for q in DrillQuestion.objects.filter(drill_id=drill_id, answered__gt=0)
    }
    wrong = {
        (w.number, w.given, w.category): w.count
        for w in WrongAnswer.objects.filter(drill_id=drill_id, count__gt=0)
    }
    return by_number, wrong


def write_counts(drill_id: int, questions: Any, answers: Any, wrongs: Any) -> None:
    """Write a drill's counters from its answer rows (the models are passed in, so a data
    migration's historical ones can be)."""
    by_number, wrong = count_rows(drill_id, answers)
    for q in questions.objects.filter(drill_id=drill_id):
        answered, right = by_number.get(q.number, (0, 0))
        if (q.answered, q.right) != (answered, right):
            questions.objects.filter(pk=q.pk).update(answered=answered, right=right)
    wrongs.objects.filter(drill_id=drill_id).delete()
    wrongs.objects.bulk_create(
        wrongs(drill_id=drill_id, number=n, given=g, category=c, count=k)
        for (n, g, c), k in wrong.items()
    )
