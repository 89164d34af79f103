"""The three-player view of the han/fu table, the payment and hand calculators, the API's
points and the command line: a three-player preset picked, each shows the payments between
three as the engine settles them (two payers, tsumo loss, honba 200 a ron), in English and in
Japanese; a three-player switch under four-player rules is refused in place."""

from __future__ import annotations

import re

import pytest

from scoring import cli
from scoring.engine import settle
from scoring.engine.rules import get_rules
from tests.helpers import text_of
from tests.i18n.english import assert_japanese

SANMA = get_rules("tenhou_sanma")


def test_the_table_shows_three_player_payments(client):
    page = text_of(client.get("/table/?rules=tenhou_sanma&honba=1"))
    assert "Tenhou three-player rules" in page
    assert "+200 on a ron, +100 on each tsumo payment" in page  # 100 from each of two
    assert "nobody pays the North seat’s share (tsumo loss)" in page
    html = client.get("/table/?rules=tenhou_sanma").content.decode()
    mangan = settle(5, 30, dealer=False, tsumo=True, rules=SANMA).payments
    assert mangan == {"dealer": 4000, "non_dealer": 2000}
    assert "2000/<wbr>4000" in html or "2000/4000" in html  # the limit table's tsumo


def test_the_table_offers_tsumo_loss_only_with_three_player_rules(client):
    four = client.get("/table/").content.decode()
    three = client.get("/table/?rules=tenhou_sanma").content.decode()
    box = re.compile(r'<div class="field" data-sanma( hidden)?>\s*<label for="id_tsumo_loss"')
    assert box.search(four).group(1) == " hidden" and box.search(three).group(1) is None
    assert 'data-sanma-presets="tenhou_sanma mahjongsoul_sanma"' in four


@pytest.mark.parametrize(
    ("query", "changes"),
    [
        ("han=5&fu=30&tsumo=1", "+6000 / −4000 / −2000"),
        ("han=5&fu=30&tsumo=1&dealer=1", "+8000 / −4000 / −4000"),
        ("han=3&fu=30&honba=2", "+4300 / −4300 / 0"),
        ("han=5&fu=30&tsumo=1&tsumo_loss=0", "+8000 / −5000 / −3000"),
    ],
)
def test_the_calculator_pays_between_three(client, query, changes):
    page = text_of(client.get(f"/points/?rules=tenhou_sanma&{query}"))
    assert changes in page


def test_the_calculator_says_who_pays_and_what_tsumo_loss_took(client):
    page = text_of(client.get("/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1"))
    assert "The dealer pays 4000. The other non-dealer pays 2000." in page
    assert "Nobody pays the North seat’s 2000: a tsumo brings less than a ron" in page
    assert "no North seat pays, so the tsumo brings 2000 less than at four" in page
    split = text_of(client.get("/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1&tsumo_loss=0"))
    assert "The North seat’s share (2000) is split: each payer adds 1000." in split


def test_a_three_player_switch_under_four_player_rules_is_refused_in_place(client):
    html = client.get("/points/?rules=tenhou&han=5&fu=30&tsumo_loss=0").content.decode()
    slot = re.search(r'id="id_tsumo_loss_error"[^>]*>(.*?)</p>', html, re.S)
    assert slot and "is for three players" in slot.group(1)
    answer = client.get("/api/v1/points?rules=tenhou&han=5&fu=30&tsumo_loss=0")
    assert answer.status_code == 400 and "three-player preset" in answer.json()["error"]


def test_the_api_answers_between_three(client):
    answer = client.get("/api/v1/points?rules=mahjongsoul_sanma&han=3&fu=30&tsumo=1&honba=1")
    body = answer.json()
    assert answer.status_code == 200 and body["deltas"] == [3200, -2100, -1100]
    assert body["payments"] == {"dealer": 2100, "non_dealer": 1100}
    assert body["rules"]["tsumo_loss"] is True and "north" in [s["kind"] for s in body["steps"]]


def test_the_hand_calculator_scores_a_three_player_hand(client):
    query = "hand=111m999p123456s77z&win=7z&tsumo=1&flags=riichi&rules=tenhou_sanma&kita=2"
    html = client.get(f"/hand/?{query}", follow=True).content.decode()
    page = text_of(client.get(f"/hand/?{query}", follow=True))
    assert "North set aside (nukidora) 2 han" in page and "The other non-dealer pays" in page
    assert re.search(r'<label id="field-kita" data-sanma title=', html)  # shown, not hidden
    assert 'value="2" placeholder="0"' in html
    # 2m–8m are out of the palette with three players (exhausted: drawn disabled)
    plain = client.get("/hand/?rules=tenhou").content.decode()
    three = client.get("/hand/?rules=tenhou_sanma").content.decode()
    assert plain.count("disabled") + 8 <= three.count("disabled")


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("hand=234m999p123456s77z&win=7z", "hand", "2m is not in a three-player set"),
        ("hand=111m999p123456s77z&win=7z&kita=9", "kita", "Norths set aside must be 4 or less"),
        ("hand=111m999p123s444z77z&win=7z&kita=2", "kita", "there are 5 Norths"),
        ("hand=111m999p123456s77z&win=7z&seat=N", "seat", "there is no North seat"),
    ],
)
def test_a_bad_three_player_hand_is_said_under_its_field(client, query, field, message):
    html = client.get(f"/hand/?{query}&rules=tenhou_sanma", follow=True).content.decode()
    slot = re.search(rf'<p id="error-{field}"[^>]*>([^<]*)</p>', html)
    assert slot and message in slot.group(1), (field, slot and slot.group(1))


