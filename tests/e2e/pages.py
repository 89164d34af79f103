"""Every page of the site, in the states a visitor meets it, for the checks that visit them
all (the accessibility run). A new page is added here: `test_pages.py` fails while a named
page of the URL conf has no sample.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect


@dataclass(frozen=True)
class Sample:
    """One page in one state: its URL name, its address, and what to do once it is open."""

    url_name: str
    path: str
    label: str
    then: Callable[[Page], None] | None = None


def answer_wrong(page: Page) -> None:
    """Answer the open quiz question (wrongly: every field gets 1) to reach the verdict."""
    page.wait_for_url(re.compile(r"/quiz/q/"))
    for field in page.locator(".answer-form input.answer-input").all():
        field.fill("1")
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    expect(page.locator(".verdict")).to_be_visible()


def answer_badly(page: Page) -> None:
    """Answer the open quiz question with words where a number goes: the form's messages."""
    page.wait_for_url(re.compile(r"/quiz/q/"))
    page.locator(".answer-form input.answer-input").first.fill("lots")
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    expect(page.locator("#answer-errors")).to_be_visible()


def send_without_token(page: Page) -> None:
    """POST a form with no CSRF token, as a page left open past its cookie would."""
    page.evaluate(
        """() => {
        const form = Object.assign(document.createElement("form"), {method: "post"});
        form.action = location.pathname;
        document.body.append(form);
        form.submit();
    }"""
    )
    page.wait_for_load_state()
    expect(page.locator("h1")).to_be_visible()


def open_first_cell(page: Page) -> None:
    page.locator("#hanfu a.entry").first.click()
    expect(page.locator("#cell-detail .cell-title")).to_be_visible()


def submit_empty(page: Page) -> None:
    page.locator("main form").get_by_role("button").last.click()
    expect(page.locator(".message, .error").first).to_be_visible()


def base_of(page: Page) -> str:
    parts = urlparse(page.url)
    return f"{parts.scheme}://{parts.netloc}"


def instructor_drill() -> tuple[Any, Any]:
    from tests.drills.factory import make_drill, make_user

    user = User.objects.filter(username="sensei").first() or make_user("sensei")
    return user, (user.drills.first() or make_drill(owner=user, count=3))


def as_instructor(path: str) -> Callable[[Page], None]:
    """Log in as an instructor who has a drill, then open `path` ({code}: the drill's)."""

    def then(page: Page) -> None:
        from django.conf import settings
        from django.test import Client

        user, drill = instructor_drill()
        base = base_of(page)
        client = Client()  # signed in without the log-in form, which is rate-limited
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}]
        )
        page.goto(base + path.format(code=drill.code))

    return then


def as_student(path: str, *, answer: int = 0) -> Callable[[Page], None]:
    """A student joins the drill and answers `answer` questions, then `path` is opened (results
    pages as the drill's instructor)."""

    def then(page: Page) -> None:
        _, drill = instructor_drill()
        base = base_of(page)
        page.goto(f"{base}/d/{drill.code}/")
        if not path:
            return
        page.get_by_label("Your name").fill("Aiko")
        page.get_by_role("button", name="Start").click()
        for n in range(1, answer + 1):
            page.goto(f"{base}/d/{drill.code}/{n}/")
            for field in page.locator(".answer-form input.answer-input").all():
                field.fill("1000")
            page.locator(".answer-form").get_by_role("button", name="Check").click()
            expect(page.locator(".verdict")).to_be_visible()
        if path.startswith("/drills/"):
            as_instructor(path)(page)
        else:
            page.goto(base + path.format(code=drill.code))

    return then


