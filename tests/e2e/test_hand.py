"""The hand calculator in a browser: build by clicking, type MPSZ, see the result follow."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
# 234m 567p 234s 345s 55s, won on 5s: the clicks, in order, the last being the winning tile.
CLICKS = ["2m", "3m", "4m", "5p", "6p", "7p", "2s", "3s", "4s", "3s", "4s", "5s", "5s", "5s"]


# How many lines each yaku's worth ("2 han", "double yakuman") takes in the yaku table.
LINES_OF_WORTHS = """[...document.querySelectorAll('#result .calc-table .num')].map((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
})"""


def palette(page: Page, code: str):
    return page.locator(f'.calc-palette [data-code="{code}"]')


def test_it_scores_a_hand_built_by_clicking_tiles(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/")
    page.evaluate("window.tenboMarker = 'kept'")
    for code in CLICKS:
        palette(page, code).click()
    expect(page.locator("#hand-tiles img")).to_have_count(14)
    # The 14th tile became the winning tile.
    expect(page.locator('#win-choices input[value="5s"]')).to_be_checked()
    page.get_by_label("Ron (on a discard)").check()
    # Pinfu + tanyao, 30 fu: 30 × 2^(2+2) = 480, × 4 = 1920 → 2000 from the discarder.
    result = page.locator("#result")
    expect(result.locator("h2")).to_contain_text("2 han 30 fu")
    expect(result.locator("h2")).to_contain_text("2000 points")
    expect(result).to_contain_text("Pinfu")
    expect(result).to_contain_text("All simples (tanyao)")
    expect(result).to_contain_text("two-sided wait (ryanmen)")
    expect(result.locator('img[alt="5 of bamboo, winning tile"]')).to_have_count(1)
    expect(page).to_have_url(re.compile(r"/hand/\?hand=234m567p23344555s&win=5s$"))
    assert page.evaluate("window.tenboMarker") == "kept"  # htmx swapped, no reload


def test_it_takes_a_tile_out_when_it_is_clicked(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/?hand=234m567p234s345s55s&win=5s")
    page.locator("#hand-tiles button").first.click()
    expect(page.locator("#hand-tiles img")).to_have_count(13)
    # The text is rewritten from the tiles: runs of one suit share their letter.
    expect(page.locator("#id_hand")).to_have_value("34m567p23434555s")
    expect(page.locator("#result")).to_contain_text("Add 1 more tile")


def test_the_tiles_follow_typed_mpsz(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/")
    page.locator("#id_hand").fill("5550m406p")
    tiles = page.locator("#hand-tiles img")
    expect(tiles).to_have_count(7)
    alts = [tiles.nth(i).get_attribute("alt") for i in range(7)]
    assert alts == [
        "5 of characters",
        "5 of characters",
        "5 of characters",
        "5 of characters (red)",
        "4 of circles",
        "5 of circles (red)",
        "6 of circles",
    ]
    # Four 5m are out (the red one included), and the red 5p is used: the palette says so.
    expect(palette(page, "5m")).to_be_disabled()
    expect(palette(page, "0m")).to_be_disabled()
    expect(palette(page, "0p")).to_be_disabled()
    expect(palette(page, "5p")).to_be_enabled()
    expect(page.locator("#win-choices input")).to_have_count(5)
    expect(page.locator("#result")).to_contain_text("Add 7 more tiles")
    expect(page).to_have_url(re.compile(r"hand=5550m406p"))


def test_it_adds_a_called_meld_from_the_palette(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/?hand=234m567p55s345s&win=3s")
    page.locator(".calc-mode", has_text="Pon").click()
    palette(page, "7z").click()
    expect(page.locator("#id_melds")).to_have_value("pon 777z")
    expect(page.locator('#meld-list [aria-label="pon 777z"] img')).to_have_count(3)
    # Chun 1 han; 20 + 4 (open honour triplet) = 24 → 30 fu: 240 × 4 = 960 → 1000.
    expect(page.locator("#result h2")).to_contain_text("1 han 30 fu")
    expect(page.locator("#result h2")).to_contain_text("1000 points")


def test_it_adds_a_closed_kan_from_the_palette(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/?hand=234m567p234s55s&win=5s&flags=riichi")
    page.locator(".calc-mode", has_text="Closed kan").click()
    palette(page, "9p").click()
    expect(page.locator("#id_melds")).to_have_value("ankan 9999p")
    kan = page.locator('#meld-list [aria-label="closed kan 9999p"] img')
    expect(kan).to_have_count(4)
    # Lying on the table: the outer two face down, none sideways.
    assert [kan.nth(i).get_attribute("alt") for i in range(4)] == [
        "9 of circles (face down)",
        "9 of circles",
        "9 of circles",
        "9 of circles (face down)",
    ]
    expect(page.locator("#meld-list .tile--side")).to_have_count(0)
    expect(palette(page, "9p")).to_be_disabled()  # all four are in the kan
    # Riichi 1 han; 20 + 10 (menzen ron) + 32 (closed terminal kan) + 2 (tanki) = 64 → 70 fu:
    # 70 × 2^3 = 560, × 4 = 2240 → 2300.
    expect(page.locator("#result h2")).to_contain_text("1 han 70 fu")
    expect(page.locator("#result h2")).to_contain_text("2300 points")
    expect(page.locator("#result")).to_contain_text("+32 fu concealed quad of terminals/honours")


def test_it_shows_the_engine_message_next_to_the_field(page: Page, site: str) -> None:
    page.goto(f"{site}/hand/?hand=234m567p55s345s&win=3s")
    page.locator("#id_melds").fill("chi 135m")
    page.wait_for_timeout(800)  # still in the field: no message while it is being typed
    expect(page.locator("#error-melds")).to_be_empty()
    page.locator("#id_melds").press("Tab")
    expect(page.locator("#error-melds")).to_contain_text(
        "a chi is three consecutive tiles of one suit"
    )
    expect(page.locator("#result")).to_contain_text("Not scored yet")


@pytest.mark.parametrize("width", [390, 1280])
def test_it_fits_the_screen(page: Page, site: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    query = "hand=234m067p55s345s&win=3s&melds=pon+777z&dora=6p&flags=&honba=1"
    page.goto(f"{site}/hand/?{query}")
    # Chun + dora (6p → 7p) + red 5p = 3 han 30 fu: 960 × 4 = 3840 → 3900, + 300 honba.
    expect(page.locator("#result h2")).to_contain_text("3 han 30 fu")
    expect(page.locator("#result h2")).to_contain_text("4200 points")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert set(page.evaluate(LINES_OF_WORTHS)) == {1}  # "1 han" … "3 han" never wrap
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"hand-{width}.png", full_page=True)
    page.goto(f"{site}/tiles/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=SCREENSHOTS / f"tiles-{width}.png", full_page=True)


def test_long_groups_and_names_wrap_well_on_a_phone(page: Page, site: str) -> None:
    # Thirteen orphans is one group of 14 tiles: wider than a phone unless it wraps.
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{site}/hand/?hand=19m19p19s1234567z1m&win=1m")
    expect(page.locator("#result h2")).to_contain_text("Double yakuman")
    expect(page.locator("#result .calc-group img")).to_have_count(14)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Beside a long yaku name, the worth keeps to one line.
    assert page.evaluate(LINES_OF_WORTHS) == [1]


def test_it_works_without_javascript(browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{site}/hand/?hand=234m567p234s345s5s")
    palette(page, "5s").click()  # a plain submit: the server adds it and redirects
    expect(page).to_have_url(re.compile(r"/hand/\?hand=234m567p23434555s&win=5s$"))
    expect(page.locator("#result h2")).to_contain_text("2 han 30 fu")
    page.get_by_label("Tsumo (self-draw)").check()
    page.get_by_role("button", name="Score the hand").click()
    # Menzen tsumo + pinfu + tanyao = 3 han 20 fu: 20 × 2^5 = 640. Each non-dealer pays
    # 640 → 700 and the dealer 1280 → 1300: 700 + 700 + 1300 = 2700.
    expect(page.locator("#result h2")).to_contain_text("3 han 20 fu")
    expect(page.locator("#result h2")).to_contain_text("2700 points")
    expect(page).to_have_url(re.compile(r"&tsumo=1$"))
    context.close()
