"""The han/fu table in a browser: controls swap the table in place, cells show derivations."""

import re

from playwright.sync_api import expect


def entry(page, *, han, fu, dealer, tsumo):
    params = f"han={han}&fu={fu}&dealer={int(dealer)}&tsumo={int(tsumo)}"
    return page.locator(f'#hanfu a[href$="{params}"]')


def test_it_loads_the_table(page, site):
    page.goto(f"{site}/table/")
    expect(page.locator("#table-non_dealer caption")).to_have_text("Non-dealer wins")
    expect(page.locator("#table-dealer caption")).to_have_text("Dealer wins")
    # 3 han 30 fu: 960 basic points; a ron 3840 → 3900, a tsumo 1000/2000.
    expect(entry(page, han=3, fu=30, dealer=False, tsumo=False)).to_have_text("ron 3900")
    expect(entry(page, han=3, fu=30, dealer=False, tsumo=True)).to_have_text("tsumo 1000/2000")


def test_it_swaps_the_table_without_a_reload(page, site):
    page.goto(f"{site}/table/")
    page.evaluate("window.tenboMarker = 'still here'")

    page.get_by_label("dealer", exact=True).check()
    expect(page.locator("#table-non_dealer")).to_have_count(0)
    expect(page.locator("#table-dealer")).to_be_visible()

    # Tenhou: 4 han 30 fu dealer ron is 1920 × 6 = 11520 → 11600; M-League rounds it up
    # to a mangan (kiriage): 12000.
    expect(entry(page, han=4, fu=30, dealer=True, tsumo=False)).to_have_text("ron 11600")
    page.get_by_label("Rules").select_option("mleague")
    expect(entry(page, han=4, fu=30, dealer=True, tsumo=False)).to_have_text("ron 12000")

    assert page.evaluate("window.tenboMarker") == "still here"
    expect(page).to_have_url(re.compile(r"/table/\?.*rules=mleague"))
    expect(page).to_have_url(re.compile(r"seat=dealer"))


def test_it_shows_a_cells_derivation_beside_the_table(page, site):
    page.goto(f"{site}/table/")
    page.evaluate("window.tenboMarker = 1")
    entry(page, han=1, fu=30, dealer=False, tsumo=True).click()
    detail = page.locator("#cell-detail")
    expect(detail).to_contain_text("1 han 30 fu, non-dealer tsumo")
    expect(detail).to_contain_text("240 × 2 = 480, rounded up to 500")
    expect(detail).to_contain_text("Ron and tsumo differ by rounding")
    expect(detail).to_be_focused()
    expect(entry(page, han=1, fu=30, dealer=False, tsumo=True)).to_have_attribute(
        "aria-current", "true"
    )
    assert page.evaluate("window.tenboMarker") == 1
    expect(page).to_have_url(f"{site}/table/")


def test_it_works_from_the_keyboard(page, site):
    page.goto(f"{site}/table/?seat=non_dealer")
    link = entry(page, han=2, fu=40, dealer=False, tsumo=False)
    link.focus()
    page.keyboard.press("Enter")
    # 40 × 2^4 = 640; × 4 = 2560 → 2600
    expect(page.locator("#cell-detail")).to_contain_text("640 × 4 = 2560, rounded up to 2600")


def test_it_fits_a_phone_without_sideways_scrolling(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/table/")
    # The page never scrolls sideways (tests/e2e/test_phone_layout.py checks every page).
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#table-non_dealer").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
