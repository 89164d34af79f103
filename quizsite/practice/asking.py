"""What practice's two kinds of question (`views`: topics and fresh material; `own_views`: the
learner's own hands) share: who the learner is, and a question page asked, judged, recorded
and answered, in full or as htmx's part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import OperationalError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from quizsite.quiz.public import answer_form, answer_page, judge_posted
from quizsite.unavailable import NOT_SAVED, log, mark

from .public import learner_token

TEMPLATE = "practice/question.html"


def learner(request: HttpRequest) -> tuple[Any, str]:
    """The account (or AnonymousUser) and this browser's learner token."""
    return request.user, learner_token(request)


def answered(request: HttpRequest, q: Any, store: Callable[[Any, Any], bool]) -> dict[str, Any]:
    """Judge a posted answer (or show the answer, which counts as wrong) and `store(checked,
    posted)` it in one transaction with all that is derived from it, or nothing: the verdict
    (with whether it counted), the form with its messages, or the form and "not saved" when
    the database is too busy."""
    posted = judge_posted(q, request.POST)
    if posted.checked is None:
        return posted.context()
    try:
        with transaction.atomic():
            counted = store(posted.checked, posted)
    except OperationalError as e:
        log(request, e)
        return {"form": posted.form, "not_saved": NOT_SAVED}
    return posted.context() | {"counted": counted}


def question_page(
    request: HttpRequest, context: dict[str, Any], store: Callable[[Any, Any], bool]
) -> HttpResponse:
    """The question (`context["q"]`) asked, or on a post judged and stored (`answered`): the
    whole page, or the answer's part for htmx; marked when the answer could not be saved."""
    q = context["q"]
    if request.method == "POST":
        context |= answered(request, q, store)
    else:
        context["form"] = answer_form(q)
    if request.htmx and request.method == "POST":
        response = answer_page(request, TEMPLATE, context, progress=False)
    else:
        response = render(request, TEMPLATE, context)
    return mark(response) if context.get("not_saved") else response
