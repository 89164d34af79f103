"""The han/fu table on a phone (390 px): a chosen amount opens in a sheet over the table,
which keeps its place; Escape or Close shuts it and the focus returns to the amount. Every
amount is a target of at least 24 × 24 px, and the headings stay in view."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

PHONE = {"width": 390, "height": 844}


def amount(page: Page, params: str):
    return page.locator(f'#hanfu a[href$="{params}"]')


def test_it_opens_an_amount_in_a_sheet_over_the_table(page: Page, site: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/table/")
    cell = amount(page, "han=3&fu=40&dealer=0&tsumo=0")
    cell.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    assert before > 300  # well down the page
    cell.click()

    sheet = page.get_by_role("dialog", name="How the chosen amount is worked out")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("3 han 40 fu, non-dealer ron")
    box = sheet.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
    assert page.evaluate("scrollY") == before  # the table did not move

    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(cell).to_be_focused()
    assert page.evaluate("scrollY") == before

    other = amount(page, "han=2&fu=40&dealer=0&tsumo=1")
    other.click()
    expect(sheet).to_contain_text("2 han 40 fu, non-dealer tsumo")
    sheet.get_by_role("link", name="See the ron instead").click()  # stays in the sheet
    expect(sheet).to_contain_text("2 han 40 fu, non-dealer ron")
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()
    expect(other).to_be_focused()
    assert page.evaluate("scrollY") == before


def test_it_links_to_the_amounts_page_without_javascript(browser: Browser, live_server) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/table/")
    amount(page, "han=3&fu=40&dealer=0&tsumo=0").click()
    expect(page).to_have_url(
        f"{live_server.url}/table/cell/?rules=mahjongsoul&honba=0&sticks=0&han=3&fu=40&dealer=0&tsumo=0"
    )
    expect(page.locator("h2.cell-title")).to_contain_text("3 han 40 fu, non-dealer ron")
    context.close()


def test_it_keeps_the_headings_in_view(page: Page, site: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/table/")
    heading = page.locator("#table-non_dealer thead th").nth(1)
    amount(page, "han=1&fu=100&dealer=0&tsumo=0").scroll_into_view_if_needed()
    box = heading.bounding_box()
    assert box and 0 <= box["y"] < 5  # stuck to the top of the window
    expect(heading).to_have_text("1 han")


def test_it_makes_every_amount_a_big_enough_target(page: Page, site: str) -> None:
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{site}/table/")
        sizes = page.locator("#hanfu a.entry").evaluate_all(
            "els => els.map((el) => { const r = el.getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })"
        )
        assert len(sizes) > 100
        small = [s for s in sizes if s[2] < 24 or s[3] < 24]
        assert not small, f"{len(small)} amounts under 24 × 24 px at {width} px: {small[:3]}"
        # No two amounts touch: their boxes are apart by at least 2 px.
        boxes = sorted(sizes, key=lambda s: (round(s[0]), s[1]))
        for a, b in zip(boxes, boxes[1:], strict=False):
            if round(a[0]) == round(b[0]):  # one column: the next amount is below
                assert b[1] - (a[1] + a[3]) >= 2, (width, a, b)


READING = """(el) => {
  const style = getComputedStyle(el);
  const rgb = (c) => c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let bg = el, back = "rgba(0, 0, 0, 0)";
  while (bg && (back === "rgba(0, 0, 0, 0)" || back === "transparent")) {
    back = getComputedStyle(bg).backgroundColor; bg = bg.parentElement;
  }
  const [a, b] = [lum(style.color), lum(back)].sort((x, y) => y - x);
  return {
    size: parseFloat(style.fontSize), weight: Number(style.fontWeight),
    contrast: (a + 0.05) / (b + 0.05),
  };
}"""


def test_ron_and_tsumo_figures_are_readable_at_arms_length_on_a_phone(page: Page, site: str):
    from .shots import shoot

    page.set_viewport_size(PHONE)
    page.goto(f"{site}/table/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for params in ("han=3&fu=30&dealer=0&tsumo=1", "han=4&fu=30&dealer=1&tsumo=1"):
        tsumo = amount(page, params).evaluate(READING)
        ron = amount(page, params.replace("tsumo=1", "tsumo=0")).evaluate(READING)
        # both at least 15 px, tsumo not shrunk to a footnote, in full ink (7:1, WCAG AAA)
        assert tsumo["size"] >= 15 and ron["size"] >= 16, (tsumo, ron)
        assert tsumo["weight"] >= 600 and tsumo["contrast"] >= 7 and ron["contrast"] >= 7
    # a non-dealer tsumo breaks after its slash in a narrow column, the figures whole
    entry = amount(page, "han=3&fu=30&dealer=0&tsumo=1")
    expect(entry).to_have_text("tsumo 1000/2000")
    shoot(page, "table-readable")
