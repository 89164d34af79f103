"""`/health/`, the check a load balancer polls: 200 `ok` when the database and the cache answer
and the static files are there, 503 with a short reason when not; no session, no cookie, no
write, one query; the same answer whatever the host name or scheme the balancer asks with.

A database or Redis nobody listens on is tried in a fresh process (settings are read once);
a locked database under a running gunicorn (tests/liveserver.py), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from quizsite.health import PROBE
from tests.factory import make_user
from tests.helpers import ROOT, base_env
from tests.liveserver import Server, free_port

pytestmark = pytest.mark.django_db

ELSEWHERE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def nobody_at() -> str:
    """A local address where nothing listens (a refused connection, at once)."""
    return f"127.0.0.1:{free_port()}"


def test_it_answers_ok_when_the_database_and_the_cache_answer(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "no-store" in response["Cache-Control"]  # a proxy never keeps an old "ok"


def test_it_answers_head_as_get_without_a_body(client):
    response = client.head("/health/")
    assert response.status_code == 200 and response.content == b""
    assert response["Content-Length"] == "3"


def test_it_takes_no_post(client):
    response = client.post("/health/")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"


def test_it_sets_no_cookie_and_makes_no_session():
    fresh = Client()
    response = fresh.get("/health/")
    assert response.cookies == {} and "Set-Cookie" not in response
    assert Session.objects.count() == 0


def test_it_reads_no_session_a_visitor_brings(client):
    client.force_login(make_user("aiko"))
    sessions = list(Session.objects.values_list("session_key", "session_data", "expire_date"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/health/")
    assert response.status_code == 200 and response.cookies == {}
    assert "django_session" not in " ".join(q["sql"] for q in queries.captured_queries)
    assert list(Session.objects.values_list("session_key", "session_data", "expire_date")) == (
        sessions
    )


def cache_rows() -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key, value, expires FROM tenbo_cache ORDER BY cache_key")
        return cursor.fetchall()


def test_it_runs_one_read_of_the_cache_table_which_is_the_database(client):
    cache.set("rl:someone", 3)  # a count kept, as on a busy site
    before = cache_rows()
    assert before
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/health/").status_code == 200
    [query] = queries.captured_queries
    assert query["sql"].startswith("SELECT") and "tenbo_cache" in query["sql"]
    assert cache_rows() == before
    assert not [key for key, *_ in before if PROBE in key]


def test_with_the_cache_elsewhere_it_reads_the_database_once_and_the_cache(settings):
    settings.CACHES = ELSEWHERE
    with CaptureQueriesContext(connection) as queries:
        response = Client().get("/health/")
    assert response.status_code == 200
    [query] = queries.captured_queries
    assert query["sql"].startswith("SELECT") and "django_migrations" in query["sql"]


def test_it_answers_503_when_the_cache_cannot_be_reached(settings, caplog):
    address = nobody_at()
    settings.CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": f"redis://{address}/0"}
    }
    response = Client().get("/health/")
    assert response.status_code == 503
    assert response.content == b"cache unavailable\n"
    assert "no-store" in response["Cache-Control"]
    assert address not in response.content.decode()  # the details are the log's
    assert "cache unavailable" in caplog.text and address.split(":")[1] in caplog.text


def test_it_answers_503_until_collectstatic_has_run(settings, tmp_path):
    """Without the manifest `collectstatic` writes every page fails (its stylesheet has no
    name): the server is not ready."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}
    }
    assert Client().get("/health/").content == b"static files missing\n"
    manifest = {"paths": {"css/all.css": "css/all.0123456789ab.css"}, "version": "1.1"}
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    settings.STATIC_ROOT = tmp_path  # read again, as a server started after collectstatic
    assert Client().get("/health/").content == b"ok\n"


def test_it_answers_as_the_balancer_asks_whatever_the_host_or_scheme(settings):
    """A balancer asks each server by its own address, over plain HTTP: the check answers it,
    where a page answers 400 (a host the site does not serve) or a redirect to HTTPS."""
    settings.ALLOWED_HOSTS = ["mahjong.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    balancer = Client(HTTP_HOST="10.0.0.5:8000")
    assert balancer.get("/health/").status_code == 200
    assert balancer.get("/rules/").status_code == 400
    site = Client(HTTP_HOST="mahjong.example.org")
    assert site.get("/health/").status_code == 200
    assert site.get("/rules/").status_code == 301


def health_in_a_fresh_process(env: dict[str, str]) -> str:
    """`/health/`'s status and body, asked in a new process with these settings."""
    code = (
        "from django.test import Client; r = Client().get('/health/');"
        "print(r.status_code, r.content.decode().strip().replace(chr(10), ', '))"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env={**base_env(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_it_answers_503_when_the_database_cannot_be_reached():
    database = {"DATABASE_URL": f"postgres://tenbo@{nobody_at()}/tenbo"}
    assert health_in_a_fresh_process(database) == "503 database unavailable"
    both = database | {"REDIS_URL": f"redis://{nobody_at()}/0"}
    assert health_in_a_fresh_process(both) == "503 database unavailable, cache unavailable"


# A locked database, under a running server.


def health_of(server: Server) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.url + "/health/", timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@contextmanager
def writer_holding_the_lock() -> Iterator[None]:
    """Another writer mid-transaction: SQLite's write lock, PostgreSQL's tables locked against
    writes (what a long answer or import holds)."""
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            tables = ", ".join(
                connection.ops.quote_name(t) for t in connection.introspection.table_names()
            )
            cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")
        else:
            cursor.execute("DELETE FROM tenbo_cache")  # immediate: holds the write lock
        yield


@contextmanager
def reads_locked_out() -> Iterator[None]:
    """A lock no read passes: SQLite's exclusive locking mode (the whole file), PostgreSQL's
    ACCESS EXCLUSIVE on the cache table (what a migration rewriting it takes)."""
    if connection.vendor == "postgresql":
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("LOCK TABLE tenbo_cache IN ACCESS EXCLUSIVE MODE")
            yield
        return
    name = connection.settings_dict["NAME"]
    connection.close()  # the file's only other user is the server, between requests
    holder = sqlite3.connect(name, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("SELECT count(*) FROM tenbo_cache").fetchall()
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.execute("PRAGMA locking_mode=NORMAL")
        holder.execute("SELECT count(*) FROM tenbo_cache").fetchall()  # lets the file go
        holder.close()


@pytest.mark.django_db(transaction=True)
def test_a_writer_does_not_fail_it_and_a_lock_that_stops_reads_does():
    server = Server(TENBO_DB_LOCK_TIMEOUT="1")
    try:
        assert health_of(server) == (200, "ok\n")
        with writer_holding_the_lock():
            assert health_of(server) == (200, "ok\n")  # a busy site is a working one
        with reads_locked_out():
            assert health_of(server) == (503, "database unavailable\n")
        assert health_of(server) == (200, "ok\n")
    finally:
        server.stop()
