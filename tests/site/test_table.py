"""The han/fu table: amounts by hand from basic points = fu × 2^(2+han), ×4 or ×6 for a ron,
×1/×2 (non-dealer tsumo) or ×2 each (dealer tsumo), each rounded up to 100."""

import html
import re

import pytest

from scoring.engine import get_rules
from scoring.engine.payment import impossible_reason
from tests.helpers import HX, is_full_page, table_entry, text_of


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "shown"),
    [
        (3, 30, False, False, "3900"),  # 960 × 4 = 3840
        (3, 30, False, True, "1000/2000"),  # 960 → 1000, 1920 → 2000
        (4, 30, True, False, "11600"),  # 1920 × 6 = 11520
        (4, 30, True, True, "3900 all"),  # 3840 → 3900
        (2, 20, False, True, "400/700"),  # pinfu tsumo: 320 → 400, 640 → 700
        (2, 25, True, False, "2400"),  # seven pairs: 400 × 6
        (1, 110, False, False, "3600"),  # 880 × 4 = 3520
        (4, 40, False, False, "8000"),  # 2560 is over the cap: mangan
        (3, 70, True, True, "4000 all"),  # 2240 is over the cap: mangan
    ],
)
def test_it_shows_ron_and_tsumo_in_each_cell(client, han, fu, dealer, tsumo, shown):
    response = client.get("/table/")
    assert table_entry(response, han=han, fu=fu, dealer=dealer, tsumo=tsumo) == shown


def test_it_marks_impossible_cells_with_the_reason(client):
    text = text_of(client.get("/table/"))
    assert "20 fu is only a pinfu tsumo, which is already 2 han" in text
    assert "25 fu is seven pairs, which is already 2 han" in text
    assert "seven pairs by tsumo adds menzen tsumo" in text


def test_it_labels_mangan_cells(client):
    response = client.get("/table/?seat=non_dealer")
    # Below the cap nothing is a mangan; 4 han from 40 fu and 3 han from 70 fu are: 8 + 5 cells.
    assert response.content.decode().count('class="is-limit"') == 8 + 5


def test_it_rounds_4_han_30_fu_up_with_kiriage(client):
    response = client.get("/table/?kiriage=1")
    assert table_entry(response, han=4, fu=30, dealer=False, tsumo=False) == "8000"
    assert table_entry(response, han=3, fu=60, dealer=True, tsumo=True) == "4000 all"
    preset = client.get("/table/?rules=mleague")  # kiriage is part of the M-League preset
    assert table_entry(preset, han=4, fu=30, dealer=False, tsumo=True) == "2000/4000"


def test_it_adds_honba_to_each_payment(client):
    response = client.get("/table/?honba=2&sticks=1")
    assert table_entry(response, han=3, fu=30, dealer=False, tsumo=False) == "4500"  # + 600
    assert table_entry(response, han=3, fu=30, dealer=False, tsumo=True) == "1200/2200"
    assert "1 riichi deposit also goes to the winner (+1000" in text_of(response)


def test_it_shows_one_seat_when_asked(client):
    response = client.get("/table/?seat=dealer")
    assert b'id="table-dealer"' in response.content
    assert b'id="table-non_dealer"' not in response.content


def test_it_lists_the_limits_with_their_payments(client):
    text = text_of(client.get("/table/"))
    # mangan 2000 basic points: 8000 / 2000/4000 / 12000 / 4000 all
    assert "Mangan 5 han" in text and "8000 2000/4000 12000 4000 all" in text
    # double yakuman 16000 basic points
    assert "64000 16000/32000 96000 32000 all" in text


def test_it_links_each_amount_to_its_derivation(client):
    response = client.get("/table/?rules=wrc&honba=1")
    html = response.content.decode()
    query = "rules=wrc&honba=1&sticks=0&han=1&fu=30&dealer=0&tsumo=0"
    url = "/table/cell/?" + query.replace("&", "&amp;")
    assert f'href="{url}" hx-get="{url}"' in html


