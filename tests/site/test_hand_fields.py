"""/hand/ with one field it cannot read: "not scored" and that field's message, never a
result scored with the field quietly reset to its default."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tests.helpers import TANYAO, error_of, get, headline

LONG = "9" * 5000


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("flags", "riichi,bogus", "Unknown flag 'bogus': choose from riichi, double_riichi"),
        ("honba", "-3", "Honba must be 0 or more"),
        ("honba", "abc", "Honba must be a whole number"),
        ("sticks", "100", "Riichi deposits must be 99 or less"),
        ("seat", "X", "Seat wind must be one of E, S, W, N, not 'X'"),
        ("round", "Q", "Round wind must be one of E, S, W, N, not 'Q'"),
        ("tsumo", "2", "ron or tsumo is 0 (ron) or 1 (tsumo), not '2'"),
        ("rules", "nope", "Rules must be one of "),
    ],
)
def test_it_does_not_score_a_hand_with_a_bad_field(
    client: Client, field: str, value: str, words: str
) -> None:
    for headers in ({}, {"HX-Request": "true"}):
        html = get(client, f"{TANYAO}&{field}={value}", **headers)
        assert headline(html) == "Not scored yet"
        assert words in unescape(error_of(html, field))
        assert f'href="#field-{field}"' in html  # the message links to the field
        assert "points</span>" not in html  # no total


def test_it_keeps_a_number_it_could_not_read_in_its_field(client: Client) -> None:
    html = get(client, f"{TANYAO}&honba=-3&sticks=abc")
    assert 'name="honba" size="3" value="-3"' in html
    assert 'name="sticks" size="3" value="abc"' in html


def test_it_scores_the_same_hand_once_the_field_is_right(client: Client) -> None:
    assert "points" in headline(get(client, f"{TANYAO}&honba=3"))


@pytest.mark.parametrize("field", ["hand", "melds", "dora", "flags", "seat", "honba", "rules"])
def test_it_quotes_a_long_value_cut_short(client: Client, field: str) -> None:
    html = get(client, f"{TANYAO}&{field}={LONG}")
    assert "9" * 100 not in html
    assert "Ensure this value" not in html and "Select a valid choice" not in html
    assert error_of(html, field)


def test_it_resets_an_unknown_palette_mode_quietly(client: Client) -> None:
    assert "points" in headline(get(client, f"{TANYAO}&mode=zzz"))
