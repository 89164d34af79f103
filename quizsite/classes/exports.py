"""The class as CSV: one row per member, their work on each assigned drill (right answers out
of the drill's questions — empty before they start, as the page's "–" — done / late / started /
not started, and the drill's due time in the site's time zone, empty for none) and their
mastery of each topic met in the class's work (percent; empty when not met), headed in the
page's language, every text cell safe from a spreadsheet's formulas."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from quizsite.drills.public import safe_cell

from .board import board
from .models import Classroom


def rows(classroom: Classroom) -> list[list[Any]]:
    shown = board(classroom, every_topic=True)
    header: list[Any] = [_("member")]
    for c in shown["work_columns"]:
        header += [
            _("%(drill)s: right") % {"drill": c.title},
            _("%(drill)s: questions") % {"drill": c.title},
            _("%(drill)s: status") % {"drill": c.title},
            _("%(drill)s: due") % {"drill": c.title},
        ]
    header += [_("%(topic)s: mastery %%") % {"topic": c.title} for c in shown["topic_columns"]]
    dues = [due_cell(c.due) for c in shown["work_columns"]]
    out = [header]
    for line in shown["lines"]:
        row: list[Any] = [line.member.name]
        for w, due in zip(line.work, dues, strict=True):
            row += [w.right if w.answered else "", w.count, w.words, due]
        row += [m.percent if m.mastery is not None else "" for m in line.topics]
        out.append(row)
    return [[safe_cell(v) for v in row] for row in out]


def due_cell(due: datetime | None) -> str:
    """A due time as a spreadsheet reads it ("2026-12-01 18:30", the site's time zone)."""
    return localtime(due).strftime("%Y-%m-%d %H:%M") if due else ""


def write_csv(classroom: Classroom, writer: Any) -> None:
    writer.writerows(rows(classroom))
