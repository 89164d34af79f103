"""The learner's progress in this browser session: score, streak and recent questions.

The answers are practice's rows (`public.session_history`, from the one store of answers,
where a question counts once per learner, whatever the tabs or double submits); the score and
streaks are counted from them, never kept as running totals. The session itself holds only the
options last chosen.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .public import kind_of, session_history

KEY = "quiz"
HISTORY = 10


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


def progress(request: HttpRequest) -> dict[str, Any]:
    """The session's progress in the quiz, empty to begin with."""
    options = dict((request.session.get(KEY) or {}).get("options", {}))
    answers = session_history(request, source="quiz")
    marks = [a.right for a in answers]
    streak, best = streaks(marks)
    history = []
    for a in reversed(answers[-HISTORY:]):
        q = kind_of(a.mode)(a.seed, a.mode, a.level, a.rules, request={})
        history.append({"url": q.url, "label": q.label, "right": a.right, "given": a.given})
    return {
        "right": sum(marks),
        "answered": len(marks),
        "streak": streak,
        "best": best,
        "history": history,
        "options": options,
    }


def remember_options(session: Any, options: dict[str, str]) -> None:
    session[KEY] = {"options": options}
