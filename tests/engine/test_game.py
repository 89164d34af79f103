"""A whole game replayed from its hands: counters, the ways a game ends per preset, the final
standings, errors that name the hand, and what a player needs to pass the one above."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import ScoringError
from scoring.engine.game import (
    ALL_SIZES,
    SIZES,
    Entry,
    State,
    Value,
    needs,
    pays_text,
    replay,
    settle_end,
    size_order,
)
from scoring.engine.hand_end import End, EndKind, Table, Win
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import parse_table_rules


def ron(winner: int, loser: int, han: int = 1, fu: int = 30, riichi: tuple[int, ...] = ()):
    return Entry(riichi, {"kind": "ron", "from": loser, "wins": [{"seat": winner, "han": han,
                                                                   "fu": fu}]})  # fmt: skip


def draw(*tenpai: int) -> Entry:
    return Entry((), {"kind": "draw", "tenpai": list(tenpai)})


STOP = Entry((), {"kind": "stop"})


def play(entries: list[Entry], preset: Any = "tenhou", length: str = "hanchan"):
    rules, table_rules = parse_table_rules(preset)
    return replay(entries, rules=rules, table_rules=table_rules, length=length)  # type: ignore[arg-type]


def passing_hands(n: int) -> list[Entry]:
    """`n` hands each won by the seat after the dealer off the one after that: the deal
    passes every hand and nobody gains much."""
    out = []
    dealer = 0
    for _ in range(n):
        out.append(ron((dealer + 1) % 4, (dealer + 2) % 4))
        dealer = (dealer + 1) % 4
    return out


def test_it_replays_the_references_counter_sequence():
    # East 1–3 passed by non-dealer wins; East 4 0 honba: the dealer (seat 3) wins, then a
    # draw with the dealer noten, then North wins South 1 with 2 honba.
    entries = [*passing_hands(3), ron(3, 0, 2, 30), draw(1), ron(3, 1)]
    game = play(entries)
    names = [h.state.name for h in game.hands[3:]]
    assert names == ["East 4, 0 honba", "East 4, 1 honba", "South 1, 2 honba"]
    assert game.state.name == "South 2, 0 honba"
    assert game.hands[-1].outcome.deltas[3] == 1000 + 600
    assert sum(game.scores) == 100000 and not game.over


def test_the_deposits_stay_on_the_table_until_a_win_takes_them():
    game = play([Entry((0, 1), {"kind": "draw", "tenpai": [0, 1]}), ron(2, 3)])
    assert game.hands[1].state.sticks == 2
    assert game.hands[1].outcome.deltas[2] == 1000 + 300 + 2000
    assert game.state.sticks == 0 and sum(game.scores) == 100000


def test_a_hanchan_ends_after_its_last_hand():
    game = play(passing_hands(8), "wrc")
    assert game.over and game.reason == "the last hand of the last round is over"
    final = game.final()
    assert round(sum(final.points), 1) == 0
    with pytest.raises(ScoringError, match="hand 9, .*already over"):
        play(passing_hands(9), "wrc")


def test_busting_ends_the_game_where_the_preset_has_it():
    big = Entry((), {"kind": "ron", "from": 1, "wins": [{"seat": 0, "yakuman": 1}]})
    game = play([big])
    assert game.over and game.reason == "a score fell below zero"
    assert not play([big], "mleague").over


@pytest.mark.parametrize("length, rounds", [("hanchan", "W"), ("tonpuusen", "S")])
def test_nobody_at_the_target_plays_on_into_the_next_round(length, rounds):
    hands = 8 if length == "hanchan" else 4
    game = play([draw() for _ in range(hands)], "tenhou", length)
    assert not game.over and game.extension and game.state.round == rounds
    # Sudden death: the first hand that leaves someone at 30,000 or more ends the game.
    won = play([*(draw() for _ in range(hands)), ron(1, 2, 5)], "tenhou", length)
    assert won.over and "reached 30000" in won.reason
    assert won.final().order[0] == 1


def test_the_extension_is_one_round_at_most():
    game = play([draw() for _ in range(8)], "tenhou", "tonpuusen")
    assert game.over and game.reason == "the South round is over"
    assert game.extension


@pytest.mark.parametrize("preset", ["mleague", "wrc"])
def test_presets_without_an_extension_end_below_the_target(preset):
    start = 25000 if preset == "mleague" else 30000
    game = play([draw() for _ in range(4)], preset, "tonpuusen")
    assert game.over and max(game.scores) == start


def test_the_last_dealer_may_stop_while_first():
    # East-only: seat 3 deals East 4 and wins a mangan: first with 30,000 or more.
    entries = [*passing_hands(3), ron(3, 0, 5)]
    game = play(entries, "tenhou", "tonpuusen")
    assert game.can_stop and not game.over
    stopped = play([*entries, STOP], "tenhou", "tonpuusen")
    assert stopped.over and "agari-yame" in stopped.reason
    assert stopped.final().order[0] == 3
    # or deals again: a draw with the dealer tenpai keeps the choice
    again = play([*entries, draw(3)], "tenhou", "tonpuusen")
    assert again.can_stop and again.state.honba == 2


def test_stopping_is_refused_where_the_rules_or_the_moment_do_not_allow_it():
    with pytest.raises(ScoringError, match="hand 1, East 1, 0 honba: .*only right after"):
        play([STOP])
    entries = [*passing_hands(3), ron(3, 0, 5)]
    with pytest.raises(ScoringError, match="do not let the dealer stop"):
        play([*entries, STOP], "wrc", "tonpuusen")
    # a dealer who wins but is not first may not stop
    behind = [ron(1, 2, 8), *passing_hands(3)[1:], ron(3, 0, 1)]
    assert not play(behind, "tenhou", "tonpuusen").can_stop


def test_an_edited_hand_changes_everything_after_it():
    entries = [ron(1, 0), ron(2, 1), ron(3, 2)]
    before = play(entries)
    entries[0] = ron(0, 1)  # the dealer won instead: renchan, one honba
    after = play(entries)
    assert [h.state.name for h in after.hands] == [
        "East 1, 0 honba", "East 1, 1 honba", "East 2, 0 honba"
    ]  # fmt: skip
    assert after.scores != before.scores and sum(after.scores) == 100000


def test_a_hand_the_engine_refuses_is_named():
    bad = Entry((), {"kind": "ron", "from": 1, "wins": [{"seat": 1, "han": 1, "fu": 30}]})
    with pytest.raises(ScoringError, match=r"^hand 2, East 2, 0 honba: seat 1 discarded"):
        play([ron(1, 0), bad])


def test_chombo_deductions_reach_the_final_score():
    entries = [Entry((), {"kind": "chombo", "seat": 2}), *passing_hands(4)]
    game = play(entries, "wrc", "tonpuusen")
    assert game.over and game.penalties == (2,)
    final = game.final()
    assert round(sum(final.points), 1) == -20.0
    with pytest.raises(ScoringError, match="not over"):
        play(entries[:2], "wrc", "tonpuusen").final()


def passes(scores, state, need, kind, discarder, value) -> bool:
    """Whether `value` won this way puts `need.seat` above `need.above` (ties: seat order)."""
    rules, table_rules = parse_table_rules("tenhou")
    win = Win(need.seat, value.han, value.fu, value.yakuman, value.yakuman)
    end = End(kind, (win,), discarder=discarder)
    out = settle_end(Table(scores, state), end, rules=rules, table_rules=table_rules).scores
    return (out[need.seat], -need.seat) > (out[need.above], -need.above)


@pytest.mark.parametrize(
    "scores, dealer, honba, sticks",
    [((33000, 25000, 22000, 20000), 0, 0, 0), ((40000, 31000, 18000, 11000), 2, 3, 2),
     ((25000, 25000, 25000, 25000), 1, 0, 0), ((50000, 45000, 4000, 1000), 3, 1, 0)],
)  # fmt: skip
def test_the_least_payment_that_passes_and_the_smallest_usual_hand_for_it(
    scores, dealer, honba, sticks
):
    rules, table_rules = parse_table_rules("tenhou")
    scores = (scores[0] - 1000 * sticks, *scores[1:])
    state = State("S", dealer, honba, sticks)
    for need in needs(scores, state, rules=rules, table_rules=table_rules):
        other = next(s for s in range(4) if s not in (need.seat, need.above))
        ways = [
            (EndKind.RON, need.above, need.direct),
            (EndKind.RON, other, need.other),
            (EndKind.TSUMO, None, need.tsumo),
        ]
        dealer_wins = need.seat == dealer
        for kind, discarder, aim in ways:
            tsumo = kind is EndKind.TSUMO
            possible = [
                v for v in ALL_SIZES
                if v.han >= 5 or not impossible_reason(v.han, v.fu, tsumo=tsumo, rules=rules)
            ]  # fmt: skip
            if aim is None:
                assert not any(passes(scores, state, need, kind, discarder, v) for v in possible)
                continue
            # every hand that can be scored this way passes exactly when it pays the least
            # amount or more
            for v in possible:
                paid = pays_text(v, dealer_wins, tsumo, rules)
                enough = amount(paid) >= amount(aim.pays)
                assert passes(scores, state, need, kind, discarder, v) == enough, (v, paid)
            # the hand named is usual, pays enough, and no smaller usual hand does
            assert aim.value in SIZES and amount(aim.value_pays) >= amount(aim.pays)
            smaller = [v for v in SIZES if v in possible and size_order(v) < size_order(aim.value)]
            assert all(
                amount(pays_text(v, dealer_wins, tsumo, rules)) < amount(aim.pays) for v in smaller
            )


def amount(pays: str) -> int:
    """What a payment text adds up to for the winner: "2,000/3,900" (two non-dealers and the
    dealer), "2,600 all", "3,900"."""
    number = lambda t: int(t.replace(",", "").replace(" all", ""))  # noqa: E731
    if "/" in pays:
        small, big = pays.split("/")
        return 2 * number(small) + number(big)
    return 3 * number(pays) if pays.endswith("all") else number(pays)


def test_no_aim_is_a_hand_nobody_makes_or_aims_for():
    assert Value(1, 110) not in SIZES and Value(2, 100) not in SIZES
    assert Value(1, 30) in SIZES and Value(3, 40) in SIZES and Value(5, 0) in SIZES
