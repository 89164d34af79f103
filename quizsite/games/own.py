"""A game's own hands for practice and drills: every winner of a ron or tsumo entered as a
whole hand, made a complete score request at its table by the engine (`seated_request`: the
winner's seat wind, the round, ron or tsumo and the honba from the replay), with the game's
hand rules (its preset, and the switches it sets on it)."""

from __future__ import annotations

from typing import Any

from scoring.engine import PRESETS, ScoringError
from scoring.engine.game import whole_hands
from scoring.engine.table_request import seated_request

from .models import Game


def hand_rules(game: Game) -> str | dict[str, Any]:
    """The game's rules as a hand's request takes them: the preset's name, or the preset with
    the hand switches that differ from it (the table's switches are not the hand's)."""
    rules = game.engine_rules()[0]
    preset = PRESETS[rules.name].rules.switches()
    changed = {k: v for k, v in rules.switches().items() if preset[k] != v}
    return {"preset": rules.name, **changed} if changed else rules.name


def whole_hand_wins(game: Game) -> list[dict[str, Any]]:
    """The game's whole-hand wins in play order, each `{"request": the complete score request,
    "winner": the winner's name, "number": the hand in its round (East 2: 2)}`; a win the
    engine cannot seat is left out (the game's replay accepted it, so none is expected)."""
    try:
        played = game.replay()
        rules = hand_rules(game)
    except ScoringError:
        return []
    wins = []
    for hand in played.hands:
        tsumo = hand.entry.end.get("kind") == "tsumo"
        for seat, tiles in whole_hands(hand.entry.end):
            try:
                request = seated_request(seat, tiles, hand.state, tsumo=tsumo)
            except ScoringError:
                continue
            wins.append(
                {
                    "request": {**request, "rules": rules},
                    "winner": game.names[seat],
                    "number": hand.state.dealer + 1,
                }
            )
    return wins
