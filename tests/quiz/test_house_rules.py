"""The quiz's options offer every switch of the engine's registry (made from it); a switch
chosen travels in each question's link, and the question is judged as the engine scores it
with the switch either way — hand switches in hand questions, table switches in the table's."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from quizsite.quiz.questions import load_question, solve
from quizsite.quiz.table_questions import load_table_question, solve_table
from scoring.engine import settle, settle_json
from scoring.engine.final import final_json
from scoring.engine.generate.settlements import TABLE_MODES
from scoring.engine.rules import SWITCHES, TABLE_SWITCHES, parse_rules
from scoring.switch_controls import field_name
from tests.factory import right_answer
from tests.helpers import text_of

pytestmark = pytest.mark.django_db


# the four-player switches: the three-player ones come with three-player questions (issue 36)
FOUR_PLAYER = [n for n, s in SWITCHES.items() if not s.sanma]


@pytest.mark.parametrize("name", [*FOUR_PLAYER, *(field_name(n) for n in TABLE_SWITCHES)])
def test_every_switch_has_a_control_in_the_quiz_options(client, name):
    html = client.get("/quiz/").content.decode()
    assert re.search(rf'<(select|input)[^>]*name="{name}"', html), name


def kiriage_question(key: str):
    """A payment question of 4 han 30 fu (kiriage changes it), with kiriage set to `key`."""
    for seed in range(1000, 9000):
        params = {"mode": "payment", "level": "intermediate", "rules": "mahjongsoul",
                  "kiriage": key}  # fmt: skip
        q = load_question(str(seed), params)
        r = q.request
        if (r["han"], r["fu"]) == (4, 30) and not r.get("yakuman"):
            return q
    raise LookupError("no 4 han 30 fu question")


@pytest.mark.parametrize("key, value", [("1", True), ("0", False)])
def test_a_hand_switch_is_in_the_link_and_the_answer_is_the_engines(client, key, value):
    q = kiriage_question(key)
    assert "kiriage=" + key in q.url and parse_rules(q.request["rules"]).kiriage is value
    r = q.request
    want = settle(4, 30, dealer=r["dealer"], tsumo=r["tsumo"], honba=r["honba"],
                  sticks=r["sticks"], rules=parse_rules({"preset": "mahjongsoul",
                                                         "kiriage": value}))  # fmt: skip
    assert solve(q).payments == want.payments
    page = text_of(client.post(q.url, right_answer(q, solve(q))))
    assert "✓ Right!" in page


def test_the_start_form_carries_the_switches_into_the_question_link(client):
    response = client.get("/quiz/next/?mode=full&level=beginner&rules=tenhou&kiriage=1")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["kiriage"] == ["1"] and query["rules"] == ["tenhou"]
    bad = client.get("/quiz/next/?mode=full&kiriage=maybe")
    assert bad.status_code == 200 and "Kiriage mangan must be 1 or 0" in text_of(bad)


def test_a_table_switch_changes_the_final_score_questions_as_the_engine(client):
    answers = []
    for uma in ("", "10-30"):
        params = {"mode": "final", "level": "intermediate", "rules": "tenhou", "uma": uma}
        q = load_table_question("4242", params)
        rules = q.request["rules"]
        assert (
            (("uma=10-30" in q.url) and rules["uma"] == [30, 10, -10, -30])
            if uma
            else ("uma" not in q.url)
        )
        want = final_json({"rules": rules, "scores": q.request["scores"],
                           "sticks": q.request.get("sticks", 0)})  # fmt: skip
        solution = solve_table(q)
        assert [t / 10 for t in solution.tenths] == want["points"]
        assert "✓ Right!" in text_of(client.post(q.url, right_answer(q, solution)))
        answers.append(want["points"])
    assert answers[0] != answers[1]


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_a_table_question_under_another_start_adds_up_to_its_total(mode):
    """The start switch moves every generated score by the difference (the story's gaps kept):
    the engine takes the question as it is asked, and its answer is the quiz's."""
    for seed in ("11", "4242"):
        plain = load_table_question(seed, {"mode": mode, "level": "advanced", "rules": "tenhou"})
        q = load_table_question(
            seed, {"mode": mode, "level": "advanced", "rules": "tenhou", "start": "30000"}
        )
        moved = zip(q.request["scores"], plain.request["scores"], strict=True)
        assert [s - p for s, p in moved] == [5000] * 4
        ask = final_json if mode == "final" else settle_json
        want = ask(q.request)
        assert "error" not in want, want
        solution = solve_table(q)
        if mode == "final":
            assert [t / 10 for t in solution.tenths] == want["points"]
        else:
            assert list(solution.outcome.deltas) == want["deltas"]
