"""The table rules calculator in a browser: a hand's end and final scores, swapped in by
htmx, the URL kept shareable; screenshots at a phone's and a laptop's width."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def test_a_draw_is_settled_in_place(page, site):
    page.goto(f"{site}/table-rules/")
    page.evaluate("window.tenboMarker = 'kept'")
    page.get_by_label("Exhaustive draw").check()
    tenpai = page.get_by_role("group", name="Tenpai", exact=True)
    tenpai.get_by_label("Seat 2").check()
    result = page.locator("#hand-result")
    expect(result.locator("tbody tr").nth(2)).to_contain_text("+3000")
    expect(result).to_contain_text("Next: East 2, 1 honba")
    assert page.evaluate("window.tenboMarker") == "kept"
    expect(page).to_have_url(re.compile(r"end=draw.*tenpai=2"))
    # Only the draw's controls show: the win's are hidden while a draw is chosen.
    expect(page.get_by_label("Han", exact=True)).to_be_hidden()


def test_a_pao_seat_that_is_the_winner_is_explained_in_place(page, site):
    page.goto(f"{site}/table-rules/?yakuman=1")
    page.get_by_label("Liable player (pao)").select_option("1")
    expect(page.locator("#hand-result").get_by_role("alert")).to_contain_text(
        "cannot be the winner"
    )


def test_final_scores_keep_the_hand_form_in_the_link(page, site):
    page.goto(f"{site}/table-rules/?end=tsumo&han=4&fu=30")
    page.get_by_label("Rules", exact=True).nth(1).select_option("tenhou")
    for seat, points in enumerate(["42000", "28000", "18000", "12000"]):
        page.locator(f"#id_p{seat}").fill(points)
    page.locator("#id_p3").press("Tab")
    expect(page.locator("#final-result .places li").first).to_contain_text("+52.0")
    expect(page).to_have_url(re.compile(r"end=tsumo.*final_rules=tenhou"))
    expect(page.locator("#hand-result")).to_contain_text("wins by tsumo")


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots(page, site, width):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(
        f"{site}/table-rules/?rules=tenhou&dealer=3&honba=1&sticks=1&s0=24000&riichi=1"
        "&winner=1&discarder=2&han=3&fu=30&winner2=0&han2=2&fu2=40"
        "&final_rules=mleague&p0=41200&p1=30500&p2=17100&p3=11200"
    )
    expect(page.locator("#hand-result")).to_contain_text("Next:")
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow
    page.screenshot(path=SCREENSHOTS / f"table-rules-{width}.png", full_page=True)
