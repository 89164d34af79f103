"""Table questions in practice and progress: a quiz answer to a draw, pao, multiple ron,
counters or final question is recorded with its topics; practice serves a table question aimed
at a table topic; the progress page shows those topics and explains such an answer again."""

from __future__ import annotations

import pytest

from quizsite.practice.models import Response
from quizsite.practice.table_topics import TOPIC_MODES
from quizsite.practice.topics import TOPICS
from quizsite.quiz.public import TableQuizQuestion, make_question, solve
from tests.factory import linked_question, practice_right_post, practice_wrong_post
from tests.helpers import HX, text_of

pytestmark = pytest.mark.django_db


def table_q(seed: int, mode: str, level: str = "intermediate") -> TableQuizQuestion:
    q = make_question(seed, {"mode": mode, "level": level, "rules": "mahjongsoul"})
    assert isinstance(q, TableQuizQuestion)
    return q


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron", "counters", "final"])
def test_it_records_a_table_quiz_answer_with_its_topics(client, mode):
    q = table_q(11, mode)
    page = text_of(client.post(q.url, practice_wrong_post(q), **HX))
    assert "Not quite" in page
    row = Response.objects.get()
    assert (row.source, row.mode, row.right) == ("quiz", mode, False)
    assert row.topics and set(row.charged) <= set(row.topics)
    assert all(TOPIC_MODES.get(t, mode) == mode or t.startswith("count:") for t in row.topics)
    client.post(
        q.url, practice_right_post(q)
    )  # a second answer to the same question does not count
    assert Response.objects.count() == 1


def test_it_records_a_revealed_table_answer_as_wrong(client):
    q = table_q(12, "final")
    client.post(q.url, {"reveal": "1"})
    row = Response.objects.get()
    assert not row.right and row.answer == {} and row.charged == row.topics


@pytest.mark.parametrize(
    "topic",
    ["draw:noten", "draw:tenpai", "draw:nagashi", "pao:ron", "ron:double", "count:dealer",
     "final:uma"],
)  # fmt: skip
def test_practice_serves_a_table_question_aimed_at_a_table_topic(client, topic):
    response = client.get("/practice/next/", {"topic": topic, "level": "beginner"})
    url = response["Location"]
    q = linked_question(url)
    assert isinstance(q, TableQuizQuestion) and q.mode == TOPIC_MODES[topic]
    from quizsite.practice.topics import touched

    assert topic in touched(q, solve(q))
    page = client.get(url).content.decode()
    assert 'class="seat-table"' in page and "table_quiz" in page  # the table's look
    why = text_of(client.get(url)).split("Topic:", 1)[1][:120]
    assert f"question on {TOPICS[topic].label[:12].lower()}" in why.lower()  # not "fresh"
    answer = text_of(client.post(url, practice_wrong_post(q), **HX))
    assert "Not quite" in answer
    row = Response.objects.get()
    assert row.source == "practice" and topic in row.topics


def test_progress_shows_table_topics_and_explains_a_table_answer(client):
    q = table_q(13, "draw")
    client.post(q.url, practice_wrong_post(q))
    page = text_of(client.get("/progress/"))
    assert "Draws, pao and final scores" in page and "Noten payments" in page
    row = Response.objects.get()
    explained = client.get(f"/progress/answers/{row.pk}/")
    assert explained.status_code == 200
    body = explained.content.decode()
    assert 'class="seat-table"' in body and "Not quite" in text_of(explained)
