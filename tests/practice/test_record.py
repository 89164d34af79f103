"""Every answered question is stored: quiz, drill and practice, for an account or a session,
and a session's answers move to the account on sign-up or log-in, once."""

from __future__ import annotations

import pytest

from quizsite.practice import answers
from quizsite.practice.models import Response
from quizsite.practice.public import learner_token
from tests.factory import (
    PASSWORD,
    answer_question,
    fake_request,
    make_drill,
    make_user,
    post_answer,
    question,
)
from tests.factory import right_post as drill_right

pytestmark = pytest.mark.django_db


def sign_up(client, name="aiko"):
    data = {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def log_in(client, name="aiko"):
    return client.post("/accounts/login/", {"username": name, "password": PASSWORD})


def test_it_stores_an_anonymous_quiz_answer_against_the_session_token(client):
    q = question(11)
    assert post_answer(client, q, right=False).status_code == 200
    row = Response.objects.get()
    assert row.user is None and row.token == learner_token(client)
    assert (row.source, row.ref, row.right) == ("quiz", q.key, False)
    assert row.topics and set(row.charged) <= set(row.topics) | {"yaku:dora"}
    assert row.token not in client.cookies["sessionid"].value  # a session key, not the token


def test_it_counts_a_question_once_on_a_double_submit(client):
    q = question(12)
    post_answer(client, q)
    post_answer(client, q, right=False)
    assert Response.objects.count() == 1 and Response.objects.get().right


def test_it_stores_a_signed_in_learners_answer_on_the_account(client):
    user = make_user("aiko")
    client.force_login(user)
    post_answer(client, question(13))
    assert Response.objects.get().user == user


def test_it_moves_the_sessions_answers_to_a_new_account(client):
    for seed in (21, 22, 23):
        post_answer(client, question(seed), right=seed != 22)
    assert sign_up(client).status_code == 302
    owners = set(Response.objects.values_list("user__username", flat=True))
    assert owners == {"aiko"} and Response.objects.count() == 3
    assert not Response.objects.filter(user=None).exists()
    assert learner_token(client) == ""


def test_it_merges_on_log_in_without_counting_a_question_twice(client):
    user = make_user("aiko")
    client.force_login(user)
    post_answer(client, question(31))  # answered on the account, right
    client.post("/accounts/logout/")
    post_answer(client, question(31), right=False)  # and again anonymously
    post_answer(client, question(32))
    assert log_in(client).status_code == 302
    rows = Response.objects.filter(user=user)
    assert rows.count() == 2 and not Response.objects.filter(user=None).exists()
    assert rows.get(ref=question(31).key).right  # the account's own answer is kept


def test_it_adopts_idempotently():
    user = make_user("aiko")
    request = fake_request()
    answer_question(request, question(41))
    answer_question(request, question(42))
    token = learner_token(request)
    assert answers.adopt(token, user) == 2
    assert answers.adopt(token, user) == 0
    assert Response.objects.filter(user=user).count() == 2


def test_it_keeps_two_sessions_apart():
    one, two = fake_request(), fake_request()
    answer_question(one, question(51))
    answer_question(two, question(51))
    assert Response.objects.count() == 2
    assert Response.objects.of(token=learner_token(one)).count() == 1


def test_it_stores_a_drill_answer_with_the_drills_code(client):
    drill = make_drill(count=2)
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})
    client.post(f"/d/{drill.code}/1/", drill_right(drill, drill.questions.first().number))
    row = Response.objects.get()
    assert row.source == "drill" and row.ref.startswith(drill.code + "#") and row.right
