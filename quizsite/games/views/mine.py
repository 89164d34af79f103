"""A player's own games together: their imported games from their own seat (places, points,
wins, deal-ins, riichi), their most common slips when practising those hands, and the names
they play under online (signed in: saved on the account, so a new log finds their seat)."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from quizsite.games import logs
from quizsite.games.mine import my_games, totals
from quizsite.games.models import GameLog, OnlineName, check_player_name
from quizsite.games.public import OWN_HANDS
from scoring.form_words import SiteWords

from .owners import kept_games

SHOWN = 50  # the latest games listed (the totals count them all)


class NameForm(SiteWords, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("A name you play under online"),
        max_length=40,
        validators=[check_player_name],
    )


@require_GET
def my_games_page(request: HttpRequest) -> HttpResponse:
    return render_mine(request, NameForm())


def render_mine(request: HttpRequest, form: NameForm) -> HttpResponse:
    games = kept_games(request)
    rows = my_games(games)
    unsaid = GameLog.objects.filter(game__in=games, seat__isnull=True).select_related("game")
    context = {
        "rows": rows[:SHOWN],
        "more": max(0, len(rows) - SHOWN),
        # places and points mean another thing at three players: their games add up apart
        "totals": totals(r for r in rows if r.players == 4),
        "sanma_totals": totals(r for r in rows if r.players == 3),
        "unsaid": list(unsaid.order_by("-game__created")[:SHOWN]),
        "slips": OWN_HANDS.slips(request) if OWN_HANDS.slips is not None else [],
        "names": OnlineName.objects.filter(user=request.user)
        if request.user.is_authenticated
        else [],
        "form": form,
    }
    return render(request, "games/mine.html", context)


@require_POST
def my_names(request: HttpRequest) -> HttpResponse:
    """Save a name the signed-in user plays under, or remove one (`remove`: its id)."""
    if not request.user.is_authenticated:
        raise Http404("names are saved on an account")
    remove = request.POST.get("remove", "")
    if remove:
        pk = int(remove) if remove.isdigit() and len(remove) < 12 else 0
        OnlineName.objects.filter(user=request.user, pk=pk).delete()
        return redirect("games:mine")
    form = NameForm(request.POST)
    if not form.is_valid():
        return render_mine(request, form)
    logs.remember_name(request.user, form.cleaned_data["name"])
    return redirect("games:mine")
