"""The hand entry at the table, counted in taps on a phone: a ron in six (winner, discarder,
han, fu, settle, save), a draw in four (draw, riichi, which marks tenpai, settle, save), with
and without scripts; every target is a big chip; after "Settle" the settlement and its save
button are in the first screen; the table is drawn with the dealer marked and the riichi
sticks."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .shots import shoot

PHONE = {"width": 390, "height": 844}


class Taps:
    """Taps on the page, counted: each is one click on what a thumb would touch."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def on(self, locator) -> None:
        locator.click()
        self.count += 1


def start(page: Page, site: str) -> None:
    page.goto(f"{site}/games/new/")
    names = ("Aiko", "Bruno", "Chen", "Dana")
    for wind, name in zip(("East", "South", "West", "North"), names, strict=True):
        page.get_by_label(wind, exact=False).first.fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Enter hand").click()


def chip(page: Page, seat: str, label: str):
    card = page.locator("fieldset.seat-entry", has=page.locator("legend", has_text=seat))
    return card.locator("label.chip", has_text=label)


def in_first_screen(page: Page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def ron_in_six(page: Page) -> Taps:
    taps = Taps(page)
    taps.on(chip(page, "Bruno", "Won"))
    taps.on(chip(page, "Aiko", "Dealt in"))
    taps.on(page.get_by_role("radiogroup", name="Bruno's han").get_by_text("3", exact=True))
    taps.on(page.get_by_role("radiogroup", name="Bruno's fu").get_by_text("30", exact=True))
    taps.on(page.get_by_role("button", name="Settle", exact=True))
    # the settlement and its save button come back in the first screen
    expect(page.locator(".preview")).to_contain_text("Bruno 3 han 30 fu ron off Aiko")
    assert in_first_screen(page, page.locator("#preview-title"))
    assert in_first_screen(page, page.get_by_role("button", name="Save hand"))
    taps.on(page.get_by_role("button", name="Save hand"))
    expect(page.locator('.score[data-seat="1"]')).to_have_text("28,900")
    expect(page.locator('.score[data-seat="0"]')).to_have_text("21,100")
    return taps


def test_a_ron_in_six_taps_and_a_draw_in_four(page: Page, site: str):
    page.set_viewport_size(PHONE)
    start(page, site)
    # the seats around the table, the dealer marked, every target a big chip
    dealer = page.locator("fieldset.seat-entry.is-dealer")
    expect(dealer).to_have_count(1)
    expect(dealer.locator("legend")).to_contain_text("Aiko")
    expect(dealer.locator(".tag")).to_have_text("dealer")
    for target in page.locator(".around label.chip:visible, .kinds label.chip").all():
        box = target.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, target.inner_text()
    # riichi sticks drawn: none on the table yet, one on a ticked riichi chip
    expect(page.locator(".table-middle .stick")).to_have_count(0)
    expect(page.locator(".table-middle")).to_contain_text("No riichi deposits on the table")
    taps = ron_in_six(page)
    assert taps.count <= 6

    page.get_by_role("link", name="Enter hand 2").click()
    taps = Taps(page)
    taps.on(page.locator("label.kind", has_text="Draw"))
    taps.on(chip(page, "Chen", "Riichi"))  # a riichi player is marked tenpai with it
    expect(chip(page, "Chen", "Tenpai").locator("input")).to_be_checked()
    taps.on(page.get_by_role("button", name="Settle", exact=True))
    expect(page.locator(".preview")).to_contain_text("tenpai: Chen; riichi: Chen")
    assert in_first_screen(page, page.get_by_role("button", name="Save hand"))
    shoot(page, "keeper-draw-settled")
    taps.on(page.get_by_role("button", name="Save hand"))
    assert taps.count <= 4
    # noten payments 3,000 to Chen, who put 1,000 on the table
    expect(page.locator('.score[data-seat="2"]')).to_have_text("27,000")
    expect(page.locator(".table-line .stick")).to_have_count(1)
    expect(page.locator(".table-line")).to_contain_text("1 riichi deposit on the table")
    page.get_by_role("link", name="Enter hand 3").click()
    expect(page.locator(".table-middle .stick")).to_have_count(1)
    shoot(page, "keeper-entry")


def test_the_chips_work_without_scripts(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    start(page, live_server.url)
    taps = ron_in_six(page)
    assert taps.count <= 6
    page.get_by_role("link", name="Enter hand 2").click()
    taps = Taps(page)
    taps.on(page.locator("label.kind", has_text="Draw"))
    taps.on(chip(page, "Chen", "Tenpai"))
    taps.on(page.get_by_role("button", name="Settle", exact=True))
    taps.on(page.get_by_role("button", name="Save hand"))
    assert taps.count <= 4
    expect(page.locator('.score[data-seat="2"]')).to_have_text("28,000")
    context.close()


def test_a_riichi_player_unmarked_tenpai_is_warned_before_the_chombo(page: Page, site: str):
    page.set_viewport_size(PHONE)
    start(page, site)
    page.locator("label.kind", has_text="Draw").click()
    chip(page, "Bruno", "Riichi").click()
    chip(page, "Bruno", "Tenpai").click()  # unmarked again: noten in riichi
    page.get_by_role("button", name="Settle", exact=True).click()
    warning = page.locator(".preview .warnings")
    expect(warning).to_contain_text("Bruno declared riichi but is not marked tenpai")
    assert in_first_screen(page, warning)
    assert in_first_screen(page, page.get_by_role("button", name="Save anyway"))
    shoot(page, "keeper-noten-warned")
    page.get_by_role("button", name="Save anyway").click()
    expect(page.locator(".hand-row").first).to_contain_text("exhaustive draw")
