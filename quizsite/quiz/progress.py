"""The learner's progress in this browser session: score, streak and recent questions.

The session cookie holds only a random learner id and the chosen options; the answers are
rows (`models.Answer`), one per question, so a question counts once for the whole session,
and the score and streaks are counted from the rows, never kept as running totals.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction

from .models import Answer
from .questions import Asked

KEY = "quiz"
LEARNER = "quiz_learner"
HISTORY = 10


def learner(session: Any, *, create: bool = False) -> str | None:
    """The session's learner id; a new one when `create` and there is none yet."""
    if create and not session.get(LEARNER):
        session[LEARNER] = secrets.token_hex(16)
    return session.get(LEARNER)


def streaks(marks: list[bool]) -> tuple[int, int]:
    """The current run of right answers (oldest first in `marks`) and the longest.

    >>> streaks([True, True, False, True])
    (1, 2)
    """
    current = best = 0
    for right in marks:
        current = current + 1 if right else 0
        best = max(best, current)
    return current, best


def progress(session: Any) -> dict[str, Any]:
    """The session's progress, empty to begin with."""
    options = dict((session.get(KEY) or {}).get("options", {}))
    rows = Answer.objects.filter(learner=learner(session) or "")
    marks = list(rows.order_by("id").values_list("right", flat=True))
    streak, best = streaks(marks)
    history = rows.order_by("-id").values("key", "url", "label", "right", "given")[:HISTORY]
    return {
        "right": sum(marks),
        "answered": len(marks),
        "streak": streak,
        "best": best,
        "history": list(history),
        "options": options,
    }


def remember_options(session: Any, options: dict[str, str]) -> None:
    session[KEY] = {"options": options}


def record(session: Any, question: Asked, *, right: bool, given: str) -> bool:
    """Count an answer, unless this question was already answered; True when counted."""
    remember_options(session, question.options)
    try:
        with transaction.atomic():
            Answer.objects.create(
                learner=learner(session, create=True),
                key=question.key,
                url=question.url,
                label=question.label[:100],
                right=right,
                given=given[:200],
            )
    except IntegrityError:  # answered already (another tab, a double submit)
        return False
    return True
