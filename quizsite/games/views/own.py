"""A game's own hands: "Practise these hands" keeps the game's whole-hand wins in the
scorer's own practice, "Make a drill of these hands" (signed in) makes them a drill. Owner-only
like the other scorers' pages; practice and drills are reached through `games.public`."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from quizsite.games.models import Game, GameLog
from quizsite.games.own import WHICH, whole_hand_wins
from quizsite.games.public import OWN_HANDS
from scoring.engine import ScoringError
from scoring.form_words import SiteWords

from .owners import owned_game

NO_HANDS = gettext_lazy(
    "This game has no win entered as a whole hand: there is nothing to practise."
)
NONE_OF_YOURS = gettext_lazy("You won no hand of this game, and dealt into none of its wins.")


def nothing_said(game: Game, which: str) -> str:
    """Why a game gives no hand to practise."""
    return str(NO_HANDS if which == "all" else NONE_OF_YOURS)


class DrillModeForm(SiteWords, forms.Form):
    mode = forms.ChoiceField(label=gettext_lazy("Ask for"), choices=lambda: OWN_HANDS.modes())


class WhichForm(SiteWords, forms.Form):
    which = forms.ChoiceField(choices=[(w, w) for w in WHICH], required=False)


@require_POST
def practise(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep the game's whole-hand wins in this learner's practice (all of them, or for an
    imported game whose seat the player said, only theirs, or theirs and the ones they dealt
    into), then ask the first of them."""
    game = owned_game(request, slug)
    form = WhichForm(request.POST)
    which = (form.cleaned_data["which"] if form.is_valid() else "") or "all"
    seat = GameLog.objects.filter(game=game).values_list("seat", flat=True).first()
    wins = whole_hand_wins(game, seat=seat, which=which)
    if not wins or OWN_HANDS.practise is None:
        messages.info(request, nothing_said(game, which))
        return redirect("games:log" if seat is not None else "games:board", slug=slug)
    new = OWN_HANDS.practise(request, wins, origin=game.slug, label=str(game))
    if new:
        said = ngettext(
            "%(count)s hand of this game added to your practice.",
            "%(count)s hands of this game added to your practice.",
            new,
        ) % {"count": new}
    else:
        said = _("These hands are in your practice already.")
    messages.success(request, said)
    return redirect("practice:own_next")  # the first of them, asked


@require_POST
def drill(request: HttpRequest, slug: str) -> HttpResponse:
    """A drill of the game's whole-hand wins in the mode chosen, for a signed-in owner."""
    game = owned_game(request, slug)
    if not request.user.is_authenticated or OWN_HANDS.drill is None:
        raise Http404("drills are made by signed-in users")
    form = DrillModeForm(request.POST)
    wins = whole_hand_wins(game)
    if not wins:
        messages.info(request, nothing_said(game, "all"))
        return redirect("games:board", slug=slug)
    if not form.is_valid():
        messages.error(request, _("Choose what the drill asks for."))
        return redirect("games:board", slug=slug)
    title = _("Hands of %(game)s") % {"game": game}
    try:
        made = OWN_HANDS.drill(
            request.user,
            [w["request"] for w in wins],
            title=title,
            mode=form.cleaned_data["mode"],
        )
    except ScoringError as e:
        messages.error(request, _("No drill was made: %(error)s") % {"error": e})
        return redirect("games:board", slug=slug)
    return redirect("drills:detail", code=made.code)
