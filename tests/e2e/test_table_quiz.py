"""The table quiz in a browser: one question of each mode (draw, pao, multiple ron, counters,
final) answered with a known slip (the diagnosis shows, its step marked), then right."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from quizsite.quiz.table_questions import TableQuizQuestion, load_table_question, solve_table
from quizsite.quiz.table_verdicts import counter_hints, delta_slips, final_slips
from scoring.engine.final import tenths_text

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
CASES = [
    ("draw", "intermediate", "tenhou"),
    ("pao", "intermediate", "mahjongsoul"),
    ("multiron", "advanced", "mleague"),
    ("counters", "intermediate", "mahjongsoul"),
    ("final", "advanced", "wrc"),
]


def with_a_slip(mode: str, level: str, rules: str) -> tuple[TableQuizQuestion, dict, dict]:
    """The first question from seed 1000 with a slip to make: (question, wrong, right) inputs."""
    for seed in range(1000, 1400):
        q = load_table_question(str(seed), {"mode": mode, "level": level, "rules": rules})
        s = solve_table(q)
        if q.kind == "counters":
            honba, sticks, dealer = s.counters
            r = q.request
            wrong = (r["honba"] + 1, sticks, dealer)
            if wrong != s.counters and counter_hints(q, s, wrong)[0]:
                as_text = lambda v: {"honba": str(v[0]), "sticks": str(v[1]), "dealer": v[2]}  # noqa: E731
                return q, as_text(wrong), as_text(s.counters)
            continue
        right = s.deltas if q.kind == "deltas" else s.tenths
        show = (lambda v: f"{v:+d}" if v else "0") if q.kind == "deltas" else tenths_text
        for value_of, *_ in (delta_slips if q.kind == "deltas" else final_slips)(q, s):
            value = value_of()
            if value is not None and value != right:
                return (
                    q,
                    {s_: show(v) for s_, v in enumerate(value)},
                    {s_: show(v) for s_, v in enumerate(right)},
                )
    raise LookupError(mode)


def fill(page: Page, q: TableQuizQuestion, values: dict) -> None:
    form = page.locator("form.answer-table")
    if q.kind == "counters":
        form.get_by_label("Honba next hand").fill(values["honba"])
        form.get_by_label("Riichi deposits on the table").fill(values["sticks"])
        form.get_by_label("Next dealer").select_option(str(values["dealer"]))
    else:
        for seat, text in values.items():
            form.locator(f"#id_seat{seat}").fill(text)
    form.get_by_role("button", name="Check").click()


@pytest.mark.parametrize(("mode", "level", "rules"), CASES)
def test_it_diagnoses_a_slip_then_takes_the_right_answer(
    page: Page, site: str, mode, level, rules
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    q, wrong, right = with_a_slip(mode, level, rules)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + q.url)
    expect(page.locator("#question")).to_be_visible()
    expect(page.locator("input:focus")).to_have_count(1)  # the cursor starts in the first field
    page.screenshot(path=SCREENSHOTS / f"table-quiz-{mode}-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=SCREENSHOTS / f"table-quiz-{mode}-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.evaluate("window.quizMarker = 'kept'")
    fill(page, q, wrong)
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("Not quite")
    expect(verdict.locator(".slip")).to_contain_text("Where it went wrong")
    expect(verdict.locator(".step--marked").first).to_be_visible()
    assert page.evaluate("window.quizMarker") == "kept"  # swapped in place by htmx
    page.screenshot(path=SCREENSHOTS / f"table-quiz-{mode}-wrong-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SCREENSHOTS / f"table-quiz-{mode}-wrong-1280.png", full_page=True)

    page.get_by_role("link", name="Try this one again").click()
    fill(page, q, right)
    expect(verdict).to_contain_text("Right!")
    expect(verdict).to_contain_text("not counted again")  # the first answer counts
    expect(page.locator("#progress")).to_contain_text("0 right of 1")


def test_it_explains_bad_input_in_place(page: Page, site: str) -> None:
    q, _wrong, _right = with_a_slip("draw", "beginner", "mahjongsoul")
    page.goto(site + q.url)
    fill(page, q, {0: "three thousand", 1: "", 2: "0", 3: "0"})
    expect(page.get_by_role("alert")).to_contain_text("whole number of points")
    expect(page.get_by_role("alert")).to_contain_text(f"Type {q.seat_name(1)}'s change")
    expect(page.locator("#id_seat0")).to_have_attribute("aria-invalid", "true")


def test_it_offers_the_table_modes_on_the_start_page(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "/quiz/")
    page.get_by_role("radio", name="Multiple ron").check()
    page.screenshot(path=SCREENSHOTS / "table-quiz-start-390.png", full_page=True)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#question")).to_contain_text("How does each seat's score change?")
    expect(page.locator(".crumbs")).to_contain_text("Multiple ron")
