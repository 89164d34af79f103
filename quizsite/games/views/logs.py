"""An imported game's review: every hand of the log, each win scored by the engine from its
tiles beside what the server recorded, each settlement beside the server's score changes, a
page of hands at a time (`logs.PAGE`). The scorers read it at the game's own address
(owner-only, as the board) and say which seat was theirs; anyone with the public link reads
it beside the live board, as they read the board itself."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from quizsite.games import logs
from quizsite.games.models import SEAT_NAMES, Game, GameLog
from scoring.form_words import SiteWords

from .owners import owned_game


class SeatForm(SiteWords, forms.Form):
    """The importer's seat in the game (blank: none of them), and whether to save that
    player's name on the account for the next imports."""

    seat = forms.TypedChoiceField(
        choices=[("", "—"), *((str(s), SEAT_NAMES[s]) for s in range(4))],
        coerce=int,
        empty_value=None,
        required=False,
    )
    remember = forms.BooleanField(required=False)


def review_page(request: HttpRequest, game: Game, *, owner: bool) -> HttpResponse:
    log = GameLog.objects.filter(game=game).first()
    if log is None:
        raise Http404("no log for this game")
    asked = request.GET.get("hands", "")
    page = int(asked) if asked.isdigit() and len(asked) < 6 else 1
    context = {
        "game": game,
        "log": log,
        "owner": owner,
        "again": owner and request.GET.get("again") == "1",
        "replaced": owner and request.GET.get("replaced") == "1",
        "seats": list(enumerate(game.names)),
        **logs.review(game, log, page=page),
    }
    return render(request, "games/log.html", context)


@require_GET
def game_log(request: HttpRequest, slug: str) -> HttpResponse:
    return review_page(request, owned_game(request, slug), owner=True)


@require_GET
def watch_log(request: HttpRequest, slug: str) -> HttpResponse:
    return review_page(request, get_object_or_404(Game, slug=slug), owner=False)


@require_POST
def log_seat(request: HttpRequest, slug: str) -> HttpResponse:
    """The importer says which seat was theirs (or none); signed in, that player's name can
    be saved on the account, so the next logs with it find the seat by themselves."""
    game = owned_game(request, slug)
    log = get_object_or_404(GameLog, game=game)
    form = SeatForm(request.POST)
    if form.is_valid() and (form.cleaned_data["seat"] or 0) < game.players:  # no North at three
        seat = form.cleaned_data["seat"]
        GameLog.objects.filter(pk=log.pk).update(seat=seat)
        if seat is not None and form.cleaned_data["remember"] and request.user.is_authenticated:
            logs.remember_name(request.user, game.names[seat])
    return redirect(reverse("games:log", args=[slug]) + "#whose")
