"""The answer shown (it counts as wrong) wherever it is offered: in the quiz and in practice it
shows the answer and records a wrong answer, the same row in both; a drill, whose answers are
graded, neither offers it nor takes a posted `reveal` as an answer."""

from __future__ import annotations

import pytest

from quizsite.drills.models import Answer
from quizsite.practice.models import Response
from quizsite.quiz.public import check, make_question
from tests.factory import make_drill
from tests.helpers import HX, text_of

pytestmark = pytest.mark.django_db

SHOW = "Show the answer"
VAGUE = "Please check your answer"


def practice_link(seed: int, mode: str) -> str:
    return f"/practice/q/{seed}/?mode={mode}&level=beginner&rules=mahjongsoul"


def expected_of(seed: int, mode: str) -> str:
    q = make_question(seed, {"mode": mode, "level": "beginner", "rules": "mahjongsoul"})
    return check(q, None).verdict.expected


def row_of(source: str) -> Response:
    return Response.objects.get(source=source)


@pytest.mark.parametrize("mode", ["full", "fu", "han", "payment", "draw", "final"])
@pytest.mark.parametrize("htmx", [False, True])
def test_practice_shows_the_answer_and_records_it_as_wrong(client, mode, htmx):
    url = practice_link(31, mode)
    assert SHOW in text_of(client.get(url))
    page = text_of(client.post(url, {"reveal": "1"}, **(HX if htmx else {})))
    assert VAGUE not in page
    assert "The answer" in page and "counts as wrong" in page and "Not quite" not in page
    assert expected_of(31, mode) in page
    row = row_of("practice")
    assert (row.right, row.answer, row.mode, row.seed) == (False, {}, mode, 31)
    assert row.given == "answer shown" and row.expected == expected_of(31, mode)
    assert row.topics and row.charged == row.topics  # every topic it tests counts as missed


@pytest.mark.parametrize("mode", ["full", "counters"])
def test_the_quiz_and_practice_record_the_same_revealed_answer(client, mode):
    quiz = f"/quiz/q/31/?mode={mode}&level=beginner&rules=mahjongsoul"
    assert SHOW in text_of(client.get(quiz))
    assert "counts as wrong" in text_of(client.post(quiz, {"reveal": "1"}))
    client.post(practice_link(31, mode), {"reveal": "1"})
    fields = ("right", "answer", "given", "expected", "category", "topics", "charged")
    quiz_row, practice_row = row_of("quiz"), row_of("practice")
    assert [getattr(quiz_row, f) for f in fields] == [getattr(practice_row, f) for f in fields]
    assert not quiz_row.right and quiz_row.given == "answer shown"


def test_practice_shows_the_answer_only_once(client):
    url = practice_link(32, "fu")
    client.post(url, {"reveal": "1"})
    again = text_of(client.post(url, {"reveal": "1"}))
    assert "not counted again" in again
    assert Response.objects.count() == 1


@pytest.mark.parametrize("mode", ["full", "draw"])
def test_a_drill_offers_no_show_the_answer_and_takes_no_reveal(client, mode):
    drill = make_drill(mode=mode, count=2)
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})
    question = f"/d/{drill.code}/1/"
    assert SHOW not in text_of(client.get(question))
    for extra in ({}, HX):
        page = text_of(client.post(question, {"reveal": "1"}, **extra))
        assert "counts as wrong" not in page and "answer shown" not in page
        assert VAGUE in page or "This field is required" in page or "Type" in page
    assert not Answer.objects.exists() and not Response.objects.exists()
