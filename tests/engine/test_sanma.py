"""Three players (sanma): the presets and switches, a three-player hand's checks, dora and
nukidora, its payments (tsumo loss or the North's share split, honba between three), every
end settled between three, and the final standings; the words of each in both languages.

The whole games the Tenhou server recorded are in tests/gamelog/test_sanma_games.py; these are
the rules one at a time, including those the records do not show (no tsumo loss, North as a
value tile, pao, chombo, Mahjong Soul's table)."""

from __future__ import annotations

import pytest

from scoring.engine import ScoringError, score, score_json, settle
from scoring.engine.final import final_json
from scoring.engine.game import Entry, replay
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import (
    PRESETS,
    SANMA_PRESETS,
    SWITCHES,
    get_table_rules,
    parse_rules,
    parse_table_rules,
)
from scoring.engine.words import language

TENHOU3 = "tenhou_sanma"
SOUL3 = "mahjongsoul_sanma"
# riichi, 111m 999p triplets, 123s 456s runs, a pair of red dragons: won on 7z
HAND = {"hand": "111m999p123456s77z", "win": "7z", "flags": ["riichi"], "rules": TENHOU3}


def hand(**changes):
    return {**HAND, **changes}


def error_of(request) -> str:
    with pytest.raises(ScoringError) as caught:
        score(request)
    return str(caught.value)


def test_the_three_player_presets_and_their_switches():
    assert set(SANMA_PRESETS) == {TENHOU3, SOUL3} and not set(SANMA_PRESETS) & set(PRESETS)
    for name in SANMA_PRESETS:
        rules, table = parse_table_rules(name)
        assert rules.players == table.players == 3
        assert (table.start, table.target, table.oka, table.total) == (35000, 40000, 15000, 105000)
        assert set(rules.switches()) == set(SWITCHES)
    assert get_table_rules(TENHOU3).uma == (20, 0, -20) and get_table_rules(SOUL3).uma == (
        15,
        0,
        -15,
    )
    assert parse_rules({"preset": TENHOU3, "tsumo_loss": False}).tsumo_loss is False


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            {"preset": "tenhou", "tsumo_loss": False},
            "rule switch 'tsumo_loss' is for three players",
        ),
        ({"preset": "wrc", "nukidora": False}, "choose a three-player preset (tenhou_sanma"),
        ({"preset": TENHOU3, "uma": [20, 10, -10, -20]}, "three players need three uma"),
        ({"preset": "tenhou", "uma": [20, 0, -20]}, "takes four whole numbers"),
    ],
)
def test_three_player_rules_refuse_what_does_not_fit(rules, message):
    with pytest.raises(ScoringError, match=message.replace("(", r"\(")):
        parse_table_rules(rules)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hand": "234m999p123456s77z", "win": "7z"}, "2m is not in a three-player set"),
        ({"hand": "111m999p406s123s77z", "dora": "0m"}, "5m is not in a three-player set"),
        ({"hand": "999p123456s77z", "melds": ["chi 123p"], "flags": []}, "there is no chi"),
        ({"seat": "N"}, "there is no North seat"),
        ({"round": "N"}, "no North round"),
        ({"kita": 5}, '"kita" must be a whole number from 0 to 4'),
        ({"kita": "2"}, '"kita" must be a whole number from 0 to 4'),
        ({"hand": "111m999p123s444z77z", "win": "7z", "kita": 2}, "there are 5 Norths"),
        ({"flags": ["riichi", "rinshan"], "tsumo": True}, "rinshan needs a kan among the melds or"),
        ({"flags": ["tenhou"], "tsumo": True, "seat": "E", "kita": 1}, "before any North is set"),
        ({"kita": 1, "rules": "tenhou"}, '"kita" is the Norths set aside as nukidora'),
        ({"kita": 1, "rules": {"preset": TENHOU3, "nukidora": False}}, "these rules have none"),
    ],
)
def test_a_three_player_hand_is_checked_against_the_set_and_the_table(changes, message):
    assert message in error_of(hand(**changes))


