"""Pages that read nothing stored (the table, the calculators, the reference, the rules, the
API) run no query, for an anonymous visitor and a signed-in one alike, so a database held by a
writer cannot hold them up; their nav still offers the account."""

from __future__ import annotations

import gc
import json
import sqlite3
import time
import urllib.request

import pytest
from django.conf import settings
from django.db import connection, connections
from django.test import Client

from scoring.api import FINAL_EXAMPLE, SCORE_EXAMPLE, SETTLE_EXAMPLE
from tests.factory import make_user

COOKIE = settings.SESSION_COOKIE_NAME
PAGES = [
    "/", "/table/?rules=tenhou&honba=1", "/table/cell/?han=3&fu=30&dealer=1&tsumo=0",
    "/points/?han=3&fu=30&dealer=0&tsumo=1", "/points/?han=x", "/hand/", "/tiles/", "/rules/",
    "/table-rules/", "/api/", "/learn/", "/learn/terms/", "/learn/yaku/", "/learn/fu/",
    "/api/v1/points?han=3&fu=30", "/api/v1/points?han=99", "/api/v1/nothing",
]  # fmt: skip
POSTS = [("/api/v1/score", SCORE_EXAMPLE), ("/api/v1/settle", SETTLE_EXAMPLE),
         ("/api/v1/final", FINAL_EXAMPLE)]  # fmt: skip


def visitor(who: str) -> Client:
    """A browser: new, anonymous with a session (it keeps a game), or signed in."""
    client = Client()
    if who == "keeps a game":
        client.post("/games/new/", {"east": "A", "south": "B", "west": "C", "north": "D",
                                    "preset": "tenhou", "length": "tonpuusen"})  # fmt: skip
        assert COOKIE in client.cookies
    elif who == "signed in":
        client.force_login(make_user("aiko"))
    return client


WHO = ["new", "keeps a game", "signed in"]


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("path", PAGES)
def test_a_page_that_reads_nothing_stored_runs_no_query(who, path, django_assert_num_queries):
    client = visitor(who)
    with django_assert_num_queries(0):
        response = client.get(path)
    assert response.status_code in (200, 400, 404)
    if response["Content-Type"].startswith("text/html"):
        page = response.content.decode()
        if who == "new":
            assert 'href="/accounts/login/">Log in</a>' in page
        else:
            assert (
                'href="/accounts/" title="Your account, or log in">Account</a>' in page
                and "Log in</a>" not in page
            )
        assert "Cookie" in response["Vary"]
    else:  # JSON is the same for every browser
        assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize("who", WHO)
def test_htmx_updates_and_api_posts_run_no_query(who, django_assert_num_queries):
    client = visitor(who)
    with django_assert_num_queries(0):
        for path in ("/table/?honba=2", "/points/?han=2&fu=40", "/hand/", "/table-rules/"):
            assert client.get(path, headers={"HX-Request": "true"}).status_code == 200
        for path, body in POSTS:
            response = client.post(path, json.dumps(body), content_type="application/json")
            assert response.status_code == 200, response.content


def test_other_pages_still_name_the_signed_in_user():
    page = visitor("signed in").get("/quiz/").content.decode()
    assert ">aiko</a>" in page and "Log out" in page
    assert "Log in</a>" in Client().get("/quiz/").content.decode()


def hold_the_database() -> sqlite3.Connection:
    """Another connection holding the database as a writer: exclusively, so that readers are
    refused too (as in SQLite's rollback-journal mode, or a writer in exclusive locking mode)."""
    connections.close_all()  # this thread's; the live server closes its own after each request
    # Connections left by threads of earlier tests close when they are collected: collect
    # them, and wait for anything else still finishing, before taking the file.
    gc.collect()
    name = connection.settings_dict["NAME"]
    writer = sqlite3.connect(name, isolation_level=None, timeout=30)
    writer.execute("PRAGMA locking_mode=EXCLUSIVE")
    try:
        writer.execute("BEGIN EXCLUSIVE")
    except sqlite3.OperationalError:
        # In a whole run some connection of an earlier test still has the file open, and SQLite
        # gives no exclusive lock then. Run alone (or with its folder) the test takes it; the
        # zero-query tests above hold the property in every run.
        writer.close()
        pytest.skip("another connection of this run keeps the database file open")
    writer.execute("DELETE FROM django_session WHERE 0")  # a write: the lock is taken now
    reader = sqlite3.connect(name, timeout=0.2)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        reader.execute("SELECT count(*) FROM auth_user").fetchall()
    reader.close()
    return writer


def fetch(url: str, cookie: str = "") -> tuple[int, float]:
    request = urllib.request.Request(url)
    if cookie:
        request.add_header("Cookie", f"{COOKIE}={cookie}")
    start = time.monotonic()
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
        return response.status, time.monotonic() - start


@pytest.mark.skipif(connection.vendor != "sqlite", reason="holds a SQLite file's lock")
@pytest.mark.django_db(transaction=True)
def test_the_table_answers_at_once_while_a_writer_holds_the_database(live_server):
    signed_in = visitor("signed in").cookies[COOKIE].value
    table = f"{live_server.url}/table/"
    for cookie in ("", signed_in):
        assert fetch(table, cookie)[0] == 200  # warmed up: the engine's tables are built
    writer = hold_the_database()
    try:
        for path in ("/table/", "/api/v1/points?han=3&fu=30", "/rules/", "/learn/fu/"):
            for cookie in ("", signed_in):
                # A page that read the database would wait for the writer as long as the lock
                # timeout lets it (settings.DB_LOCK_TIMEOUT, 20 s), then fail. Half of that tells
                # it from a page that never asks however busy the machine is (the tests share
                # its cores with other workers), where a fixed second would not.
                status, seconds = fetch(live_server.url + path, cookie)
                wait = settings.DB_LOCK_TIMEOUT
                assert status == 200 and seconds < wait / 2, (path, bool(cookie), seconds)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
