"""Drills of table questions (a draw, pao, multiple ron, the counters after a hand, final
scores): built, previewed, printed, taken with the quiz's table forms and verdicts, recorded
to practice, and counted on the results board and in the CSV with the verdict's named slip."""

from __future__ import annotations

import csv
import io

import pytest

from quizsite.drills.models import Answer, Drill
from quizsite.practice.models import Response
from quizsite.quiz.public import MODE_NOTES, MODE_TITLES, SLIPS, TABLE_MODES, answer_form, check
from quizsite.quiz.public import solve as solve_question
from quizsite.quiz.table_verdicts import delta_slips, final_slips
from tests.factory import deltas_post, final_post, join, make_drill, make_user, right_post

pytestmark = pytest.mark.django_db

NEW = {
    "title": "Table night",
    "count": "3",
    "level": "beginner",
    "rules": "mahjongsoul",
    "explain": "each",
}


@pytest.fixture
def owner(client):
    user = make_user("owner")
    client.force_login(user)
    return user


def slip_post(drill: Drill, number: int) -> dict[str, str] | None:
    """A wrong answer to question `number` that the table verdict names (None if none
    applies to this question)."""
    q = drill.questions.get(number=number).as_question()
    s = solve_question(q)
    if q.kind == "counters":
        honba, sticks, dealer = s.counters
        return {"honba": str(honba + 1), "sticks": str(sticks), "dealer": str(dealer)}
    right = s.tenths if q.kind == "final" else s.deltas
    slips, post = (final_slips, final_post) if q.kind == "final" else (delta_slips, deltas_post)
    for slip in slips(q, s):
        value = slip.value()
        if value is not None and value != right:
            return post(value)
    return None


def judged(drill: Drill, number: int, post: dict[str, str]):
    q = drill.questions.get(number=number).as_question()
    form = answer_form(q, post)
    assert form.is_valid(), form.errors
    return check(q, form.answer())


def test_the_builder_offers_the_table_modes_in_the_quizs_words(client, owner):
    page = client.get("/drills/new/").content.decode()
    for mode in TABLE_MODES:
        assert f'value="{mode}"' in page
        assert MODE_TITLES[mode] in page and MODE_NOTES[mode].split(":")[0] in page


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_the_builder_draws_a_drill_of_each_table_mode(client, owner, mode):
    response = client.post("/drills/new/", NEW | {"mode": mode})
    assert response.status_code == 302, response.content.decode()[-2000:]
    drill = Drill.objects.get(owner=owner)
    assert drill.mode == mode and drill.is_table and drill.focus == {}
    questions = drill.quiz_questions()
    assert len(questions) == 3 and all(q.is_table and q.mode == mode for q in questions)
    preview = client.get(response["Location"]).content.decode()
    assert preview.count('class="dq"') == 3 and preview.count('class="seat-table"') == 3
    assert "table_quiz.css" in preview and "Answer: <strong>" in preview
    detail = client.get(f"/drills/{drill.code}/").content.decode()
    assert f"3 · {MODE_TITLES[mode]} · Beginner" in detail


@pytest.mark.parametrize(
    "mode, focus",
    [
        ("draw", {"focus_yaku": ["riichi"]}),
        ("pao", {"focus_counters": "on"}),
        ("final", {"focus_han_low": "3"}),
        ("counters", {"focus_waits": ["kanchan"]}),
    ],
)
def test_the_builder_refuses_a_focus_with_a_table_mode(client, owner, mode, focus):
    response = client.post("/drills/new/", NEW | {"mode": mode} | focus)
    page = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in page
    assert "Focus is for hand questions" in page and not Drill.objects.exists()
    # The same focus with a hand mode is accepted.
    hand = NEW | {"mode": "full", "level": "advanced"} | focus
    assert client.post("/drills/new/", hand).status_code == 302


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_the_sheet_and_key_of_a_table_drill(client, owner, mode):
    drill = make_drill(owner=owner, mode=mode, count=2)
    sheet = client.get(f"/drills/{drill.code}/sheet/").content.decode()
    key = client.get(f"/drills/{drill.code}/key/").content.decode()
    assert sheet.count('class="seat-table"') == 2 and "table_quiz.css" in sheet
    assert "How it is worked out" not in sheet and "key-answer" not in sheet
    assert key.count("key-answer") == 2 and key.count("How it is worked out") == 2
    for q in drill.quiz_questions():
        expected = check(q, None).verdict.expected
        assert expected and expected in key.replace("&#x27;", "'").replace("&quot;", '"')


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_a_table_drill_taken_right_and_wrong_with_the_slip_on_the_board(client, mode):
    teacher = make_user("sensei")
    drill = make_drill(owner=teacher, mode=mode, count=4)
    learner = make_user("aiko")
    client.force_login(learner)
    join(client, drill)

    question = client.get(f"/d/{drill.code}/1/").content.decode()
    assert 'class="seat-table"' in question and "table_quiz.css" in question
    assert "Question 1 of 4" in question and f'action="/d/{drill.code}/1/"' in question
    assert "Show the answer" not in question and "Skip this question" not in question

    right = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Right!" in right and "How it is worked out" in right
    assert "Try this one again" not in right  # one try
    again = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "not counted again" in again
    assert Answer.objects.filter(number=1).count() == 1

    # A wrong answer the verdict names: on a question where one applies.
    number, post = next((n, p) for n in (2, 3, 4) if (p := slip_post(drill, n)) is not None)
    verdict = judged(drill, number, post)
    slip = verdict.category
    assert slip in SLIPS
    page = client.post(f"/d/{drill.code}/{number}/", post).content.decode()
    assert "Not quite" in page and "How it is worked out" in page
    assert page.count("Where it went wrong") == len(verdict.verdict.hints)  # the quiz's verdict
    wrong = Answer.objects.get(number=number)
    assert not wrong.right and wrong.category == slip

    # Recorded to practice as the learner's history, each answer once.
    rows = Response.objects.filter(user=learner, source="drill")
    assert rows.count() == 2 and {r.mode for r in rows} == {mode}
    assert rows.get(ref=f"{drill.code}#{number}").charged

    client.force_login(teacher)
    board = client.get(f"/drills/{drill.code}/results/").content.decode()
    assert f"<strong>Q{number}</strong>" in board and slip in board
    table = list(
        csv.reader(
            io.StringIO(
                b"".join(client.get(f"/drills/{drill.code}/results.csv").streaming_content).decode()
            )
        )
    )
    row = next(r for r in table[1:] if r[3] == str(number))
    assert row[0] == "Aiko" and row[5] == "no" and row[6] == slip and row[4] == wrong.given


def test_a_table_drill_with_retries_takes_a_second_try(client):
    drill = make_drill(mode="counters", count=2, retries=True)
    join(client, drill)
    first = client.post(f"/d/{drill.code}/1/", slip_post(drill, 1)).content.decode()
    assert "Not quite" in first and "Try this one again" in first
    form = client.get(f"/d/{drill.code}/1/?again=1").content.decode()
    assert "Your last answer" in form and 'name="honba"' in form
    second = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Right!" in second
    answer = Answer.objects.get(number=1)
    assert answer.right and answer.tries == 2
