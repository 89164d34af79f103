"""A game's exports (CSV, JSON) and a game imported from its JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.games import exports
from quizsite.games.forms import ImportForm
from quizsite.games.models import Game
from scoring.engine import ScoringError

from .owners import keep, signed_in_owner


@require_GET
def export_csv(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tenbo-game-{slug}.csv"'
    exports.write_csv(game, response)
    return response


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    response = HttpResponse(exports.game_json(game), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="tenbo-game-{slug}.json"'
    return response


@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    problem = ""
    if posted and form.is_valid():
        try:
            game = exports.import_game(
                exports.read_upload(form.cleaned_data), owner=signed_in_owner(request)
            )
        except ScoringError as e:
            problem = str(e)
        else:
            keep(request, game)
            return redirect("games:board", slug=game.slug)
    return render(request, "games/import.html", {"form": form, "problem": problem})
