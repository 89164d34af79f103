"""/table-rules/: a hand's end and final scores from query parameters, errors inline with
status 200, and htmx getting both results (the final scores' out of band)."""

import re

import pytest

from scoring.engine import final_json, settle_json
from tests.helpers import HX, is_full_page, text_of


def test_it_settles_the_default_hand_and_final_scores(client):
    response = client.get("/table-rules/")
    assert response.status_code == 200
    text = text_of(response)
    # Seat 1 wins 3 han 30 fu by ron from seat 2 under Mahjong Soul rules.
    assert "Seat 1 South 25000 +3900 28900" in text
    assert "Next: East 2, 0 honba" in text
    assert "How it is worked out" in text


def test_every_control_is_a_query_parameter(client):
    query = (
        "rules=tenhou&dealer=3&round=E&honba=1&sticks=0&end=draw&tenpai=0&tenpai=2"
        "&final_rules=wrc&p0=45000&p1=30000&p2=25000&p3=20000"
    )
    text = text_of(client.get(f"/table-rules/?{query}"))
    want = settle_json(
        {"rules": "tenhou", "scores": [25000] * 4, "dealer": 3, "honba": 1,
         "end": {"kind": "draw", "tenpai": [0, 2]}}
    )  # fmt: skip
    assert want["deltas"] == [1500, -1500, 1500, -1500]
    assert "Seat 0 South 25000 +1500 26500" in text
    assert "Next: South 1, 2 honba" in text
    points = final_json({"rules": "wrc", "scores": [45000, 30000, 25000, 20000]})["points"]
    assert f"1st Seat 0 45000 +{points[0]:.1f}" in text


@pytest.mark.parametrize(
    "query, message",
    [
        ("s0=20000", "the scores add up to 95000"),
        ("yakuman=1&pao=1", "cannot be the winner"),
        ("winner=2&discarder=2", "seat 2 discarded the winning tile"),
        ("end=abortive&rules=wrc&s0=30000&s1=30000&s2=30000&s3=30000", "no four_winds"),
        ("han=abc", "han must be a whole number"),
        ("dealer=9", "dealer must be a seat"),
        ("end=steal", "the hand's end must be ron"),
        ("p0=1", "each must be a multiple of 100"),
        ("p0=20000", "add up to 95000"),
    ],
)
def test_it_shows_what_is_wrong_inline_with_status_200(client, query, message):
    response = client.get(f"/table-rules/?{query}")
    assert response.status_code == 200
    assert message in text_of(response).lower()
    assert 'role="alert"' in response.content.decode()


def test_htmx_gets_both_results_and_not_the_page(client):
    response = client.get("/table-rules/?end=tsumo&han=4&fu=30", **HX)
    assert response.status_code == 200
    assert not is_full_page(response)
    body = response.content.decode()
    assert 'id="final-result"' in body and 'hx-swap-oob="true"' in body
    assert "wins by tsumo" in text_of(response)
    assert response["Vary"].count("HX-Request")


def test_the_page_links_each_preset_to_its_sources(client):
    body = client.get("/table-rules/?rules=ema").content.decode()
    assert 'href="/rules/#ema"' in body


def test_tenpai_is_worked_out_from_the_hands_shown(client):
    query = "end=draw&h0=123456789m1122p&h1=123456789m1357p&tenpai=1"
    response = client.get(f"/table-rules/?{query}")
    text = text_of(response)
    assert "Seat 0 East 25000 +3000 28000" in text
    assert "Seat 0 (East) shows : waits on : tenpai" in text  # the tiles drawn, not written
    page = response.content.decode()
    start = page.index("waits</a> on")
    waits = page[start : page.index("tenpai", start)]
    assert re.findall(r"tiles\.svg#t(\w+)", waits) == ["1p", "2p"]
    assert "no wait: noten" in text
    bad = text_of(client.get("/table-rules/?end=draw&h2=123m"))
    assert "Seat 2's hand: a hand at a draw has 13 tiles" in bad


def test_a_chombo_can_say_why(client):
    text = text_of(client.get("/table-rules/?end=chombo&offender=2&cause=furiten_ron")).lower()
    assert "why: seat 2 (west) won on a discard while furiten" in text
    plain = text_of(client.get("/table-rules/?end=chombo&offender=2")).lower()
    assert "why: seat 2" not in plain


def test_every_chombo_cause_has_a_short_label():
    from scoring.engine.hand_end import CHOMBO_CAUSES
    from scoring.table_forms import CAUSE_LABELS

    assert set(CAUSE_LABELS) == set(CHOMBO_CAUSES)
    assert all(len(label) <= 20 for label in CAUSE_LABELS.values())
