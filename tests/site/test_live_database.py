"""Against a running server (gunicorn in a subprocess, tests/liveserver.py) on the test database,
SQLite or PostgreSQL alike:

- a worker that dies between a drill answer and the practice record it makes leaves both or
  neither (the two are one transaction), and the answer sent again is stored once;
- while another connection holds the database's write lock past the server's timeout, an answer
  is not saved and says so with a 503 and the form as typed (drill, practice), or the site's 503
  page (quiz); sent again once the lock is gone, it is stored.
"""

from __future__ import annotations

import http.client
import re
import time
from collections.abc import Iterator

import pytest

from quizsite.drills.models import Answer
from quizsite.practice.models import Response
from tests.factory import make_drill, practice_wrong_post, question, right_post, wrong_post
from tests.liveserver import Browser, Server, locked_database

pytestmark = pytest.mark.django_db(transaction=True)

LOCK_TIMEOUT = "1"  # seconds the server's writes wait for the lock (TENBO_DB_LOCK_TIMEOUT)


@pytest.fixture
def crashing(tmp_path) -> Iterator[tuple[Server, object]]:
    marker = tmp_path / "crash"
    server = Server(
        TENBO_TEST_CRASH_FILE=str(marker),
        TENBO_TEST_CRASH_TABLE=Response._meta.db_table,
    )
    yield server, marker
    server.stop()


@pytest.fixture
def server() -> Iterator[Server]:
    started = Server(TENBO_DB_LOCK_TIMEOUT=LOCK_TIMEOUT)
    yield started
    started.stop()


def join(student: Browser, drill) -> None:
    student.request(f"/d/{drill.code}/")
    assert student.request(f"/d/{drill.code}/", {"name": "Aiko"}).status == 200


def answer_first(student: Browser, drill) -> None:
    """Question 1 answered while all is well (the session then holds all it needs)."""
    student.request(f"/d/{drill.code}/1/")
    assert student.request(f"/d/{drill.code}/1/", wrong_post(drill, 1)).status == 200


def assert_kept(post: dict[str, str], page: str) -> None:
    for name, value in post.items():
        field = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert field and f'value="{value}"' in field.group(0), f"{name}={value} was lost"


def test_a_worker_dying_between_an_answer_and_its_practice_record_loses_neither(crashing):
    server, marker = crashing
    drill = make_drill(count=2)
    student = Browser(server.url)
    join(student, drill)
    student.request(f"/d/{drill.code}/1/")
    post = right_post(drill, 1)

    marker.touch()
    with pytest.raises((OSError, http.client.HTTPException)):
        student.request(f"/d/{drill.code}/1/", post)
    assert not marker.exists()  # the worker died as it stored the practice record
    stored = Answer.objects.filter(attempt__drill=drill).count()
    recorded = Response.objects.filter(source="drill").count()
    assert (stored, recorded) == (0, 0)

    server.wait_until_up()  # gunicorn's master has started a new worker
    again = student.request(f"/d/{drill.code}/1/", post)
    assert again.status == 200 and "not counted again" not in again.text
    assert Answer.objects.filter(attempt__drill=drill).count() == 1
    assert Response.objects.filter(source="drill", ref=f"{drill.code}#1").count() == 1


def test_a_drill_answer_while_the_database_is_locked_is_not_saved_and_keeps_what_was_typed(
    server,
):
    drill = make_drill(count=3)
    student = Browser(server.url)
    join(student, drill)
    answer_first(student, drill)
    student.request(f"/d/{drill.code}/2/")
    post = right_post(drill, 2)
    with locked_database():
        began = time.monotonic()
        page = student.request(f"/d/{drill.code}/2/", post)
        htmx = student.request(f"/d/{drill.code}/2/", post, {"HX-Request": "true"})
        waited = time.monotonic() - began
    assert page.status == 503 and htmx.status == 503
    for answered in (page, htmx):
        assert "Your answer was not saved" in answered.text
        assert "faster than anyone" not in answered.text
        assert_kept(post, answered.text)
    assert htmx.headers["Tenbo-Unavailable"] == "1" and "<html" not in htmx.text
    assert waited < 20  # the server's timeout, not a hung worker
    assert Answer.objects.filter(attempt__drill=drill, number=2).count() == 0

    again = student.request(f"/d/{drill.code}/2/", post)
    assert again.status == 200
    assert Answer.objects.filter(attempt__drill=drill, number=2).count() == 1
    assert Response.objects.filter(source="drill", ref=f"{drill.code}#2").count() == 1


