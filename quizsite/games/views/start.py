"""The games' index, a new game, and a second phone joining the scorers."""

from __future__ import annotations

import secrets

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.games.forms import NewGameForm
from quizsite.games.league import refusal
from quizsite.games.mine import my_games
from quizsite.games.models import Club, Game, SavedRules
from quizsite.visitors import public as visitors

from .owners import keep, kept_games, organised_club, signed_in_owner


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    games = kept_games(request)
    clubs = Club.objects.filter(slug__in=list(visitors.kept(request.session, visitors.CLUB)))
    if request.user.is_authenticated:
        clubs = clubs | Club.objects.filter(owner=request.user)
    placed = {row.game.pk: row for row in my_games(games)}  # imported, the seat said
    listed = [(game, placed.get(game.pk)) for game in games]
    context = {"games": games, "listed": listed, "clubs": clubs}
    return render(request, "games/index.html", context)


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    club_slug = request.GET.get("club") or request.POST.get("club") or ""
    club = organised_club(request, club_slug) if club_slug else None
    saved = SavedRules.objects.filter(owner=request.user) if request.user.is_authenticated else ()
    league = club.rules if club is not None else None
    form = NewGameForm(request.POST or None, saved=saved, league=league)
    if request.method == "POST" and form.is_valid():
        game = form.game()
        if club is not None and (why := refusal(club, game)):
            form.add_error(None, why)  # a three-player game for a four-player league, …
        else:
            game.owner = signed_in_owner(request)
            game.save()
            if club is not None:
                club.add_game(game)
            keep(request, game)
            return redirect("games:board", slug=game.slug)
    return render(request, "games/new.html", {"form": form, "club": club})


@require_GET
def join(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A second phone joins the scorers through the link the first one shows."""
    game = get_object_or_404(Game, slug=slug)
    if not secrets.compare_digest(token, game.edit_token):
        raise Http404("no such game")
    keep(request, game)
    return redirect("games:board", slug=slug)
