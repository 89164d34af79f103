"""A drill in browsers: an instructor signs up, sets a 5-question drill with a focus (a
wait), previews it (one
question drawn again) and shares it; three students answer in their own browsers, one reloading
half-way; the results board fills in without a reload, and the CSV matches it."""

from __future__ import annotations

import csv
import io
import re

from playwright.sync_api import Browser, Page, expect

from quizsite.drills.models import Drill
from tests.e2e.shots import SCREENSHOTS, shoot
from tests.factory import right_post, wrong_post


def sign_up(page: Page, site: str) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.get_by_label("Username").fill("sensei")
    page.get_by_label("Password", exact=True).fill("a-long-test-password-42")
    page.get_by_label("Password confirmation").fill("a-long-test-password-42")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_role("heading", name="Your drills")).to_be_visible()
    expect(page.locator(".account-nav")).to_contain_text("sensei")


def set_drill(page: Page) -> Drill:
    page.get_by_role("link", name="Set a new drill").click()
    page.get_by_label("Title").fill("Thursday club")
    page.get_by_label("Number of questions").fill("5")
    page.get_by_role("radio", name=re.compile("^Full hand")).check()
    page.get_by_role("radio", name=re.compile("^Beginner")).check()
    page.locator("summary", has_text="Focus (optional)").click()  # folded
    page.locator("summary", has_text="Waits").click()
    page.get_by_role("checkbox", name="Closed (kanchan)").check()
    shoot(page, "drill-builder")
    page.get_by_role("button", name="Draw the questions").click()
    page.wait_for_url(re.compile(r"/drills/\w{6}/preview/"))
    return Drill.objects.get(title="Thursday club")


def preview_and_redraw(page: Page, drill: Drill) -> None:
    assert drill.focus == {"waits": ["kanchan"]}
    expect(page.locator(".lede")).to_contain_text("on Waits: Closed (kanchan)")
    expect(page.locator(".dq")).to_have_count(5)
    for item in page.locator(".dq").all():
        expect(item.locator(".dq-key summary")).to_contain_text("Answer:")
    before = drill.questions.get(number=2).request
    second = page.locator("#q2")
    for _ in range(5):  # a new draw may, rarely, give the same hand
        with page.expect_response(re.compile(r"/preview/2/redraw/")):
            second.get_by_role("button", name="Draw again").click()
        if drill.questions.get(number=2).request != before:
            break
    assert drill.questions.get(number=2).request != before
    expect(page.locator(".dq")).to_have_count(5)


def fill_answer(page: Page, post: dict[str, str]) -> None:
    for name, value in post.items():
        page.locator(f"#answer input[name={name}]").fill(value)
    page.locator("#answer").get_by_role("button", name="Check").click()


def answer_drill(
    browser: Browser,
    site: str,
    drill: Drill,
    name: str,
    rights: list[bool],
    *,
    reload_after: int | None = None,
    shots: bool = False,
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{site}/d/{drill.code}/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start").click()
    for position, right in enumerate(rights, start=1):
        page.wait_for_url(re.compile(rf"/d/{drill.code}/{position}/$"))
        expect(page.locator(".drill-count")).to_have_text(f"Question {position} of 5")
        if shots and position == 1:
            shoot(page, "drill-question")
        attempt = drill.attempts.get(name=name)
        number = attempt.number_at(position)
        fill_answer(page, (right_post if right else wrong_post)(drill, number))
        expect(page.locator(".verdict")).to_contain_text("Right!" if right else "Not quite")
        expect(page.locator("#progress")).to_contain_text(f"{position} of 5 answered")
        if position == reload_after:
            page.reload()  # the verdict is still there, from the server
            expect(page.locator(".verdict")).to_contain_text("Right!" if right else "Not quite")
            page.goto(f"{site}/d/{drill.code}/")  # and the drill resumes where it was
            continue
        page.locator(".verdict a.button").click()  # "Next question", or the summary
    page.wait_for_url(re.compile(rf"/d/{drill.code}/done/$"))
    expect(page.locator(".summary-score")).to_contain_text(f"{sum(rights)} of 5")
    if shots:
        shoot(page, "drill-summary")
    context.close()


def test_an_instructor_sets_a_drill_and_watches_three_students(
    page: Page, site: str, browser: Browser
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up(page, site)
    drill = set_drill(page)
    shoot(page, "drill-preview")
    preview_and_redraw(page, drill)

    page.get_by_role("link", name="Share", exact=True).click()
    expect(page.locator(".big-code")).to_have_text(drill.code)
    expect(page.locator(".qr svg")).to_be_visible()
    expect(page.locator(".share-url")).to_have_text(f"{site}/d/{drill.code}/")
    shoot(page, "drill-share")

    page.get_by_role("link", name="Results", exact=True).click()
    expect(page.locator("#board")).to_contain_text("No one has started yet")

    plans = {
        "Aiko": [True] * 5,
        'Ben "the wall", =1+1': [False, True, False, True, False],
        "山田": [True, True, False, False, True],
    }
    answer_drill(browser, site, drill, "Aiko", plans["Aiko"], shots=True)
    answer_drill(browser, site, drill, 'Ben "the wall", =1+1', plans['Ben "the wall", =1+1'])
    answer_drill(browser, site, drill, "山田", plans["山田"], reload_after=2)

    board = page.locator("#board")  # polled by htmx: no reload
    expect(board).to_contain_text("3 students · 15 answers", timeout=15_000)
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(3)
    for i, (name, rights) in enumerate(plans.items()):
        row = rows.nth(i)
        expect(row.locator("th")).to_have_text(name)
        attempt = drill.attempts.get(name=name)
        marks = [rights[p - 1] for p in sorted(range(1, 6), key=attempt.number_at)]
        expect(row.locator("td.cell")).to_have_count(5)
        for n, right in enumerate(marks):
            expect(row.locator("td.cell").nth(n)).to_have_class(
                re.compile("cell--right" if right else "cell--wrong")
            )
        expect(row.locator(".score")).to_have_text(f"{sum(rights)}/5")
    shoot(page, "drill-results")

    response = page.request.get(f"{site}/drills/{drill.code}/results.csv")
    table = list(csv.reader(io.StringIO(response.text())))
    assert table[0][:6] == ["student", "account", "started", "question", "answer", "right"]
    got = {(r[0], int(r[3])): r[5] for r in table[1:]}
    for name, rights in plans.items():
        attempt = drill.attempts.get(name=name)
        safe = "'" + name if name.startswith("=") else name
        for position, right in enumerate(rights, start=1):
            assert got[(safe, attempt.number_at(position))] == ("yes" if right else "no")

    page.goto(f"{site}/drills/{drill.code}/sheet/")
    expect(page.locator(".dq")).to_have_count(5)
    expect(page.locator(".dq img").first).to_be_visible()
    shoot(page, "drill-sheet")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    page.screenshot(path=SCREENSHOTS / "drill-sheet-print.png", full_page=True)
    page.emulate_media(media="screen")
    page.goto(f"{site}/drills/{drill.code}/key/")
    expect(page.locator(".key-answer")).to_have_count(5)
    shoot(page, "drill-key")
