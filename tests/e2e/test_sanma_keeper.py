"""A three-player game kept in a browser: the new-game form hides North for a three-player
preset, three seats are drawn around the table and on the board, a whole hand is entered with
its Norths set aside, and after every hand the next hand's button is in the first screen at
390 and 1280 px. Screenshots of the form, a hand and the board in English and Japanese."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from quizsite.games.models import Game
from tests.e2e.shots import shoot

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def in_first_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], box


def start_three(page: Page, site: str, prefix: str = "") -> None:
    page.goto(f"{site}{prefix}/games/new/")
    north = page.locator("#id_north")
    expect(north).to_be_visible()
    page.locator("#id_preset").select_option("tenhou_sanma")
    expect(north).to_be_hidden()  # no North seat at three
    for field, name in zip(("east", "south", "west"), ("Aiko", "Bruno", "Chen"), strict=True):
        page.locator(f"#id_{field}").fill(name)
    page.locator("#id_length").select_option("tonpuusen")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_a_three_player_game_on_the_board(page: Page, site: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    start_three(page, site)
    if size["width"] == 390:
        shoot(page, "sanma-keeper-new")
    page.locator("button[type=submit]", has_text="Start the game").click()
    expect(page.locator("li.seat")).to_have_count(3)
    in_first_screen(page, "a.button:has-text('Enter hand 1')")
    # a whole hand by tsumo, two Norths set aside
    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("fieldset.seat-entry")).to_have_count(3)
    page.locator('input[name="kind"][value="tsumo"]').check()
    page.locator("fieldset.seat-entry.at-0").get_by_label("Won", exact=True).check()
    page.locator("fieldset.seat-entry.at-0").get_by_label("Riichi", exact=True).check()
    whole = page.locator('details.whole-hand[data-seat="0"]')
    whole.locator("summary").click()
    whole.get_by_role("radiogroup", name="Norths Aiko set aside").get_by_label(
        "2", exact=True
    ).check()
    page.locator("#id_tiles_0").fill("123p456p789p11s234s")
    page.locator("#id_win_0").fill("4s")
    page.get_by_role("button", name="Settle", exact=True).last.click()
    preview = page.locator(".preview")
    expect(preview).to_contain_text("nukidora")
    expect(preview).to_contain_text("no North seat pays")
    if size["width"] == 390:
        shoot(page, "sanma-keeper-hand")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("li.seat")).to_have_count(3)
    in_first_screen(page, "a.button:has-text('Enter hand 2')")
    # a ron: two taps for the players, two for the value
    page.get_by_role("link", name="Enter hand 2").click()
    page.locator("fieldset.seat-entry.at-2").get_by_label("Won", exact=True).check()
    page.locator("fieldset.seat-entry.at-1").get_by_label("Dealt in", exact=True).check()
    page.get_by_role("radiogroup", name="Chen's han").get_by_label("3", exact=True).check()
    page.get_by_role("radiogroup", name="Chen's fu").get_by_label("30", exact=True).check()
    page.get_by_role("button", name="Settle", exact=True).last.click()
    page.get_by_role("button", name="Save hand").click()
    in_first_screen(page, "a.button:has-text('Enter hand 3')")
    game = Game.objects.latest("created")
    scores = [page.locator(f'.score[data-seat="{s}"]').inner_text() for s in range(3)]
    assert scores == [f"{x:,}" for x in game.replay().scores]
    if size["width"] == 1280:
        shoot(page, "sanma-keeper-board")


def test_a_three_player_game_in_japanese(page: Page, site: str) -> None:
    page.set_viewport_size(SIZES["phone"])
    start_three(page, site, "/ja")
    page.locator("form.game-form button[type=submit]").click()
    expect(page.locator("li.seat")).to_have_count(3)
    expect(page.locator("#live")).to_contain_text("35,000")
    page.locator("a.button.big").first.click()
    page.locator('input[name="kind"][value="draw"]').check()
    page.locator("fieldset.seat-entry.at-1").locator('input[name="tenpai"]').check()
    page.locator("button[name=preview]").last.click()
    expect(page.locator(".preview")).to_be_visible()
    shoot(page, "sanma-keeper-hand-ja")
    page.locator("button[name=save]").click()
    expect(page.locator("li.seat")).to_have_count(3)
    expect(page.locator("#live")).to_contain_text("東2局")
    shoot(page, "sanma-keeper-board-ja")
