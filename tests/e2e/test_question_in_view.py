"""A question opens in view: the answer box takes the keyboard without scrolling the prompt and
the tiles away, and on a phone (390×844) as on a laptop (1280×800) the whole hand question —
prompt, tiles, situation and answer box — is in the first screen, at the levels a newcomer and
a regular practise at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
HAND_MODES = ("payment", "fu", "han", "full")


def opened(page: Page, site: str, mode: str, level: str, seed: int) -> None:
    page.goto(f"{site}/practice/q/{seed}/?mode={mode}&level={level}&rules=mahjongsoul")
    page.wait_for_load_state("load")


def bounds(page: Page, selector: str) -> tuple[float, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found["y"], found["y"] + found["height"]


def assert_whole_question_in_view(page: Page) -> None:
    height = page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0
    top, _ = bounds(page, ".question-prompt")
    assert top >= 0
    for selector in (".question", ".answer-form .answer-input"):
        upper, lower = bounds(page, selector)
        assert upper >= 0 and lower <= height, (selector, upper, lower, page.url)
    _, last_box = bounds(page, ".answer-form .answer-input >> nth=-1")
    assert last_box <= height, page.url


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_hand_question_opens_whole_on_a_phone(page: Page, site: str, level: str) -> None:
    page.set_viewport_size(PHONE)
    for mode in HAND_MODES:
        for seed in (1, 2, 3):
            opened(page, site, mode, level, seed)
            assert_whole_question_in_view(page)


def test_a_hand_question_opens_whole_on_a_laptop_with_the_answer_box_focused(
    page: Page, site: str
) -> None:
    page.set_viewport_size(LAPTOP)
    for mode in HAND_MODES:
        for level in ("beginner", "intermediate"):
            opened(page, site, mode, level, 4)
            assert_whole_question_in_view(page)
            focused = page.evaluate("document.activeElement.classList.contains('answer-input')")
            assert focused, page.url


def test_a_long_question_keeps_its_prompt_in_view_and_the_box_focused(
    page: Page, site: str
) -> None:
    # A table question (four seats to answer) is taller than a phone: it opens at its top
    # all the same, the first answer box focused for the keyboard without a jump.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/quiz/q/7/?mode=pao&level=intermediate&rules=mahjongsoul")
    page.wait_for_load_state("load")
    assert page.evaluate("window.scrollY") == 0
    top, _ = bounds(page, ".question-prompt, h1")
    assert 0 <= top < 400
    assert page.evaluate("document.activeElement.classList.contains('answer-input')")
