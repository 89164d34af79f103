"""Answers for the practice tests, made through the quiz's own check: `answer_question`
stores one as the views do; `post_answer` posts one to the quiz like a browser."""

from __future__ import annotations

from typing import Any

from django.test import RequestFactory

from quizsite.practice.public import record
from quizsite.quiz.public import Question, answer_form, check, make_question, solve
from tests.quiz.factory import right_answer


def question(seed: int, mode: str = "fu", level: str = "intermediate") -> Question:
    return make_question(seed, {"mode": mode, "level": level, "rules": "mahjongsoul"})


def right_post(q: Question) -> dict[str, str]:
    return right_answer(q, solve(q))


def wrong_post(q: Any) -> dict[str, str]:
    """A wrong answer: every number moved (a table question: its first seat's, or the
    honba)."""
    right = right_post(q)
    if q.is_table:
        first = next(iter(right))
        return right | {first: str(int(float(right[first])) + 7)}
    bump = {"fu": 10, "han": 1}
    return {k: str(int(v) + bump.get(k, 100)) for k, v in right.items()}


def judged(q: Question, post: dict[str, str]) -> tuple[Any, dict[str, Any]]:
    form = answer_form(q, post)
    assert form.is_valid(), form.errors
    return check(q, form.answer()), form.answer()


def answer_question(request: Any, q: Question, *, right: bool = True, **kw: Any) -> bool:
    checked, answer = judged(q, (right_post if right else wrong_post)(q))
    return record(request, q, checked, answer=answer, **kw)


def post_answer(client: Any, q: Question, *, right: bool = True) -> Any:
    data = (right_post if right else wrong_post)(q)
    return client.post(f"/quiz/q/{q.seed}/?{q.query}", data)


def linked_question(url: str) -> Question:
    """The question a practice link names, built as the practice page builds it."""
    from urllib.parse import parse_qsl, urlparse

    from quizsite.practice.choose import build

    parts = urlparse(url)
    seed = int(parts.path.rstrip("/").rsplit("/", 1)[-1])
    params = dict(parse_qsl(parts.query))
    opts = {k: params[k] for k in ("mode", "level", "rules")}
    return build(seed, opts, params.get("topic", ""), focus=params.get("focused") == "1")


def fake_request(user: Any = None, session: dict[str, Any] | None = None) -> Any:
    from django.contrib.auth.models import AnonymousUser

    request = RequestFactory().post("/")
    request.user = user or AnonymousUser()
    request.session = session if session is not None else {}
    return request
