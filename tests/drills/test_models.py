"""The drill models: fixed questions, one attempt per session, one counted answer per question."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from quizsite.drills.models import Answer, Attempt, Drill
from tests.factory import all_answers, make_answer, make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db


def test_it_stores_the_questions_numbered_from_one():
    drill = make_drill(count=5)
    assert [q.number for q in drill.questions.all()] == [1, 2, 3, 4, 5]
    assert all(q.request for q in drill.questions.all())


def test_it_serves_every_student_the_stored_question():
    drill = make_drill(count=2)
    stored = drill.questions.get(number=1)
    assert drill.quiz_questions()[0].request == stored.request
    assert drill.quiz_questions()[0].seed == stored.seed


def test_it_gives_each_drill_its_own_code():
    codes = {make_drill(owner=make_user(f"u{i}"), count=1).code for i in range(20)}
    assert len(codes) == 20


def test_it_redraws_one_question_only():
    drill = make_drill(count=3)
    before = {q.number: q.seed for q in drill.questions.all()}
    for _ in range(5):  # a new seed can repeat the old one, very rarely
        assert drill.redraw(2)
        if drill.questions.get(number=2).seed != before[2]:
            break
    after = {q.number: q.seed for q in drill.questions.all()}
    assert after[1] == before[1] and after[3] == before[3] and after[2] != before[2]


def test_it_refuses_to_redraw_once_answered():
    drill = make_drill(count=2)
    make_answer(make_attempt(drill), 1)
    seed = drill.questions.get(number=1).seed
    assert not drill.redraw(1)
    assert drill.questions.get(number=1).seed == seed


def test_a_copy_has_the_same_questions_and_a_new_code():
    drill = make_drill(count=3, is_open=False)
    other = make_user("other")
    twin = drill.copy(other)
    assert twin.code != drill.code and twin.owner == other and twin.is_open
    assert [q.request for q in twin.questions.all()] == [q.request for q in drill.questions.all()]


def test_it_counts_the_first_answer_and_refuses_a_second():
    drill = make_drill(count=2)
    attempt = make_attempt(drill)
    assert make_answer(attempt, 1, right=False) == "counted"
    assert make_answer(attempt, 1, right=True) == "already"
    (answer,) = all_answers(drill)
    assert not answer.right and answer.tries == 1


def test_a_retry_replaces_a_wrong_answer_in_place():
    drill = make_drill(count=2, retries=True)
    attempt = make_attempt(drill)
    assert make_answer(attempt, 1, right=False) == "counted"
    assert make_answer(attempt, 1, right=True) == "retried"
    assert make_answer(attempt, 1, right=False) == "already"  # right stays right
    (answer,) = all_answers(drill)
    assert answer.right and answer.tries == 2


def test_the_database_holds_one_answer_per_question():
    attempt = make_attempt(make_drill(count=1))
    fields = {"given": "1000", "answer": {}, "right": True, "seconds": 1}
    Answer.objects.create(attempt=attempt, number=1, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.create(attempt=attempt, number=1, **fields)


def test_the_database_holds_the_question_count_between_1_and_50():
    with pytest.raises(IntegrityError), transaction.atomic():
        Drill.objects.create(
            owner=make_user(),
            title="x",
            mode="full",
            level="beginner",
            rules="mahjongsoul",
            count=51,
        )


def test_an_attempt_finishes_with_its_last_answer():
    drill = make_drill(count=2)
    attempt = make_attempt(drill)
    make_answer(attempt, 1)
    attempt.refresh_from_db()
    assert attempt.finished is None
    make_answer(attempt, 2)
    attempt.refresh_from_db()
    assert attempt.finished is not None and attempt.is_over()


def test_an_attempt_is_over_when_its_time_is_up():
    attempt = make_attempt(make_drill(count=2, time_limit=10))
    assert not attempt.is_over()
    assert attempt.is_over(now=timezone.now() + timedelta(minutes=10, seconds=1))


def test_a_shuffled_attempt_asks_every_question_once():
    drill = make_drill(count=8, shuffle=True)
    orders = {tuple(make_attempt(drill, name=f"s{i}").order) for i in range(6)}
    assert all(sorted(o) == list(range(1, 9)) for o in orders)
    assert len(orders) > 1


def test_an_unshuffled_attempt_asks_in_order():
    attempt = make_attempt(make_drill(count=4))
    assert [attempt.number_at(p) for p in range(1, 5)] == [1, 2, 3, 4]


def test_the_owner_manages_their_drills_and_a_superuser_all():
    mine, theirs = make_drill(owner=make_user("a")), make_drill(owner=make_user("b"))
    root = make_user("root", is_superuser=True)
    assert list(Drill.objects.owned_by(mine.owner)) == [mine]
    assert set(Drill.objects.owned_by(root)) == {mine, theirs}


def test_one_attempt_per_session_key():
    drill = make_drill(count=1)
    attempt = make_attempt(drill)
    with pytest.raises(IntegrityError), transaction.atomic():
        Attempt.objects.create(drill=drill, name="again", session_key=attempt.session_key)
