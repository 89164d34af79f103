"""MPSZ notation both ways, red fives, and dora from an indicator."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import ScoringError, dora_from_indicator, format_tiles, parse_tiles, tile_name
from scoring.engine.tiles import TILE_INDEX, counts_of, names_and_counts, tile_names

NAMES = sorted(TILE_INDEX)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("406p", ["4p", "0p", "6p"]),
        ("11z 77z", ["1z", "1z", "7z", "7z"]),
        ("1m1p1s1z", ["1m", "1p", "1s", "1z"]),
        ("", []),
    ],
)
def test_it_parses_mpsz(text, names):
    assert parse_tiles(text) == names


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123", "have no suit letter"),
        ("m", "has no digits before it"),
        ("12x", "'x' is not a suit letter"),
        ("8z", "8z is not a tile (honours are 1z–7z)"),
        ("0z", "0z is not a tile"),
    ],
)
def test_it_says_what_is_wrong_with_bad_notation(text, message):
    with pytest.raises(ScoringError) as info:
        parse_tiles(text)
    assert message in str(info.value)


@given(st.lists(st.sampled_from(NAMES), max_size=14))
def test_format_and_parse_round_trip(names):
    assert parse_tiles(format_tiles(names)) == names


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("0m", "6m"),
        ("0s", "6s"),
        ("1z", "2z"),
        ("4z", "1z"),
        ("5z", "6z"),
        ("7z", "5z"),
    ],
)
def test_it_finds_the_dora_an_indicator_points_at(indicator, dora):
    assert tile_name(dora_from_indicator(indicator)) == dora


TEXT_PIECES = st.lists(
    st.sampled_from(["1", "5", "0", "9", "8", "m", "p", "s", "z", " ", "x", "123m", "0p", "77z"]),
    max_size=8,
)


@given(TEXT_PIECES)
def test_names_and_counts_agree_with_tile_names(pieces):
    # Any text, well formed or not: the same names and counts, or the same message.
    text = "".join(pieces)
    try:
        names = tile_names(text, what="hand")
    except ScoringError as e:
        with pytest.raises(ScoringError) as info:
            names_and_counts(text, what="hand")
        assert str(info.value) == str(e)
        return
    counts = tuple(counts_of(TILE_INDEX[n] for n in names))
    suits = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    assert names_and_counts(text, what="hand") == (names, counts, max(counts), suits)


@pytest.mark.parametrize("text", ["123m456p789s11z", "11z 123m", "1m2p3m", "0m55m", "", "9999p"])
def test_names_and_counts_of_a_hand(text):
    names = tile_names(text)
    counts = tuple(counts_of(TILE_INDEX[n] for n in names))
    suits = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    assert names_and_counts(text) == (names, counts, max(counts), suits)
