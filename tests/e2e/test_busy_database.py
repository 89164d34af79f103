"""A database too busy to store an answer, in a browser: the page says the answer was not saved
beside the form, what was typed stays in it, and sent again once the database is back it is
judged. The site's own 503 page for a page that cannot be read. (The write is made to fail
here; tests/site/test_live_database.py locks a real database under a running server.)"""

from __future__ import annotations

import re

from django.db import OperationalError
from playwright.sync_api import Page, expect

from quizsite.drills.models import Attempt
from quizsite.practice import answers
from tests.e2e.shots import shoot
from tests.factory import make_drill, practice_wrong_post, question, wrong_post


def locked(*args, **kwargs):
    raise OperationalError("database is locked")


def fill(page: Page, post: dict[str, str]) -> None:
    for name, value in post.items():
        page.locator(f"#answer input[name={name}]").fill(value)


def expect_kept(page: Page, post: dict[str, str]) -> None:
    for name, value in post.items():
        expect(page.locator(f"#answer input[name={name}]")).to_have_value(value)


def test_a_drill_answer_not_saved_says_so_and_keeps_what_was_typed(page: Page, site, monkeypatch):
    drill = make_drill(count=2)
    page.goto(f"{site}/d/{drill.code}/")
    page.get_by_label("Your name").fill("Aiko")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(rf"/d/{drill.code}/1/$"))
    number = Attempt.objects.get(name="Aiko").number_at(1)
    post = wrong_post(drill, number)
    fill(page, post)
    monkeypatch.setattr(Attempt, "record", locked)
    page.locator("#answer").get_by_role("button", name="Check").click()
    expect(page.locator("#answer").get_by_role("alert")).to_contain_text(
        "Your answer was not saved"
    )
    expect_kept(page, post)
    shoot(page, "drill-answer-not-saved")
    monkeypatch.undo()
    page.locator("#answer").get_by_role("button", name="Check").click()
    expect(page.locator(".verdict")).to_contain_text("Not quite")
    assert drill.attempts.get().answers.count() == 1


def test_a_quiz_answer_not_saved_gets_a_note_above_the_form_as_typed(page: Page, site, monkeypatch):
    q = question(81, "fu")
    page.goto(f"{site}/quiz/q/{q.seed}/?{q.query}")
    post = practice_wrong_post(q)
    fill(page, post)
    monkeypatch.setattr(answers, "store", locked)
    for _ in range(2):  # sent twice: still one note
        page.locator("#answer").get_by_role("button", name="Check").click()
        expect(page.locator(".unavailable-note")).to_contain_text("Nothing was saved")
    expect(page.locator(".unavailable-note")).to_have_count(1)
    expect_kept(page, post)
    shoot(page, "quiz-answer-not-saved")
    monkeypatch.undo()
    page.locator("#answer").get_by_role("button", name="Check").click()
    expect(page.locator(".verdict")).to_contain_text("Not quite")
    expect(page.locator(".unavailable-note")).to_have_count(0)


def test_a_page_that_cannot_be_read_is_the_sites_503_page(page: Page, site, monkeypatch):
    from quizsite.drills import take

    monkeypatch.setattr(take, "open_drill", locked)
    response = page.goto(f"{site}/d/ABCDEF/")
    assert response is not None and response.status == 503
    expect(page.get_by_role("heading", name="Too busy just now")).to_be_visible()
    shoot(page, "busy-503")
