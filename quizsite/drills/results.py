"""A drill's results, computed from the answer rows: the students × questions grid, each
student's score and time, and per question the share right and the most common wrong answer.

Three queries whatever the class size: the questions, the attempts, their answers.
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from .models import Answer, Attempt, Drill


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
        return f"{minutes} min {seconds:02d} s" if minutes else f"{seconds} s"


@dataclass(frozen=True)
class Column:
    number: int
    answers: list[Answer]

    @property
    def percent_right(self) -> int | None:
        if not self.answers:
            return None
        return round(100 * sum(a.right for a in self.answers) / len(self.answers))

    @property
    def common_wrong(self) -> tuple[str, str, int] | None:
        """The most common wrong answer: (answer, diagnosis, how many gave it)."""
        wrong = Counter((a.given, a.category) for a in self.answers if not a.right)
        if not wrong:
            return None
        (given, category), times = wrong.most_common(1)[0]
        return given, category, times


@dataclass(frozen=True)
class Results:
    drill: Drill
    rows: list[Row]
    columns: list[Column]

    @property
    def answer_count(self) -> int:
        return sum(len(c.answers) for c in self.columns)


def results(drill: Drill) -> Results:
    answers = Prefetch("answers", queryset=Answer.objects.order_by("number"))
    attempts = list(
        Attempt.objects.filter(drill=drill).select_related("user").prefetch_related(answers)
    )
    numbers = range(1, drill.count + 1)
    rows = []
    for attempt in attempts:
        by_number = {a.number: a for a in attempt.answers.all()}
        rows.append(Row(attempt, [by_number.get(n) for n in numbers]))
    columns = [Column(n, [r.cells[n - 1] for r in rows if r.cells[n - 1]]) for n in numbers]
    return Results(drill, rows, columns)  # type: ignore[arg-type]


# The CSV export.

HEADER = [
    "student",
    "account",
    "started",
    "question",
    "answer",
    "right",
    "diagnosis",
    "tries",
    "seconds",
]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A text cell a spreadsheet will show as text: one starting like a formula gets a
    leading apostrophe (numbers are left as numbers)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(res: Results) -> Iterator[list[Any]]:
    yield HEADER
    for row in res.rows:
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
                    ("yes" if answer.right else "no") if answer else "",
                    answer.category if answer else "",
                    answer.tries if answer else "",
                    answer.seconds if answer else "",
                )
            ]


def write_csv(res: Results, out: Any) -> None:
    csv.writer(out).writerows(csv_rows(res))
