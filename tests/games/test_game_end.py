"""A full hanchan kept through the model, ending in each way its preset allows, and not in
the ways it does not."""

from __future__ import annotations

import pytest

from scoring.engine import ScoringError
from scoring.engine.game import Entry
from scoring.engine.rules import get_table_rules
from tests.factory import add, draw, make_game, passing, ron

pytestmark = pytest.mark.django_db

START = {"mahjongsoul": 25000, "tenhou": 25000, "mleague": 25000, "wrc": 30000, "ema": 30000}
EXTENDS = {"mahjongsoul": True, "tenhou": True, "mleague": False, "wrc": False, "ema": False}
STOPS = {"mahjongsoul": True, "tenhou": True, "mleague": True, "wrc": False, "ema": False}
AUTOMATIC = {"tenhou"}  # the game simply ends there: no choice to make
STOP = Entry((), {"kind": "stop"})


def yakuman_off(loser: int, winner: int) -> Entry:
    return Entry((), {"kind": "ron", "from": loser, "wins": [{"seat": winner, "yakuman": 1}]})


@pytest.mark.parametrize("preset", list(START))
def test_the_last_hand_ends_a_hanchan(preset):
    # Seat 1 takes a mangan off seat 2 first, so someone has the target; then the deal
    # passes every hand until South 4 is over.
    game = add(make_game(preset), ron(1, 2, 5), *passing(8)[1:])
    played = game.replay()
    assert played.over and played.reason == "the last hand of the last round is over"
    assert [h.state.name for h in played.hands][-1] == "South 4, 0 honba"
    assert round(sum(played.final().points), 1) == 0


@pytest.mark.parametrize("preset", list(START))
def test_busting_where_the_preset_has_it(preset):
    busts = get_table_rules(preset).busting  # the table rules say which presets bust
    game = add(make_game(preset), yakuman_off(2, 1))  # 25,000 or 30,000 − 32,000 < 0
    played = game.replay()
    assert played.scores[2] < 0 and played.over is busts
    if busts:
        assert played.reason == "a score fell below zero"
        with pytest.raises(ScoringError, match="already over"):
            game.add_hand(draw(), version=game.version)


@pytest.mark.parametrize("preset", list(START))
def test_below_the_target_after_south_4(preset):
    game = add(make_game(preset), *(draw() for _ in range(8)))
    played = game.replay()
    if EXTENDS[preset]:
        assert not played.over and played.extension and played.state.name == "West 1, 8 honba"
        # sudden death in West: the first hand that leaves someone at the target ends it
        game.add_hand(ron(1, 2, 5), version=game.version)
        played = game.replay()
        assert played.over and "reached 30000" in played.reason
    else:
        assert played.over and played.reason == "the last hand of the last round is over"


@pytest.mark.parametrize("preset", list(START))
def test_the_last_dealer_stopping_while_first(preset):
    # South 4: seat 3 deals and wins a haneman, first with the target or more.
    game = add(make_game(preset), *passing(7), ron(3, 0, 6))
    played = game.replay()
    if preset in AUTOMATIC:
        assert played.over and "agari-yame" in played.reason and not played.can_stop
        assert played.final().order[0] == 3
        return
    assert played.can_stop is STOPS[preset] and not played.over
    if STOPS[preset]:
        game.add_hand(STOP, version=game.version)
        played = game.replay()
        assert played.over and "agari-yame" in played.reason
        assert played.final().order[0] == 3
    else:
        with pytest.raises(ScoringError, match="do not let the dealer stop"):
            game.add_hand(STOP, version=game.version)