FULL_HAND = "hand=234m567p234s345s55s&win=5s"
SAMPLES: list[Sample] = [
    Sample("home", "/", "home"),
    Sample("table", "/table/", "table"),
    Sample("table", "/table/", "table, a cell chosen", open_first_cell),
    Sample("table", "/table/?rules=nope&honba=-1", "table, bad controls"),
    Sample("cell", "/table/cell/?han=3&fu=40&tsumo=1", "cell"),
    Sample("cell", "/table/cell/?han=3&fu=25", "cell, no such hand"),
    Sample("points", "/points/", "points"),
    Sample("points", "/points/?han=4&fu=21&honba=x", "points, errors"),
    Sample("rules", "/rules/", "rule presets"),
    Sample("api_docs", "/api/", "API"),
    Sample("tiles", "/tiles/", "tiles"),
    Sample("hand", "/hand/", "hand, empty"),
    Sample("hand", f"/hand/?{FULL_HAND}&tsumo=1&flags=riichi&dora=3s", "hand, scored"),
    Sample("hand", f"/hand/?{FULL_HAND}&honba=-3", "hand, a bad field"),
    Sample("hand", "/hand/?hand=234m567p&win=9s", "hand, unfinished"),
    Sample("quiz:start", "/quiz/", "quiz start"),
    Sample("quiz:question", "/quiz/next/?mode=payment", "quiz, payment question"),
    Sample("quiz:question", "/quiz/next/?mode=full", "quiz, full-hand question"),
    Sample("quiz:question", "/quiz/next/?mode=full", "quiz, verdict", answer_wrong),
    Sample("quiz:question", "/quiz/next/?mode=payment", "quiz, answer not a number", answer_badly),
    Sample("quiz:question", "/quiz/q/nonsense/", "quiz, bad link"),
    Sample("quiz:next", "/quiz/next/?mode=nonsense", "quiz, bad options"),
    Sample("table_rules", "/table-rules/", "draws and final scores"),
    Sample(
        "table_rules",
        "/table-rules/?end=draw&tenpai=0&tenpai=2&riichi=2&p0=40000&p1=x",
        "draws and final scores, a draw and a bad final",
    ),
    Sample("learn:index", "/learn/", "reference"),
    Sample("learn:terms", "/learn/terms/", "glossary"),
    Sample("learn:yaku", "/learn/yaku/", "yaku list"),
    Sample("learn:fu", "/learn/fu/", "fu sheet"),
    Sample("accounts:login", "/accounts/login/", "log in"),
    Sample("accounts:signup", "/accounts/signup/", "sign up"),
    Sample("accounts:signup", "/accounts/signup/", "sign up, refused", submit_empty),
    Sample("accounts:password_reset", "/accounts/reset/", "password reset"),
    Sample("accounts:password_reset_done", "/accounts/reset/sent/", "password reset sent"),
    Sample("accounts:password_reset_confirm", "/accounts/reset/x/y/", "password reset, old link"),
    Sample("accounts:password_reset_complete", "/accounts/reset/done/", "password reset done"),
    Sample("accounts:profile", "/", "account", as_instructor("/accounts/")),
    Sample(
        "accounts:password_change", "/", "password change", as_instructor("/accounts/password/")
    ),
    Sample(
        "accounts:password_change_done",
        "/",
        "password changed",
        as_instructor("/accounts/password/done/"),
    ),
    Sample("drills:list", "/", "drills", as_instructor("/drills/")),
    Sample("drills:new", "/", "drill builder", as_instructor("/drills/new/")),
    Sample("drills:detail", "/", "drill share page", as_instructor("/drills/{code}/")),
    Sample("drills:preview", "/", "drill preview", as_instructor("/drills/{code}/preview/")),
    Sample("drills:sheet", "/", "drill sheet", as_instructor("/drills/{code}/sheet/")),
    Sample("drills:key", "/", "drill answer key", as_instructor("/drills/{code}/key/")),
    Sample("drills:results", "/", "drill results", as_student("/drills/{code}/results/")),
    Sample("drills:enter", "/d/", "join a drill"),
    Sample("drills:take", "/", "drill name", as_student("")),
    Sample("drills:question", "/", "drill question", as_student("/d/{code}/1/")),
    Sample("drills:question", "/", "drill verdict", as_student("/d/{code}/2/", answer=2)),
    Sample("drills:summary", "/", "drill summary", as_student("/d/{code}/done/", answer=1)),
    Sample("", "/no-such-page/", "404"),
    Sample("", "/quiz/", "403 (CSRF)", send_without_token),
]
