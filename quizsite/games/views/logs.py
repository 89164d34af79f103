"""An imported game's review: every hand of the log, each win scored by the engine from its
tiles beside what the server recorded, each settlement beside the server's score changes. The
scorers read it at the game's own address (owner-only, as the board); anyone with the public
link reads it beside the live board, as they read the board itself."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from quizsite.games import logs
from quizsite.games.models import Game, GameLog

from .owners import owned_game


def review_page(request: HttpRequest, game: Game, *, owner: bool) -> HttpResponse:
    log = GameLog.objects.filter(game=game).first()
    if log is None:
        raise Http404("no log for this game")
    context = {
        "game": game,
        "log": log,
        "owner": owner,
        "again": owner and request.GET.get("again") == "1",
        **logs.review(game, log),
    }
    return render(request, "games/log.html", context)


@require_GET
def game_log(request: HttpRequest, slug: str) -> HttpResponse:
    return review_page(request, owned_game(request, slug), owner=True)


@require_GET
def watch_log(request: HttpRequest, slug: str) -> HttpResponse:
    return review_page(request, get_object_or_404(Game, slug=slug), owner=False)
