"""A three-player quiz question in a browser: three seats and the Norths set aside shown, a
wrong answer diagnosed (the North's share), then the right one explained, in English and in
Japanese. Screenshots at phone and desktop widths."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from quizsite.quiz.questions import load_question, solve
from tests.e2e.shots import shoot

# A non-dealer's tsumo with two Norths set aside and a honba (seed 124 of these options).
OPTIONS = {"mode": "full", "level": "intermediate", "rules": "mahjongsoul_sanma"}
QUERY = "mode=full&level=intermediate&rules=mahjongsoul_sanma"
SEED = 124


def payments() -> dict[str, int]:
    q = load_question(str(SEED), OPTIONS)
    assert q.kind == "split" and q.kita == 2
    return solve(q).payments


def test_a_three_player_question_and_its_verdict(page: Page, site: str) -> None:
    p = payments()
    page.goto(f"{site}/quiz/q/{SEED}/?{QUERY}")
    expect(page.locator(".hand-kita img")).to_have_count(2)
    expect(page.locator(".facts")).to_contain_text("three (East, South, West; no North seat)")
    expect(page.locator("#question-title")).to_contain_text("the other non-dealer")
    shoot(page, "sanma-quiz-question")
    page.get_by_label("The other non-dealer pays").fill(str(p["non_dealer"] + 1000))
    page.get_by_label("The dealer pays").fill(str(p["dealer"]))
    page.get_by_role("button", name="Check").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("Not quite")
    page.reload()  # the right answer this time (a question may be answered again)
    page.get_by_label("The other non-dealer pays").fill(f"{p['non_dealer']}/{p['dealer']}")
    page.get_by_role("button", name="Check").click()
    expect(verdict).to_contain_text("Right!")
    expect(verdict).to_contain_text("North")  # the explanation's North step
    shoot(page, "sanma-quiz-verdict")


def test_a_three_player_question_in_japanese(page: Page, site: str) -> None:
    p = payments()
    page.goto(f"{site}/ja/quiz/q/{SEED}/?{QUERY}")
    expect(page.locator(".facts")).to_contain_text("北家はいません")
    expect(page.locator(".hand-kita")).to_contain_text("抜いた北")
    shoot(page, "sanma-quiz-question-ja")
    page.get_by_label("もう1人の子の支払い").fill(f"{p['non_dealer']}/{p['dealer']}")
    page.get_by_role("button", name="答え合わせ").click()
    expect(page.locator(".verdict")).to_contain_text("北")
    shoot(page, "sanma-quiz-verdict-ja")
