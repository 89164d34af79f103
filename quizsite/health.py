"""The health check a load balancer polls: `GET /health/` (or `HEAD`) answers 200 `ok` when
this server reaches the database and the cache and has its static files, else 503 with a short
reason a line (`database unavailable`, `cache unavailable`, `static files missing`); the
details go to the log (`quizsite.health`), never to the answer.

It answers from a middleware at the top of the stack, before Django checks the host name,
sends plain HTTP to HTTPS or looks at a session: a balancer asks each server at its own address
(`Host: 10.0.0.5:8000`, plain HTTP), and must hear whether this server works, not get a 400 or
a redirect (which many balancers count as healthy). It loads no session, sets no cookie and
writes nothing. Without REDIS_URL the cache is a table of the database, so one query, a read of
a cache key nobody writes, checks both; with Redis, the database answers one read of a row of
its migrations table and Redis a GET of that key. The static files are looked up in the
manifest `collectstatic` wrote, read when the server started (no file is opened): without it
every page fails. A read waits for no writer (SQLite's WAL, PostgreSQL's row versions); only a
lock that stops reads (an exclusive lock, a migration rewriting the table) makes it wait, at
most `TENBO_DB_LOCK_TIMEOUT`, and then answer 503. The answer is never cached.

Its words are for monitors and operators, the same in every language (a monitor matches them).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.db import BaseDatabaseCache
from django.db import DatabaseError, OperationalError
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotAllowed
from django.utils.cache import add_never_cache_headers

from quizsite.head import without_body

PATH = "/health/"
PROBE = "tenbo:health"  # a cache key nothing writes: reading it changes nothing
DATABASE_DOWN = "database unavailable"
CACHE_DOWN = "cache unavailable"
STATIC_MISSING = "static files missing"
STYLESHEET = "css/all.css"  # every page links it

logger = logging.getLogger("quizsite.health")


def failed(reason: str, error: BaseException) -> str:
    logger.warning("health check: %s: %s: %s", reason, type(error).__name__, error)
    return reason


def database_problem() -> str | None:
    """Whether the database answers a read (one query)."""
    try:
        MigrationRecorder.Migration.objects.exists()
    except DatabaseError as error:
        return failed(DATABASE_DOWN, error)
    return None


def cache_problem(cache: BaseCache) -> str | None:
    """Whether the cache answers a read (on the database cache: one query, the database's
    check too)."""
    try:
        cache.get(PROBE)
    except OperationalError as error:  # the database cache's database (gone, or locked)
        return failed(DATABASE_DOWN, error)
    except Exception as error:  # any backend's own failure: Redis refused or timed out, ...
        return failed(CACHE_DOWN, error)
    return None


def static_problem() -> str | None:
    """Whether the pages can name their static files (`collectstatic` has run here)."""
    try:
        staticfiles_storage.url(STYLESHEET)
    except ValueError as error:  # no manifest, or no such file in it
        return failed(STATIC_MISSING, error)
    return None


def problems() -> list[str]:
    """What this server cannot reach or lacks, in a few words each; none when all is well."""
    cache = caches[DEFAULT_CACHE_ALIAS]
    found = [cache_problem(cache), static_problem()]
    if not isinstance(cache, BaseDatabaseCache):
        found.insert(0, database_problem())
    return [problem for problem in found if problem]


def health(request: HttpRequest) -> HttpResponseBase:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    found = problems()
    response = HttpResponse(
        "\n".join(found or ["ok"]) + "\n",
        content_type="text/plain; charset=utf-8",
        status=503 if found else 200,
    )
    add_never_cache_headers(response)
    return without_body(response) if request.method == "HEAD" else response


class HealthCheckMiddleware:
    """Answers `/health/` itself; every other request goes on down the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info == PATH:
            return health(request)
        return self.get_response(request)
