"""The session's progress: every question counts once, however long ago it was answered."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.quiz.models import Answer
from quizsite.quiz.progress import HISTORY
from tests.web.helpers import text_of

from .factory import find, right_answer

pytestmark = pytest.mark.django_db


def test_it_counts_a_question_once_for_the_whole_session(client) -> None:
    first = find("payment", kind="ron", start=300_000)
    client.post(first[0].url, {"amount": "100000"})  # wrong
    for i in range(HISTORY + 2):  # the first falls out of the recent list
        q, s = find("payment", kind="ron", start=310_000 + 11 * i)
        client.post(q.url, right_answer(q, s))
    assert first[0].url not in client.get("/quiz/").content.decode()
    again = client.post(first[0].url, right_answer(*first))
    assert "not counted again" in text_of(again)
    assert f"{HISTORY + 2} right of {HISTORY + 3}" in text_of(again)
    assert Answer.objects.count() == HISTORY + 3


def test_a_double_submit_counts_once(client) -> None:
    q, s = find("fu", start=320_000)
    client.post(q.url, right_answer(q, s))
    client.post(q.url, right_answer(q, s))
    assert Answer.objects.filter(key=q.key).count() == 1
    assert "1 right of 1" in text_of(client.get("/quiz/"))


def test_two_browsers_count_apart(client) -> None:
    q, s = find("fu", start=330_000)
    other = Client()
    client.post(q.url, right_answer(q, s))
    counted = other.post(q.url, {"fu": "200"})
    assert "not counted again" not in text_of(counted)
    assert "1 right of 1" in text_of(client.get("/quiz/"))
    assert "0 right of 1" in text_of(other.get("/quiz/"))
