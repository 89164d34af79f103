"""The live results stay light at any class size: a poll that finds nothing changed is a 204,
a changed board is one page of students with the summary, the CSV streams, and the query count
does not grow with the class."""

from __future__ import annotations

import csv
import io
import time

import pytest
from django.db import connection
from django.http import StreamingHttpResponse
from django.test.utils import CaptureQueriesContext

from quizsite.drills.models import Answer, Attempt
from quizsite.drills.results import per_page, results
from tests.factory import make_answer, make_attempt, make_class, make_drill, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def drill():
    return make_drill(owner=make_user("owner"), count=10)


@pytest.fixture
def owner(client, drill):
    client.force_login(drill.owner)
    return client


def url(drill, suffix: str = "results/") -> str:
    return f"/drills/{drill.code}/{suffix}"


def poll(client, drill, version: str = "stale", page: int = 1):
    return client.get(url(drill), {"page": page, "v": version}, HTTP_HX_REQUEST="true")


def body(response) -> bytes:
    if isinstance(response, StreamingHttpResponse):
        return b"".join(response.streaming_content)
    return response.content


def queries(client, drill, request) -> int:
    with CaptureQueriesContext(connection) as done:
        response = request(client, drill)
        body(response)
    assert response.status_code == 200
    return len(done.captured_queries)


REQUESTS = {
    "page": lambda c, d: c.get(url(d)),
    "poll": lambda c, d: poll(c, d),
    "csv": lambda c, d: c.get(url(d, "results.csv")),
}


@pytest.mark.parametrize("name", REQUESTS)
def test_the_query_count_is_the_same_at_30_and_300_students(
    owner, drill, name, django_assert_max_num_queries
):
    make_class(drill, 30)
    owner.get(url(drill))  # the session and the cache rows exist from here on
    with django_assert_max_num_queries(15):
        at_30 = queries(owner, drill, REQUESTS[name])
    make_class(drill, 270)
    with django_assert_max_num_queries(at_30):
        at_300 = queries(owner, drill, REQUESTS[name])
    assert at_300 == at_30


def test_a_poll_that_finds_nothing_changed_is_a_204_with_no_body(owner, drill):
    make_answer(make_attempt(drill, "Aiko"), 1)
    first = poll(owner, drill)
    version = results(drill).version
    assert first.status_code == 200 and f"v={version}" in first.content.decode()
    same = poll(owner, drill, version)
    assert same.status_code == 204 and same.content == b""


@pytest.mark.parametrize(
    "change",
    ["answer", "new student", "retry", "removed", "closed"],
)
def test_any_change_on_the_board_changes_the_version(owner, drill, change):
    drill.retries = True
    drill.save()
    aiko = make_attempt(drill, "Aiko")
    make_answer(aiko, 1, right=False)
    before = results(drill).version
    if change == "answer":
        make_answer(aiko, 2)
    elif change == "new student":
        make_attempt(drill, "Kenji")
    elif change == "retry":
        assert make_answer(aiko, 1) == "retried"
    elif change == "removed":
        aiko.delete()
    else:
        owner.post(url(drill, "open/"), {"open": "0"})
        drill.refresh_from_db()
    assert results(drill).version != before
    assert poll(owner, drill, before).status_code == 200


def test_a_plain_get_honours_the_etag(owner, drill):
    make_attempt(drill, "Aiko")
    etag = owner.get(url(drill))["ETag"]
    assert owner.get(url(drill), HTTP_IF_NONE_MATCH=etag).status_code == 304
    make_attempt(drill, "Kenji")
    assert owner.get(url(drill), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_grid_is_paged_and_the_summary_counts_everyone(owner, drill):
    make_class(drill, 45)
    size = per_page(drill)
    assert size == 15
    page = owner.get(url(drill)).content.decode()
    assert "45 students · 450 answers" in page
    assert "Students 1–15 of 45" in page and "Page 1 of 3" in page
    assert "Student 0<" in page and "Student 15<" not in page
    last = owner.get(url(drill), {"page": 3}).content.decode()
    assert "Students 31–45 of 45" in last and "Student 44<" in last and "Student 0<" not in last
    assert owner.get(url(drill), {"page": "99"}).status_code == 200  # past the end: the last
    assert owner.get(url(drill), {"page": "x"}).status_code == 200
    # % right counts all 45 students, not the page: every third answer is wrong.
    res = results(drill)
    right = Answer.objects.filter(attempt__drill=drill, number=1, right=True).count()
    assert res.columns[0].percent_right == round(100 * right / 45)


def test_the_csv_streams_every_student(owner, drill):
    make_class(drill, 30, answered=2)
    response = owner.get(url(drill, "results.csv"))
    assert isinstance(response, StreamingHttpResponse)
    rows = list(csv.reader(io.StringIO(body(response).decode("utf-8"))))
    assert len(rows) == 1 + 30 * 10
    assert sum(1 for r in rows[1:] if r[4]) == 60


def test_at_3000_students_a_poll_is_small_and_fast(owner, drill, capsys):
    make_class(drill, 3000)
    assert Attempt.objects.filter(drill=drill).count() == 3000
    owner.get(url(drill))  # warm: the session, the templates
    started = time.perf_counter()
    changed = poll(owner, drill)
    seconds = time.perf_counter() - started
    version = results(drill).version
    started = time.perf_counter()
    unchanged = poll(owner, drill, version)
    seconds_204 = time.perf_counter() - started
    started = time.perf_counter()
    page = owner.get(url(drill))
    seconds_page = time.perf_counter() - started
    assert changed.status_code == 200 and unchanged.status_code == 204
    assert len(changed.content) <= 50_000 and seconds < 1.0
    assert len(page.content) <= 50_000 and seconds_page < 1.0
    assert seconds_204 < 0.5
    with capsys.disabled():
        print(
            f"\n3000 students × 10 questions: poll {len(changed.content)} B in {seconds:.3f} s;"
            f" unchanged poll 204 in {seconds_204:.3f} s; page {len(page.content)} B in"
            f" {seconds_page:.3f} s"
        )


def test_the_csv_reads_the_class_in_chunks(owner, drill):
    """A class larger than a chunk is read a chunk of students (and their answers) at a time,
    not all at once: 1,100 students, chunks of 500, three reads of answers."""
    drill.count = 2
    drill.save()
    make_class(drill, 1100, answered=1)
    with CaptureQueriesContext(connection) as done:
        lines = body(owner.get(url(drill, "results.csv"))).decode().splitlines()
    assert len(lines) == 1 + 1100 * 2
    reads = [q["sql"] for q in done.captured_queries if 'FROM "drills_answer"' in q["sql"]]
    assert len(reads) == 3