def test_a_practice_answer_while_the_database_is_locked_is_not_saved_and_keeps_what_was_typed(
    server,
):
    student = Browser(server.url)
    first, q = question(81, "fu"), question(82, "fu")
    student.request(f"/practice/q/{first.seed}/?{first.query}")
    student.request(f"/practice/q/{first.seed}/?{first.query}", practice_wrong_post(first))
    student.request(f"/practice/q/{q.seed}/?{q.query}")
    post = practice_wrong_post(q)
    with locked_database():
        answered = student.request(f"/practice/q/{q.seed}/?{q.query}", post)
    assert answered.status == 503
    assert "Your answer was not saved" in answered.text
    assert_kept(post, answered.text)
    assert Response.objects.filter(seed=q.seed, source="practice").count() == 0
    assert student.request(f"/practice/q/{q.seed}/?{q.query}", post).status == 200
    assert Response.objects.filter(seed=q.seed, source="practice").count() == 1


def test_a_quiz_answer_while_the_database_is_locked_answers_the_sites_503(server):
    student = Browser(server.url)
    q = question(83, "fu")
    student.request(f"/quiz/q/{q.seed}/?{q.query}")
    with locked_database():
        answered = student.request(f"/quiz/q/{q.seed}/?{q.query}", practice_wrong_post(q))
        note = student.request(
            f"/quiz/q/{q.seed}/?{q.query}", practice_wrong_post(q), {"HX-Request": "true"}
        )
    assert answered.status == 503 and "Too busy just now" in answered.text
    assert "Traceback" not in answered.text and answered.headers["Retry-After"]
    assert note.status == 503 and "Nothing was saved" in note.text and "<html" not in note.text


def test_log_in_sign_up_and_pin_sign_in_while_the_database_is_locked_answer_503_at_once(server):
    """Each door counts its limits in one transaction: one wait for the lock (1 s here), then
    the site's 503 "try again", never "too many attempts" (which would blame the visitor) and
    never a worker hung past gunicorn's timeout."""
    from quizsite.classes import students
    from tests.classes.helpers import make_class
    from tests.factory import PASSWORD, make_user

    make_user("sensei")
    classroom = make_class(make_user("teacher"))
    ((member, pin),) = students.add(classroom, ["Aiko"])
    visitor = Browser(server.url)
    for path in ("/accounts/login/", "/accounts/signup/", "/classes/sign-in/"):
        visitor.request(path)  # the CSRF cookie
    doors = [
        ("/accounts/login/", {"username": "sensei", "password": PASSWORD}),
        ("/accounts/signup/", {"username": "Emi", "password1": PASSWORD, "password2": PASSWORD}),
        ("/classes/sign-in/", {"code": classroom.code, "member": str(member.pk), "pin": pin}),
    ]
    with locked_database():
        for path, post in doors:
            began = time.monotonic()
            answered = visitor.request(path, post)
            waited = time.monotonic() - began
            assert answered.status == 503, (path, answered.status)
            assert "Too busy just now" in answered.text and "Too many" not in answered.text
            assert waited < 10, (path, waited)  # one wait of 1 s (a slow machine: a few)
    for path, post in doors:  # the lock gone, each door works again
        assert visitor.request(path, post).status in (200, 302), path
