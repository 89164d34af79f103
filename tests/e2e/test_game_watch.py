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


def test_earlier_hands_come_into_the_list_and_stay_while_the_game_waits(page: Page, site: str):
    from bench import site as bench

    game = bench.board_game(25)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/games/{game.slug}/watch/")
    rows = page.locator(".hand-row")
    expect(rows).to_have_count(10)
    expect(rows.first).to_contain_text("25.")
    page.get_by_role("link", name="Show earlier hands").click()
    expect(rows).to_have_count(20)
    page.get_by_role("link", name="Show earlier hands").click()
    expect(rows).to_have_count(25)
    expect(rows.last).to_contain_text("1.")
    expect(page.get_by_role("link", name="Show earlier hands")).to_have_count(0)
    assert [int(t.split(".")[0]) for t in page.locator(".hand-no").all_inner_texts()] == list(
        range(25, 0, -1)
    )
    page.wait_for_timeout(6_000)  # a poll came and went: the game has not moved (204)
    expect(rows).to_have_count(25)
