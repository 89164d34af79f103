"""Requests in, answers out: every bad request gets one clear message, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import ScoringError, parse_request, score, score_json
from scoring.engine.request import DEFAULTS

GOOD = {"hand": "12399m456p234678s", "win": "2s"}

# (what is wrong, the request's changes, a piece of the message)
BAD = [
    ("not JSON", "{hand", "not valid JSON"),
    ("not an object", "[1, 2]", "must be a JSON object"),
    ("no hand", {"hand": None}, 'needs a "hand"'),
    ("no win", {"win": None}, 'needs a "win"'),
    ("unknown field", {"dora_indicators": "1m"}, "unknown field 'dora_indicators'"),
    ("hand not a string", {"hand": 123}, '"hand" must be a string'),
    ("bad suit letter", {"hand": "12399m456p234678x"}, "'x' is not a suit letter"),
    ("no suit letter", {"hand": "12399m456p234678"}, "have no suit letter"),
    ("honour 8z", {"hand": "12399m456p23467s8z"}, "8z is not a tile"),
    ("too few tiles", {"hand": "12399m456p23467s"}, "the hand has 13 tiles, but with 0 melds"),
    ("tiles for melds", {"melds": ["pon 111z"]}, "with 1 meld it needs 11"),
    ("win not in hand", {"win": "5s"}, "win tile 5s is not in the hand"),
    ("red win tile", {"hand": "12399m406p234678s", "win": "5p"}, "the hand has 0p"),
    ("two win tiles", {"win": "2s3s"}, "exactly one tile"),
    ("fifth tile", {"hand": "11111999m456p234s"}, "there are 5 of 1m"),
    ("sixth 5m", {"hand": "55555099m456p234s"}, "there are 6 of 5m"),
    ("fifth via indicator", {"hand": "11199m456p234678s", "dora": "1m1m"}, "5 of 1m"),
    ("two red 5m", {"hand": "12300m456p234678s", "win": "2s"}, "2 red 5m"),
    ("chi not a run", {"hand": "99m456p234678s", "melds": ["chi 135m"]}, "a chi is three consec"),
    ("pon not a triplet", {"hand": "99m456p234678s", "melds": ["pon 123m"]}, "3 of the same"),
    ("kan size", {"hand": "99m456p234678s", "melds": ["kan 111m"]}, "a kan has 4 tiles"),
    ("ankan size", {"hand": "99m456p234678s", "melds": ["ankan 999p"]}, "an ankan has 4 tiles"),
    ("meld kind", {"hand": "99m456p234678s", "melds": ["chow 123m"]}, "start with chi, pon"),
    ("not a win", {"hand": "12399m456p234679s"}, "not a winning shape"),
    ("no yaku", {"hand": "12399m456p345678s", "win": "4s"}, "no yaku"),
    ("dora is not a yaku", {"hand": "12399m456p345678s", "win": "4s", "dora": "3s"}, "no yaku"),
    ("ippatsu alone", {"flags": ["ippatsu"]}, "ippatsu needs riichi"),
    ("rinshan without kan", {"flags": ["rinshan"], "tsumo": True}, "rinshan needs a kan"),
    ("chankan tsumo", {"flags": ["chankan"], "tsumo": True}, "chankan robs"),
    ("haitei ron", {"flags": ["haitei"]}, "haitei is the last tile drawn"),
    ("houtei tsumo", {"flags": ["houtei"], "tsumo": True}, "houtei is the last discard"),
    ("tenhou non-dealer", {"flags": ["tenhou"], "tsumo": True}, "tenhou is only for the dealer"),
    ("chiihou dealer", {"flags": ["chiihou"], "tsumo": True, "seat": "E"}, "chiihou is only"),
    (
        "riichi open",
        {"hand": "99m456p234678s", "melds": ["chi 123m"], "flags": ["riichi"]},
        "riichi needs a closed hand",
    ),
    ("both riichi", {"flags": ["riichi", "double_riichi"]}, "double_riichi already"),
    ("unknown flag", {"flags": ["nagashi"]}, "unknown flag 'nagashi'"),
    ("bad seat", {"seat": "X"}, '"seat" must be one of E, S, W, N'),
    ("negative honba", {"honba": -1}, '"honba" must be a whole number'),
    ("honba over 99", {"honba": 100}, '"honba" must be a whole number from 0 to 99, not 100'),
    ("4,299-digit sticks", {"sticks": int("9" * 4299)}, "from 0 to 99, not 99999999999999999..."),
    ("wide digits", {"hand": "１2399m456p234678s"}, "'１' is not a digit 0–9"),
    ("nested JSON", "[" * 100_000, "not valid JSON (nested too deeply)"),
    ("chankan, win tile held", {"flags": ["chankan"], "dora": "2s"}, "shows 2 2s across"),
    ("chankan houtei", {"flags": ["chankan", "houtei"]}, "houtei wins the last discard: not both"),
    (
        "ippatsu rinshan",
        {
            "hand": "123m456p789s55s",
            "win": "1m",
            "melds": ["ankan 1111p"],
            "tsumo": True,
            "flags": ["riichi", "ippatsu", "rinshan"],
        },
        "declaring the kan ended the ippatsu",
    ),
    ("tenhou riichi", {"flags": ["tenhou", "riichi"], "tsumo": True, "seat": "E"}, "before any"),
    ("tsumo not bool", {"tsumo": "yes"}, '"tsumo" must be true or false'),
    ("unknown preset", {"rules": "sega"}, "unknown rules preset 'sega'"),
    ("unknown switch", {"rules": {"preset": "tenhou", "akadora": True}}, "unknown rule switch"),
    ("bad switch value", {"rules": {"double_wind_fu": 3}}, "takes 4 or 2"),
]


def request_for(change: object) -> object:
    if not isinstance(change, dict):
        return change
    merged = {**GOOD, **change}
    return {k: v for k, v in merged.items() if v is not None}


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_it_explains_what_is_wrong(what, change, message):
    request = request_for(change)
    with pytest.raises(ScoringError) as info:
        score(request)
    assert message in str(info.value)
    assert score_json(request) == {"error": str(info.value)}


@pytest.mark.parametrize("garbage", [None, 3, [], "", "null", b"\xff", {"hand": ["1m"]}])
def test_it_never_raises_from_score_json(garbage):
    assert "error" in score_json(garbage)


def test_it_fills_in_the_defaults():
    answer = score_json(GOOD)
    assert answer["dealer"] is False and answer["tsumo"] is False
    assert answer["rules"]["preset"] == "mahjongsoul"


def test_it_takes_json_text_and_a_rules_override():
    answer = score(json.dumps({**GOOD, "rules": "mahjongsoul"}), rules="tenhou")
    assert answer.to_json()["rules"]["preset"] == "tenhou"


def test_it_answers_in_the_contract_shape():
    answer = score_json({**GOOD, "flags": ["riichi"], "dora": "1z", "sticks": 1})
    assert set(answer) == {
        "han", "fu", "yaku", "yakuman", "limit", "kazoe", "basic_points", "payments", "honba",
        "deposits", "total", "deltas", "dealer", "tsumo", "reading", "fu_items", "dora",
        "readings", "rules", "steps",
    }  # fmt: skip
    assert answer["deltas"] == [answer["total"], -2000, 0, 0]
    assert answer["readings"][0]["chosen"] is True
    assert answer["dora"] == [{"kind": "dora", "indicator": "1z", "tile": "2z", "count": 0}]
    assert {g["kind"] for g in answer["reading"]["groups"]} == {"sequence", "pair"}
    kinds = [s["kind"] for s in answer["steps"]]
    assert kinds[:2] == ["reading", "yaku"] and kinds[-2:] == ["total", "readings"]


def test_it_shows_red_fives_in_the_reading():
    answer = score_json({"hand": "12399m406p234678s", "win": "2s"})
    assert "406p" in [g["tiles"] for g in answer["reading"]["groups"]]


def test_the_engine_never_imports_django():
    code = "import sys, scoring.engine; print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text("0123456789mpszESWN ,", max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["hand", "win", "melds", "tsumo", "seat", "round", "dora", "ura", "flags", "honba",
          "sticks", "rules"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES))
def test_it_answers_any_json_with_a_score_or_a_message(changes):
    answer = score_json({**GOOD, **changes})
    assert isinstance(answer, dict)
    if "error" in answer:
        assert isinstance(answer["error"], str) and answer["error"]


TILE_NAMES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
MELDS = ["chi 123m", "chi 406p", "pon 777z", "pon 505s", "kan 1111s", "ankan 9999p", "kan 5550m"]
FLAG_NAMES = ["riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
              "tenhou", "chiihou"]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(TILE_NAMES), min_size=1, max_size=14),
    st.lists(st.sampled_from(MELDS), max_size=4),
    st.lists(st.sampled_from(FLAG_NAMES), max_size=3, unique=True),
    st.booleans(),
    st.sampled_from(["mahjongsoul", "tenhou", "wrc", "ema", "mleague"]),
)
def test_it_answers_any_tiles_with_a_score_or_a_message(hand, melds, flags, tsumo, rules):
    request = {"hand": "".join(hand), "win": hand[0], "melds": melds, "flags": flags,
               "tsumo": tsumo, "rules": rules, "seat": "E"}  # fmt: skip
    answer = score_json(request)
    assert ("error" in answer) or answer["total"] > 0


def test_the_steps_follow_the_scored_reading_in_order():
    answer = score_json(
        {**GOOD, "flags": ["riichi"], "dora": "8m", "ura": "1p", "honba": 1, "sticks": 2}
    )
    kinds = [s["kind"] for s in answer["steps"]]
    assert kinds == [
        "reading", "yaku", "yaku", "dora", "dora", "han", "fu", "fu", "fu_total", "fu_rounding",
        "basic_points", "payment", "honba", "deposits", "total", "readings",
    ]  # fmt: skip
    fu_steps = [s["numbers"]["fu"] for s in answer["steps"] if s["kind"] == "fu"]
    assert fu_steps == [i["fu"] for i in answer["fu_items"]]
    # riichi + pinfu + two dora (9m 9m); the ura indicator 1p points at 2p, not in the hand.
    assert answer["han"] == 4 and answer["fu"] == 30
    assert answer["payments"] == {"ron": 7700 + 300} and answer["total"] == 8000 + 2000


def test_a_brief_answer_builds_no_steps(monkeypatch):
    def no_steps(*args):
        raise AssertionError("a brief answer must not build the steps")

    monkeypatch.setattr("scoring.engine.result.hand_steps", no_steps)
    request = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}
    brief = score_json(request, explain=False)
    assert brief["total"] == 5200
    assert list(brief) == [
        "han", "fu", "yaku", "yakuman", "limit", "kazoe", "basic_points", "payments", "honba",
        "deposits", "total", "deltas", "dealer", "tsumo", "rules",
    ]  # fmt: skip


def test_the_brief_answer_is_the_full_answers_facts():
    request = {"hand": "33344405577799s", "win": "4s", "tsumo": True, "dora": "2s6s"}
    brief, full = score_json(request, explain=False), score_json(request)
    assert brief == {key: full[key] for key in brief}


def test_it_says_why_a_real_yakuman_beats_a_kazoe_of_equal_value():
    # 345s 345s 345s 777s 99s is a 15-han kazoe, 333s 444s 555s 777s 99s suuankou: both 32000.
    answer = score_json({"hand": "33344405577799s", "win": "4s", "tsumo": True, "dora": "2s6s"})
    chosen, other = answer["readings"]
    assert chosen["chosen"] and (chosen["han"], chosen["points"]) == (13, 32000)
    assert (other["han"], other["points"]) == (15, 32000)
    assert other["why"] == "same points, but a real yakuman ranks above a counted (kazoe) one"


def test_a_missing_field_is_its_default():
    given_all = parse_request({**DEFAULTS, **GOOD})
    assert parse_request(GOOD) == given_all
    assert given_all.melds == () and given_all.flags == frozenset()


def test_it_takes_a_lone_string_for_melds_and_flags():
    two = {"hand": "99m456p234s", "win": "2s", "melds": "ankan 7777z, ankan 1111m"}
    request = parse_request({**two, "flags": "riichi, ippatsu"})
    assert [m.text() for m in request.melds] == ["ankan 7777z", "ankan 1111m"]
    assert request.flags == {"riichi", "ippatsu"}
    one = {"hand": "99m456p234678s", "win": "2s", "melds": "pon 777z", "flags": "haitei"}
    assert [m.text() for m in parse_request({**one, "tsumo": True}).melds] == ["pon 777z"]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        # The first problem in the order the fields are read: rules, hand, melds, flags, win,
        # tsumo, seat, round, dora, ura, honba, sticks; then the tiles, then the flags.
        ({"rules": "sega", "hand": 1, "win": 2}, "unknown rules preset"),
        ({"hand": "12x", "melds": ["chow 123m"]}, "'x' is not a suit letter"),
        ({"melds": ["chow 123m"], "flags": ["nagashi"]}, "start with chi"),
        ({"flags": ["nagashi"], "win": "5x"}, "unknown flag"),
        ({"win": "5x", "tsumo": "yes"}, "'x' is not a suit letter"),
        ({"tsumo": "yes", "seat": "X"}, '"tsumo" must be'),
        ({"seat": "X", "round": "X"}, '"seat" must be'),
        ({"round": "X", "dora": 1}, '"round" must be'),
        ({"dora": 1, "ura": 1}, '"dora" must be'),
        ({"ura": "8z", "honba": -1}, "ura '8z': 8z is not a tile"),
        ({"honba": -1, "sticks": -1}, '"honba" must be'),
        ({"sticks": True, "hand": "123m"}, '"sticks" must be'),
        ({"hand": "123m", "win": "5s"}, "the hand has 3 tiles"),
        ({"win": "5s", "dora": "1m1m1m1m1m1m"}, "win tile 5s"),
        ({"dora": "1m1m1m1m1m1m", "hand": "11111999m456p234s"}, "6 dora indicators"),
        ({"hand": "11111999m456p234s", "flags": ["ippatsu"]}, "there are 5 of 1m"),
        ({"hand": "99m456p234678s", "melds": ["pon 999m"], "ura": "9m"}, "there are 6 of 9m"),
        ({"hand": "12300m456p234678s", "win": "2s", "flags": ["ippatsu"]}, "2 red 5m"),
        ({"hand": "99m456p234678s", "melds": ["chi 406p"], "dora": "0p"}, "2 red 5p"),
        ({"hand": "99m456p234678s", "melds": ["chi 406p"], "flags": ["riichi"]}, "closed hand"),
    ],
)
def test_it_reports_the_first_problem(request_, message):
    with pytest.raises(ScoringError) as info:
        parse_request({**GOOD, **request_})
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("sticks", "text"),
    [
        (1, "1 riichi deposit on the table: +1000 to the winner"),
        (2, "2 riichi deposits on the table: +2000 to the winner"),
    ],
)
def test_it_says_the_deposits_in_words(sticks, text):
    result = score({**GOOD, "flags": ["riichi"], "sticks": sticks})
    assert [s.text for s in result.steps if s.kind == "deposits"] == [text]
