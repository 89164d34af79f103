"""Whose game or club it is: a game is the scorers' when their browser keeps its edit token
(in the visitor's server-side record, `visitors.public`) or when it is the signed-in user's own
(started or imported while signed in); everyone else gets a 404 from the scorers' pages and
may watch through the public link. Clubs likewise."""

from __future__ import annotations

import secrets
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from quizsite.games.models import Club, Game
from quizsite.visitors import public as visitors


def signed_in_owner(request: HttpRequest) -> Any:
    """The user a new game or club belongs to: the signed-in one, else nobody."""
    return request.user if request.user.is_authenticated else None


def owns(request: HttpRequest, kind: str, thing: Game | Club) -> bool:
    """Whether this visitor may change `thing`: their visitor record keeps its edit token, or
    they are signed in as its owner."""
    if thing.owner_id is not None and thing.owner_id == request.user.pk:
        return True
    token = visitors.secret(request.session, kind, thing.slug)
    return bool(token) and secrets.compare_digest(token, thing.edit_token)


def keep(request: HttpRequest, game: Game) -> None:
    visitors.keep(request.session, visitors.GAME, game.slug, game.edit_token)


def owned_game(request: HttpRequest, slug: str) -> Game:
    """The game if this browser keeps its score or the user owns it, else 404 (the same answer
    as no game)."""
    game = Game.objects.filter(slug=slug).first()
    if game is None or not owns(request, visitors.GAME, game):
        raise Http404("no such game")
    return game


def kept_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this browser keeps the score of, and the signed-in user's own."""
    mine = Q(slug__in=list(visitors.kept(request.session, visitors.GAME)))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Game.objects.filter(mine)


def keep_club(request: HttpRequest, club: Club) -> None:
    visitors.keep(request.session, visitors.CLUB, club.slug, club.edit_token)


def organised_club(request: HttpRequest, slug: str) -> Club:
    """The club if this browser is its organiser's or the user owns it, else 404."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not owns(request, visitors.CLUB, club):
        raise Http404("no such club")
    return club


def is_organiser(request: HttpRequest, club: Club) -> bool:
    return owns(request, visitors.CLUB, club)
