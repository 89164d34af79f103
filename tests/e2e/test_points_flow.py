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


def test_on_a_phone_the_answer_is_in_the_first_screen_and_follows_the_controls(page, site):
    from .shots import shoot

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/points/?han=3&fu=30&dealer=0&tsumo=0")

    def first_screen(locator) -> bool:
        box = locator.bounding_box()
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844

    assert first_screen(page.locator(".deltas"))
    assert first_screen(page.locator(".changes"))
    assert first_screen(page.get_by_label("Han", exact=True))  # the controls too
    # the arithmetic comes after the controls, and follows them when they change
    fu = page.get_by_label("Fu", exact=True).bounding_box()
    assert page.locator("#derivation h3").bounding_box()["y"] > fu["y"]
    page.get_by_label("Han", exact=True).fill("4")
    expect(page.locator(".deltas")).to_have_text("+7700 / −7700 / 0 / 0")
    expect(page.locator("#derivation")).to_contain_text("30 × 2^6 = 1920")
    expect(page.locator("#derivation .links a").last).to_have_attribute("href", re.compile("han=4"))
    assert first_screen(page.locator(".deltas"))
    shoot(page, "points-phone-first")
    # a wrong value: the message where the answer was, no stale arithmetic below
    page.get_by_label("Fu", exact=True).fill("21")
    page.get_by_label("Fu", exact=True).press("Tab")
    expect(page.get_by_role("alert")).to_contain_text("Fu must be 25 or an even number")
    expect(page.locator("#derivation")).not_to_contain_text("How it is worked out")
