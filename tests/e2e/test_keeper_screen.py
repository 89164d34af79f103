"""The scorekeeper's screens in pixels, on a phone (390×844) and a laptop (1280×800): after
every hand the next hand's button and Undo are in the first screen with the last hand; the
saved-rules form folds its switches and keeps Save on the screen however far it runs."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from quizsite.games.models import SavedRules
from tests.e2e.pages import as_instructor, instructor_drill
from tests.factory import add, draw, make_game, ron

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
HANDS = [ron(1, 2, han=3, fu=40), draw(0, 2, riichi=(0,)), ron(0, 3, han=2, fu=30),
         draw(1, riichi=(1, 3)), ron(2, 1, han=4, fu=30, riichi=(2,))]  # fmt: skip


def inside(page: Page, selector: str) -> tuple[float, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    assert found["y"] >= 0 and found["y"] + found["height"] <= page.viewport_size["height"], (
        selector, found, page.url,
    )  # fmt: skip
    return found["y"], found["y"] + found["height"]


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_after_each_hand_the_next_hands_button_and_undo_are_in_the_first_screen(
    page: Page, site: str, size: dict[str, int]
) -> None:
    user, _ = instructor_drill()
    game = make_game("mahjongsoul", "hanchan")
    game.east, game.south, game.west, game.north = "Chloé", "Farid", "Aiko", "Bruno"
    game.owner = user
    game.save()
    page.set_viewport_size(size)
    page.goto(site)
    for n, hand in enumerate(HANDS, start=1):
        add(game, hand)
        as_instructor(f"/games/{game.slug}/")(page)
        assert page.evaluate("window.scrollY") == 0
        inside(page, f"a.button:has-text('Enter hand {n + 1}')")
        inside(page, f"a:has-text('Undo hand {n}…')")
        inside(page, ".game-rules")  # the rules in force, named
        last = page.locator(".hand-row summary").first.bounding_box()
        assert last is not None and last["y"] < size["height"] - 20  # the last hand shows


def test_the_saved_rules_form_folds_and_keeps_save_on_the_screen(page: Page, site: str) -> None:
    user, _ = instructor_drill()
    saved = SavedRules.objects.create(name="Thursday", owner=user, rules={"preset": "mleague"})
    page.set_viewport_size(SIZES["phone"])
    page.goto(site)
    as_instructor(f"/games/rules/{saved.slug}/edit/")(page)
    page.locator("summary", has_text="Change the preset's rules").click()
    assert page.locator("details.switch-group[open]").count() == 0  # nothing changed: folded
    assert page.evaluate("document.documentElement.scrollHeight") < 2 * SIZES["phone"]["height"]
    for group in ("Scoring a hand", "The table"):
        page.locator("details.switch-group > summary", has_text=group).click()
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in (0, height // 3, 2 * height // 3):
        page.evaluate(f"window.scrollTo(0, {y})")
        inside(page, ".form-actions button")
    page.evaluate(f"window.scrollTo(0, {height // 2})")
    page.locator(".form-actions button").click()
    page.wait_for_url(f"**/games/rules/{saved.slug}/")
