"""Practice my weak spots: the next question aimed at a topic due for review (or fresh
material), asked and judged with the quiz's own forms and verdicts, every answer recorded."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from quizsite.quiz.public import (
    MODE_TITLES,
    ScoringError,
    linked,
)

from .asking import TEMPLATE, learner, question_page
from .choose import aim, build, due_topics, pick
from .forms import LevelForm, LinkForm
from .history import reason
from .own_views import due_link, summary
from .public import choose_scope, learner_token, place, record, scope_topics
from .state import states, totals
from .topics import TOPICS

LEVEL_KEY = "practice_level"
PLAYERS_KEY = "practice_players"


def options(data: dict[str, Any]) -> dict[str, str]:
    return {k: data[k] for k in ("mode", "level", "rules")}


def chosen_level(request: HttpRequest) -> str:
    asked = request.GET if "level" in request.GET else None  # ("after" alone keeps the level)
    form = LevelForm(asked or {"level": request.session.get(LEVEL_KEY, "beginner")})
    level = form.cleaned_data["level"] if form.is_valid() else "beginner"
    request.session[LEVEL_KEY] = level
    return str(level)


def chosen_players(request: HttpRequest) -> int:
    """Four players or three for fresh questions: the choice asked for, else the one kept."""
    kept = request.session.get(PLAYERS_KEY, 4)
    asked = request.GET.get("players") if "level" in request.GET else None
    form = LevelForm({"level": "beginner", "players": kept if asked is None else asked})
    players = (
        form.cleaned_data["players"] if form.is_valid() and form.cleaned_data["players"] else 4
    )
    request.session[PLAYERS_KEY] = players
    return int(players)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    choose_scope(request)  # `?class=12` opens practice for a class (`?class=` leaves it)
    now, topic_states = timezone.now(), states(*learner(request))
    weak = sorted((s for s in topic_states.values() if s.missed), key=lambda s: s.mastery)
    context = {
        "form": LevelForm(
            initial={
                "level": request.session.get(LEVEL_KEY, "beginner"),
                "players": request.session.get(PLAYERS_KEY, 4),
            }
        ),
        "due": due_topics(topic_states, now),
        "weak": weak[:6],
        "answered": totals(*learner(request)).answered,
        **summary(request),
        "place": place(request),
    }
    return render(request, "practice/home.html", context)


@require_GET
def next_question(request: HttpRequest) -> HttpResponse:
    level, players = chosen_level(request), chosen_players(request)
    asked = request.GET.get("topic", "")
    in_place = choose_scope(request)  # practice for a class asks the class's topics
    if not in_place and asked not in TOPICS and (own := due_link(request, only=False)):
        return redirect(own)  # on one's own, the learner's own hands due come first
    user, token = learner(request)
    turn = totals(user, token).practice
    rng = random.Random()
    aimed = aim(asked, rng, level=level) if asked in TOPICS else None  # "practise this topic"
    first = scope_topics(request)  # the topics set where practice was opened from
    kept = states(user, token)
    chosen = aimed or pick(
        kept, timezone.now(), turn=turn, level=level, rng=rng, first=first, players=players
    )
    q = chosen.question
    extra = {"topic": chosen.topic} if chosen.topic else {}
    query = urlencode(q.options | extra | ({"focused": "1"} if chosen.focused else {}))
    return redirect(f"{reverse('practice:question', args=[q.seed])}?{query}")


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def question(request: HttpRequest, seed: str) -> HttpResponse:
    link = LinkForm(request.GET.dict() | {"seed": seed})
    if not link.is_valid():
        return render(request, TEMPLATE, {"problem": _("This practice link names no question.")})
    data = link.cleaned_data
    try:
        q = build(data["seed"], options(data), data["topic"], focus=data["focused"])
    except ScoringError:  # a focus no question of these options can meet
        return render(request, TEMPLATE, {"problem": _("This practice link names no question.")})
    q = linked(q, url=request.get_full_path(), next_url=reverse("practice:next"))
    if not request.user.is_authenticated:  # before the form: two tabs answering share it
        learner_token(request, create=True)
    topic_states = states(*learner(request), only=data["topic"]) if data["topic"] else {}
    why = reason(
        data["topic"],
        topic_states.get(data["topic"]),
        timezone.now(),
        mode_title=MODE_TITLES[q.mode],
    )
    label = (
        _("New")
        if not data["topic"]
        else _("Review")
        if data["topic"] in topic_states
        else pgettext("why a question is asked", "Topic")
    )
    context: dict[str, Any] = {"q": q, "why": why, "why_label": label, "topic": data["topic"]}
    context["place"] = place(request)

    def store(checked: Any, posted: Any) -> bool:
        return record(request, q, checked, answer=posted.answer, source="practice")

    return question_page(request, context, store)
