"""Two phones keep one game's score: a hand entered on one shows on the other's board without
a reload; a hand being entered on the other is left as it is, under a notice, and its save
from the old board is refused, not merged. Screenshots of the board after it updated itself
and of the hand page's notice, at 390 and 1280 px."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.shots import shoot

UPDATE = 12_000  # the boards ask every 5 s


def seat(page: Page, name: str):
    return page.locator("fieldset.seat-entry", has=page.locator("legend", has_text=name))


def ron(page: Page, winner: str, loser: str, han: str, fu: str) -> None:
    page.get_by_role("link", name="Enter hand").click()
    seat(page, winner).get_by_label("Won", exact=True).check()
    page.get_by_role("radiogroup", name=f"{winner}'s han").get_by_label(han, exact=True).check()
    page.get_by_role("radiogroup", name=f"{winner}'s fu").get_by_label(fu, exact=True).check()
    seat(page, loser).get_by_label("Dealt in", exact=True).check()
    page.get_by_role("button", name="Settle").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#live")).to_be_visible()


def test_a_hand_from_the_second_phone_shows_on_the_first(page: Page, browser: Browser, site: str):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/games/new/")
    names = ("Aiko", "Bruno", "Chen", "Dana")
    for wind, name in zip(("East", "South", "West", "North"), names, strict=True):
        page.get_by_label(wind, exact=False).first.fill(name)
    page.get_by_label("Rules").select_option("tenhou")
    page.get_by_role("button", name="Start the game").click()
    join = page.get_by_role("link", name="open this link there").get_attribute("href")

    # the second phone: its own browser, joined through the board's link
    second = browser.new_context(viewport={"width": 390, "height": 844})
    other = second.new_page()
    other.set_default_timeout(10_000)
    other.goto(join)
    ron(other, "Bruno", "Aiko", "3", "30")

    # the first phone's board follows, without a reload
    expect(page.locator(".hand-name")).to_contain_text("East 2, 0 honba", timeout=UPDATE)
    expect(page.locator('.score[data-seat="1"]')).to_have_text("28,900")
    expect(page.locator(".moved")).to_contain_text("Another phone entered hand 1")
    expect(page.get_by_role("link", name="Undo hand 1…")).to_be_visible()
    shoot(page, "game-board-updated")

    # the first phone starts a hand; the second enters one meanwhile
    page.get_by_role("link", name="Enter hand 2").click()
    seat(page, "Chen").get_by_label("Won", exact=True).check()
    page.get_by_role("radiogroup", name="Chen's han").get_by_label("2", exact=True).check()
    page.get_by_role("radiogroup", name="Chen's fu").get_by_label("40", exact=True).check()
    seat(page, "Dana").get_by_label("Dealt in", exact=True).check()
    ron(other, "Dana", "Bruno", "1", "30")
    notice = page.locator("#table-now .moved")
    expect(notice).to_contain_text(
        "Another phone entered hand 2: the board above is updated; check before you save.",
        timeout=UPDATE,
    )
    expect(page.locator("#table-now")).to_contain_text("East 3, 0 honba")
    expect(
        page.get_by_role("radiogroup", name="Chen's han").get_by_label("2", exact=True)
    ).to_be_checked()  # the form is as it was
    expect(
        page.get_by_role("radiogroup", name="Chen's fu").get_by_label("40", exact=True)
    ).to_be_checked()
    shoot(page, "game-hand-notice")

    # saved from the old board: refused, the hand kept to check and save again
    page.get_by_role("button", name="Settle").click()
    expect(page.locator(".message").first).to_contain_text("this hand was not saved")
    expect(
        page.get_by_role("radiogroup", name="Chen's han").get_by_label("2", exact=True)
    ).to_be_checked()
    page.get_by_role("button", name="Settle").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-name")).to_contain_text("East 3, 1 honba")  # Chen deals again
    expect(page.locator(".hand-row")).to_have_count(3)
    expect(other.locator(".hand-name")).to_contain_text("East 3, 1 honba", timeout=UPDATE)
    second.close()