def test_one_m_points_at_nine_m_and_each_north_set_aside_is_a_dora():
    # dora indicators 1m (→ 9m) and West (→ North): the 9m are not in the hand, one North is set
    # aside: 1 han of nukidora and 1 of dora for it.
    result = score(hand(dora="1m 3z", kita=1, tsumo=True))
    yaku = {y.id: y.han for y in result.yaku}
    assert yaku == {"riichi": 1, "menzen_tsumo": 1, "dora": 1, "nukidora": 1}
    dora = [h.to_json() for h in result.dora.hits]
    assert dora[0]["tile"] == "9m" and dora[1] == {
        "kind": "dora", "indicator": "3z", "tile": "4z", "count": 1, "kita": 1
    }  # fmt: skip
    # 9m points at 1m: three of them
    assert {y.id: y.han for y in score(hand(dora="9m")).yaku}["dora"] == 3
    # the same indicators at four players: 1m points at 2m
    four = score({**hand(dora="1m"), "rules": "tenhou"})
    assert "dora" not in {y.id for y in four.yaku}


def test_a_win_on_the_norths_replacement_tile_is_rinshan():
    result = score(hand(flags=["riichi", "rinshan"], tsumo=True, kita=1))
    assert "rinshan" in {y.id for y in result.yaku}


def test_north_is_a_guest_wind_unless_the_rules_make_it_a_value_tile():
    # a closed triplet of North, and a pair of North under pinfu's shape
    triplet = {"hand": "111m999p123s444z77z", "win": "7z", "flags": ["riichi"]}
    guest = score({**triplet, "rules": TENHOU3})
    valued = score({**triplet, "rules": {"preset": TENHOU3, "north_value": True}})
    assert "yakuhai_north" not in {y.id for y in guest.yaku}
    assert valued.han == guest.han + 1 and "yakuhai_north" in {y.id for y in valued.yaku}
    pinfu = {"hand": "123p456p789p234s44z", "win": "4s", "flags": ["riichi"]}
    plain, north = (
        score({**pinfu, "rules": {"preset": TENHOU3, "north_value": v}}) for v in (False, True)
    )
    assert "pinfu" in {y.id for y in plain.yaku} and "pinfu" not in {y.id for y in north.yaku}
    assert any(i.fu == 2 and "North" in i.reason for i in north.best.fu_items)
    with language("ja"):
        assert "役牌（北）" in [y.name for y in valued.yaku]


# (han, fu, dealer, tsumo, honba, rules) → what each payer pays, honba included
PAYMENTS = [
    (5, 0, False, True, 0, TENHOU3, {"dealer": 4000, "non_dealer": 2000}, 6000),
    (5, 0, True, True, 0, TENHOU3, {"each": 4000}, 8000),
    (1, 30, False, True, 0, TENHOU3, {"dealer": 500, "non_dealer": 300}, 800),
    (3, 30, False, False, 0, TENHOU3, {"ron": 3900}, 3900),
    (3, 30, False, False, 2, TENHOU3, {"ron": 4300}, 4300),  # 200 a counter for a ron
    (3, 30, False, True, 2, TENHOU3, {"dealer": 2200, "non_dealer": 1200}, 3400),
    (13, 0, False, True, 0, TENHOU3, {"dealer": 16000, "non_dealer": 8000}, 24000),
    # the North's share split: each payer adds half of what the North would pay, rounded up
    (5, 0, False, True, 0, "split", {"dealer": 5000, "non_dealer": 3000}, 8000),
    (5, 0, True, True, 0, "split", {"each": 6000}, 12000),
    (1, 30, False, True, 1, "split", {"dealer": 800, "non_dealer": 600}, 1400),
]


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "honba", "rules", "pays", "total"), PAYMENTS
)
def test_three_player_payments(han, fu, dealer, tsumo, honba, rules, pays, total):
    rule_set = parse_rules({"preset": TENHOU3, "tsumo_loss": False} if rules == "split" else rules)
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, rules=rule_set)
    assert s.payments == pays and s.total == total and len(s.deltas) == 3
    assert sum(s.deltas) == 0


def test_the_explanation_says_what_tsumo_loss_took_and_where_the_north_went():
    loss = score_json(hand(tsumo=True, kita=2))
    texts = [s["text"] for s in loss["steps"]]
    assert "2 Norths set aside (nukidora): 2 han" in texts
    assert any("no North seat pays, so the tsumo brings 2000 less than at four" in t for t in texts)
    split = score_json(hand(tsumo=True, kita=2, rules={"preset": TENHOU3, "tsumo_loss": False}))
    said = " ".join(s["text"] for s in split["steps"])
    assert "the North seat's share (2000) is split between the two payers, each adding 1000" in said
    assert "the other non-dealer pays" in said
    with language("ja"):
        ja = " ".join(s["text"] for s in score_json(hand(tsumo=True, kita=2))["steps"])
    assert "抜きドラ（北抜き）2枚：2翻" in ja and "ツモ損" in ja


def table(end, **changes):
    request = {"rules": TENHOU3, "scores": [35000] * 3, "dealer": 0, "end": end}
    return settle_json({**request, **changes})


