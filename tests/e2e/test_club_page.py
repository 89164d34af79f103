"""A club's league page in a browser: the table and the chart fit a phone; screenshots."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from quizsite.games.models import Club
from tests.factory import finished_game, ron

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def test_the_league_and_its_chart(page: Page, site: str):
    SCREENSHOTS.mkdir(exist_ok=True)
    club = Club.objects.create(name="Thursday night")
    finished_game(club, winner_hand=ron(3, 1, 5))
    finished_game(club, ("Dana", "Chen", "Bruno", "Aiko"), winner_hand=ron(1, 2, 8))
    finished_game(club, ("Chen", "Aiko", "Emi", "Dana"))
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{site}/games/clubs/{club.slug}/")
        expect(page.locator(".league-table tbody tr")).to_have_count(5)
        expect(page.locator("svg.chart polyline")).to_have_count(5)
        page.screenshot(path=SCREENSHOTS / f"club-{width}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
