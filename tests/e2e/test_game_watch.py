"""The spectators' board updates itself when a hand is entered elsewhere."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.factory import make_game, ron


def test_the_live_board_follows_the_game(page: Page, site: str):
    game = make_game("tenhou", "tonpuusen")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/games/{game.slug}/watch/")
    expect(page.locator(".hand-name")).to_contain_text("East 1, 0 honba")
    expect(page.get_by_role("link", name="Enter hand")).to_have_count(0)
    game.add_hand(ron(1, 0, 3, 30), version=0)  # another phone enters a hand
    expect(page.locator(".hand-name")).to_contain_text("East 2, 0 honba", timeout=12_000)
    expect(page.locator('.score[data-seat="1"]')).to_have_text("28,900")
    expect(page.locator(".live-note")).to_contain_text("1 hand entered")
