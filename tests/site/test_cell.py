"""The derivation of one cell: the engine's steps, with the numbers worked out by hand."""

import pytest

from tests.helpers import HX, is_full_page, text_of


def test_it_derives_a_non_dealer_tsumo_step_by_step(client):
    text = text_of(client.get("/table/cell/?han=1&fu=30&dealer=0&tsumo=1"))
    assert "1 han 30 fu, non-dealer tsumo" in text
    assert "300/500" in text
    assert "30 × 2^3 = 240" in text  # basic points = fu × 2^(2 + han)
    assert "240 × 2 = 480, rounded up to 500" in text  # the dealer's share
    assert "240 × 1 = 240, rounded up to 300" in text  # each non-dealer's share
    assert "500 + 300 × 2 = 1100" in text


def test_it_notes_where_ron_and_tsumo_differ_by_rounding(client):
    # 1 han 30 fu: a ron is 960 → 1000, a tsumo 500 + 300 + 300 = 1100.
    text = text_of(client.get("/table/cell/?han=1&fu=30&tsumo=0"))
    assert "Ron and tsumo differ by rounding" in text
    assert "Before rounding both are 960" in text and "so it brings 100 more" in text


def test_it_has_no_rounding_note_when_both_come_to_the_same(client):
    # 2 han 25 fu non-dealer: 400 × 4 = 1600 and 400 + 400 + 800 = 1600.
    text = text_of(client.get("/table/cell/?han=2&fu=25&tsumo=0"))
    assert "1600" in text
    assert "differ by rounding" not in text


def test_it_shows_the_cap_honba_and_deposits(client):
    text = text_of(client.get("/table/cell/?han=4&fu=40&dealer=1&tsumo=1&honba=1&sticks=2"))
    assert "40 × 2^6 = 2560" in text and "Mangan" in text
    assert "2000 × 2 = 4000" in text
    assert "1 honba" in text and "+100 on each payment" in text
    assert "+2000 to the winner" in text
    assert "4100 × 3 + 2000 = 14300" in text


def test_it_warns_when_no_hand_scores_the_cell(client):
    text = text_of(client.get("/table/cell/?han=1&fu=20&tsumo=1"))
    assert "No real hand scores this" in text
    assert "20 fu is only a pinfu tsumo" in text


def test_it_links_the_other_way_to_win_and_the_calculator(client):
    html = client.get("/table/cell/?han=3&fu=40&tsumo=0&rules=tenhou").content.decode()
    assert 'hx-get="/table/cell/?rules=tenhou&amp;honba=0&amp;sticks=0&amp;han=3&amp;fu=40' in html
    assert "tsumo=1" in html and 'href="/points/?rules=tenhou' in html


def test_it_renders_a_fragment_for_htmx(client):
    full = client.get("/table/cell/?han=2&fu=30", **{})
    part = client.get("/table/cell/?han=2&fu=30", **HX)
    assert is_full_page(full) and not is_full_page(part)
    assert "How it is worked out" in text_of(part)
    assert "HX-Request" in part["Vary"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("han=0&fu=30", "han must be at least 1"),
        ("han=2&fu=21", "fu must be 25 or an even number from 20 to 130, not 21"),
        ("han=x&fu=30", "han must be a whole number"),
        ("han=2&fu=", "fu is needed below 5 han"),
    ],
)
def test_it_explains_bad_input_inline(client, query, message):
    for headers in ({}, HX):
        response = client.get(f"/table/cell/?{query}", **headers)
        assert response.status_code == 200
        assert message.lower() in text_of(response).lower()