def test_every_end_is_settled_between_three():
    # one tenpai gets 1000 from each of the two others; two tenpai get 1000 each from one
    assert table({"kind": "draw", "tenpai": [1]})["deltas"] == [-1000, 2000, -1000]
    assert table({"kind": "draw", "tenpai": [0, 2]})["deltas"] == [1000, -2000, 1000]
    assert table({"kind": "draw", "tenpai": [0, 1, 2]})["deltas"] == [0, 0, 0]
    # double ron: honba (200 a counter) and deposits to the first winner from the discarder
    two = table({"kind": "ron", "from": 0, "wins": [{"seat": 2, "han": 1, "fu": 30},
                                                    {"seat": 1, "han": 1, "fu": 30}]},
                honba=1, sticks=1, scores=[35000, 35000, 34000])  # fmt: skip
    assert two["deltas"] == [-2200, 2200, 1000] and two["next"]["dealer"] == 1
    # chombo by a non-dealer: 4000 to the dealer, 2000 to the other player
    assert table({"kind": "chombo", "seat": 1})["deltas"] == [4000, -6000, 2000]
    # a dealer's nagashi mangan: 4000 from each
    assert table({"kind": "draw", "tenpai": [], "nagashi": [0]})["deltas"] == [8000, -4000, -4000]
    # pao: a tsumo yakuman of seat 1, liable seat 2: it pays the whole value, as if it dealt in
    pao = table({"kind": "tsumo", "win": {"seat": 1, "yakuman": 1}, "pao": {"seat": 2}})
    assert pao["deltas"] == [0, 32000, -32000]
    # nine terminals aborts; three rons cannot happen; seat 3 is no seat
    assert table({"kind": "abortive", "reason": "nine_terminals"})["deltas"] == [0, 0, 0]
    assert "four_winds" in table({"kind": "abortive", "reason": "four_winds"})["error"]
    assert "from 0 to 2 at a three-player table" in table({"kind": "chombo", "seat": 3})["error"]
    assert "three whole numbers" in table({"kind": "draw"}, scores=[25000] * 4)["error"]


def test_a_tsumo_settled_at_the_table_says_its_tsumo_loss_in_both_languages():
    end = {"kind": "tsumo", "win": {"seat": 1, "han": 5, "fu": 30}}
    out = table(end, honba=1)
    assert out["deltas"] == [-4100, 6200, -2100]
    assert any(s["kind"] == "north" and "2000 less" in s["text"] for s in out["steps"])
    with language("ja"):
        said = " ".join(s["text"] for s in table(end)["steps"])
    assert "ツモ損" in said


def test_final_points_between_three_round_half_up_away_from_zero():
    # 71,500 first: 72 − 40 + oka 15 + uma 20; 35,000: −5; −1,500: −2 thousand, − 40, − 20
    out = final_json({"rules": TENHOU3, "scores": [71500, 35000, -1500]})
    assert out["points"] == [67.0, -5.0, -62.0]
    soul = final_json({"rules": SOUL3, "scores": [51500, 36200, 17300]})
    # toward zero (−3.8 is −3, −22.7 is −22), uma 15/0/−15; first takes what that leaves: 40
    assert soul["points"] == [40.0, -3.0, -37.0]
    assert "three seats" in final_json({"rules": TENHOU3, "scores": [35000] * 3,
                                        "seat_order": [0, 1]})["error"]  # fmt: skip


def test_a_three_player_game_goes_round_the_three_seats_and_into_west():
    rules, table_rules = parse_table_rules(TENHOU3)
    draws = [Entry((), {"kind": "draw", "tenpai": []})] * 6  # every dealer noten: E1–E3, S1–S3
    game = replay(draws, rules=rules, table_rules=table_rules, length="hanchan")
    assert [h.state.name for h in game.hands][2:4] == ["East 3, 2 honba", "South 1, 3 honba"]
    assert not game.over and game.extension and game.state.round == "W"  # nobody has 40,000
    win = Entry((), {"kind": "ron", "from": 1, "wins": [{"seat": 0, "han": 5, "fu": 30}]})
    after = replay([*draws, win], rules=rules, table_rules=table_rules, length="hanchan")
    # seat 0 deals West 1: a dealer's mangan, 12,000, and 6 honba at 200 a counter
    assert after.over and after.scores == (48200, 21800, 35000)
    assert after.final().points == (43.0, -38.0, -5.0)  # 48 − 40 + 15 + 20; 22 − 40 − 20
