"""A three-player log imported in a browser: the review names three players (no North seat),
puts each winner's Norths set aside beside the hand, and agrees with the server; the board has
three seats. Screenshots of the review in English and Japanese and of the board, at phone and
desktop widths."""

from playwright.sync_api import expect

from tests.e2e.shots import shoot
from tests.helpers import real_games


def test_a_three_player_log_imports_and_reviews_with_three_seats(page, site):
    xml = next(g["xml"] for g in real_games(3) if g["id"].endswith("8d5cef1e"))
    page.goto(f"{site}/games/import/")
    page.locator('input[type="file"]').set_input_files(
        {"name": "sanma.mjlog", "mimeType": "application/xml", "buffer": xml.encode()}
    )
    page.get_by_label("Your name in the game").fill("k-point")
    page.locator("main form button[type=submit]").first.click()
    expect(page.locator("h1")).to_have_text("The game's log, hand by hand")
    expect(page.locator(".log-agrees")).to_contain_text("all 3 wins as the server recorded")
    expect(page.locator(".log-kita")).to_have_count(3)
    expect(page.locator(".log-final tbody tr")).to_have_count(3)
    shoot(page, "sanma-import-review")
    review = page.url
    page.goto(review.replace(site, f"{site}/ja"))
    expect(page.locator(".log-agrees")).to_be_visible()
    shoot(page, "sanma-import-review-ja")
    page.goto(review.replace("/log/", "/"))
    expect(page.locator("main")).to_contain_text("しょうくん")
    shoot(page, "sanma-import-board")
