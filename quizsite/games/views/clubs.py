"""Clubs: a new club, its league table (public), and the organiser's tools."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.games import batch, league, limits, log_words, uploads
from quizsite.games.forms import ClubForm, ImportForm, LeagueForm
from quizsite.games.models import Club, ClubPlayer, Game, SavedRules
from scoring.engine import ScoringError
from scoring.gamelog import LogError

from .files import batch_context, too_large
from .owners import is_organiser, keep, keep_club, kept_games, organised_club, signed_in_owner


@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = Club.objects.create(name=form.cleaned_data["name"], owner=signed_in_owner(request))
        keep_club(request, club)
        return redirect("games:club", slug=club.slug)
    return render(request, "games/club_new.html", {"form": form})


@require_GET
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The league table (public, read only); the organiser also gets its tools."""
    club = get_object_or_404(Club, slug=slug)
    return render_club(request, club)


def render_club(request: HttpRequest, club: Club, **extra: Any) -> HttpResponse:
    period = LeagueForm(request.GET or None)
    since = until = None
    if period.is_valid():
        since, until = period.cleaned_data["since"], period.cleaned_data["until"]
    organiser = is_organiser(request, club)
    addable = kept_games(request).filter(club=None) if organiser else Game.objects.none()
    context = {
        "club": club,
        "league": league.league(club, since=since, until=until),
        "period": period,
        "organiser": organiser,
        "addable": addable,
        "players": club.players.all() if organiser else [],
        "my_rules": (
            SavedRules.objects.filter(owner=request.user)
            if organiser and request.user.is_authenticated
            else []
        ),
        **extra,
    }
    return render(request, "games/club.html", context)


@require_POST
def club_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    game = kept_games(request).filter(slug=request.POST.get("game", ""), club=None).first()
    if game is None:
        return render_club(
            request, club, problem=_("Choose one of the games you keep the score of.")
        )
    if why := league.refusal(club, game):
        return render_club(request, club, problem=why)
    if club.rules is not None and game.rules != club.rules.rules:
        return render_club(
            request,
            club,
            problem=_("That game is not played by the league's rules (%(rules)s).")
            % {"rules": club.rules},
        )
    try:
        club.add_game(game)
    except ValidationError as e:  # a name kept before names were checked as they are now
        return render_club(request, club, problem=e.messages[0])
    return redirect("games:club", slug=slug)


@require_POST
def club_rename(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    pk = request.POST.get("player", "")
    player = get_object_or_404(ClubPlayer, pk=int(pk) if pk.isdigit() else 0, club=club)
    try:
        player.rename(request.POST.get("name", ""))
    except ValidationError as e:
        return render_club(request, club, problem=e.messages[0])
    except ScoringError as e:
        return render_club(request, club, problem=str(e))
    return redirect("games:club", slug=slug)


@csrf_exempt  # checked in `club_import_form`, once the size is known to be within the limit
@require_http_methods(["GET", "POST"])
def club_import(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser imports the club's online games (several logs, or a zip of them) into
    its league: each one imported (or skipped, imported before) and added when it is played
    by the league's rules."""
    club = organised_club(request, slug)
    refused = too_large(request, "games/club_import.html", club=club)
    return refused or club_import_form(request, club)


@csrf_protect
def club_import_form(request: HttpRequest, club: Club) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    context: dict[str, Any] = {"form": form, "club": club, "problem": ""}
    if not posted or not form.is_valid():
        return render(request, "games/club_import.html", context)
    limit = settings.TENBO_LOG_MAX_BYTES
    try:
        items = uploads.given(request, form.cleaned_data, limit)
    except ScoringError as e:
        context["problem"] = str(e)
        return render(request, "games/club_import.html", context)
    except LogError as e:
        context.update(problem=log_words.error_text(e), **log_words.how_to(e))
        return render(request, "games/club_import.html", context)
    outcomes = batch.import_many(
        items, limit=limit, owner=signed_in_owner(request), preset=form.cleaned_data["preset"],
        mine=lambda: kept_games(request), keep=lambda game: keep(request, game), club=club,
        refused=lambda: limits.import_refused(request),
    )  # fmt: skip
    return render(request, "games/imported.html", batch_context(outcomes, club))
