"""A drill's results, computed from the answer rows: the students × questions grid, a page of
it at a time, each student's score and time, and per question the share right and the most
common wrong answer.

Whatever the class size the board costs the same: each question's figures are the counters
kept beside the answers (`DrillQuestion.answered`/`.right`, `WrongAnswer`), read in one query,
and only one page of students (`PAGE_CELLS` cells at most) is read row by row, in the order an
index keeps. `version` is a fingerprint of everything the board shows, read from the drill's
row alone (its `changes` counter), so a poll that finds it unchanged is answered "204 No
Content" after one indexed read. The CSV streams in chunks of students.
"""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, Prefetch, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from quizsite.quiz.public import ScoringError, check_key, stored_question

from .models import Answer, Attempt, Drill, DrillQuestion, WrongAnswer

PAGE_CELLS = 150  # students per page × questions: about 25 KB of grid
CSV_CHUNK = 500  # students read at once by the CSV


@dataclass(frozen=True)
class Row:
    attempt: Attempt
    cells: list[Answer | None]  # by question number

    @property
    def right(self) -> int:
        return sum(1 for a in self.cells if a is not None and a.right)

    @property
    def answered(self) -> int:
        return sum(1 for a in self.cells if a is not None)

    @property
    def seconds(self) -> int:
        return sum(a.seconds for a in self.cells if a is not None)

    @property
    def time_text(self) -> str:
        """ "45 s", "3 min 05 s"."""
        minutes, seconds = divmod(self.seconds, 60)
        if minutes:
            return _("%(minutes)s min %(seconds)s s") % {
                "minutes": minutes,
                "seconds": f"{seconds:02d}",
            }
        return _("%(seconds)s s") % {"seconds": seconds}


@dataclass(frozen=True)
class Column:
    number: int
    answered: int = 0
    right: int = 0
    common_wrong: tuple[str, str, int] | None = None  # (answer, diagnosis, how many gave it)
    key: str = ""  # the right answer, as the answer key says it

    @property
    def percent_right(self) -> int | None:
        if not self.answered:
            return None
        return round(100 * self.right / self.answered)


@dataclass(frozen=True)
class Results:
    drill: Drill
    rows: list[Row]  # this page's students
    columns: list[Column]
    students: int
    answer_count: int
    page: int
    pages: int
    per_page: int
    version: str

    @property
    def first(self) -> int:
        """The number of the page's first student (1-based), 0 with none."""
        return (self.page - 1) * self.per_page + 1 if self.rows else 0

    @property
    def last(self) -> int:
        return self.first + len(self.rows) - 1 if self.rows else 0


