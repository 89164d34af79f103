"""Practice and progress in a browser: a practice question answered (wrong), the reason it was
asked, the next one; then a learner's progress page with its table, bars and chart, on a phone
and a desktop (screenshots in screenshots/)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from django.utils import timezone
from playwright.sync_api import Page, expect

from quizsite.practice.models import Response
from quizsite.practice.state import rebuild_all
from tests.factory import (
    PASSWORD,
    answer_question,
    fake_request,
    linked_question,
    make_user,
    practice_wrong_post,
    question,
)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
# Elements sticking out of the page's right edge (a table's own scroller may hold wider ones).
WIDE_ELEMENTS = """[...document.querySelectorAll('body *')]
  .filter(e => !e.parentElement.closest('.table-scroll'))
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(0, 5).map(e => e.tagName + '.' + e.className)"""
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def test_it_practises_and_shows_progress(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size(SIZES["desktop"])
    page.goto(f"{site}/practice/")
    page.get_by_label("Your level").select_option("intermediate")
    page.get_by_role("button", name="Start practising").click()
    page.wait_for_url(re.compile(r"/practice/q/\d+/"))
    expect(page.locator(".why")).to_contain_text("Fresh material")
    for name, value in practice_wrong_post(linked_question(page.url)).items():
        page.locator(f"#answer [name={name}]").fill(value)
    page.get_by_role("button", name="Check").click()
    expect(page.locator(".verdict")).to_contain_text("Not quite")
    page.screenshot(path=SCREENSHOTS / "practice-desktop.png", full_page=True)
    assert Response.objects.filter(source="practice", right=False).count() == 1
    page.set_viewport_size(SIZES["phone"])
    page.get_by_role("link", name="Next question").click()
    page.wait_for_url(re.compile(r"/practice/q/\d+/"))
    expect(page.locator(".why")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "practice-phone.png", full_page=True)


def test_show_the_answer_in_practice_counts_it_as_wrong(page: Page, site: str) -> None:
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        seed = 31 if size == "phone" else 32
        page.goto(f"{site}/practice/q/{seed}/?mode=full&level=beginner&rules=mahjongsoul")
        page.get_by_role("button", name="Show the answer").click()
        verdict = page.locator(".verdict")
        expect(verdict).to_contain_text("The answer")
        expect(verdict).to_contain_text("counts as wrong")
        expect(page.locator("#answer")).not_to_contain_text("Please check your answer")
        page.screenshot(path=SCREENSHOTS / f"practice-revealed-{size}.png", full_page=True)
    rows = Response.objects.filter(source="practice")
    assert [(r.right, r.given, r.answer) for r in rows] == [(False, "answer shown", {})] * 2


def make_history(user) -> None:
    """Forty answers over four days, some wrong, in every mode, hand and table."""
    request = fake_request(user)
    modes = ("fu", "payment", "han", "full", "draw", "pao", "multiron", "counters")
    for n in range(40):
        right = n % 3 != 0 or n > 28
        answer_question(request, question(700 + n, modes[n % 8]), right=right)
    answer_question(request, question(800, "final"), right=False)
    start = timezone.now() - timedelta(days=3)
    for n, row in enumerate(Response.objects.order_by("pk")):
        Response.objects.filter(pk=row.pk).update(answered=start + timedelta(hours=2.5 * n))
    rebuild_all()  # the history rewritten under the kept state: replayed


def test_the_progress_page_on_a_phone_and_a_desktop(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    user = make_user("aiko")
    make_history(user)
    page.goto(f"{site}/accounts/login/")
    page.get_by_label("Username").fill("aiko")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"{site}/progress/")
        expect(page.get_by_role("heading", name="Your progress")).to_be_visible()
        expect(page.locator(".chart svg polyline")).to_have_count(1)
        expect(page.locator(".mastery-table td.cell-none").first).to_be_visible()
        assert page.locator(".bar-row").count() > 10
        expect(page.locator("#group-table")).to_contain_text("Draws, pao and final scores")
        expect(page.locator(".missed-list").get_by_role("link", name="Make a drill of this"))\
            .not_to_have_count(0)  # fmt: skip
        page.screenshot(path=SCREENSHOTS / f"progress-{size}.png", full_page=True)
        page.screenshot(path=SCREENSHOTS / f"progress-{size}-top.png")
        missed = page.locator("section[aria-labelledby=missed-title]")
        missed.screenshot(path=SCREENSHOTS / f"progress-{size}-missed.png")
        table_group = page.locator("section[aria-labelledby=group-table]")
        table_group.screenshot(path=SCREENSHOTS / f"progress-{size}-draws.png")
        page.locator("#group-fu").scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / f"progress-{size}-bars.png")
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        wide = page.evaluate(WIDE_ELEMENTS)
        assert not overflow, f"the progress page scrolls sideways on a {size}: {wide}"
    page.get_by_role("link", name="Make a drill of this").first.click()
    expect(page.get_by_role("heading", name="Set a drill")).to_be_visible()
    expect(page.get_by_text("check the options, then draw the questions")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "progress-drill-builder.png", full_page=True)
    page.get_by_role("button", name="Draw the questions").click()
    page.wait_for_url(re.compile(r"/drills/\w+/preview/"))
    page.goto(f"{site}/progress/")
    page.get_by_role("link", name="The last one explained").first.click()
    expect(page.locator(".verdict")).to_be_visible()


def test_a_practice_question_on_a_draw_topic(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"{site}/practice/next/?topic=draw:noten&level=intermediate")
        page.wait_for_url(re.compile(r"/practice/q/\d+/\?.*mode=draw"))
        expect(page.locator(".seat-table")).to_be_visible()
        q = linked_question(page.url)
        for name, value in practice_wrong_post(q).items():
            page.locator(f"#answer [name={name}]").fill(value)
        page.get_by_role("button", name="Check").click()
        expect(page.locator(".verdict")).to_contain_text("Not quite")
        page.screenshot(path=SCREENSHOTS / f"practice-draw-{size}.png", full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        assert not overflow, f"the practice draw question scrolls sideways on a {size}"
    rows = Response.objects.filter(source="practice", mode="draw")
    assert rows.count() == 2 and all("draw:noten" in r.topics for r in rows)