def test_the_three_player_pages_are_japanese(client):
    for url in (
        "/ja/table/?rules=tenhou_sanma&honba=1",
        "/ja/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1",
        "/ja/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1&tsumo_loss=0",
        "/ja/hand/?hand=111m999p123456s77z&win=7z&tsumo=1&flags=riichi&rules=tenhou_sanma&kita=1",
    ):
        response = client.get(url, follow=True)
        assert response.status_code == 200
        assert_japanese(response.content, url)
    page = text_of(client.get("/ja/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1"))
    assert "もう1人の子が2,000点を支払います。" in page and "ツモ損" in page


def test_the_command_line_pays_between_three(capsys):
    assert cli.main(["points", "5", "30", "--tsumo", "--rules", "tenhou_sanma"]) == 0
    assert capsys.readouterr().out.strip() == "+6000/-4000/-2000"
    assert cli.main(["points", "5", "30", "--tsumo", "--rules", "tenhou"]) == 0
    assert capsys.readouterr().out.strip() == "+8000/-4000/-2000/-2000"  # four players as before


def palette_buttons(html: str) -> dict[str, str]:
    """Each palette button's tag, by its tile code."""
    return {code: tag for tag, code in re.findall(r'(<button[^>]*data-code="(\w\w)"[^>]*>)', html)}


def test_the_palette_hides_2m_to_8m_with_three_players_and_says_why(client):
    three = client.get("/hand/?rules=tenhou_sanma").content.decode()
    four = client.get("/hand/?rules=tenhou").content.decode()
    why = "Three players: the characters 2m to 8m are not in the set"
    for html, sanma in ((three, True), (four, False)):
        buttons = palette_buttons(html)
        assert len(buttons) == 37
        for code in (*(f"{n}m" for n in range(2, 9)), "0m"):  # four players' only
            assert "data-four" in buttons[code]
            assert (" hidden" in buttons[code]) is sanma, code
        for code in ("1m", "9m", "5p", "0s", "4z"):
            assert "data-four" not in buttons[code] and " hidden" not in buttons[code]
        note = re.search(r'<p class="hint calc-sanma-note" data-sanma( hidden)?>([^<]*)<', html)
        assert note and why in note.group(2) and (note.group(1) is None) is sanma
    # the select tells site.js which presets hide them when the rules change
    assert re.search(r'<select name="rules" data-sanma-presets="tenhou_sanma mahjongsoul_sanma"',
                     four)  # fmt: skip
    # typed anyway, the engine refuses it in place
    page = text_of(
        client.get("/hand/?rules=tenhou_sanma&hand=234m999p123456s77z&win=7z", follow=True)
    )
    assert "2m is not in a three-player set" in page


def test_the_game_keepers_palette_hides_2m_to_8m_at_a_three_player_table(client):
    response = client.post("/games/new/", {"east": "Aiko", "south": "Bruno", "west": "Chen",
                                           "north": "", "preset": "tenhou_sanma",
                                           "length": "tonpuusen"})  # fmt: skip
    assert response.status_code == 302
    slug = response["Location"].split("/")[2]
    html = client.get(f"/games/{slug}/hand/").content.decode()
    buttons = palette_buttons(html)
    assert buttons and all(" hidden" in buttons[f"{n}m"] for n in range(2, 9))
    assert " hidden" not in buttons["1m"] and " hidden" not in buttons["9m"]
    assert "the characters 2m to 8m are not in the set" in html
    posted = {"version": 0, "kind": "tsumo", "winners": "0", "tiles_0": "234m999p123456s77z",
              "win_0": "7z", "save": "1"}  # fmt: skip
    refused = client.post(f"/games/{slug}/hand/", posted)
    assert refused.status_code == 200 and "2m is not in a three-player set" in text_of(refused)


@pytest.mark.parametrize("preset", ["tenhou_sanma", "mahjongsoul_sanma"])
def test_each_three_player_card_on_rules_opens_the_table_calculator_by_its_rules(client, preset):
    rules = client.get("/rules/").content.decode()
    card = re.search(rf'id="{preset}".*?href="(/table-rules/\?[^"]*)"', rules, re.S)
    assert card and f"rules={preset}" in card.group(1)
    html = client.get(card.group(1).replace("&amp;", "&")).content.decode()
    for select in ("rules", "final_rules"):  # the hand's end and the final scores alike
        chosen = re.search(rf'<select name="{select}".*?</select>', html, re.S).group(0)
        assert f'<option value="{preset}" selected>' in chosen, select
    page = text_of(client.get(card.group(1).replace("&amp;", "&")))
    assert "Seat 2" in page and "Uma" in page
    # a link that names the final scores' rules itself keeps them
    both = client.get(f"/table-rules/?rules={preset}&final_rules=tenhou").content.decode()
    final = re.search(r'<select name="final_rules".*?</select>', both, re.S).group(0)
    assert '<option value="tenhou" selected>' in final
