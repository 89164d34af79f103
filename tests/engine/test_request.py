"""The request's edge: JSON text read as json.loads reads it, and the checked Request a value."""

from __future__ import annotations

import json

import pytest

from scoring.engine import ScoringError, parse_request
from scoring.engine.request import load_object

HAND = '{"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}'


@pytest.mark.parametrize(
    "text",
    [
        HAND,
        f"  {HAND}\n",  # whitespace around it
        HAND + "x",  # something after the object
        HAND + HAND,  # two objects
        '{"hand": NaN}',  # json.loads's own extensions
        '{"hand": "1m", "hand": "2m"}',  # a key twice: the last one wins
        '{"hand": "\\u00e9"}',
        "{",
        '{"hand": }',
        "{" * 100_000,
        "[1, 2]",
        '"text"',
        "",
    ],
)
def test_it_reads_json_text_as_json_loads_does(text):
    try:
        expected = json.loads(text)
    except ValueError:
        expected = None
    except RecursionError:
        expected = None
    if not isinstance(expected, dict):
        with pytest.raises(ScoringError, match="not valid JSON|must be a JSON object"):
            load_object(text)
        return
    assert json.dumps(load_object(text)) == json.dumps(expected)  # NaN is not equal to itself


def test_it_says_what_json_loads_says_about_trailing_text():
    with pytest.raises(ScoringError) as info:
        parse_request(HAND + "x")
    assert "Extra data: line 1 column 64 (char 63)" in str(info.value)


def test_a_request_is_a_value_compared_by_its_fields():
    first, second = parse_request(HAND), parse_request(json.loads(HAND))
    other = parse_request({**json.loads(HAND), "honba": 1})
    assert first == second and hash(first) == hash(second)
    assert first != other
    assert repr(first).startswith("Request(hand=('1m', '2m', '3m'")
    assert first.dealer is False and first.riichi is True


def test_a_request_keeps_the_hands_counts_suit_by_suit():
    req = parse_request({"hand": "406p123456789m11z", "win": "1z", "melds": []})
    assert req.hand_suits == (
        req.hand_counts[0:9],
        req.hand_counts[9:18],
        req.hand_counts[18:27],
        req.hand_counts[27:34],
    )
