"""The end of a hand is typed from the form to the model to the board: the hand form gives
the engine's end types, a stored hand gives its typed end back (JSON only in its field),
editing reads the typed end into the form again, and the board says each kind."""

from __future__ import annotations

import pytest

from quizsite.games import board
from quizsite.games.forms import HandForm, initial_of
from quizsite.games.models import Hand
from scoring.engine.entered import (
    Abortive,
    Chombo,
    Draw,
    EarlyEnd,
    PaoEntry,
    Ron,
    Stop,
    Tsumo,
    WinEntry,
)
from scoring.engine.game import Entry
from scoring.engine.rules import Abort
from tests.factory import NAMES, add, make_game

pytestmark = pytest.mark.django_db

POSTED = [
    ({"kind": "ron", "winners": ["1"], "discarder": "0", "han_1": "3", "fu_1": "30"},
     Ron(0, (WinEntry(1, 3, 30),))),
    ({"kind": "ron", "winners": ["1", "3"], "discarder": "2", "han_1": "2", "fu_1": "40",
      "limit_3": "y1", "pao": "0", "pao_for": "3"},
     Ron(2, (WinEntry(1, 2, 40), WinEntry(3, yakuman=1)), PaoEntry(0, 3))),
    ({"kind": "tsumo", "winners": ["2"], "limit_2": "6"}, Tsumo(WinEntry(2, 6, 0))),
    ({"kind": "tsumo", "winners": ["2"], "limit_2": "y1", "pao": "1"},
     Tsumo(WinEntry(2, yakuman=1), PaoEntry(1, 2))),
    ({"kind": "draw", "tenpai": ["0", "3"], "nagashi": ["3"]}, Draw((0, 3), (3,))),
    ({"kind": "abortive", "reason": "four_winds"}, Abortive(Abort.FOUR_WINDS)),
    ({"kind": "chombo", "chombo": "2"}, Chombo(2)),
]  # fmt: skip


def hand_form(game, data):
    rules, table_rules = game.engine_rules()
    return HandForm(data, names=game.names, rules=rules, table_rules=table_rules)


@pytest.mark.parametrize(("posted", "typed"), POSTED)
def test_the_form_gives_the_engines_end_and_editing_reads_it_back(posted, typed):
    game = make_game("mahjongsoul")
    form = hand_form(game, posted)
    assert form.is_valid(), form.errors
    entry = form.cleaned_data["entry"]
    assert entry.hand_end == typed
    hand = add(game, entry).hands.get()
    assert isinstance(hand.end, dict)  # JSON in the model's field
    assert Hand.objects.get(pk=hand.pk).hand_end == typed
    again = hand_form(game, {**initial_of(hand.entry)})
    assert again.is_valid(), again.errors
    assert again.cleaned_data["entry"].hand_end == typed


def test_the_board_says_each_kind_from_the_typed_end():
    game = add(
        make_game("mahjongsoul", "tonpuusen", busting=False),
        Entry.of([], Ron(0, (WinEntry(1, 3, 30), WinEntry(2, 5, 0)))),
        Entry.of([], Tsumo(WinEntry(2, yakuman=1), PaoEntry(0))),
        Entry.of([], Draw((1,), (3,))),
        Entry.of([], Abortive(Abort.FOUR_WINDS)),
        Entry.of([], Chombo(3)),
        Entry.of([], EarlyEnd("time")),
    )
    rows = board.history(game.replay(), NAMES, game.engine_rules()[0])
    said = [r["summary"] for r in rows]
    assert said[0] == "double ron: Bruno 3 han 30 fu, Chen mangan ron off Aiko"
    assert said[1] == "Chen yakuman tsumo (pao: Aiko)"
    assert said[2] == "exhaustive draw, tenpai: Bruno; nagashi mangan: Dana"
    assert said[3].startswith("abortive draw: ")
    assert said[4] == "chombo by Dana"
    assert "time" in said[5]
    assert [r["kind"] for r in rows] == ["ron", "tsumo", "draw", "abortive", "chombo", "end"]


def test_the_dealers_stop_is_a_typed_end_too():
    assert Entry.of([], Stop()).hand_end == Stop()
    assert initial_of(Entry.of([], Stop()))["kind"] == "stop"
