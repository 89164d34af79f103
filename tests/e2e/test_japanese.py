"""Every page of `pages.SAMPLES` in Japanese, as a browser shows it: no English word a visitor
would read, axe clean, and no text wider than its box.

Each sample is opened once, at the phone's width, and its words read there: the page's text is
the same at both widths (the one script that reads the width, the table's, only moves a chosen
cell's derivation, and no sample here chooses one). axe and the overflow check then run at the
phone's width and again at the desktop's, the viewport resized: the style sheets' rules for
the new width apply at once, so a second load (a second sign-in, drill or saved rule set) would
show nothing more.

Each sample opens at its `/ja/` address (signed in where the sample signs in). The states a
sample reaches by filling in and sending forms (a verdict, a hand entered, a game ended) are
checked in Japanese by tests/i18n, page by page, through the test client.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlparse

import pytest
from django.utils import translation
from playwright.sync_api import Page

from scoring.engine.generate.options import LEVELS
from scoring.engine.generate.options import MODES as HAND_MODES
from scoring.engine.generate.settlements import TABLE_MODES
from tests.i18n.english import english_words

from .axe_check import AXE, OVERFLOWING, TAGS, WIDTHS, describe
from .pages import SAMPLES, Sample

OPENED = [s for s in SAMPLES if s.then is None or getattr(s.then, "only_opens", False)]


@pytest.mark.parametrize("sample", OPENED, ids=[s.label for s in OPENED])
def test_every_page_reads_japanese(page: Page, site: str, sample: Sample) -> None:
    phone, *wider = WIDTHS.values()
    page.set_viewport_size({"width": phone[0], "height": phone[1]})
    with translation.override("ja"):
        page.goto(site + "/ja" + sample.path)
        if sample.then:
            sample.then(page)
    assert page.locator("html").get_attribute("lang") == "ja", f"{sample.label}: {page.url}"
    # What the visitor typed into the address comes back as typed ("rules=nope": "nope", a
    # question's seed "nonsense"), with the values the address may carry instead: its query's
    # values, its last segment, and the quiz's modes and levels (named as they are typed).
    address = urlparse(page.url)
    last = address.path.rstrip("/").rsplit("/", 1)[-1]
    typed = set(re.findall(r"[A-Za-z]+", unquote(f"{address.query} {last}")))
    if typed:
        typed |= {*HAND_MODES, *TABLE_MODES, *LEVELS}
    left = [w for w in english_words(page.content()) if w not in typed]
    assert not left, f"{sample.label} ({page.url}): English left: {sorted(set(left))}"
    for w, h in [phone, *wider]:
        # The same page laid out again at each width: its style sheets' rules for that width
        # apply at once, with no second load (nor a second sign-in).
        page.set_viewport_size({"width": w, "height": h})
        results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
        violations = results.response["violations"]
        assert not violations, f"{sample.label} at {w} px in Japanese:\n{describe(violations)}"
        wide = page.evaluate(OVERFLOWING)
        assert wide == [], f"{sample.label} at {w} px: text wider than its box: {wide}"
