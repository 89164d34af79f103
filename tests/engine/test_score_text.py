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


def dumped(request: Any, *, explain: bool = False) -> str:
    """What score_text must give: json.dumps of score_json's answer."""
    return json.dumps(score_json(request, explain=explain))


def assert_same(request: dict[str, Any]) -> None:
    text = json.dumps(request)
    expected = dumped(request)
    assert score_text(text) == expected
    assert score_text(text.encode()) == expected
    assert score_text(request) == expected
    assert dumped(json.loads(text)) == expected


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_it_writes_the_brief_answer_of_generated_hands(level, rules):
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


@pytest.mark.parametrize("text", BAD_TEXT)
def test_it_writes_errors_as_score_json_does(text):
    answer = score_text(text)
    assert answer == dumped(text)
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
