"""A game's own hands for practice and drills (four- and three-player games alike): every
winner of a ron or tsumo entered as a whole hand, made a complete score request at its table
by the engine (`seated_request`: the winner's seat wind among the table's seats, the round,
ron or tsumo and the honba from the replay; the Norths a three-player winner set aside stay
the hand's `"kita"`), with the game's hand rules (its preset, and the switches it sets on
it)."""

from __future__ import annotations

from typing import Any

from scoring.engine import ScoringError
from scoring.engine.game import whole_hands
from scoring.engine.rules import ALL_PRESETS
from scoring.engine.table_request import seated_request

from .models import Game


def hand_rules(game: Game) -> str | dict[str, Any]:
    """The game's rules as a hand's request takes them: the preset's name, or the preset with
    the hand switches that differ from it (the table's switches are not the hand's)."""
    rules = game.engine_rules()[0]
    preset = ALL_PRESETS[rules.name].rules.switches()  # four- or three-player
    changed = {k: v for k, v in rules.switches().items() if preset[k] != v}
    return {"preset": rules.name, **changed} if changed else rules.name


WHICH = ("all", "mine", "mine_and_dealt_in")  # the hands a player practises of a game


def whole_hand_wins(
    game: Game, *, seat: int | None = None, which: str = "all"
) -> list[dict[str, Any]]:
    """The game's whole-hand wins in play order, each `{"request": the complete score request,
    "winner": the winner's name, "number": the hand in its round (East 2: 2)}`; with `seat`
    (the player's own), `which` keeps only that seat's wins ("mine") or also the wins off its
    discards ("mine_and_dealt_in": what the player paid, and why that much). A win the engine
    cannot seat is left out (the game's replay accepted it, so none is expected)."""
    try:
        played = game.replay()
        rules = hand_rules(game)
    except ScoringError:
        return []
    wins = []
    for hand in played.hands:
        end = hand.entry.end
        tsumo = end.get("kind") == "tsumo"
        for seat_won, tiles in whole_hands(end):
            if not kept(seat_won, end, seat, which):
                continue
            try:
                request = seated_request(seat_won, tiles, hand.state, tsumo=tsumo)
            except ScoringError:
                continue
            wins.append(
                {
                    "request": {**request, "rules": rules},
                    "winner": game.names[seat_won],
                    "number": hand.state.dealer + 1,
                }
            )
    return wins


def kept(winner: int, end: dict[str, Any], seat: int | None, which: str) -> bool:
    """Whether a win is among the hands asked for (`which` of the player at `seat`)."""
    if seat is None or which == "all":
        return True
    if winner == seat:
        return True
    return which == "mine_and_dealt_in" and end.get("kind") == "ron" and end.get("from") == seat
