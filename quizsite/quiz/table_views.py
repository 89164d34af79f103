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
from .table_verdicts import judge_table, reveal_table

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
    context["progress"] = progress.progress(request.session)
    if request.htmx and request.method == "POST":
        answer = render_to_string(f"{TEMPLATE}#answer", context, request)
        side = render_to_string(f"{TEMPLATE}#progress", context | {"oob": True}, request)
        return HttpResponse(answer + side)
    return render(request, TEMPLATE, context)


def check_answer(
    request: HttpRequest, q: TableQuizQuestion, answer: dict[str, Any] | None
) -> dict[str, Any]:
    """Settle, judge (or reveal, when there is no answer) and record."""
    solution = solve_table(q)
    verdict = reveal_table(q, solution) if answer is None else judge_table(q, solution, answer)
    # `record` takes any question with a key, url, label and options.
    counted = progress.record(request.session, q, right=verdict.right, given=verdict.given)  # type: ignore[arg-type]
    steps = [{**s, "marked": verdict.marks(s)} for s in solution.steps]
    return {"verdict": verdict, "steps": steps, "counted": counted}