def per_page(drill: Drill) -> int:
    """Students per page: `PAGE_CELLS` cells, at least 4 students whatever the drill's size."""
    return max(4, PAGE_CELLS // drill.count)


def version(drill: Drill) -> str:
    """A fingerprint of the board: it changes when a student starts or is removed, an answer
    comes in or is retried (`Drill.changes`), or the drill is closed, opened or edited. One
    read of the drill's row."""
    state = (
        Drill.objects.filter(pk=drill.pk)
        .values_list("is_open", "title", "max_students", "changes")
        .first()
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:16]


def columns(drill: Drill) -> list[Column]:
    """Each question's answers, right answers, most common wrong answer and answer key, from
    the kept counters: one query, however many students."""
    top = WrongAnswer.objects.filter(
        drill=OuterRef("drill"), number=OuterRef("number"), count__gt=0
    ).order_by("-count", "given", "category")
    questions = drill.questions.annotate(
        wrong_given=Subquery(top.values("given")[:1]),
        wrong_category=Subquery(top.values("category")[:1]),
        wrong_count=Subquery(top.values("count")[:1]),
    )
    return [
        Column(
            q.number,
            q.answered,
            q.right,
            (q.wrong_given, q.wrong_category, q.wrong_count) if q.wrong_count else None,
            answer_key(drill, q),
        )
        for q in questions
    ]


def answer_key(drill: Drill, question: DrillQuestion) -> str:
    """A question's right answer as the answer key says it (the engine answers in a moment)."""
    try:
        return check_key(stored_question(question.seed, drill.options, question.request)).expected
    except ScoringError:
        return ""


def rows_of(drill: Drill, attempts: Iterable[Attempt]) -> Iterator[Row]:
    """Each attempt (its answers prefetched) as a row of cells by question number."""
    numbers = range(1, drill.count + 1)
    for attempt in attempts:
        by_number = {a.number: a for a in attempt.answers.all()}
        yield Row(attempt, [by_number.get(n) for n in numbers])


def with_answers() -> Any:
    answers = Prefetch("answers", queryset=Answer.objects.order_by("number"))
    return (
        Attempt.objects.select_related("user").prefetch_related(answers).order_by("started", "pk")
    )


def results(drill: Drill, page: int = 1, *, known: str | None = None) -> Results:
    """Page `page` of the board (the last page when past the end)."""
    known = known or version(drill)
    size = per_page(drill)
    students = Attempt.objects.filter(drill=drill).count()
    pages = max(1, -(-students // size))
    page = min(max(1, page), pages)
    start = (page - 1) * size
    attempts = with_answers().filter(drill=drill)[start : start + size]
    cols = columns(drill)
    return Results(
        drill,
        list(rows_of(drill, attempts)),
        cols,
        students=students,
        answer_count=sum(c.answered for c in cols),
        page=page,
        pages=pages,
        per_page=size,
        version=known,
    )


# The CSV export: its header and its "right" column in the page's language.

HEADER = [
    gettext_lazy("student"),
    gettext_lazy("account"),
    gettext_lazy("started"),
    gettext_lazy("question"),
    gettext_lazy("answer"),
    gettext_lazy("right"),
    gettext_lazy("diagnosis"),
    gettext_lazy("tries"),
    gettext_lazy("seconds"),
]
YES, NO = pgettext_lazy("a CSV cell", "yes"), pgettext_lazy("a CSV cell", "no")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A text cell a spreadsheet will show as text: one starting like a formula gets a
    leading apostrophe (numbers are left as numbers)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(drill: Drill, words: tuple[list[str], str, str] | None = None) -> Iterator[list[Any]]:
    """The header, then a row per student and question, reading `CSV_CHUNK` students (and
    their answers) at a time: memory stays flat whatever the class size. `words` (the header,
    "yes" and "no") are worded when the export is asked for (`csv_words`)."""
    header, yes, no = words or csv_words()
    yield header
    attempts = with_answers().filter(drill=drill).iterator(chunk_size=CSV_CHUNK)
    for row in rows_of(drill, attempts):
        a = row.attempt
        for number, answer in enumerate(row.cells, start=1):
            yield [
                safe_cell(v)
                for v in (
                    a.name,
                    a.user.get_username() if a.user else "",
                    a.started.isoformat(timespec="seconds"),
                    number,
                    answer.given if answer else "",
                    (yes if answer.right else no) if answer else "",
                    answer.category if answer else "",
                    answer.tries if answer else "",
                    answer.seconds if answer else "",
                )
            ]


class Echo:
    """A file-like object whose `write` hands the line back, for `csv.writer`."""

    def write(self, value: str) -> str:
        return value


def csv_words() -> tuple[list[str], str, str]:
    """The header, "yes" and "no" in the language of the moment."""
    return [str(h) for h in HEADER], str(YES), str(NO)


def csv_lines(drill: Drill) -> Iterator[str]:
    """The CSV as text lines, for a streaming response; worded in the language of the request
    (fixed now: the lines are made after the view has returned)."""
    words = csv_words()
    writer = csv.writer(Echo())
    return (writer.writerow(row) for row in csv_rows(drill, words))
