"""The main pages in Simplified Chinese and Korean, as a browser shows them: the page says its
language, no text is wider than its box (CJK runs break where each language breaks them), axe
finds nothing, at the phone's width and the desktop's. A screenshot of each is left in
`screenshots/` for a person to look at.

Here the layout is checked; which words are left in English, page by page, is the languages'
next step (the Japanese pages' test, tests/e2e/test_japanese.py, is the model).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .axe_check import AXE, OVERFLOWING, TAGS, WIDTHS, describe
from .shots import shoot

PAGES = {
    "home": "/",
    "table": "/table/",
    "hand": "/hand/?hand=234m567p234s345s55s&win=5s&tsumo=1&flags=riichi&dora=3s",
    "quiz": "/quiz/",
    "question": "/quiz/q/4242/?mode=payment&level=beginner&rules=mahjongsoul",
    "table-rules": "/table-rules/",
}
# A word of each language's catalogue that every page shows (the language switch's label is
# hidden; the menu's "Quiz" is not).
QUIZ = {"zh-hans": "测验", "ko": "퀴즈"}


@pytest.mark.parametrize("language", ["zh-hans", "ko"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_holds_its_layout(page: Page, site: str, language: str, name: str) -> None:
    phone, *wider = WIDTHS.values()
    page.set_viewport_size({"width": phone[0], "height": phone[1]})
    page.goto(f"{site}/{language}{PAGES[name]}")
    assert page.locator("html").get_attribute("lang") == language
    assert QUIZ[language] in page.locator("#main-menu").inner_text()
    for w, h in [phone, *wider]:
        page.set_viewport_size({"width": w, "height": h})
        results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
        violations = results.response["violations"]
        assert not violations, f"{name} at {w} px in {language}:\n{describe(violations)}"
        wide = page.evaluate(OVERFLOWING)
        assert wide == [], f"{name} at {w} px in {language}: text wider than its box: {wide}"
    shoot(page, f"{language}-{name}")
