"""Reads go on while writes wait, with the deployment's own gunicorn settings (gunicorn.conf.py:
threaded workers). Another connection holds the database's write lock and ten answers wait for
it; meanwhile the han/fu table, the payment calculator, the JSON API and first visits to
question pages answer at once (they write nothing: a first visit to a quiz question stores no
session row). On SQLite and on PostgreSQL (`make test-db`).

The bound is a fraction of the lock's wait, not a fixed time: a page that waited for the writer
would take the whole wait; on this machine the reads take a few hundredths of a second
(docs/security.md gives the figures).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.sessions.models import Session
from django.db import connection

from tests.factory import practice_wrong_post, question
from tests.liveserver import ROOT, Browser, Server, free_port, locked_database

pytestmark = pytest.mark.django_db(transaction=True)

LOCK_WAIT = 20.0  # the deployment's TENBO_DB_LOCK_TIMEOUT
WAITING = 10  # answers waiting for the lock
READS = ["/table/", "/points/", "/api/v1/points?han=3&fu=30", "/api/v1/points?han=5&fu=40"]


class Deployed(Server):
    """gunicorn started as documented (`-c gunicorn.conf.py`) on the test database."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = os.environ | {
            "TENBO_TEST_DB": str(connection.settings_dict["NAME"]),
            "DJANGO_CONN_MAX_AGE": "0",
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
            "TENBO_DB_LOCK_TIMEOUT": str(LOCK_WAIT),
            "TENBO_BIND": f"127.0.0.1:{self.port}",
            "TENBO_WORKERS": "2",  # the machine's two cores; threads as documented
        }
        command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
        command += ["tests.liveserver:application()", "--log-level", "warning"]
        self.process = subprocess.Popen(command, cwd=ROOT, env=environment)
        self.wait_until_up()


@pytest.fixture
def deployed() -> Iterator[Deployed]:
    server = Deployed()
    yield server
    server.stop()


def timed(browser: Browser, path: str) -> tuple[int, float]:
    began = time.monotonic()
    answered = browser.request(path)
    return answered.status, time.monotonic() - began


def test_reads_answer_while_ten_answers_wait_for_the_write_lock(deployed):
    q = question(4711, "fu")
    page = f"/quiz/q/{q.seed}/?{q.query}"
    learners = [Browser(deployed.url) for _ in range(WAITING)]
    for learner in learners:
        learner.request(page)  # the CSRF cookie; a first visit stores no session
    assert Session.objects.count() == 0
    reader = Browser(deployed.url)
    for path in READS:
        assert reader.request(path).status == 200  # warmed up
    with ThreadPoolExecutor(max_workers=WAITING) as pool:
        with locked_database():
            waiting = [
                pool.submit(learner.request, page, practice_wrong_post(q)) for learner in learners
            ]
            time.sleep(1.0)  # the answers are in, each waiting on the lock
            reads = [timed(Browser(deployed.url), path) for path in READS]
            firsts = [timed(Browser(deployed.url), f"/quiz/q/{seed}/?{q.query}") for seed in (1, 2)]
            still_waiting = sum(not w.done() for w in waiting)
        answered = [w.result(timeout=120) for w in waiting]
    assert still_waiting == WAITING  # the reads were measured while all ten waited
    for status, seconds in reads + firsts:
        assert status == 200 and seconds < LOCK_WAIT / 4, (reads, firsts)
    assert all(a.status == 200 for a in answered)  # and once the lock was gone, all stored
