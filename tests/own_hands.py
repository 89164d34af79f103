"""A game with whole-hand wins, for the own-hands tests (practice, drills, games): Bruno's
ron off Aiko with an open hand at East 1, a han-and-fu ron at East 2 (not a whole hand), and
Bruno's tsumo with a closed kan and rinshan at East 3."""

from __future__ import annotations

from quizsite.games.models import Game
from scoring.engine.game import Entry
from tests.factory import add, make_game, ron

OPEN_HAND = {"hand": "234m567p55s345s", "win": "3s", "melds": ["pon 777z"], "dora": "4s"}
KAN_HAND = {"hand": "234m678p345s55s", "win": "3s", "melds": ["ankan 9999p"], "flags": ["rinshan"]}


def game_with_hands(preset: str = "tenhou", **rules) -> Game:
    game = make_game(preset, "tonpuusen", **rules)
    return add(
        game,
        Entry((), {"kind": "ron", "from": 0, "wins": [{"seat": 1, "hand": OPEN_HAND}]}),
        ron(2, 3, han=2, fu=30),
        Entry((), {"kind": "tsumo", "win": {"seat": 1, "hand": KAN_HAND}}),
    )


def game_without_hands() -> Game:
    return add(make_game("tenhou", "tonpuusen"), ron(1, 0), ron(2, 3))
