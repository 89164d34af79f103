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
