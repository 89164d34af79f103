"""Every page of the site, in the states a visitor meets it, for the checks that visit them
all (the accessibility run). A new page is added here: `test_pages.py` fails while a named
page of the URL conf has no sample.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

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
    page.locator(".answer-form").get_by_role("button").last.click()
    expect(page.locator(".verdict")).to_be_visible()


def answer_badly(page: Page) -> None:
    """Answer the open quiz question with words where a number goes: the form's messages."""
    page.wait_for_url(re.compile(r"/quiz/q/"))
    page.locator(".answer-form input.answer-input").first.fill("lots")
    page.locator(".answer-form").get_by_role("button").last.click()
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
    Sample("", "/no-such-page/", "404"),
    Sample("", "/quiz/", "403 (CSRF)", send_without_token),
]
