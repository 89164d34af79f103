"""The question page for table questions (draw, pao, multiple ron, counters, final).

As thin as the hand questions' view: the form checks the shape of the answer, the engine
settles the regenerated request, `table_verdicts` judges; htmx gets the `#answer` partial and
`#progress` out of band, a plain POST the whole page. `views.question` sends table modes here.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django_htmx.http import HttpResponseClientRedirect

from scoring.engine import ScoringError

from . import progress
from .questions import QuizError
from .table_forms import TABLE_FORMS
from .table_questions import TableQuizQuestion, load_table_question, solve_table
from .table_verdicts import judge_table

TEMPLATE = "quiz/table_question.html"


def question(request: HttpRequest, seed: str) -> HttpResponse:
    try:
        q = load_table_question(seed, request.GET)
    except QuizError as e:
        if request.htmx:
            return HttpResponseClientRedirect(request.get_full_path())
        state = progress.progress(request.session)
        return render(request, "quiz/question.html", {"problem": str(e), "progress": state})
    form = TABLE_FORMS[q.kind](q, request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"q": q, "form": form}
    if form.is_valid():
        try:
            context |= check_answer(request, q, form.answer())
        except ScoringError as e:  # a generator and engine out of step: say so, do not fail
            context["unscored"] = f"The engine cannot settle this question: {e}."
    context["progress"] = progress.progress(request.session)
    if request.htmx and request.method == "POST":
        answer = render_to_string(f"{TEMPLATE}#answer", context, request)
        side = render_to_string(f"{TEMPLATE}#progress", context | {"oob": True}, request)
        return HttpResponse(answer + side)
    return render(request, TEMPLATE, context)


def check_answer(
    request: HttpRequest, q: TableQuizQuestion, answer: dict[str, Any]
) -> dict[str, Any]:
    solution = solve_table(q)
    verdict = judge_table(q, solution, answer)
    counted = progress.record(request.session, q, right=verdict.right, given=verdict.given)  # type: ignore[arg-type]
    steps = [{**s, "marked": verdict.marks(s)} for s in solution.steps]
    return {"verdict": verdict, "steps": steps, "counted": counted}
