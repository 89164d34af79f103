"""Who sees which progress: the owner; an instructor, their own students only and of them the
answers given in the instructor's drills only; 404 for everyone else (another learner, another
instructor, a visitor)."""

from __future__ import annotations

import pytest

from quizsite.practice.models import Response
from tests.factory import (
    answer_question,
    fake_request,
    make_attempt,
    make_drill,
    make_user,
    question,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    teacher, other_teacher = make_user("sensei"), make_user("other-sensei")
    student, stranger = make_user("aiko"), make_user("kenji")
    drill = make_drill(owner=teacher, count=1)
    make_attempt(drill, user=student)
    other_drill = make_drill(owner=other_teacher, count=1)
    make_attempt(other_drill, user=student)
    # The student answers the teacher's drill, another teacher's drill, and practises alone.
    in_drill = drill.questions.get(number=1).as_question()
    answer_question(
        fake_request(student), in_drill, right=False, source="drill", ref=f"{drill.code}#1"
    )
    elsewhere = other_drill.questions.get(number=1).as_question()
    answer_question(fake_request(student), elsewhere, source="drill", ref=f"{other_drill.code}#1")
    answer_question(fake_request(student), question(61, "fu"), right=False)
    answer_question(fake_request(stranger), question(62, "fu"))
    rows = Response.objects.filter(user=student)
    return {
        "teacher": teacher,
        "other_teacher": other_teacher,
        "student": student,
        "stranger": stranger,
        "row": rows.get(ref=f"{drill.code}#1"),
        "other_drill_row": rows.get(ref=f"{other_drill.code}#1"),
        "private_row": rows.get(source="quiz"),
    }


def urls(w):
    s, row = w["student"], w["row"]
    return {
        "student": f"/progress/students/{s.pk}/",
        "student_answer": f"/progress/students/{s.pk}/answers/{row.pk}/",
        "student_private": f"/progress/students/{s.pk}/answers/{w['private_row'].pk}/",
        "student_other": f"/progress/students/{s.pk}/answers/{w['other_drill_row'].pk}/",
        "answer": f"/progress/answers/{row.pk}/",
        "private": f"/progress/answers/{w['private_row'].pk}/",
    }


CASES = [  # who, url name, expected status
    ("student", "answer", 200),
    ("teacher", "student", 200),
    ("teacher", "student_answer", 200),
    ("teacher", "answer", 404),  # the student's own link is the student's
    ("student", "private", 200),
    ("teacher", "student_private", 404),  # the student's practice is not the teacher's
    ("teacher", "student_other", 404),  # nor another teacher's drill
    ("teacher", "private", 404),
    ("other_teacher", "student_other", 200),
    ("other_teacher", "student_private", 404),
    ("other_teacher", "student", 200),  # the student answered their drill too
    ("other_teacher", "student_answer", 404),
    ("other_teacher", "answer", 404),
    ("stranger", "student", 404),
    ("stranger", "student_answer", 404),
    ("stranger", "answer", 404),
    ("student", "student", 404),  # a learner is not their own instructor
    (None, "student", 404),
    (None, "student_answer", 404),
    (None, "answer", 404),
]


@pytest.mark.parametrize(("who", "name", "status"), CASES)
def test_it_shows_progress_to_the_owner_and_their_instructor_only(client, world, who, name, status):
    if who:
        client.force_login(world[who])
    assert client.get(urls(world)[name]).status_code == status


def test_an_instructor_sees_the_students_progress_and_a_link_to_it(client, world):
    client.force_login(world["teacher"])
    mine = client.get("/progress/").content.decode()
    assert urls(world)["student"] in mine and "kenji" not in mine
    page = client.get(urls(world)["student"]).content.decode()
    # Three answers stored, one of them in this teacher's drill: that one alone is shown.
    assert "aiko's progress" in page and "1 question answered" in page
    assert "Download your answers" not in page


def test_an_instructor_sees_none_of_a_students_history_outside_their_drills(client, world):
    """The student's practice and another teacher's drill stay out of every figure."""
    client.force_login(world["teacher"])
    page = client.get(urls(world)["student"]).content.decode()
    private = world["private_row"]
    assert f"/answers/{private.pk}/" not in page
    assert f"/answers/{world['other_drill_row'].pk}/" not in page


@pytest.mark.parametrize("who", ["student", "stranger", None])
def test_each_learner_sees_and_exports_only_their_own_answers(client, world, who):
    if who:
        client.force_login(world[who])
    page = client.get("/progress/").content.decode()
    csv = client.get("/progress/export.csv").content.decode()
    own = {"student": 3, "stranger": 1, None: 0}[who]
    assert csv.count("\n") == 1 + own
    assert (
        (f"{own} question{'s' if own > 1 else ''} answered" in page)
        if own
        else ("No answers yet" in page)
    )
    assert (world["row"].ref in csv) == (who == "student")


def test_delete_asks_for_a_post(client, world):
    client.force_login(world["student"])
    assert client.get("/progress/delete/").status_code == 200
    assert Response.objects.filter(user=world["student"]).exists()
