"""Every page of the site on a phone: nothing makes the page scroll sideways."""

import pytest

PHONE = {"width": 390, "height": 844}
PAGES = [
    "/",
    "/table/",
    "/table/?honba=2&sticks=1&rules=mleague",
    "/table/cell/?han=3&fu=30&dealer=0&tsumo=1&honba=2&sticks=1",
    "/points/?han=13&fu=&dealer=1&tsumo=1&honba=12",
    "/points/?han=2&fu=21",
    "/rules/",
    "/api/",
    "/table-rules/",
    "/table-rules/?end=draw&h0=123456789m1122p&nagashi=2&tenpai=0",
]


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_on_a_phone(page, site, path):
    page.set_viewport_size(PHONE)
    page.goto(f"{site}{path}")
    # Text hidden for screen readers is placed absolutely: it must not widen the page either.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_limit_table_fits_a_phone_without_scrolling(page, site):
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/table/")
    region = page.get_by_role("region", name="Limits: from mangan to double yakuman")
    assert region.evaluate("box => box.scrollWidth <= box.clientWidth")
    # The widest amounts: a double yakuman, non-dealer tsumo and dealer ron.
    for amount in ("16000/32000", "96000"):
        box = region.get_by_text(amount, exact=True).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_the_four_score_changes_stay_on_one_line_on_a_phone(page, site):
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/points/?han=13&dealer=1&tsumo=1")  # +48000 / −16000 / −16000 / −16000
    lines = page.locator(".deltas").evaluate(
        "el => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)"
    )
    assert round(lines) == 1
