"""What other apps use of practice: `record()`, called once an answer is judged, by the quiz,
drills and practice alike. Nothing else of this app is imported elsewhere.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest

from quizsite.quiz.public import AnyQuestion, Checked, solve

SESSION_KEY = "practice"  # the anonymous learner's token (their rows are in the database)

__all__ = ["SESSION_KEY", "learner_token", "record"]


def learner_token(request: HttpRequest, *, create: bool = False) -> str:
    """The session's learner token ("" when there is none and none is asked for)."""
    token = request.session.get(SESSION_KEY) or ""
    if not token and create:
        token = secrets.token_urlsafe(16)
        request.session[SESSION_KEY] = token
    return str(token)


def record(
    request: HttpRequest,
    question: AnyQuestion,
    checked: Checked,
    *,
    answer: dict[str, Any] | None,
    source: str = "quiz",
    ref: str = "",
) -> bool:
    """Store an answered question for the learner (account or session); False when this
    learner had already answered it. `ref` names the question within `source` (a drill's
    code and number); the quiz's key by default. A hand or a table question alike; `answer`
    is None when the learner asked to see the answer."""
    from .models import Response
    from .topics import charged, touched

    verdict = checked.verdict
    topics = touched(question, solve(question))
    owner: dict[str, Any] = (
        {"user": request.user}
        if request.user.is_authenticated
        else {"token": learner_token(request, create=True)}
    )
    return Response.store(
        **owner,
        source=source,
        ref=(ref or question.key)[:80],
        seed=question.seed,
        mode=question.mode,
        level=question.level,
        rules=question.rules,
        request=question.request,
        answer=answer or {},
        given=verdict.given[:200],
        expected=verdict.expected[:300],
        right=verdict.right,
        category=checked.category[:40],
        topics=topics,
        charged=charged(question, topics, verdict, answer),
    )
