"""A hand's end as entered, typed: every kind read from its JSON shape and written back the
same, the shapes an import may bring (a pao without "for", a draw's hands), and a shape that
cannot be read refused with a message."""

from __future__ import annotations

import pytest

from scoring.engine import ScoringError
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
    end_of,
)
from scoring.engine.game import Entry, replay
from scoring.engine.rules import Abort, parse_table_rules

HAND = {"hand": "123m456p789s11z22z", "win": "2z", "melds": ["pon 777z"]}
ENDS = [
    (Ron(0, (WinEntry(2, 3, 30),)), {"kind": "ron", "from": 0,
                                     "wins": [{"seat": 2, "han": 3, "fu": 30}]}),
    (Ron(1, (WinEntry(0, 2, 40), WinEntry(3, yakuman=1)), PaoEntry(2, 3)),
     {"kind": "ron", "from": 1, "wins": [{"seat": 0, "han": 2, "fu": 40},
      {"seat": 3, "yakuman": 1}], "pao": {"seat": 2, "for": 3}}),
    (Tsumo(WinEntry(1, 6, 0)), {"kind": "tsumo", "win": {"seat": 1, "han": 6, "fu": 0}}),
    (Tsumo(WinEntry(1, yakuman=2), PaoEntry(3)),
     {"kind": "tsumo", "win": {"seat": 1, "yakuman": 2}, "pao": {"seat": 3}}),
    (Tsumo(WinEntry(2, hand=HAND), kan_from=0),
     {"kind": "tsumo", "win": {"seat": 2, "hand": HAND}, "kan_from": 0}),
    (Draw((1, 3)), {"kind": "draw", "tenpai": [1, 3]}),
    (Draw((), (2,)), {"kind": "draw", "tenpai": [], "nagashi": [2]}),
    (Draw(hands=((0, "123m"),)), {"kind": "draw", "hands": {"0": "123m"}}),
    (Abortive(Abort.FOUR_WINDS), {"kind": "abortive", "reason": "four_winds"}),
    (Chombo(2), {"kind": "chombo", "seat": 2}),
    (Chombo(2, "false_win"), {"kind": "chombo", "seat": 2, "cause": "false_win"}),
    (Stop(), {"kind": "stop"}),
    (EarlyEnd("time"), {"kind": "end", "why": "time"}),
    (EarlyEnd("abandon"), {"kind": "end", "why": "abandon"}),
]  # fmt: skip


@pytest.mark.parametrize(("end", "shape"), ENDS)
def test_every_kind_reads_and_writes_its_json_shape(end, shape):
    assert end_of(shape) == end
    assert end.to_json() == shape
    assert end.kind == shape["kind"]


def test_a_pao_without_its_winner_is_the_only_winners():
    end = end_of({"kind": "tsumo", "win": {"seat": 1, "yakuman": 1}, "pao": {"seat": 0}})
    assert end.pao.target(end.wins) == 1
    two = Ron(0, (WinEntry(1, yakuman=1), WinEntry(2, 1, 30)), PaoEntry(3))
    assert two.pao.target(two.wins) is None


def test_an_entry_carries_its_typed_end_and_replays_alike():
    rules, table_rules = parse_table_rules("tenhou")
    typed = Entry.of([1], Ron(0, (WinEntry(1, 3, 30),)))
    assert typed == Entry((1,), {"kind": "ron", "from": 0, "wins": [
        {"seat": 1, "han": 3, "fu": 30}]})  # fmt: skip
    assert typed.hand_end == Ron(0, (WinEntry(1, 3, 30),))
    played = replay([typed], rules=rules, table_rules=table_rules, length="hanchan")
    assert played.scores == (21100, 28900, 25000, 25000)  # riichi back with the win


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("ron", 'must be an object with a "kind"'),
        ({"kind": "ron", "from": 0, "wins": []}, '"wins" must be a list'),
        ({"kind": "tsumo", "win": {"seat": 4}}, "must be a seat from 0 to 3"),
        ({"kind": "abortive", "reason": "boredom"}, "reason cannot be 'boredom'"),
        ({"kind": "end", "why": "rain"}, "not 'rain'"),
        ({"kind": "draw", "tenpai": 1}, "tenpai must be a list"),
        ({"kind": "dance"}, "must be one of ron, tsumo"),
    ],
)
def test_a_shape_it_cannot_read_is_refused_with_a_message(shape, message):
    with pytest.raises(ScoringError, match=message):
        end_of(shape)
