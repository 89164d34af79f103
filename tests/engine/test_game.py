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
    # East-only: seat 3 deals East 4 and wins a mangan: first with 30,000 or more. At Mahjong
    # Soul stopping is the dealer's choice.
    entries = [*passing_hands(3), ron(3, 0, 5)]
    game = play(entries, "mahjongsoul", "tonpuusen")
    assert game.can_stop and not game.over
    stopped = play([*entries, STOP], "mahjongsoul", "tonpuusen")
    assert stopped.over and "agari-yame" in stopped.reason
    assert stopped.final().order[0] == 3
    # or deals again: a draw with the dealer tenpai keeps the choice
    again = play([*entries, draw(3)], "mahjongsoul", "tonpuusen")
    assert again.can_stop and again.state.honba == 2


# East-only games worked by hand (Tenhou: 25,000 start, 30,000 target). East 1–3 passed by
# 1,000-point rons (seat 1 off seat 2, seat 2 off seat 3, seat 3 off seat 0): East 4 starts
# at 24,000 / 26,000 / 25,000 / 25,000 with seat 3 dealing.
EAST_1_TO_3 = passing_hands(3)


def test_tenhou_ends_by_itself_when_the_last_dealer_wins_or_is_tenpai_while_first():
    won = play([*EAST_1_TO_3, ron(3, 0, 5)], "tenhou", "tonpuusen")
    assert won.scores[3] >= 30000 and won.over and not won.can_stop
    assert "agari-yame" in won.reason and won.final().order[0] == 3
    # 2 han 30 fu (2,900): first with 27,900, below 30,000, plays on; then tenpai at a draw
    # (+3,000): first with 30,900, and it ends there too (tenpai-yame)
    up = play([*EAST_1_TO_3, ron(3, 0, 2), draw(3)], "tenhou", "tonpuusen")
    assert up.scores == (20100, 25000, 24000, 30900)
    assert [h.state.name for h in up.hands][-1] == "East 4, 1 honba"
    assert up.over and "agari-yame" in up.reason
    # a stop entered where the game now ends by itself is kept, not refused
    kept = play([*EAST_1_TO_3, ron(3, 0, 5), STOP], "tenhou", "tonpuusen")
    assert kept.over and len(kept.hands) == 5


def test_the_tenpai_yame_switch_lets_the_last_dealer_deal_again():
    entries = [*EAST_1_TO_3, ron(3, 0, 2), draw(3)]
    rules = {"preset": "tenhou", "tenpai_yame": False}
    game = play(entries, rules, "tonpuusen")
    assert not game.over and not game.can_stop and game.state.name == "East 4, 2 honba"
    assert "no tenpai-yame" in game.hands[-1].note
    # a win still ends it
    assert play([*entries, ron(3, 1)], rules, "tonpuusen").over
    # where stopping is the dealer's choice, tenpai gives no choice either
    choice = play(entries, {"preset": "mahjongsoul", "tenpai_yame": False}, "tonpuusen")
    assert not choice.can_stop and not choice.over


def test_a_last_dealer_behind_plays_on_though_someone_has_the_target():
    # East 1: seat 1 takes a baiman (16,000) off seat 2: 41,000. East 4: the dealer (seat 3)
    # wins a 1,000 ron; seat 1 has the target, the dealer is not first: Tenhou plays on.
    entries = [ron(1, 2, 8), *passing_hands(3)[1:], ron(3, 0)]
    game = play(entries, "tenhou", "tonpuusen")
    assert game.scores == (22500, 41000, 10000, 26500)
    assert not game.over and game.state.name == "East 4, 1 honba"
    assert "not first: the game goes on" in game.hands[-1].note
    # the same by a draw with the dealer tenpai
    drawn = play([*entries[:-1], draw(3)], "tenhou", "tonpuusen")
    assert not drawn.over and drawn.state.name == "East 4, 1 honba"
    # then the dealer loses the deal: the game is over (seat 1 has the target)
    over = play([*entries, ron(0, 1)], "tenhou", "tonpuusen")
    assert over.over and over.reason == "the last hand of the last round is over"


def west_round(extra: list[Entry]) -> Any:
    """A hanchan at Tenhou where nobody reaches 30,000 by South 4 (all draws, nobody
    tenpai), then `extra` in West (8 honba and counting)."""
    return play([*(draw() for _ in range(8)), *extra], "tenhou", "hanchan")


def test_in_the_west_round_a_dealer_behind_plays_on_the_rest_is_sudden_death():
    west = west_round([])
    assert west.extension and not west.over and west.state.name == "West 1, 8 honba"
    # West 1: seat 1 takes a mangan off seat 2 (8,000 + 2,400): 35,400, the game is over
    mangan = west_round([ron(1, 2, 5)])
    assert mangan.over and mangan.scores == (25000, 35400, 14600, 25000)
    assert mangan.reason == "a player reached 30000 in the extension"
    # West 1: the dealer (seat 0) wins 1,000 + 2,400: first with 28,400, below the target
    small = west_round([ron(0, 2)])
    assert not small.over and small.state.name == "West 1, 9 honba"
    # the dealer's mangan instead: first with 39,400, over by itself (Tenhou's agari-yame)
    big = west_round([ron(0, 2, 5)])
    assert big.over and "agari-yame" in big.reason and big.scores[0] == 39400
    # West 1: seat 2 wins 2,000 + 2,400 (29,400); West 2: a draw, the dealer (seat 1) and
    # seat 2 tenpai: seat 2 has 30,900, but the dealer kept the deal and is not first
    behind = west_round([ron(2, 3, 2), draw(1, 2)])
    assert behind.scores == (23500, 26500, 30900, 19100)
    assert not behind.over and behind.state.name == "West 2, 1 honba"
    assert "not first: the game goes on" in behind.hands[-1].note
    # the dealer wins again and is still behind: on; then loses the deal: over
    again = west_round([ron(2, 3, 2), draw(1, 2), ron(1, 0)])
    assert not again.over and again.state.name == "West 2, 2 honba"
    lost = west_round([ron(2, 3, 2), draw(1, 2), ron(3, 0)])
    assert lost.over and lost.final().order[0] == 2


def test_the_west_round_ends_after_west_4_at_the_latest():
    game = play([*(draw() for _ in range(8)), *passing_hands(4)], "tenhou")
    assert max(game.scores) < 30000
    assert game.over and game.reason == "the West round is over"
    assert [h.state.name for h in game.hands][-1] == "West 4, 0 honba"


def test_busting_ends_the_game_even_at_the_last_hand_and_in_the_west():
    big = Entry((), {"kind": "ron", "from": 2, "wins": [{"seat": 3, "yakuman": 1}]})
    game = play([*EAST_1_TO_3, big], "tenhou", "tonpuusen")  # the dealer's 48,000
    assert game.over and game.reason == "a score fell below zero"
    west = west_round([Entry((), {"kind": "ron", "from": 2, "wins": [{"seat": 0, "yakuman": 1}]})])
    assert west.over and west.reason == "a score fell below zero"
    # at exactly zero the game goes on (only below zero ends it): three mangan off seat 0,
    # then a draw with seat 0 noten and seat 1 alone tenpai (−1,000)
    exact = play([ron(1, 0, 5), ron(2, 0, 5), ron(3, 0, 5), draw(1)], "tenhou")
    assert exact.scores[0] == 0 and not exact.over and exact.state.name == "South 1, 1 honba"


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
