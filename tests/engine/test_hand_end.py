"""One hand's end: every rule and preset difference, the references' worked examples, and
the messages for input the engine cannot settle. Tables, one row per case."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.hand_end import settle_json

EVEN = [25000, 25000, 25000, 25000]


def settle(end: dict[str, Any], rules: Any = "mahjongsoul", **table: Any) -> dict[str, Any]:
    request = {
        "rules": rules,
        "scores": table.pop("scores", EVEN),
        "dealer": table.pop("dealer", 0),
        "round": table.pop("round", "E"),
        "honba": table.pop("honba", 0),
        "sticks": table.pop("sticks", 0),
        "riichi": table.pop("riichi", []),
        "end": end,
        **table,
    }
    answer = settle_json(request)
    assert "error" not in answer, answer["error"]
    return answer


def error(end: dict[str, Any], rules: Any = "mahjongsoul", **table: Any) -> str:
    request = {"rules": rules, "scores": EVEN, "dealer": 0, "round": "E", "end": end}
    request.update(table)
    answer = settle_json(request)
    assert "error" in answer, answer
    return str(answer["error"])


def ron(frm: int, *wins: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"kind": "ron", "from": frm, "wins": list(wins), **extra}


def win(seat: int, han: int = 1, fu: int = 30, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "han": han, "fu": fu, **extra}


# ---- exhaustive draws -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tenpai, deltas",
    [
        ([], [0, 0, 0, 0]),
        ([1], [-1000, 3000, -1000, -1000]),
        ([0, 2], [1500, -1500, 1500, -1500]),
        ([0, 1, 2], [1000, 1000, 1000, -3000]),
        ([0, 1, 2, 3], [0, 0, 0, 0]),
    ],
)
def test_it_pays_noten_payments_by_the_number_tenpai(tenpai, deltas):
    answer = settle({"kind": "draw", "tenpai": tenpai})
    assert answer["deltas"] == deltas
    assert answer["next"]["honba"] == 1


@pytest.mark.parametrize(
    "tenpai, dealer_stays",
    [([0], True), ([1], False), ([], False), ([0, 1, 2, 3], True)],
)
def test_it_keeps_the_dealer_only_when_the_dealer_is_tenpai(tenpai, dealer_stays):
    nxt = settle({"kind": "draw", "tenpai": tenpai})["next"]
    assert (nxt["dealer"] == 0) is dealer_stays
    assert nxt["renchan"] is dealer_stays


def test_it_reads_tenpai_from_the_hands_shown():
    hands = {"0": "123456789m1122p", "1": "123456789m1357p", "3": "19m19p19s1234567z"}
    answer = settle({"kind": "draw", "hands": hands})
    assert answer["deltas"] == [1500, -1500, -1500, 1500]
    shown = [s["text"] for s in answer["steps"] if s["kind"] == "hand_shown"]
    assert "waits on 1p 2p" in shown[0] and "noten" in shown[1] and len(shown) == 3


def test_a_wait_on_a_tile_the_hand_holds_all_four_of_is_not_tenpai():
    answer = settle({"kind": "draw", "hands": {"2": "1111m234p567s789s"}})
    assert answer["deltas"] == [0, 0, 0, 0]


def test_the_riichi_deposit_stays_on_the_table_after_a_draw_and_goes_to_the_next_winner():
    draw = settle({"kind": "draw", "tenpai": [1]}, riichi=[1])
    assert draw["deltas"] == [-1000, 2000, -1000, -1000]
    assert draw["next"]["sticks"] == 1
    scores = draw["scores"]
    win_next = settle(ron(0, win(2)), scores=scores, dealer=1, honba=1, sticks=1)
    assert win_next["deltas"] == [-1300, 0, 2300, 0]
    assert win_next["next"]["sticks"] == 0


def test_a_noten_riichi_at_a_draw_is_chombo_and_its_deposit_goes_back():
    answer = settle({"kind": "draw", "tenpai": [1]}, riichi=[2], honba=2, dealer=0)
    assert answer["deltas"] == [4000, 2000, -8000, 2000]
    assert answer["next"]["honba"] == 2 and answer["next"]["dealer"] == 0
    assert any(s["kind"] == "chombo" for s in answer["steps"])


@pytest.mark.parametrize(
    "preset, deltas, honba, dealer",
    [
        # Tenhou: a mangan tsumo without honba instead of the noten payments; still a draw.
        ("tenhou", [-4000, -2000, 8000, -2000], 2, 1),
        # EMA: a win, honba paid (100 a payer), the dealer passes because it did not win.
        ("ema", [-4100, -2100, 8300, -2100], 0, 1),
    ],
)
def test_nagashi_mangan_per_preset(preset, deltas, honba, dealer):
    scores = [25000] * 4 if preset == "tenhou" else [30000] * 4
    answer = settle({"kind": "draw", "tenpai": [1], "nagashi": [2]}, preset, honba=1, scores=scores)
    assert answer["deltas"] == deltas
    assert answer["next"]["honba"] == honba and answer["next"]["dealer"] == dealer


def test_two_nagashi_mangan_are_both_paid():
    answer = settle({"kind": "draw", "nagashi": [0, 2]}, "tenhou")
    assert answer["deltas"] == [12000 - 4000, -4000 - 2000, 8000 - 4000, -4000 - 2000]


# ---- abortive draws ---------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["nine_terminals", "four_winds", "four_kans"])
def test_an_abortive_draw_pays_nothing_keeps_the_dealer_and_adds_a_honba(reason):
    answer = settle({"kind": "abortive", "reason": reason}, "tenhou", riichi=[2], sticks=1,
                    scores=[25000, 25000, 24000, 25000])  # fmt: skip
    assert answer["deltas"] == [0, 0, -1000, 0]
    assert answer["next"] | {"name": ""} == answer["next"] | {
        "dealer": 0, "honba": 1, "sticks": 2, "renchan": True, "name": ""
    }  # fmt: skip


def test_four_riichi_needs_four_deposits():
    assert "four riichi" in error({"kind": "abortive", "reason": "four_riichi"}, "tenhou")
    answer = settle({"kind": "abortive", "reason": "four_riichi"}, "tenhou", riichi=[0, 1, 2, 3])
    assert answer["deltas"] == [-1000] * 4 and answer["next"]["sticks"] == 4


@pytest.mark.parametrize("preset", ["wrc", "ema"])
def test_presets_without_abortive_draws_refuse_them(preset):
    message = error({"kind": "abortive", "reason": "four_winds"}, preset, scores=[30000] * 4)
    assert "no four_winds abortive draw" in message


# ---- counters: the reference's worked sequence ------------------------------------------------


def test_the_references_counter_sequence_east_4_to_south_2():
    # East 4, 0 honba: the dealer (seat 3) wins; the dealer stays and puts out a counter.
    e4 = settle(ron(0, win(3, 2, 30)), dealer=3, round="E", honba=0)
    assert e4["next"]["name"] == "East 4, 1 honba"
    # East 4, 1 honba: a draw with the dealer noten; the deal passes to South 1, 2 honba.
    e4_1 = settle({"kind": "draw", "tenpai": [1]}, scores=e4["scores"], dealer=3, honba=1)
    assert e4_1["next"]["name"] == "South 1, 2 honba"
    assert (e4_1["next"]["dealer"], e4_1["next"]["round"]) == (0, "S")
    # South 1, 2 honba: North (seat 3) wins by ron and gets 600 for the counters.
    s1 = settle(ron(1, win(3, 1, 30)), scores=e4_1["scores"], dealer=0, round="S", honba=2)
    assert s1["deltas"][3] == 1000 + 600 and s1["deltas"][1] == -1600
    assert s1["next"]["name"] == "South 2, 0 honba"


@pytest.mark.parametrize(
    "length, dealer, round_, over",
    [("hanchan", 3, "S", True), ("hanchan", 3, "E", False), ("tonpuusen", 3, "E", True),
     ("hanchan", 2, "S", False)],
)  # fmt: skip
def test_the_game_ends_when_the_last_dealer_passes(length, dealer, round_, over):
    answer = settle(ron(dealer, win((dealer + 1) % 4)), dealer=dealer, round=round_, length=length)
    assert answer["next"]["game_over"] is over


@pytest.mark.parametrize(
    "preset, over", [("tenhou", True), ("mahjongsoul", True), ("mleague", False)]
)
def test_busting_ends_the_game_where_the_preset_has_it(preset, over):
    scores = [3000, 47000, 25000, 25000]
    answer = settle(ron(0, win(1, 5)), preset, scores=scores, dealer=2)
    assert answer["scores"][0] == -5000
    assert answer["next"]["game_over"] is over


# ---- wins -------------------------------------------------------------------------------------


def test_the_references_two_worked_examples():
    # Wikipedia example 1: the player right of the dealer, 2 han 40 fu by tsumo.
    tsumo = settle({"kind": "tsumo", "win": win(1, 2, 40)})
    assert tsumo["deltas"] == [-1300, 2700, -700, -700]
    # Example 2: the same player, 1 han 50 fu by ron from the player on its right.
    assert settle(ron(2, win(1, 1, 50)))["deltas"] == [0, 1600, -1600, 0]


def test_a_whole_hand_is_scored_by_the_engine_at_its_seat():
    hand = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}
    answer = settle(ron(2, {"seat": 1, "hand": hand}), riichi=[1])
    # Seat 1 is South: East is only the round wind, so riichi + ittsu, 3 han 40 fu.
    assert answer["deltas"] == [0, 5200 - 1000 + 1000, -5200, 0]


def test_a_dealer_win_keeps_the_deal_and_a_non_dealer_win_resets_the_honba():
    dealer = settle(ron(1, win(0)), honba=3)
    assert (dealer["next"]["dealer"], dealer["next"]["honba"]) == (0, 4)
    other = settle(ron(0, win(1)), honba=3)
    assert (other["next"]["dealer"], other["next"]["honba"]) == (1, 0)


@pytest.mark.parametrize(
    "preset, deltas, sticks_to",
    [
        # Double ron from seat 1 to seats 0 and 2 (seat 3 deals): seat 2 is first from the
        # discarder,
        # so it alone takes the honba (300) and the deposit.
        ("tenhou", [2000, -2000 - 2000 - 300, 2000 + 300 + 1000, 0], 2),
        ("mahjongsoul", [2000, -2000 - 2000 - 300, 2000 + 300 + 1000, 0], 2),
        # M-League: head bump, seat 2 alone wins.
        ("mleague", [0, -2000 - 300, 2000 + 300 + 1000, 0], 2),
    ],
)
def test_double_ron_per_preset(preset, deltas, sticks_to):
    scores = [25000, 25000, 25000, 24000]
    answer = settle(
        ron(1, win(0, 2, 30), win(2, 2, 30)), preset, honba=1, sticks=1, scores=scores, dealer=3
    )
    assert answer["deltas"] == deltas
    deposits = [s for s in answer["steps"] if s["kind"] == "deposits"]
    assert [d["numbers"]["seat"] for d in deposits] == [sticks_to]


def test_honba_to_each_winner_when_the_rules_say_so():
    rules = {"preset": "tenhou", "multiple_ron_honba": "each"}
    answer = settle(ron(1, win(0, 2, 30), win(2, 2, 30)), rules, honba=1, dealer=3)
    assert answer["deltas"] == [2000 + 300, -2000 - 2000 - 600, 2000 + 300, 0]


@pytest.mark.parametrize(
    "preset, kind",
    [("tenhou", "abortive"), ("mahjongsoul", "paid"), ("ema", "paid"), ("mleague", "head_bump")],
)
def test_triple_ron_per_preset(preset, kind):
    scores = [30000] * 4 if preset == "ema" else EVEN
    answer = settle(ron(1, win(0), win(2), win(3)), preset, scores=scores)
    paid = [d for d in answer["deltas"] if d > 0]
    assert len(paid) == {"abortive": 0, "paid": 3, "head_bump": 1}[kind]
    if kind == "abortive":
        assert answer["next"]["honba"] == 1 and answer["next"]["dealer"] == 0
    if kind == "head_bump":
        assert answer["deltas"][2] == 1000


# ---- pao --------------------------------------------------------------------------------------

DAISANGEN_TSUMO = {"hand": "11122z", "win": "2z", "melds": ["pon 555z", "pon 666z", "pon 777z"]}


@pytest.mark.parametrize(
    "preset, deltas",
    [
        # Tenhou: the liable player (seat 3) pays the whole hand, both yakuman, and the honba.
        ("tenhou", [0, 64000 + 300, 0, -64000 - 300]),
        # Mahjong Soul: the liable player pays the daisangen (and the honba); the tsuuiisou is
        # paid as a normal tsumo (8000 from the dealer, 4000 from the others).
        ("mahjongsoul", [-16000, 32000 + 300 + 32000, -8000, -32000 - 300 - 8000]),
    ],
)
def test_pao_on_a_tsumo_per_preset(preset, deltas):
    # Seat 1 (South) wins daisangen + tsuuiisou: both count once, two yakuman in all.
    end = {"kind": "tsumo", "win": {"seat": 1, "hand": DAISANGEN_TSUMO}, "pao": {"seat": 3}}
    assert settle(end, preset, honba=1)["deltas"] == deltas


@pytest.mark.parametrize(
    "preset, liable, discarder",
    [("tenhou", -16000 - 300, -16000), ("ema", -16000, -16000 - 300)],
)
def test_pao_splits_a_ron_and_the_preset_says_who_pays_the_honba(preset, liable, discarder):
    scores = [30000] * 4 if preset == "ema" else EVEN
    end = ron(2, {"seat": 1, "yakuman": 1}, pao={"seat": 3, "for": 1})
    deltas = settle(end, preset, honba=1, scores=scores)["deltas"]
    assert deltas == [0, 32300, discarder, liable]


def test_pao_by_the_discarder_is_a_plain_ron():
    end = ron(3, {"seat": 1, "yakuman": 1}, pao={"seat": 3, "for": 1})
    assert settle(end)["deltas"] == [0, 32000, 0, -32000]


def test_the_kan_feeder_pays_a_rinshan_where_the_rules_say_so():
    end = {"kind": "tsumo", "win": win(1, 3, 40), "kan_from": 2}
    on = settle(end, {"preset": "mahjongsoul", "kan_feeder_pays": True}, honba=1)
    assert on["deltas"] == [0, 5200 + 300, -5500, 0]
    off = settle(end, "mahjongsoul", honba=1)
    assert off["deltas"] == [-2700, 5500, -1400, -1400]


@pytest.mark.parametrize("up, honba", [(True, 3), (False, 2)])
def test_the_abortive_honba_switch(up, honba):
    rules = {"preset": "tenhou", "abortive_honba": up}
    answer = settle({"kind": "abortive", "reason": "four_winds"}, rules, honba=2, dealer=1)
    assert (answer["next"]["dealer"], answer["next"]["honba"]) == (1, honba)
    assert answer["deltas"] == [0, 0, 0, 0]
    said = " ".join(s["text"] for s in answer["steps"])
    assert ("honba go up by one" in said) is up


# ---- chombo -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seat, deltas",
    [(2, [4000, 2000, -8000, 2000]), (0, [-12000, 4000, 4000, 4000])],
)
def test_chombo_is_a_mangan_sized_payment_under_mahjongsoul(seat, deltas):
    answer = settle({"kind": "chombo", "seat": seat}, riichi=[1], honba=2, sticks=0)
    assert answer["deltas"] == deltas  # seat 1's riichi deposit is given back
    assert (answer["next"]["dealer"], answer["next"]["honba"]) == (0, 2)


@pytest.mark.parametrize("up, honba", [(True, 3), (False, 2)])
def test_the_chombo_honba_switch(up, honba):
    rules = {"preset": "mahjongsoul", "chombo_honba": up}
    answer = settle({"kind": "chombo", "seat": 2}, rules, honba=2, dealer=1)
    assert (answer["next"]["dealer"], answer["next"]["honba"]) == (1, honba)
    assert answer["deltas"] == [2000, 4000, -8000, 2000]  # the payment is the same


def test_chombo_is_a_deduction_from_the_final_score_under_wrc():
    answer = settle({"kind": "chombo", "seat": 2}, "wrc", scores=[30000] * 4)
    assert answer["deltas"] == [0, 0, 0, 0]
    assert answer["penalties"] == [{"seat": 2, "points": -20}]


# ---- switches off by default -----------------------------------------------------------------


def test_ryanhan_shibari_needs_two_han_from_five_honba():
    rules = {"preset": "mahjongsoul", "ryanhan_shibari": True}
    assert "ryanhan shibari" in error(ron(1, win(2, 1, 30)), rules, honba=5)
    settle(ron(1, win(2, 1, 30)), rules, honba=4)
    settle(ron(1, win(2, 2, 30)), rules, honba=5)
    settle(ron(1, win(2, 1, 30)), "mahjongsoul", honba=5)  # off by default


def test_ryanhan_shibari_does_not_count_dora():
    # Tanyao on a closed wait (1 han) with a dora: 2 han, but only 1 from yaku.
    hand = {"hand": "234567m234p22s345s", "win": "4s", "dora": "1m", "melds": []}
    rules = {"preset": "mahjongsoul", "ryanhan_shibari": True}
    message = error(ron(0, {"seat": 1, "hand": hand}), rules, honba=5)
    assert "has 1" in message


def test_wareme_doubles_what_the_wareme_seat_pays_and_receives():
    rules = {"preset": "mahjongsoul", "wareme": True}
    assert settle(ron(2, win(1, 3, 30)), rules, wareme=2)["deltas"] == [0, 7800, -7800, 0]
    assert settle(ron(2, win(1, 3, 30)), rules, wareme=0)["deltas"] == [0, 3900, -3900, 0]
    assert settle(ron(2, win(1, 3, 30)), "mahjongsoul", wareme=2)["deltas"] == [0, 3900, -3900, 0]


# ---- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"dealer": 4}, '"dealer" must be a seat from 0 to 3'),
        ({"end": ron(5, win(1))}, '"end.from" must be a seat from 0 to 3'),
        ({"end": ron(1, win(1))}, "seat 1 discarded the winning tile"),
        ({"end": ron(1, win(2), win(2))}, "two wins name the same seat"),
        ({"end": ron(1, {"seat": 2, "yakuman": 1}, pao={"seat": 2, "for": 2})},
         "cannot be the winner"),
        ({"end": ron(1, win(2, 3), pao={"seat": 3, "for": 2})}, "pao is for a liable yakuman"),
        ({"end": ron(1, {"seat": 2, "yakuman": 1}, pao={"seat": 3, "for": 0})},
         "did not win this hand"),
        ({"end": {"kind": "draw", "tenpai": [1, 1]}}, '"tenpai" names seat 1 twice'),
        ({"end": {"kind": "draw", "tenpai": [1], "hands": {}}}, "not both"),
        ({"end": {"kind": "draw", "hands": {"1": "123m"}}}, "seat 1's hand: a hand at a draw"),
        ({"scores": [25000, 25000, 25000, 24000]}, "add up to 99000"),
        ({"scores": [25000, 25000, 25000, 24000], "sticks": 2}, "with 2 riichi deposits"),
        ({"scores": [25000, 25000]}, '"scores" must be four whole numbers'),
        ({"riichi": [0, 4]}, '"riichi" must be a seat'),
        ({"scores": [500, 25000, 25000, 49500], "riichi": [0]}, "a riichi needs 1000"),
        ({"end": {"kind": "steal"}}, '"end.kind" must be ron, tsumo'),
        ({"end": {"kind": "chombo"}}, '"end.seat" must be a seat'),
        ({"end": ron(1, win(2, 3, 35))}, '"fu" must be 25 or a multiple of 10'),
        ({"end": ron(1, win(2, 0))}, '"han" must be a whole number from 1'),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"rules": {"preset": "tenhou", "uma": [10, 20, -10, -20]}}, "rule switch 'uma' takes"),
        ({"rules": {"preset": "tenhou", "oka": 5}}, "unknown rule switch 'oka'"),
        ({"end": ron(1, {"seat": 2, "hand": {"hand": "123m", "win": "1m", "seat": "E"}})},
         "seat 2's hand says seat 'E', but at this table it is 'W'"),
        ({"end": {"kind": "tsumo", "win": win(2), "kan_from": 2}}, "cannot be the winner"),
    ],
)  # fmt: skip
def test_it_says_what_is_wrong(request_, message):
    base = {"rules": "mahjongsoul", "scores": EVEN, "dealer": 0, "round": "E",
            "end": ron(1, win(2))}  # fmt: skip
    answer = settle_json(base | request_)
    assert message in answer.get("error", ""), answer


@pytest.mark.parametrize("text", ["[1, 2]", "{", '"x"', "[" * 5000])
def test_it_refuses_json_that_is_not_a_request(text):
    assert "error" in settle_json(text)


@pytest.mark.parametrize(
    "cause, words",
    [
        ("false_win", "declared a win with a hand that is not a winning hand"),
        ("furiten_ron", "won on a discard while furiten"),
        ("false_riichi", "declared riichi with a hand that was not tenpai"),
        ("riichi_kan", "closed kan after riichi"),
        ("wrong_tiles", "more or fewer tiles"),
        ("wall", "knocked the wall over"),
    ],
)
def test_a_chombo_says_why_it_was_called(cause, words):
    answer = settle({"kind": "chombo", "seat": 2, "cause": cause})
    why = [s for s in answer["steps"] if s["kind"] == "chombo_cause"]
    assert len(why) == 1 and words in why[0]["text"] and why[0]["text"].startswith("why: seat 2")
    # the payment is the same whatever the cause
    assert answer["deltas"] == settle({"kind": "chombo", "seat": 2})["deltas"]


def test_a_chombo_without_a_cause_says_none_and_a_bad_cause_is_refused():
    answer = settle({"kind": "chombo", "seat": 2})
    assert not [s for s in answer["steps"] if s["kind"] == "chombo_cause"]
    message = error({"kind": "chombo", "seat": 2, "cause": "rude"})
    assert message.startswith('"end.cause" must be one of false_win, furiten_ron')


def test_a_draw_says_what_declaring_noten_means_and_who_may():
    answer = settle({"kind": "draw", "tenpai": [1]}, riichi=[1])
    said = [s for s in answer["steps"] if s["kind"] == "noten_declared"]
    assert len(said) == 1 and said[0]["numbers"]["seats"] == [0, 2, 3]
    assert "may declare noten even when tenpai" in said[0]["text"]
    assert "a riichi player must show a tenpai hand" in said[0]["text"]
    # all tenpai: nobody declared noten; hands shown: tenpai was worked out, not declared
    assert not [s for s in settle({"kind": "draw", "tenpai": [0, 1, 2, 3]})["steps"]
                if s["kind"] == "noten_declared"]  # fmt: skip
    shown = settle({"kind": "draw", "hands": {"0": "123456789m1122p"}})
    assert not [s for s in shown["steps"] if s["kind"] == "noten_declared"]


@pytest.mark.parametrize(
    "honba, words", [(0, None), (1, "1 100-point stick "), (3, "3 100-point sticks")]
)
def test_the_hand_says_honba_are_shown_with_100_point_sticks(honba, words):
    first = settle({"kind": "draw", "tenpai": []}, honba=honba)["steps"][0]["text"]
    assert (words is not None and words in first) or (words is None and "stick" not in first)
