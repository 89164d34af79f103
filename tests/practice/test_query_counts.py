"""The practice pages and a practice answer cost the same number of queries whatever the
learner's history: read from the kept state and the aggregates, never row by row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.pages import fill, measure, table
from quizsite.practice.models import Response
from quizsite.practice.public import TOKEN_KEY
from tests.factory import make_user

pytestmark = pytest.mark.django_db

PAGES = ("/progress/", "/practice/", "/practice/next/")
MOST = 16  # queries a page or an answer may make at most: the server-side session read and
# written, the log-in, and the savepoints of the answer's one transaction included


def queries(client, user, count: int) -> dict[str, int]:
    fill(user, count, seed=count)
    client.force_login(user)
    counts = {}
    for page in PAGES:
        client.get(page)  # the session settles (level, times) before counting
        with CaptureQueriesContext(connection) as run:
            assert client.get(page).status_code in (200, 302)
        counts[page] = len(run)
    url = "/practice/q/777/?mode=fu&level=beginner&rules=mahjongsoul"
    with CaptureQueriesContext(connection) as run:
        response = client.post(url, {"fu": "30"})
    assert response.status_code == 200 and "not counted again" not in response.content.decode()
    counts["answer"] = len(run)
    return counts


def test_the_pages_and_an_answer_make_as_many_queries_at_1000_answers_as_at_100(client):
    small = queries(client, make_user("few"), 100)
    client.logout()
    large = queries(client, make_user("many"), 1000)
    assert small == large
    assert max(small.values()) <= MOST, small
    assert Response.objects.count() == 1102


def test_the_progress_page_shows_the_history_it_summarises(client):
    user = make_user("counted")
    fill(user, 300, seed=1)
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    right = Response.objects.filter(user=user, right=True).count()
    assert f"300 questions answered, {right} right" in page
    assert "up to answer 300" in page  # the chart's last point: every answer counted
    assert "Missed most" in page


def test_the_page_benchmark_times_every_page_and_prints_the_ratio():
    """`make bench` is not a test, but its page timings must keep running."""
    results = {size: measure(size, reps=1) for size in (20, 40)}
    assert all(
        set(r) == {"/progress/", "/practice/", "/practice/next/", "answer"}
        for r in results.values()
    )
    assert all(t > 0 for r in results.values() for t in r.values())
    lines = table(results)
    assert lines[0].startswith("| answers |") and lines[-1].startswith("| 40 / 20 |")
    answered = Response.objects.filter(user__username__startswith="bench").exclude(
        ref__startswith="bench-"
    )
    assert answered.count() == 2 * 2  # one untimed and one timed answer per size, all counted


def kept_reads(run) -> list[str]:
    return [q["sql"] for q in run if q["sql"].startswith("SELECT") and "visitors_kept" in q["sql"]]


def test_an_anonymous_answer_reads_the_visitors_token_with_the_session(client):
    # The page and the stored answer both need the token: its copy in the session is read
    # with it, not looked up in the visitor's record.
    url = "/practice/q/{}/?mode=fu&level=beginner&rules=mahjongsoul"
    client.get(url.format(1))
    for seed in (2, 3):  # the second answer finds the kept state the first one made
        client.post(url.format(seed), {"fu": "30"})
    with CaptureQueriesContext(connection) as run:
        response = client.post(url.format(4), {"fu": "30"})
    assert response.status_code == 200 and "not counted again" not in response.content.decode()
    assert kept_reads(run) == []
    assert len(run) <= MOST
    assert Response.objects.filter(user=None).count() == 3


def test_a_session_from_before_the_copy_reads_the_token_once_then_keeps_it(client):
    url = "/practice/q/{}/?mode=fu&level=beginner&rules=mahjongsoul"
    client.post(url.format(1), {"fu": "30"})
    session = client.session
    token = session.pop(TOKEN_KEY)
    session.save()
    with CaptureQueriesContext(connection) as run:
        client.post(url.format(2), {"fu": "30"})
    assert len(kept_reads(run)) == 1
    with CaptureQueriesContext(connection) as run:
        client.post(url.format(3), {"fu": "30"})
    assert kept_reads(run) == []
    assert client.session[TOKEN_KEY] == token
    assert set(Response.objects.values_list("token", flat=True)) == {token}
    assert Response.objects.count() == 3


def test_an_answer_writes_its_topics_in_one_statement(client):
    # Each topic the answer touches, kept already or new, written by one INSERT … ON CONFLICT
    # (neither an UPDATE a topic, nor bulk_update's CASE over every field).
    user = make_user("topics")
    fill(user, 30, seed=5)
    client.force_login(user)
    url = "/practice/q/{}/?mode=fu&level=beginner&rules=mahjongsoul"
    for seed in (9, 10, 11):
        with CaptureQueriesContext(connection) as run:
            assert client.post(url.format(seed), {"fu": "30"}).status_code == 200
        writes = [q["sql"] for q in run if '"practice_topic"' in q["sql"].split(" (")[0]]
        writes = [sql for sql in writes if not sql.startswith("SELECT")]
        assert len(writes) == 1 and "ON CONFLICT" in writes[0], writes
        assert "CASE" not in writes[0]
