"""The payment calculator in a browser."""

import re

from playwright.sync_api import expect


def test_it_shows_the_four_score_changes(page, site):
    page.goto(f"{site}/points/")
    page.evaluate("window.tenboMarker = 'kept'")
    page.get_by_label("Han", exact=True).fill("4")
    page.get_by_label("Fu", exact=True).fill("24")
    page.get_by_label("dealer", exact=True).check()
    page.get_by_label("tsumo", exact=True).check()
    # 24 fu → 30; 30 × 2^6 = 1920; × 2 = 3840 → 3900 from each of the three others.
    expect(page.locator(".deltas")).to_have_text("+11700 / −3900 / −3900 / −3900")
    expect(page.locator("#result")).to_contain_text("Each of the three other players pays 3900.")
    assert page.evaluate("window.tenboMarker") == "kept"
    expect(page).to_have_url(re.compile(r"han=4&fu=24&dealer=1&tsumo=1"))


def test_it_explains_bad_input_in_place(page, site):
    page.goto(f"{site}/points/")
    page.get_by_label("Fu", exact=True).fill("21")
    page.get_by_label("Fu", exact=True).press("Tab")
    expect(page.get_by_role("alert")).to_contain_text("Fu must be 25 or an even number")