def test_it_renders_only_the_table_for_htmx(client):
    full = client.get("/table/?rules=tenhou")
    part = client.get("/table/?rules=tenhou", **HX)
    assert is_full_page(full) and not is_full_page(part)
    assert b'id="table-non_dealer"' in part.content
    assert b'<form class="controls"' not in part.content
    assert b"hx-swap-oob" in part.content and b"hx-swap-oob" not in full.content
    assert "HX-Request" in part["Vary"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("rules=nope", "unknown rules preset 'nope': choose one of mahjongsoul, tenhou"),
        ("honba=-1", "Honba cannot be negative"),
        ("sticks=two", "Riichi deposits must be a whole number"),
        ("kiriage=maybe", "Kiriage mangan must be 1 or 0"),
        ("seat=east", "seat must be both, non_dealer or dealer, not 'east'"),
        ("seat=", "seat must be both, non_dealer or dealer"),
        ("rules=", "rules needs a preset: choose one of mahjongsoul, tenhou"),
    ],
)
def test_it_explains_bad_input_inline(client, query, message):
    for response in (client.get(f"/table/?{query}"), client.get(f"/table/?{query}", **HX)):
        assert response.status_code == 200
        assert message.lower() in text_of(response).lower()
        assert b'role="alert"' in response.content


def test_it_renders_the_whole_page_when_htmx_restores_history(client):
    response = client.get(
        "/table/?rules=ema", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert is_full_page(response)


ENTRY = re.compile(
    r'<(a|span) class="entry( na)? (ron|tsumo)"(?: title="([^"]*)")?[^>]*>(?:—<sup>([a-h])</sup>)?'
)


def entries(body: str, section: str) -> dict[tuple[int, int, bool], tuple[str, str, str]]:
    """(han, fu, tsumo) → (tag, title, note mark) of each entry of one seat's table."""
    table = body.split(f'id="table-{section}"', 1)[1].split("</table>", 1)[0]
    found = {}
    for row in table.split("<tr>")[2:]:
        fu = int(re.search(r'<th scope="row">(\d+)</th>', row).group(1))
        for i, (tag, _, kind, title, mark) in enumerate(ENTRY.findall(row)):
            found[(i // 2 + 1, fu, kind == "tsumo")] = (tag, html.unescape(title), mark)
    return found


@pytest.mark.parametrize("rules", ["mahjongsoul", "mleague"])
def test_it_marks_every_impossible_cell_alike(client, rules):
    body = client.get(f"/table/?rules={rules}").content.decode()
    notes = {
        mark: html.unescape(reason)
        for mark, reason in re.findall(
            r"<dt>— ([a-h])</dt><dd>No hand scores this: (.+?)\.</dd>", body
        )
    }
    rule_set = get_rules(rules)
    for section in ("non_dealer", "dealer"):
        shown = entries(body, section)
        assert len(shown) == 4 * 11 * 2
        for (han, fu, tsumo), (tag, title, mark) in shown.items():
            reason = impossible_reason(han, fu, tsumo=tsumo, rules=rule_set)
            if reason:
                assert (tag, title, notes.get(mark)) == (
                    "span",
                    reason[0].upper() + reason[1:],
                    reason,
                )
            else:
                assert (tag, title, mark) == ("a", "", ""), (han, fu, tsumo)
    marked = {(h, f, t) for (h, f, t), (tag, _, _) in shown.items() if tag == "span"}
    assert (1, 110, True) in marked  # 1 han tops out at 100 fu by tsumo
    assert ((1, 110, False) in marked) == (rules == "mleague")  # 110 by ron needs a 4-fu pair


def test_the_cell_page_says_no_hand_scores_1_han_110_fu_by_tsumo(client):
    assert "No real hand scores this" in text_of(client.get("/table/cell/?han=1&fu=110&tsumo=1"))
    assert "No real hand scores this" not in text_of(client.get("/table/cell/?han=1&fu=110"))
    mleague = text_of(client.get("/table/cell/?han=1&fu=110&rules=mleague"))
    assert "No real hand scores this" in mleague and "count it 2 fu" in mleague
