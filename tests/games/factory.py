"""Rows for the games tests, made by hand: `make_game()` and the hands as entered."""

from __future__ import annotations

from typing import Any

from quizsite.games.models import Game
from scoring.engine.game import Entry, game_end_of

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def make_game(preset: str = "tenhou", length: str = "hanchan", **rules: Any) -> Game:
    ends = game_end_of(preset)
    return Game.objects.create(
        east=NAMES[0], south=NAMES[1], west=NAMES[2], north=NAMES[3],
        rules={"preset": preset, **rules}, length=length,
        extension=ends.extension, agari_yame=ends.agari_yame,
    )  # fmt: skip


def ron(winner: int, loser: int, han: int = 1, fu: int = 30, riichi: tuple[int, ...] = ()):
    win = {"seat": winner, "han": han, "fu": fu}
    return Entry(riichi, {"kind": "ron", "from": loser, "wins": [win]})


def draw(*tenpai: int, riichi: tuple[int, ...] = ()) -> Entry:
    return Entry(riichi, {"kind": "draw", "tenpai": list(tenpai)})


def add(game: Game, *entries: Entry) -> Game:
    for entry in entries:
        game.add_hand(entry, version=game.version)
    return game


def passing(n: int) -> list[Entry]:
    """`n` hands each won (1 han 30 fu) by the seat after the dealer off the one after that."""
    return [ron((d + 1) % 4, (d + 2) % 4) for d in range(n)]


def finished_game(club, names=NAMES, *, winner_hand: Entry | None = None) -> Game:
    """An east-only WRC game of four hands (the last one `winner_hand` when given), over."""
    game = make_game("wrc", "tonpuusen")
    game.east, game.south, game.west, game.north = names
    game.save()
    hands = passing(4)
    if winner_hand is not None:
        hands[0] = winner_hand
    add(game, *hands)
    club.add_game(game)
    return game


def keep_in_session(client, kind: str, slug: str, token: str) -> None:
    """What starting a game or a club does: its edit token kept in the visitor's record, found
    through the session (`kind`: "game" or "club")."""
    from django.conf import settings

    from quizsite.visitors import public as visitors

    assert kind in (visitors.GAME, visitors.CLUB), kind
    session = client.session
    visitors.keep(session, kind, slug, token)
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
