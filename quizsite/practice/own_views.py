"""The learner's own hands in practice (`own.py`): the list with the mode they are asked in
and their removal, the next one due, and a hand asked, judged and recorded like any practice
question. Owner-only: another learner's hand is a 404."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from quizsite.quiz.public import (
    HAND_MODES,
    MODE_TITLES,
    ScoringError,
    linked,
)
from scoring.form_words import SiteWords

from . import own
from .asking import TEMPLATE, learner, question_page
from .models import OwnHand
from .public import record

MODE_KEY = "practice_own_mode"


class ModeForm(SiteWords, forms.Form):
    mode = forms.ChoiceField(
        label=gettext_lazy("Ask your own hands for"),
        choices=lambda: [(m, MODE_TITLES[m]) for m in HAND_MODES],
        initial="full",
    )


class TurnForm(SiteWords, forms.Form):
    """An own hand's link: the mode it is asked in, the turn it was asked at, and whether it
    came from "your own hands only" (its "Next" stays among them)."""

    mode = forms.ChoiceField(choices=[(m, m) for m in HAND_MODES])
    turn = forms.IntegerField(min_value=0, max_value=2**31 - 1)
    only = forms.BooleanField(required=False)


def chosen_mode(request: HttpRequest) -> str:
    """The mode the learner asks their hands in (`mode` in the query, kept in the session)."""
    form = ModeForm(request.GET if "mode" in request.GET else None)
    if form.is_valid():
        request.session[MODE_KEY] = form.cleaned_data["mode"]
    mode = request.session.get(MODE_KEY, "full")
    return str(mode) if mode in HAND_MODES else "full"


def own_link(hand: OwnHand, mode: str, *, only: bool) -> str:
    query = {"mode": mode, "turn": hand.asked} | ({"only": "1"} if only else {})
    return f"{reverse('practice:own_question', args=[hand.pk])}?{urlencode(query)}"


def due_link(request: HttpRequest, *, only: bool) -> str | None:
    """The next own hand due for this learner, as a link in their mode (None when none is);
    not the one the learner just skipped (`after` in the query: its "Next" or "Skip")."""
    hands = own.due(*learner(request), timezone.now())
    after = request.GET.get("after", "")
    if after.isdigit():
        hands = hands.exclude(pk=int(after))
    hand = hands.first()
    return own_link(hand, chosen_mode(request), only=only) if hand else None


def summary(request: HttpRequest) -> dict[str, Any]:
    """What the practice page says of the learner's own hands: how many to go, how many due."""
    user, token = learner(request)
    hands = own.hands_of(user, token)
    return {
        "own_total": hands.count(),
        "own_to_go": own.to_go(user, token).count(),
        "own_due": own.due(user, token, timezone.now()).count(),
    }


@require_GET
def hands(request: HttpRequest) -> HttpResponse:
    """The learner's own hands: each with where it stands, a button to remove it, and the
    mode they are asked in."""
    now = timezone.now()
    rows = [
        {
            "hand": h,
            "label": own.label(h),
            "known": h.known is not None,
            "due": h.known is None and h.due <= now,
        }
        for h in own.hands_of(*learner(request)).order_by("known", "due", "pk")
    ]
    context = {
        "rows": rows,
        "form": ModeForm(initial={"mode": chosen_mode(request)}),
        "known_after": own.KNOWN_AFTER,
        **summary(request),
    }
    return render(request, "practice/own.html", context)


@require_GET
def next_hand(request: HttpRequest) -> HttpResponse:
    """Practise only the own hands: the next one due, or the list saying none is."""
    link = due_link(request, only=True)
    if link is None:
        if "after" not in request.GET:  # (after a skip, the list says what is due)
            messages.info(request, _("None of your own hands is due now."))
        return redirect("practice:own")
    return redirect(link)


@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    hand = own.hands_of(*learner(request)).filter(pk=pk).first()
    if hand is None:
        raise Http404("no such hand")
    label = own.label(hand)
    hand.delete()
    messages.success(request, _("“%(hand)s” is removed from your practice.") % {"hand": label})
    return redirect("practice:own")


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def question(request: HttpRequest, pk: int) -> HttpResponse:
    hand = own.hands_of(*learner(request)).filter(pk=pk).first()
    link = TurnForm(request.GET)
    if hand is None or not link.is_valid():
        raise Http404("no such hand")
    data = link.cleaned_data
    try:
        q = own.question(hand, data["mode"])
    except ScoringError:  # the engine scored it when its game was kept: not expected
        problem = _("The engine cannot score this hand any more.")
        return render(request, TEMPLATE, {"problem": problem})
    onward = reverse("practice:own_next" if data["only"] else "practice:next")
    onward = f"{onward}?{urlencode({'after': hand.pk})}"  # not this one again straight away
    q = linked(q, url=request.get_full_path(), next_url=onward)
    context: dict[str, Any] = {
        "q": q,
        "own": hand,
        "own_label": own.label(hand),
        "why_label": _("Your own hand"),
        "why": _("From your game %(game)s: %(hand)s.")
        % {
            "game": hand.source or hand.origin,
            "hand": own.label(hand),
        },
        "one_try": True,
    }

    def store(checked: Any, posted: Any) -> bool:  # the answer and the hand moved on, together
        ref = f"own:{hand.pk}:{data['turn']}"

        def write() -> bool:
            return record(request, q, checked, answer=posted.answer, source="practice", ref=ref)

        return own.answered(hand.pk, data["turn"], checked.verdict.right, timezone.now(), write)

    return question_page(request, context, store)
