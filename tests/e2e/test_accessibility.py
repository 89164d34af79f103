"""axe-core (WCAG 2.2 A and AA) on every page of `pages.SAMPLES`, on a phone and a desktop.

axe runs from the copy that ships inside the `axe-playwright-python` package: nothing is
downloaded while the tests run.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .axe_check import AXE, DANGLING_IDS, ID_ATTRIBUTES, TAGS, WIDTHS, describe
from .pages import SAMPLES, Sample


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", SAMPLES, ids=[s.label for s in SAMPLES])
def test_it_has_no_axe_violations(page: Page, site: str, sample: Sample, width: str) -> None:
    w, h = WIDTHS[width]
    page.set_viewport_size({"width": w, "height": h})
    page.goto(site + sample.path)
    if sample.then:
        sample.then(page)
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    violations = results.response["violations"]
    assert not violations, f"{sample.label} at {w} px:\n{describe(violations)}"
    dangling = page.evaluate(DANGLING_IDS, ID_ATTRIBUTES)
    assert dangling == [], f"{sample.label}: ids that point nowhere: {dangling}"


def test_it_runs_the_packaged_axe_without_the_network(page: Page) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.set_content("<!doctype html><html lang='en'><title>t</title><main><h1>Hi</h1></main>")
    results = AXE.run(page)
    assert results.response["testEngine"]["name"] == "axe-core"
    assert requests == []
