"""Typing in the calculators keeps one history entry: one Back leaves the page. A number
still being typed gets no message; leaving the field brings it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def test_it_leaves_the_payment_calculator_with_one_back(page: Page, site: str) -> None:
    page.goto(f"{site}/")
    page.goto(f"{site}/points/")
    han = page.get_by_label("Han", exact=True)
    for value in ("3", "5", "2", "1"):
        han.fill(value)
        expect(page).to_have_url(re.compile(rf"han={value}&"))
    page.get_by_label("tsumo", exact=True).check()
    page.get_by_role("button", name="Han: one more").click()
    expect(page).to_have_url(re.compile(r"han=2&.*tsumo=1"))
    expect(page.locator(".deltas")).to_have_text("+2000 / −1000 / −500 / −500")
    page.go_back()
    expect(page).to_have_url(f"{site}/")


def test_it_shows_a_message_once_the_field_is_left(page: Page, site: str) -> None:
    page.goto(f"{site}/points/")
    fu = page.get_by_label("Fu", exact=True)
    fu.fill("")
    fu.press_sequentially("2", delay=50)  # on the way to 25
    page.wait_for_timeout(700)  # longer than the input delay
    expect(page.locator("#id_fu_error")).to_be_empty()
    expect(page.get_by_role("alert")).to_have_count(0)
    fu.press("Tab")
    expect(page.locator("#id_fu_error")).to_contain_text("Fu must be 25 or an even number")
    expect(fu).to_have_attribute("aria-invalid", "true")
    fu.fill("25")
    fu.press("Tab")
    expect(page.locator("#id_fu_error")).to_be_empty()
    expect(fu).not_to_have_attribute("aria-invalid", "true")


def test_it_steps_fu_through_the_real_values_by_keyboard(page: Page, site: str) -> None:
    page.goto(f"{site}/points/?han=2&fu=20")
    more = page.get_by_role("button", name="Fu: one more")
    more.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_label("Fu", exact=True)).to_have_value("25")
    page.keyboard.press("Space")
    expect(page.get_by_label("Fu", exact=True)).to_have_value("30")
    expect(page).to_have_url(re.compile(r"fu=30"))


def test_it_leaves_the_hand_calculator_with_one_back(page: Page, site: str) -> None:
    page.goto(f"{site}/")
    page.goto(f"{site}/hand/")
    for code in ("2m", "3m", "4m", "5p"):
        page.locator(f'.calc-palette button[data-code="{code}"]').click()
        expect(page).to_have_url(re.compile(r"hand=.*" + code[0]))
    page.go_back()
    expect(page).to_have_url(f"{site}/")
