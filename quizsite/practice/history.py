"""A learner's history as mastery reads it, and the words that say why a topic comes back."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .mastery import TopicState
from .models import Response
from .topics import TOPICS


def responses(user: Any = None, token: str = "") -> Any:
    return Response.objects.of(user, token).order_by("answered", "pk")


def times(n: int) -> str:
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return _("%(count)s times") % {"count": n}


def reason(topic: str, state: TopicState | None, now: datetime, *, mode_title: str) -> str:
    """Why this question was chosen, in the learner's words."""
    mode = str(mode_title).lower()
    if not topic:
        return _("Fresh material — a %(mode)s question, to find new weak spots.") % {"mode": mode}
    t = TOPICS[topic]
    label = str(t.label)
    if state is None:  # a topic asked for by name ("Practise this"), not met yet
        return _("A %(mode)s question on %(topic)s.") % {
            "mode": mode,
            "topic": label[:1].lower() + label[1:],
        }
    ago = _("%(time)s ago") % {"time": timesince(state.last, now)} if state.last else _("before")
    if state.last and (now - state.last).total_seconds() < 60:
        ago = pgettext("time", "just now")
    if state.missed:
        return _("You missed %(topic)s %(times)s (last answer %(ago)s): here it is again.") % {
            "topic": t.phrase,
            "times": times(state.missed),
            "ago": ago,
        }
    return _("Due for review: %(topic)s — right %(times)s, last seen %(ago)s.") % {
        "topic": label,
        "times": times(state.right),
        "ago": ago,
    }
