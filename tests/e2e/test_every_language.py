"""Every page of `pages.SAMPLES` that opens at an address, in every language of the list
(English aside), as a browser shows it: no English word a visitor would read, no text wider
than its box (CJK runs break where each language breaks them), axe clean.

Each sample is opened once per language, at the phone's width, and its words read there: the
page's text is the same at both widths (the one script that reads the width, the table's, only
moves a chosen cell's derivation, and no sample here chooses one). The overflow check then runs
at the phone's width and again at the desktop's, the viewport resized: the style sheets' rules
for the new width apply at once, so a second load (a second sign-in, drill or saved rule set)
would show nothing more.

axe runs on every page in Japanese and, to keep the run short (each language adds a pass over
every page), on a sample of the pages in each other language: the pages a visitor meets first
and every fourth of the rest (a page's structure, which axe reads, is the same in every
language; its words, which the other checks read, are not). The sampled pages are also left
in `screenshots/` (`<language>-<label>-<width>.png`) for a person to look at.

Each sample opens at its `/<language>/` address (signed in where the sample signs in). The
states a sample reaches by filling in and sending forms (a verdict, a hand entered, a game
ended) are checked in every language by tests/i18n, through the test client.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlparse

import pytest
from django.utils import translation
from playwright.sync_api import Page

from scoring.engine import words
from scoring.engine.generate.options import LEVELS
from scoring.engine.generate.options import MODES as HAND_MODES
from scoring.engine.generate.settlements import TABLE_MODES
from tests.i18n.english import english_words

from .axe_check import AXE, OVERFLOWING, TAGS, WIDTHS, describe
from .pages import SAMPLES, Sample
from .shots import shoot

OPENED = [s for s in SAMPLES if s.then is None or getattr(s.then, "only_opens", False)]
FIRST_MET = {"home", "table", "hand, scored", "quiz, payment question", "rule presets",
             "glossary", "class page", "import", "practice question", "games"}  # fmt: skip
AXED_EVERYWHERE = {s.label for s in OPENED[::4]} | FIRST_MET
AXE_EVERY_PAGE = {"ja"}  # the first language after English: its pass is the full one


def slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


@pytest.mark.parametrize("language", words.LANGUAGES[1:])
@pytest.mark.parametrize("sample", OPENED, ids=[s.label for s in OPENED])
def test_every_page_reads_its_language(page: Page, site: str, sample: Sample, language: str):
    phone, *wider = WIDTHS.values()
    page.set_viewport_size({"width": phone[0], "height": phone[1]})
    with translation.override(language):
        page.goto(f"{site}/{language}{sample.path}")
        if sample.then:
            sample.then(page)
    where = f"{sample.label} in {language} ({page.url})"
    assert page.locator("html").get_attribute("lang") == language, where
    # What the visitor typed into the address comes back as typed ("rules=nope": "nope", a
    # question's seed "nonsense"), with the values the address may carry instead: its query's
    # values, its last segment, and the quiz's modes and levels (named as they are typed).
    address = urlparse(page.url)
    last = address.path.rstrip("/").rsplit("/", 1)[-1]
    typed = set(re.findall(r"[A-Za-z]+", unquote(f"{address.query} {last}")))
    if typed:
        typed |= {*HAND_MODES, *TABLE_MODES, *LEVELS}
    left = [w for w in english_words(page.content()) if w not in typed]
    assert not left, f"{where}: English left: {sorted(set(left))}"
    axed = language in AXE_EVERY_PAGE or sample.label in AXED_EVERYWHERE
    for w, h in [phone, *wider]:
        # The same page laid out again at each width: its style sheets' rules for that width
        # apply at once, with no second load (nor a second sign-in).
        page.set_viewport_size({"width": w, "height": h})
        if axed:
            results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
            violations = results.response["violations"]
            assert not violations, f"{where} at {w} px:\n{describe(violations)}"
        wide = page.evaluate(OVERFLOWING)
        assert wide == [], f"{where} at {w} px: text wider than its box: {wide}"
    if axed and language not in AXE_EVERY_PAGE:
        shoot(page, f"{language}-{slug(sample.label)}")
