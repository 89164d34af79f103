"""The learner's progress in this browser session: score, streak and recent questions; and the
quiz's options last chosen in this browser.

The answers are practice's rows (`public.session_history`, from the one store of answers,
where a question counts once per learner, whatever the tabs or double submits); the score and
streaks are counted from them, never kept as running totals. The options last chosen live in a
cookie of their own (a question link's query, checked as a link is when read), so that asking
for a question neither reads nor writes the session; an older session's options are still read.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import quote, unquote, urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import reverse
from django.utils import translation

from .public import kind_of, session_history
from .questions import QuizError, parse_options

KEY = "quiz"  # what sessions before the cookie kept: {"options": {...}}
COOKIE = "tenbo_quiz"
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
    answers = session_history(request, source="quiz")
    marks = [a.right for a in answers]
    streak, best = streaks(marks)
    questions = reverse("quiz:question", args=[0])[:-2]  # "/quiz/q/": one lookup, not ten
    language = translation.get_language()
    history = []
    for a in reversed(answers[-HISTORY:]):
        url, label = history_link(questions, language, a.seed, a.mode, a.level, a.rules)
        history.append({"url": url, "label": label, "right": a.right, "given": a.given})
    return {
        "right": sum(marks),
        "answered": len(marks),
        "streak": streak,
        "best": best,
        "history": history,
    }


@lru_cache(maxsize=4096)
def history_link(
    questions: str, language: str | None, seed: int, mode: str, level: str, rules: str
) -> tuple[str, str]:
    """A recent question's link and label (made once: each shows on the next ten pages)."""
    q = kind_of(mode)(seed, mode, level, rules, request={})
    return f"{questions}{q.seed}/?{q.query}", q.label


def chosen_options(request: HttpRequest) -> dict[str, str]:
    """The options last chosen in this browser ({} when none): mode, level, rules and the
    switches set, as a question's link holds them."""
    raw = request.COOKIES.get(COOKIE, "")
    if raw:
        try:
            options = parse_options(QueryDict(unquote(raw)[:2000]))
        except QuizError:
            return {}
        house = options.pop("house")
        return {**options, **dict(house)}
    return dict((request.session.get(KEY) or {}).get("options", {}))


def remember_options(request: HttpRequest, response: HttpResponse, options: dict[str, str]) -> None:
    """Keep `options` as the ones last chosen (the cookie is set only when they changed)."""
    value = quote(urlencode(options), safe="")
    if request.COOKIES.get(COOKIE) != value:
        response.set_cookie(
            COOKIE,
            value,
            max_age=settings.SESSION_COOKIE_AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
