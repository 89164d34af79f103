"""The learner's reference on a phone, in English and in Japanese: no sideways scroll, every
tile picture on the screen."""

import pytest

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    "path",
    [
        p + q
        for p in ("", "/ja")
        for q in ("/learn/", "/learn/scoring/", "/learn/terms/", "/learn/yaku/", "/learn/fu/")
    ],
)
def test_the_reference_fits_a_phone(page, site, path):
    page.set_viewport_size(PHONE)
    page.goto(f"{site}{path}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Example hands wrap: no tile is drawn past the right edge (or narrower than 28 px).
    outside = page.evaluate(
        """() => [...document.querySelectorAll('.tile img')].filter(img => {
             const box = img.getBoundingClientRect();
             return box.right > window.innerWidth || box.left < 0 || box.width < 28;
           }).length"""
    )
    assert outside == 0


def test_the_glossary_folds_its_sections_and_a_words_link_opens_its_own(page, site):
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/learn/terms/")
    sections = page.locator("details.glossary-section")
    assert sections.count() >= 5
    assert page.locator("details.glossary-section[open]").count() == 0
    assert page.evaluate("document.documentElement.scrollHeight") < 3 * PHONE["height"]
    page.goto(f"{site}/learn/terms/#term-honba")
    term = page.locator("#term-honba")
    term.wait_for(state="visible")
    assert page.locator("details.glossary-section[open]").count() == 1
    found = term.bounding_box()
    assert found is not None and 0 <= found["y"] < PHONE["height"]
