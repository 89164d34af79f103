"""The three-player view in a browser: choosing a three-player preset swaps the han/fu table in
place and shows its own switch (tsumo loss), choosing a four-player one hides it again (and
sets it back to "as the preset"); the hand calculator scores a hand with a North set aside.
Screenshots of each, in English and Japanese, at phone and desktop widths."""

import re

from playwright.sync_api import expect

from tests.e2e.shots import shoot


def entry(page, *, han, fu, dealer, tsumo):
    params = f"han={han}&fu={fu}&dealer={int(dealer)}&tsumo={int(tsumo)}"
    return page.locator(f'#hanfu a[href$="{params}"]')


def test_the_table_turns_three_player_in_place(page, site):
    page.goto(f"{site}/table/?honba=1")
    page.evaluate("window.tenboMarker = 'still here'")
    tsumo_loss = page.locator("#id_tsumo_loss")
    expect(tsumo_loss).to_be_hidden()
    # 4 han 30 fu non-dealer tsumo: 2000/3900, with a honba +100 each, at four or three
    expect(entry(page, han=4, fu=30, dealer=False, tsumo=False)).to_have_text("ron 8000")
    page.get_by_label("Rules").select_option("tenhou_sanma")
    expect(tsumo_loss).to_be_visible()
    expect(page.locator("#table-summary")).to_contain_text("+200 on a ron")
    expect(entry(page, han=4, fu=30, dealer=False, tsumo=False)).to_have_text("ron 7900")
    expect(entry(page, han=4, fu=30, dealer=False, tsumo=True)).to_have_text("tsumo 2100/4000")
    tsumo_loss.select_option("0")  # the North's share split between the two payers
    expect(entry(page, han=4, fu=30, dealer=False, tsumo=True)).to_have_text("tsumo 3100/5000")
    expect(page).to_have_url(re.compile(r"rules=tenhou_sanma.*tsumo_loss=0"))
    shoot(page, "sanma-table")
    page.get_by_label("Rules").select_option("tenhou")
    expect(tsumo_loss).to_be_hidden()
    expect(entry(page, han=4, fu=30, dealer=False, tsumo=False)).to_have_text("ron 8000")
    expect(page.locator("#hanfu")).not_to_contain_text("is for three players")
    assert page.evaluate("window.tenboMarker") == "still here"


def test_the_three_player_table_in_japanese(page, site):
    page.goto(f"{site}/ja/table/?rules=tenhou_sanma&honba=1")
    expect(page.locator("#table-summary")).to_contain_text("ツモ損")
    shoot(page, "sanma-table-ja")


def test_the_hand_calculator_scores_a_north_set_aside(page, site):
    query = "hand=111m999p123456s77z&win=7z&tsumo=1&flags=riichi&rules=tenhou_sanma&kita=2"
    page.goto(f"{site}/hand/?{query}")
    result = page.locator("#result")
    expect(result).to_contain_text("North set aside (nukidora)")
    expect(result).to_contain_text("no North seat pays")
    expect(page.locator("#field-kita")).to_be_visible()
    shoot(page, "sanma-hand")
    page.goto(f"{site}/ja/hand/?{query}")
    expect(page.locator("#result")).to_contain_text("抜きドラ")
    shoot(page, "sanma-hand-ja")
    page.goto(f"{site}/hand/?hand=111m999p123456s77z&win=7z&rules=tenhou")
    expect(page.locator("#field-kita")).to_be_hidden()


def test_the_payment_calculator_between_three(page, site):
    page.goto(f"{site}/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1")
    expect(page.locator("main")).to_contain_text("+6000 / −4000 / −2000")
    shoot(page, "sanma-points")
    page.goto(f"{site}/ja/points/?rules=tenhou_sanma&han=5&fu=30&tsumo=1")
    expect(page.locator("main")).to_contain_text("ツモ損")
    shoot(page, "sanma-points-ja")


def test_the_palette_leaves_out_2m_to_8m_while_the_rules_are_three_player(page, site):
    page.goto(f"{site}/hand/?rules=tenhou")
    tile = page.locator('.calc-palette [data-code="5m"]')
    why = page.locator(".calc-sanma-note")
    expect(tile).to_be_visible()
    expect(why).to_be_hidden()
    page.get_by_label("Rules").select_option("tenhou_sanma")
    expect(tile).to_be_hidden()
    expect(page.locator('.calc-palette [data-code="0m"]')).to_be_hidden()
    expect(page.locator('.calc-palette [data-code="9m"]')).to_be_visible()
    expect(why).to_be_visible()
    page.locator('.calc-palette [data-code="9m"]').click()  # the others still build a hand
    expect(page.locator("#hand-tiles img")).to_have_count(1)
    shoot(page, "sanma-palette")
    page.get_by_label("Rules").select_option("mahjongsoul")
    expect(tile).to_be_visible()
    expect(why).to_be_hidden()
    page.goto(f"{site}/ja/hand/?rules=tenhou_sanma")
    expect(page.locator('.calc-palette [data-code="2m"]')).to_be_hidden()
    expect(page.locator(".calc-sanma-note")).to_contain_text("萬子の2〜8")
    shoot(page, "sanma-palette-ja")
