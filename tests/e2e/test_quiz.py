"""The quiz in a browser: one question answered right, the next one wrong, by keyboard."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlparse

from playwright.sync_api import Page, expect

from quizsite.quiz.questions import load_question, solve

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def typed_answer(url: str, *, right: bool) -> str:
    """What to type for the question at `url`: its right answer, or a wrong one."""
    parts = urlparse(url)
    seed = parts.path.rstrip("/").rsplit("/", 1)[-1]
    q = load_question(seed, dict(parse_qsl(parts.query)))
    p = solve(q).payments
    bump = 0 if right else 1000
    if q.kind == "split":
        return f"{p['non_dealer'] + bump}/{p['dealer'] + bump}"
    return str(p.get("ron", p.get("each", 0)) + bump)


def answer_by_keyboard(page: Page, *, right: bool) -> None:
    page.wait_for_url(re.compile(r"/quiz/q/\d+/"))
    focused = page.locator("input:focus")
    expect(focused).to_have_count(1)  # the cursor starts in the answer field
    page.keyboard.type(typed_answer(page.url, right=right))
    page.keyboard.press("Enter")


def test_it_answers_one_right_and_one_wrong(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site}/quiz/")
    page.get_by_role("radio", name=re.compile("Full hand")).check()
    page.get_by_role("radio", name=re.compile("Intermediate")).check()
    page.get_by_role("button", name="Start").click()
    page.screenshot(path=SCREENSHOTS / "quiz-question-1280.png", full_page=True)
    page.evaluate("window.quizMarker = 'kept'")

    answer_by_keyboard(page, right=True)
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("Right!")
    expect(verdict.locator(".quiz-steps li").first).to_be_visible()
    expect(page.locator("#progress")).to_contain_text("1 right of 1")
    assert page.evaluate("window.quizMarker") == "kept"  # swapped in place by htmx
    expect(page.get_by_role("link", name="Next question")).to_be_focused()
    page.screenshot(path=SCREENSHOTS / "quiz-right-1280.png", full_page=True)

    page.keyboard.press("Enter")  # the focused "Next question"
    answer_by_keyboard(page, right=False)
    expect(verdict).to_contain_text("Not quite")
    expect(verdict).to_contain_text("Your answer")
    expect(verdict).to_contain_text("Right answer")
    expect(verdict.locator(".step-total")).to_be_visible()
    expect(page.locator("#progress")).to_contain_text("1 right of 2")
    expect(page.locator(".quiz-history li")).to_have_count(2)
    page.screenshot(path=SCREENSHOTS / "quiz-wrong-1280.png", full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=SCREENSHOTS / "quiz-wrong-390.png", full_page=True)
    page.get_by_role("link", name="Next question").click()
    page.wait_for_url(re.compile(r"/quiz/q/\d+/"))
    page.screenshot(path=SCREENSHOTS / "quiz-question-390.png", full_page=True)


def test_it_explains_bad_input_in_place(page: Page, site: str) -> None:
    page.goto(f"{site}/quiz/q/123457/?mode=fu&level=beginner&rules=mahjongsoul")
    page.get_by_role("textbox", name="Fu").fill("forty")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("whole number")
    expect(page.get_by_role("textbox", name="Fu")).to_be_visible()
    expect(page.locator("#question")).to_be_visible()


def test_the_start_page_fits_a_phone(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{site}/quiz/")
        page.screenshot(path=SCREENSHOTS / f"quiz-start-{width}.png", full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0


def test_a_link_that_names_no_question_says_so(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    response = page.goto(f"{site}/quiz/q/12/?level=expert")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("Unknown level 'expert'")
    expect(page.get_by_role("link", name="a new quiz")).to_have_attribute("href", "/quiz/")
    page.screenshot(path=SCREENSHOTS / "quiz-no-such-question-390.png", full_page=True)


MELDS_AND_A_RULE_CHANGE = "/quiz/q/123541/?mode=full&level=advanced&rules=mahjongsoul"


def tile_widths(page: Page, selector: str) -> list[float]:
    """The drawn width of every tile picture under `selector` (before a sideways turn)."""
    return page.locator(f"{selector} .tile img").evaluate_all(
        "imgs => imgs.map(i => parseFloat(getComputedStyle(i).width))"
    )


def test_no_quiz_tile_is_drawn_under_28_px(page: Page, site: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(site + MELDS_AND_A_RULE_CHANGE)
        hand = tile_widths(page, ".hand")
        dora = tile_widths(page, ".facts")
        assert len(hand) >= 14 and dora, (hand, dora)
        assert min(hand + dora) >= 28, (width, hand, dora)
        assert min(hand) >= max(dora), "the hand's tiles are drawn smaller than the dora's"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        page.screenshot(path=SCREENSHOTS / f"quiz-melds-{width}.png", full_page=True)


def test_show_the_answer_in_place(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/quiz/q/123457/?mode=han&level=intermediate&rules=mahjongsoul")
    expect(page.locator(".question-prompt")).to_contain_text("A yakuman counts as 13 han")
    page.get_by_text("Name the yaku too").click()
    expect(page.get_by_role("group", name="Yakuman")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "quiz-han-checklist-390.png", full_page=True)
    page.evaluate("window.quizMarker = 'kept'")
    page.get_by_role("button", name="Show the answer").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("The answer")
    expect(verdict).to_contain_text("counts as wrong")
    expect(verdict.locator(".quiz-steps li").first).to_be_visible()
    expect(page.locator("#progress")).to_contain_text("0 right of 1")
    assert page.evaluate("window.quizMarker") == "kept"  # swapped in place by htmx
    page.screenshot(path=SCREENSHOTS / "quiz-shown-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SCREENSHOTS / "quiz-shown-1280.png", full_page=True)
    page.get_by_role("link", name="Next question").click()
    page.wait_for_url(re.compile(r"/quiz/q/\d+/\?mode=han"))
    page.get_by_role("link", name="Skip this question").click()
    page.wait_for_url(re.compile(r"/quiz/q/\d+/\?mode=han"))
    expect(page.locator("#progress")).to_contain_text("0 right of 1")
