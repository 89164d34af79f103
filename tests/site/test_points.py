"""The payment calculator: four score changes, winner first, largest payment next."""

import json
import re

import pytest

from scoring import cli
from tests.helpers import HX, is_full_page, text_of


def deltas(response) -> str:
    text = text_of(response)
    start = text.index("Result") + len("Result")
    return text[start:].split(" Winner")[0].strip()


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        # 24 fu → 30; 30 × 2^6 = 1920; × 2 = 3840 → 3900 from each of three.
        ("han=4&fu=24&dealer=1&tsumo=1", "+11700 / −3900 / −3900 / −3900"),
        # 25 × 2^5 = 800; × 6 = 4800 from the discarder.
        ("han=3&fu=25&dealer=1&tsumo=0", "+4800 / −4800 / 0 / 0"),
        # 2560 is over the cap: 2000 basic points; 4000 from the dealer, 2000 from each other.
        ("han=4&fu=40&dealer=0&tsumo=1", "+8000 / −4000 / −2000 / −2000"),
        # 22 fu → 30; 240: 500 from the dealer, 300 from each non-dealer.
        ("han=1&fu=22&dealer=0&tsumo=1", "+1100 / −500 / −300 / −300"),
        # 5 han needs no fu: a mangan, 8000.
        ("han=5&fu=&dealer=0&tsumo=0", "+8000 / −8000 / 0 / 0"),
        # 13 han is a counted yakuman by default, a sanbaiman under the WRC's rules.
        ("han=13&fu=130&dealer=1", "+48000 / −48000 / 0 / 0"),
        ("han=13&fu=30&dealer=1&rules=wrc", "+36000 / −36000 / 0 / 0"),
        # 2 honba and a deposit: 3900 + 600 from the discarder, + 1000 from the table.
        ("han=3&fu=30&honba=2&sticks=1", "+5500 / −4500 / 0 / 0"),
    ],
)
def test_it_shows_the_four_score_changes(client, query, shown):
    assert deltas(client.get(f"/points/?{query}")) == shown


def test_it_says_who_pays_what(client):
    text = text_of(client.get("/points/?han=3&fu=30&tsumo=1&sticks=1"))
    assert "The dealer pays 2000." in text
    assert "Each of the other two non-dealers pays 1000." in text
    assert "The winner also takes the riichi deposits: 1000." in text
    assert "Winner +5000 Dealer −2000 Non-dealer −1000 Non-dealer −1000" in text


def test_it_shows_the_derivation(client):
    text = text_of(client.get("/points/?han=4&fu=24&dealer=1&tsumo=1"))
    assert "24 fu rounds up to 30 fu" in text
    assert "30 × 2^6 = 1920" in text
    assert "1920 × 2 = 3840, rounded up to 3900" in text


def test_it_starts_with_an_example(client):
    response = client.get("/points/")
    assert response.status_code == 200
    assert deltas(response) == "+7700 / −7700 / 0 / 0"  # 4 han 30 fu: 1920 × 4 = 7680


def test_it_keeps_the_calculation_in_the_link(client):
    html = client.get("/points/?han=2&fu=40&dealer=1&rules=ema").content.decode()
    assert (
        'href="/points/?rules=ema&amp;honba=0&amp;sticks=0&amp;han=2&amp;fu=40&amp;dealer=1' in html
    )
    assert 'value="ema" selected' in html


def test_it_renders_the_result_alone_for_htmx(client):
    full = client.get("/points/?han=2&fu=30")
    part = client.get("/points/?han=2&fu=30", **HX)
    assert is_full_page(full) and not is_full_page(part)
    assert b"<form" not in part.content
    assert deltas(part) == "+2000 / −2000 / 0 / 0"  # 480 × 4 = 1920 → 2000
    assert "HX-Request" in part["Vary"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("han=3&fu=21", "fu must be 25 or an even number from 20 to 130, not 21"),
        ("han=0&fu=30", "han must be at least 1"),
        ("han=three&fu=30", "han must be a whole number from 1 to 13"),
        ("han=3&fu=thirty", "fu must be a whole number"),
        ("han=14&fu=30", "13 stands for 13 or more"),
        ("han=2&fu=120", "fu is at most 110 with 2 han, not 120"),
        ("han=2&fu=", "fu is needed below 5 han"),
        ("han=2&fu=30&dealer=perhaps", "dealer must be 1 or 0"),
        ("han=2&fu=30&honba=-2", "honba cannot be negative"),
    ],
)
def test_it_explains_bad_input_inline(client, query, message):
    for headers in ({}, HX):
        response = client.get(f"/points/?{query}", **headers)
        assert response.status_code == 200
        assert message.lower() in text_of(response).lower()
        assert b'role="alert"' in response.content


def test_it_keeps_what_was_typed_in_the_field_the_message_is_about(client):
    page = client.get("/points/?han=three&fu=2.5&honba=x").content.decode()
    for name, typed in (("han", "three"), ("fu", "2.5"), ("honba", "x")):
        assert re.search(rf'<input type="text" name="{name}" value="{re.escape(typed)}"', page)


@pytest.mark.parametrize(
    ("han", "fu"),
    [
        ("0", "30"),
        ("14", "30"),
        ("three", "30"),
        ("3", "23"),
        ("3", "2.5"),
        ("2", "120"),
        ("4", ""),
    ],
)
def test_it_says_what_the_command_line_says(client, capsys, han, fu):
    assert cli.main(["points", han, fu]) == 1
    message = json.loads(capsys.readouterr().out)["error"]
    shown = message[0].upper() + message[1:]  # the page starts each message with a capital
    assert shown in text_of(client.get("/points/", {"han": han, "fu": fu}))
