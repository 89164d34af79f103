"""The question page for table questions (draw, pao, multiple ron, counters, final).

As thin as the hand questions' view: the form checks the shape of the answer, the engine
settles the regenerated request, `table_verdicts` judges; htmx gets the `#answer` partial and
`#progress` out of band, a plain POST the whole page. `views.question` sends table modes here.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django_htmx.http import HttpResponseClientRedirect

from quizsite.practice.public import record
from scoring.engine import ScoringError

from . import progress
from .public import check
from .questions import QuizError
from .table_forms import TABLE_FORMS
from .table_questions import TableQuizQuestion, load_table_question

TEMPLATE = "quiz/table_question.html"


def question(request: HttpRequest, seed: str) -> HttpResponse:
    try:
        q = load_table_question(seed, request.GET)
    except QuizError as e:
        if request.htmx:
            return HttpResponseClientRedirect(request.get_full_path())
        return render(request, "404.html", {"problem": str(e)}, status=404)
    revealing = request.method == "POST" and "reveal" in request.POST
    form = TABLE_FORMS[q.kind](q, request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"q": q, "form": form}
    if revealing or form.is_valid():
        try:
            context |= check_answer(request, q, None if revealing else form.answer())
        except ScoringError as e:  # a generator and engine out of step: say so, do not fail
            context["unscored"] = f"The engine cannot settle this question: {e}."
    context["progress"] = progress.progress(request)
    if request.htmx and request.method == "POST":
        answer = render_to_string(f"{TEMPLATE}#answer", context, request)
        side = render_to_string(f"{TEMPLATE}#progress", context | {"oob": True}, request)
        return HttpResponse(answer + side)
    return render(request, TEMPLATE, context)


def check_answer(
    request: HttpRequest, q: TableQuizQuestion, answer: dict[str, Any] | None
) -> dict[str, Any]:
    """Settle, judge (or reveal, when there is no answer) and record, as a hand question is."""
    checked = check(q, answer)
    progress.remember_options(request.session, q.options)
    with transaction.atomic():  # the answer and all derived from it, or nothing
        counted = record(request, q, checked, answer=answer)  # the one store of answers
    return checked.context() | {"counted": counted}
