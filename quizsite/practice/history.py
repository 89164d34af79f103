"""A learner's history as mastery reads it, and the words that say why a topic comes back."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.timesince import timesince

from .mastery import TopicState
from .models import Response
from .topics import TOPICS

TIMES = {1: "once", 2: "twice"}


def responses(user: Any = None, token: str = "") -> Any:
    return Response.objects.of(user, token).order_by("answered", "pk")


def times(n: int) -> str:
    return TIMES.get(n, f"{n} times")


def reason(topic: str, state: TopicState | None, now: datetime, *, mode_title: str) -> str:
    """Why this question was chosen, in the learner's words."""
    if not topic:
        return f"Fresh material — a {mode_title.lower()} question, to find new weak spots."
    t = TOPICS[topic]
    if state is None:  # a topic asked for by name ("Practise this"), not met yet
        return f"A {mode_title.lower()} question on {t.label[0].lower()}{t.label[1:]}."
    ago = f"{timesince(state.last, now)} ago" if state.last else "before"
    if state.last and (now - state.last).total_seconds() < 60:
        ago = "just now"
    if state.missed:
        return f"You missed {t.phrase} {times(state.missed)} (last answer {ago}): here it is again."
    return f"Due for review: {t.label} — right {times(state.right)}, last seen {ago}."
