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


def test_a_kept_detail_is_the_same_as_a_new_one_in_each_language(client, settings):
    from scoring.views import cell_detail

    url = "/table/cell/?han=3&fu=40&tsumo=1&honba=2"
    cell_detail.cache_clear()
    made = {lang: client.get(f"{lang}{url}", **HX).content for lang in ("", "/ja")}
    assert cell_detail.cache_info().currsize == 2  # one a language
    kept = {lang: client.get(f"{lang}{url}", **HX).content for lang in ("", "/ja")}
    assert cell_detail.cache_info().hits == 2
    assert kept == made and made[""] != made["/ja"]
    assert "3 han 40 fu" in made[""].decode() and "3翻40符" in made["/ja"].decode()
    # the whole page holds the same detail, and its title and way back
    page = client.get(url).content.decode()
    assert made[""].decode() in page
    assert "<title>3 han 40 fu — " in page and 'href="/table/?' in page
    settings.DEBUG = True  # a setting changed: all forgotten; with DEBUG on nothing is kept
    assert cell_detail.cache_info().currsize == 0
    assert client.get(url, **HX).content == made[""]
    assert cell_detail.cache_info().currsize == 0


def test_forms_share_their_fields_and_still_speak_each_language():
    from django.http import QueryDict
    from django.utils import translation

    from scoring.forms import PointsForm

    forms = [PointsForm.from_query(QueryDict("han=x&honba=-1")) for _ in range(3)]
    assert forms[1].fields["han"] is forms[2].fields["han"]  # made once, not copied
    assert forms[1].fields is not forms[2].fields
    assert forms[2]["honba"].field.widget.attrs["aria-describedby"] == "id_honba_error"
    with translation.override("ja"):
        ja = PointsForm.from_query(QueryDict("honba=abc&sticks=x")).messages()
    en = PointsForm.from_query(QueryDict("honba=abc&sticks=x")).messages()
    assert len(ja) == len(en) == 2 and ja != en
    assert "Honba must be a whole number" in en[0]
