"""The quiz's pages: choose a quiz, ask a question, judge the answer.

Thin views: a question of either kind (a hand, or a table's end: draw, pao, multiple ron,
counters, final) is rebuilt from its seed, and `public.judge_posted` judges a posted answer
(or shows the answer); htmx gets the question's `#answer` partial (and the session's
`#progress`, swapped out of band), a plain POST the whole page.
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from quizsite.games.public import saved_rules_of
from scoring.switch_controls import SWITCH_KEYS

from . import progress
from .forms import StartForm
from .public import answer_form, answer_page, judge_posted, make_question, record
from .questions import DEFAULTS, QuizError, parse_options, parse_seed

CHOSEN = frozenset({*SWITCH_KEYS, "saved"})


@require_GET
def start(request: HttpRequest) -> HttpResponse:
    options = progress.chosen_options(request)
    return start_page(
        request, StartForm(initial=options or None, saved=saved_rules_of(request.user))
    )


def start_page(request: HttpRequest, form: StartForm) -> HttpResponse:
    """The start page: the form, and the session's progress with the options last chosen."""
    state = progress.progress(request) | {"options": progress.chosen_options(request)}
    return render(request, "quiz/start.html", {"form": form, "progress": state})


@require_GET
def next_question(request: HttpRequest) -> HttpResponse:
    """A fresh question with the chosen options (a redirect to its permanent link); an option
    left out takes its default, as in a question's link.

    Options a question's link takes (its "Next", the start form without a saved rule set) are
    read as the link reads them, without the session or the database; the start form is made
    only to show what is wrong with other options, or to read a saved rule set."""
    params = DEFAULTS | {
        k: v for k, v in request.GET.items() if (k in DEFAULTS or k in CHOSEN) and v
    }
    options = None
    if "saved" not in params:
        with contextlib.suppress(QuizError):
            options = parse_options(params)
    if options is None:
        form = StartForm(params, saved=saved_rules_of(request.user))
        if not form.is_valid():
            return start_page(request, form)
        options = params | form.options()
        try:  # a switch the link adds that the rules refuse (tsumo loss at four players)
            parse_options(options)
        except QuizError as e:
            form.add_error("rules", str(e))
            return start_page(request, form)
    question = make_question(secrets.randbelow(1_000_000), options)
    response = redirect(question.url)
    progress.remember_options(request, response, question.options)
    return response


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def question(request: HttpRequest, seed: str) -> HttpResponse:
    """A question of either kind (a hand, or a table's end); a posted answer judged (or the
    answer shown) and recorded."""
    try:
        q = make_question(parse_seed(seed), parse_options(request.GET))
    except QuizError as e:
        if request.htmx:  # the whole page, not a page inside `#answer`
            return HttpResponseClientRedirect(request.get_full_path())
        return render(request, "404.html", {"problem": str(e)}, status=404)
    context: dict[str, Any] = {"q": q, "form": answer_form(q)}
    answered = False
    if request.method == "POST":
        posted = judge_posted(q, request.POST)
        context |= posted.context()
        if posted.checked is not None:
            answered = True
            with transaction.atomic():  # the answer and all derived from it, or nothing
                counted = record(request, q, posted.checked, answer=posted.answer)
            context["counted"] = counted  # the one store of answers
    context["progress"] = progress.progress(request)
    if request.htmx and request.method == "POST":
        response = answer_page(request, q.TEMPLATE, context)
    else:
        response = render(request, q.TEMPLATE, context)
    if answered:  # the options of a question answered are the ones last chosen
        progress.remember_options(request, response, q.options)
    return response
