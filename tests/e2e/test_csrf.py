"""A quiz answer sent after the security cookie is gone: the site says so where the verdict
would have gone, with a way back, instead of nothing happening."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_it_says_an_answer_was_refused(page: Page, site: str) -> None:
    page.goto(f"{site}/quiz/next/?mode=payment")
    page.context.clear_cookies()
    for field in page.locator(".answer-form input.answer-input").all():
        field.fill("1000")
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    answer = page.locator("#answer")
    expect(answer.get_by_role("alert")).to_contain_text("Nothing was saved")
    back = answer.get_by_role("link", name="Back to the page")
    back.click()
    expect(page.locator(".answer-form")).to_be_visible()  # the question again, ready to answer
