"""The table calculator and the table quiz between three, in a browser: choosing a
three-player preset hides seat 3 and shows the three-player switches in place (the final
scores' part follows its own rules), a tsumo is settled with tsumo loss; a three-player table
question's verdict. Screenshots of each, in English and Japanese, at phone and desktop widths."""

import re

from playwright.sync_api import expect

from quizsite.quiz.table_questions import load_table_question, solve_table
from tests.e2e.shots import shoot
from tests.factory import deltas_post


def test_the_calculator_turns_three_player_in_place(page, site):
    page.goto(f"{site}/table-rules/?end=tsumo&han=3&fu=30&riichi=3")
    page.evaluate("window.tenboMarker = 'kept'")
    seat_3 = page.locator("#id_s3")
    expect(seat_3).to_be_visible()
    page.locator("#id_rules").select_option("tenhou_sanma")
    expect(seat_3).to_be_hidden()
    expect(page.locator("#id_tsumo_loss")).to_be_visible()
    expect(page.locator("#id_kita")).to_be_visible()
    # seat 3's riichi box was emptied as it hid: the hand settles between three
    result = page.locator("#hand-result")
    expect(result.locator("tbody tr")).to_have_count(3)
    expect(result).to_contain_text("tsumo loss")
    expect(result.locator("tbody tr").nth(1)).to_contain_text("+3000")
    expect(page).to_have_url(re.compile(r"rules=tenhou_sanma"))
    assert "riichi=3" not in page.url
    # the final scores' part still has four seats until its own rules say three
    expect(page.locator("#id_p3")).to_be_visible()
    page.locator("#id_final_rules").select_option("tenhou_sanma")
    expect(page.locator("#id_p3")).to_be_hidden()
    expect(page.locator("#final-result .places li")).to_have_count(3)
    assert page.evaluate("window.tenboMarker") == "kept"
    page.locator("#id_rules").select_option("tenhou")
    expect(seat_3).to_be_visible()
    expect(page.locator("#id_tsumo_loss")).to_be_hidden()
    expect(result.locator("tbody tr")).to_have_count(4)


def test_three_player_screenshots(page, site):
    query = (
        "rules=tenhou_sanma&end=tsumo&winner=1&han=3&fu=30&honba=1&sticks=1&s1=34000"
        "&final_rules=tenhou_sanma&p0=50000&p1=30000&p2=25000"
    )
    page.goto(f"{site}/table-rules/?{query}")
    expect(page.locator("#hand-result")).to_contain_text("tsumo loss")
    shoot(page, "sanma-table-rules")
    page.goto(f"{site}/ja/table-rules/?{query}")
    expect(page.locator("#hand-result")).to_contain_text("ツモ損")
    shoot(page, "sanma-table-rules-ja")
    page.goto(f"{site}/table-rules/?rules=tenhou_sanma&discarder=3")
    expect(page.locator("#hand-result")).to_contain_text("not seat 3")
    shoot(page, "sanma-table-rules-seat-3")


def test_a_three_player_table_questions_verdict(page, site):
    q = load_table_question("6", {"mode": "draw", "level": "intermediate", "rules": "tenhou_sanma"})
    s = solve_table(q)
    for prefix, name, wrong_words in (("", "sanma-table-quiz", "Not quite"),
                                      ("/ja", "sanma-table-quiz-ja", "")):  # fmt: skip
        page.goto(f"{site}{prefix}{q.url}")
        fields = page.locator(".table-fields input")
        expect(fields).to_have_count(3)
        wrong = deltas_post(tuple(d + 100 for d in s.deltas))
        for i, value in enumerate(wrong.values()):
            fields.nth(i).fill(value)
        page.locator(".answer-form button.button").click()
        expect(page.locator("#answer .verdict")).to_be_visible()
        if wrong_words:
            expect(page.locator("#answer")).to_contain_text(wrong_words)
        shoot(page, name)
