"""score_text: JSON text in, the answer's JSON text out, the same to the byte as json.dumps of
score_json's answer, for every kind of hand and every kind of error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import PRESETS, score_json, score_text
from scoring.engine.generate import LEVELS, generate
from scoring.engine.yaku import DORA_NAMES, REGISTRY

HANDS = Path(__file__).parent / "hands"
TEXTBOOK = [
    case["request"]
    for path in sorted(HANDS.glob("*.jsonl"))
    for case in map(json.loads, path.read_text(encoding="utf-8").splitlines())
]


def dumped(request: Any, *, explain: bool = False, ensure_ascii: bool = True) -> str:
    """What score_text must give: json.dumps of score_json's answer."""
    return json.dumps(score_json(request, explain=explain), ensure_ascii=ensure_ascii)


def assert_same(request: dict[str, Any]) -> None:
    """Both answers, brief and explained, are json.dumps's text to the byte."""
    text = json.dumps(request)
    for explain in (False, True):
        expected = dumped(request, explain=explain)
        assert score_text(text, explain=explain) == expected
        assert score_text(text.encode(), explain=explain) == expected
        assert score_text(request, explain=explain) == expected
        assert dumped(json.loads(text), explain=explain) == expected
    # The API's way: not ASCII (the explanation has × and other signs), the same bytes.
    expected = dumped(request, explain=True, ensure_ascii=False)
    assert score_text(text, explain=True, ensure_ascii=False) == expected


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_it_writes_both_answers_of_generated_hands(level, rules):
    for seed in range(200):
        assert_same(generate(seed, level=level, mode="full", rules=rules))


@pytest.mark.parametrize("rules", list(PRESETS))
def test_it_writes_every_limit_kazoe_and_yakuman(rules):
    # The textbook hands have every limit, counted yakuman, double yakuman and rule switch.
    limits, kazoe = set(), False
    for request in TEXTBOOK:
        request = {**request, "rules": request.get("rules", rules)}
        assert_same(request)
        answer = score_json(request, explain=False)
        limits.add(answer.get("limit"))
        kazoe = kazoe or answer.get("kazoe", False)
    assert {None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"} <= limits
    assert "double_yakuman" in limits or rules != "mahjongsoul"
    assert kazoe or rules != "mahjongsoul"


@pytest.mark.parametrize("honba", [0, 1, 4])
@pytest.mark.parametrize("sticks", [0, 2])
@pytest.mark.parametrize("seat", ["E", "S"])
@pytest.mark.parametrize("tsumo", [False, True])
def test_it_writes_honba_deposits_and_each_way_of_paying(honba, sticks, seat, tsumo):
    for request in TEXTBOOK[::3]:
        assert_same({**request, "honba": honba, "sticks": sticks, "seat": seat, "tsumo": tsumo})


BAD_TEXT = [
    "{hand",
    "",
    "null",
    "[1, 2]",
    '"a string"',
    "3",
    b"\xff",
    '{"hand": "123m456p789s11z234s", "win": "5s"}',  # win tile not in the hand
    '{"hand": "12399m456p234678x", "win": "2s"}',  # not a suit letter
    '{"hand": "12399m456p23467s8z", "win": "2s"}',  # not a tile (the message has an en dash)
    '{"hand": "12399m456p345678s", "win": "4s"}',  # no yaku
    '{"hand": "12399m456p234679s", "win": "2s"}',  # not a winning shape
    '{"hand": "12399m456p234678s", "win": "2s", "flags": ["ippatsu"]}',
    '{"hand": "12399m456p234678s", "win": "2s", "rules": "sega"}',
    '{"hand": "12399m456p234678s", "win": "2s", "dora_indicators": "1m"}',
    '{"hand": "12399m456p234678s", "win": "2s", "seat": "東"}',  # echoed back, not ASCII
]


@pytest.mark.parametrize("ascii", [False, True])
@pytest.mark.parametrize("explain", [False, True])
@pytest.mark.parametrize("text", BAD_TEXT)
def test_it_writes_errors_as_score_json_does(text, explain, ascii):
    answer = score_text(text, explain=explain, ensure_ascii=ascii)
    assert answer == dumped(text, explain=explain, ensure_ascii=ascii)
    assert list(json.loads(answer)) == ["error"]


@pytest.mark.parametrize("text", [t for t in BAD_TEXT if t not in ('"a string"', b"\xff")])
def test_errors_are_those_of_the_text_read_first(text):
    # For text that is a JSON object, or no JSON at all, reading it first changes nothing.
    try:
        request = json.loads(text)
    except ValueError:
        request = text
    assert score_text(text) == dumped(request)


def test_a_json_string_is_not_a_request():
    # score_text reads its text once: a JSON string is not an object, even one holding JSON.
    assert json.loads(score_text('"{}"'))["error"].startswith("the request must be a JSON object")


def test_it_writes_the_full_answer_with_explain():
    request = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"], "honba": 1}
    assert score_text(json.dumps(request), explain=True) == dumped(request, explain=True)
    assert score_text("{hand", explain=True) == dumped("{hand", explain=True)


def test_the_brief_answer_keeps_the_keys_in_order():
    answer = json.loads(score_text('{"hand": "123456789m11z234s", "win": "4s", "tsumo": true}'))
    assert list(answer) == [
        "han", "fu", "yaku", "yakuman", "limit", "kazoe", "basic_points", "payments", "honba",
        "deposits", "total", "deltas", "dealer", "tsumo", "rules",
    ]  # fmt: skip


def test_the_brief_answer_is_ascii():
    # So the API, which writes its JSON with ensure_ascii=False, sends the same bytes.
    names = [y.name for y in REGISTRY] + [y.id for y in REGISTRY] + list(DORA_NAMES.values())
    assert all(name.isascii() for name in names)


def test_the_full_answer_writes_every_kind_of_value_as_json_dumps_does():
    # The writer's own cases: nested dicts and lists, escapes, non-ASCII, the integers
    # json.dumps writes as numbers (bool is not one), and what it leaves to json.dumps.
    from scoring.engine.result import value_text

    values = [
        {"a": [1, -2, True, False, None], "東": 1},
        {"b": {"c": 'x"y\\z\n\u00d7東'}, "e": {}, "f": []},
        ("t", 3),
        {1: "non-string key"},
        1.5,
        10**30,
        "",
    ]
    for value in values:
        assert value_text(value) == json.dumps(value)
        assert value_text(value, False) == json.dumps(value, ensure_ascii=False)


def test_the_full_answer_of_a_hand_with_several_readings_and_red_fives():
    # Two readings (one chosen, one noted), red fives shown in the reading, a called meld.
    for request in (
        {"hand": "111222333m789p55s", "win": "3m", "tsumo": True},
        {"hand": "234m067s678s88p", "melds": ["chi 406p"], "win": "8p", "dora": "4m"},
    ):
        text = score_text(request, explain=True)
        assert text == dumped(request, explain=True)
        assert "error" not in json.loads(text)
        assert "\\u00d7" in text  # the payment step's ×, escaped
        assert score_text(request, explain=True, ensure_ascii=False) == dumped(
            request, explain=True, ensure_ascii=False
        )
