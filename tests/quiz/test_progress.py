"""The session's progress: every question counts once, however long ago it was answered; it is
counted from practice's rows, the one store of answers."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.practice.models import Response
from quizsite.quiz.progress import HISTORY
from tests.factory import find, right_answer
from tests.helpers import text_of

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
    assert Response.objects.filter(source="quiz").count() == HISTORY + 3


def test_a_double_submit_counts_once(client) -> None:
    q, s = find("fu", start=320_000)
    client.post(q.url, right_answer(q, s))
    client.post(q.url, right_answer(q, s))
    assert Response.objects.filter(ref=q.key).count() == 1
    assert "1 right of 1" in text_of(client.get("/quiz/"))


def test_two_browsers_count_apart(client) -> None:
    q, s = find("fu", start=330_000)
    other = Client()
    client.post(q.url, right_answer(q, s))
    counted = other.post(q.url, {"fu": "200"})
    assert "not counted again" not in text_of(counted)
    assert "1 right of 1" in text_of(client.get("/quiz/"))
    assert "0 right of 1" in text_of(other.get("/quiz/"))


def test_a_signed_in_learners_session_counts_only_this_sessions_answers(client) -> None:
    from tests.factory import make_user

    user = make_user("kenji")
    earlier, s = find("fu", start=340_000)
    elsewhere = Client()  # another device, an earlier session
    elsewhere.force_login(user)
    elsewhere.post(earlier.url, right_answer(earlier, s))
    client.force_login(user)
    assert "No answers yet" in text_of(client.get("/quiz/"))
    q, s = find("fu", start=341_000)
    client.post(q.url, right_answer(q, s))
    page = text_of(client.get("/quiz/"))
    assert "1 right of 1" in page
    again = client.post(earlier.url, right_answer(earlier, s))  # answered on the account already
    assert "not counted again" in text_of(again)
    assert Response.objects.filter(user=user).count() == 2


def test_answers_before_logging_in_stay_in_the_session(client) -> None:
    from tests.factory import make_user

    q, s = find("fu", start=350_000)
    client.post(q.url, right_answer(q, s))
    user = make_user("mei")
    client.force_login(user)
    assert "1 right of 1" in text_of(client.get("/quiz/"))
    assert Response.objects.get().user == user


def test_a_table_question_counts_in_the_session(client) -> None:
    from quizsite.quiz.public import make_question, solve

    q = make_question(77, {"mode": "counters", "level": "beginner", "rules": "mahjongsoul"})
    client.post(q.url, right_answer(q, solve(q)))
    page = client.get("/quiz/").content.decode()
    assert "1 right of 1" in text_of(client.get("/quiz/")) and q.url.replace("&", "&amp;") in page
