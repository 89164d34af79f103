"""The quiz's pages: choose a quiz, ask a question, judge the answer.

Thin views: the forms check the input's shape, `questions` rebuilds and solves a question
from its seed with the engine, `verdicts` judges; htmx gets the `#answer` partial (and the
session's `#progress`, swapped out of band), a plain POST the whole page.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from quizsite.practice.public import record
from scoring.engine import ScoringError
from scoring.switch_controls import SWITCH_KEYS

from . import progress, table_views
from .forms import ANSWER_FORMS, StartForm
from .public import check
from .questions import DEFAULTS, Question, QuizError, load_question, random_question
from .table_questions import is_table_mode, random_table_question

TEMPLATE = "quiz/question.html"


@require_GET
def start(request: HttpRequest) -> HttpResponse:
    state = progress.progress(request)
    form = StartForm(initial=state["options"] or None)
    return render(request, "quiz/start.html", {"form": form, "progress": state})


@require_GET
def next_question(request: HttpRequest) -> HttpResponse:
    """A fresh question with the chosen options (a redirect to its permanent link); an option
    left out takes its default, as in a question's link."""
    params = DEFAULTS | {
        k: v for k, v in request.GET.items() if (k in DEFAULTS or k in SWITCH_KEYS) and v
    }
    form = StartForm(params)
    if not form.is_valid():
        state = progress.progress(request)
        return render(request, "quiz/start.html", {"form": form, "progress": state})
    pick = random_table_question if is_table_mode(form.cleaned_data["mode"]) else random_question
    question = pick(params)
    progress.remember_options(request.session, question.options)
    return redirect(question.url)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def question(request: HttpRequest, seed: str) -> HttpResponse:
    if is_table_mode(request.GET.get("mode")):
        return table_views.question(request, seed)
    try:
        q = load_question(seed, request.GET)
    except QuizError as e:
        if request.htmx:  # the whole page, not a page inside `#answer`
            return HttpResponseClientRedirect(request.get_full_path())
        return render(request, "404.html", {"problem": str(e)}, status=404)
    revealing = request.method == "POST" and "reveal" in request.POST
    form = ANSWER_FORMS[q.kind](request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"q": q, "form": form}
    if revealing or form.is_valid():
        try:
            context |= check_answer(request, q, None if revealing else form.answer())
        except ScoringError as e:  # a generator and engine out of step: say so, do not fail
            context["unscored"] = f"The engine cannot score this question: {e}."
    context["progress"] = progress.progress(request)
    if request.htmx and request.method == "POST":
        return answer_fragment(request, context)
    return render(request, TEMPLATE, context)


def check_answer(
    request: HttpRequest, q: Question, answer: dict[str, Any] | None
) -> dict[str, Any]:
    """Solve, judge (or reveal, when there is no answer) and record; the verdict and the
    steps, marked where the slip shows."""
    checked = check(q, answer)
    progress.remember_options(request.session, q.options)
    with transaction.atomic():  # the answer and all derived from it, or nothing
        counted = record(request, q, checked, answer=answer)  # the one store of answers
    return checked.context() | {"counted": counted}


def answer_fragment(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The `#answer` partial, and `#progress` swapped out of band."""
    answer = render_to_string(f"{TEMPLATE}#answer", context, request)
    side = render_to_string(f"{TEMPLATE}#progress", context | {"oob": True}, request)
    return HttpResponse(answer + side)
