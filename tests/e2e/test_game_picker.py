"""Hand entry with the hand calculator's tile picker on a phone: an open hand built by taps
(a pon of red dragons, the closed tiles, a dora indicator), refused while tiles are missing,
previewed with its han, fu and steps, saved, and found on the board; screenshots at 390 and
1280 px of the empty picker, the error and the preview."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.shots import shoot
from tests.factory import make_game


def seat(page: Page, name: str):
    """A player's seat at the table and, once ticked as a winner, the value of their win."""
    return page.locator(
        "fieldset.seat-entry, fieldset.seat-value", has=page.locator("legend", has_text=name)
    )


def tap(box, *names: str) -> None:
    palette = box.locator("[data-picker='palette']")
    for name in names:
        palette.get_by_role("button", name=name, exact=True).click()


def test_an_open_hand_built_with_the_picker(page: Page, site: str):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/games/new/")
    names = ("Aiko", "Bruno", "Chen", "Dana")
    for wind, name in zip(("East", "South", "West", "North"), names, strict=True):
        page.get_by_label(wind, exact=False).first.fill(name)
    page.get_by_label("Rules").select_option("tenhou")
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Enter hand").click()

    bruno = seat(page, "Bruno")
    bruno.get_by_label("Won", exact=True).check()
    seat(page, "Aiko").get_by_label("Dealt in", exact=True).check()
    bruno.get_by_text("or build the whole hand").click()
    expect(bruno.locator("[data-picker='palette']")).to_be_visible()
    shoot(page, "game-picker-empty")

    # a pon of red dragons, then the closed part: 234m 567p 55s and 34s waiting on 2s/5s
    bruno.locator(".calc-mode", has_text="Pon").click()
    tap(bruno, "Red dragon")
    expect(bruno.locator("input[name='melds_1']")).to_have_value("pon 777z")
    bruno.locator(".calc-mode", has_text="Hand").first.click()
    tap(bruno, "2 of characters", "3 of characters", "4 of characters", "5 of circles",
        "6 of circles", "7 of circles", "5 of bamboo", "5 of bamboo", "4 of bamboo")  # fmt: skip
    expect(bruno.locator("[data-picker='hand'] img")).to_have_count(9)

    # two tiles short: the engine's message, inline
    page.get_by_role("button", name="Settle").click()
    message = page.locator(".message")
    expect(message).to_contain_text("Bruno's hand has 9 tiles outside the melds; with 1 meld it")
    shoot(page, "game-picker-error")

    bruno = seat(page, "Bruno")
    expect(bruno.locator("input[name='tiles_1']")).to_have_value("234m567p455s")
    bruno.locator(".calc-mode", has_text="Hand").first.click()
    tap(bruno, "5 of bamboo", "3 of bamboo")  # the last tile fills the hand: the winning tile
    expect(bruno.locator("input[name='win_1']")).to_have_value("3s")
    chosen = bruno.locator(".calc-win:has(input:checked) img")
    expect(chosen).to_have_attribute("alt", "3 of bamboo")
    expect(bruno.locator("[data-picker='note']")).to_have_text(
        "The hand is full: take a tile out to add another."
    )
    bruno.locator(".calc-mode", has_text="Dora indicator").click()
    tap(bruno, "4 of bamboo")
    expect(page.locator("#id_dora")).to_have_value("4s")

    page.get_by_role("button", name="Settle").click()
    preview = page.locator(".preview")
    expect(preview).to_contain_text("Bruno 4 han 30 fu (whole hand) ron off Aiko")
    expect(preview).to_contain_text("Red dragon (chun) 1 han · Dora 3 han")
    expect(preview.locator(".deltas-table")).to_contain_text("+7,700")
    preview.get_by_text("How the hand is scored").click()
    expect(preview).to_contain_text("24 fu rounds up to 30 fu")
    # the built hand is still there to change, drawn again by the picker
    melds = seat(page, "Bruno").locator("[data-picker='melds']")
    expect(melds.locator("[aria-label='pon 777z']")).to_be_visible()
    shoot(page, "game-picker-preview")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-name")).to_contain_text("East 2, 0 honba")
    expect(page.locator('.score[data-seat="1"]')).to_have_text("32,700")
    row = page.locator(".hand-row").first
    expect(row).to_contain_text("Bruno 4 han 30 fu (whole hand) ron off Aiko")
    expect(row.locator("img[alt='3 of bamboo, winning tile']")).to_be_visible()
    expect(row.locator("[aria-label='pon 777z']")).to_be_visible()
    row.locator("summary").first.click()
    expect(row).to_contain_text("Bruno's hand · 4 han 30 fu")
    shoot(page, "game-picker-board")


def test_typed_hand_works_without_javascript(browser, live_server):
    game = make_game("tenhou", "tonpuusen")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.slug}/join/{game.edit_token}/")
    page.get_by_role("link", name="Enter hand").click()
    bruno = seat(page, "Bruno")
    bruno.get_by_label("Won", exact=True).check()
    seat(page, "Aiko").get_by_label("Dealt in", exact=True).check()
    expect(bruno.locator("[data-picker='palette']")).to_be_hidden()  # the picker needs a script
    bruno.get_by_text("or build the whole hand").click()
    bruno.locator("input[name='tiles_1']").fill("234m567p55s345s, pon 777z")
    bruno.locator("input[name='win_1']").fill("3s")
    page.get_by_text("Pao, and dora for a whole hand").click()
    page.locator("#id_dora").fill("4s")
    page.get_by_role("button", name="Settle").click()
    expect(page.locator(".preview")).to_contain_text("Bruno 4 han 30 fu (whole hand)")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('.score[data-seat="1"]')).to_have_text("32,700")
    context.close()
