"""The learner's progress in this browser session: score, streak and recent questions.

Kept in Django's signed-cookie session (no login): small, and each question counts once.
"""

from __future__ import annotations

from typing import Any

from .questions import Question

KEY = "quiz"
HISTORY = 10


def progress(session: Any) -> dict[str, Any]:
    """The session's progress, empty to begin with."""
    stored = session.get(KEY) or {}
    return {
        "right": int(stored.get("right", 0)),
        "answered": int(stored.get("answered", 0)),
        "streak": int(stored.get("streak", 0)),
        "best": int(stored.get("best", 0)),
        "history": list(stored.get("history", []))[:HISTORY],
        "options": dict(stored.get("options", {})),
    }


def remember_options(session: Any, options: dict[str, str]) -> None:
    state = progress(session)
    state["options"] = options
    session[KEY] = state


def record(session: Any, question: Question, *, right: bool, given: str) -> bool:
    """Count an answer, unless this question was already answered; True when counted."""
    state = progress(session)
    if any(h["key"] == question.key for h in state["history"]):
        return False
    state["answered"] += 1
    state["right"] += right
    state["streak"] = state["streak"] + 1 if right else 0
    state["best"] = max(state["best"], state["streak"])
    entry = {
        "key": question.key,
        "url": question.url,
        "label": question.label,
        "right": right,
        "given": given,
    }
    state["history"] = [entry, *state["history"]][:HISTORY]
    state["options"] = question.options
    session[KEY] = state
    return True
