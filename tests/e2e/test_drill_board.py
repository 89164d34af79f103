"""The live results board in a browser: idle polls are answered 204 and leave the board as it
is; a new answer shows without a reload; the instructor removes a student and pages on."""

from __future__ import annotations

import re

from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from tests.factory import make_answer, make_attempt, make_class, make_drill, make_user


def signed_in(page: Page, site: str, user) -> None:
    client = Client()  # signed in without the log-in form, which is rate-limited
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": site}])


def test_the_board_polls_lightly_updates_and_removes(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    drill = make_drill(owner=make_user("sensei"), count=10)
    make_class(drill, 20)
    signed_in(page, site, drill.owner)
    statuses: list[int] = []
    page.on(
        "response",
        lambda r: statuses.append(r.status) if "/results/?page=" in r.url else None,
    )
    page.goto(f"{site}/drills/{drill.code}/results/")
    board = page.locator("#board")
    expect(board).to_contain_text("20 students · 200 answers")
    expect(board.locator(".pager")).to_contain_text("Students 1–15 of 20")
    page.wait_for_timeout(7_000)
    assert statuses and set(statuses) == {204}, statuses  # nothing changed: no body sent

    make_answer(make_attempt(drill, "Newcomer"), 1)
    expect(board).to_contain_text("21 students · 201 answers", timeout=10_000)
    assert 200 in statuses

    board.get_by_role("link", name="Next →").click()
    expect(board.locator(".pager")).to_contain_text("Students 16–21 of 21")
    row = board.locator("tbody tr", has_text="Newcomer")
    row.get_by_role("link", name=re.compile("Remove")).click()
    expect(page.get_by_role("heading", name="Remove Newcomer from this drill?")).to_be_visible()
    page.get_by_role("button", name="Remove Newcomer and the answers").click()
    expect(page.locator(".message")).to_contain_text("The attempt was removed")
    expect(page.locator("#board")).to_contain_text("20 students · 200 answers")
    assert not drill.attempts.filter(name="Newcomer").exists()
