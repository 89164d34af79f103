"""When the database cannot take a request: a writer holds its lock past the timeout
(`TENBO_DB_LOCK_TIMEOUT`; SQLite's "database is locked", PostgreSQL's lock or statement
timeout), the disk is full, or the server is gone. Django raises `OperationalError` for each.
Redis (the sessions and the limits' counts when `REDIS_URL` is set) unreachable is the same
for a visitor: its connection errors answer the same 503.

The visitor then gets the site's own 503 page (an htmx request: a short note the page shows
beside what was being done, `HX-Reswap: beforebegin`, so the form it came from stays as typed),
never a 500, and the error is logged. The answer views catch it themselves first to show the
form again with what was typed (`NOT_SAVED`).
"""

from __future__ import annotations

import logging
import sys

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy
from django.views.defaults import server_error as default_server_error
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("quizsite.unavailable")

RETRY_AFTER = "30"  # seconds: a lock is usually gone by then
HEADER = "Tenbo-Unavailable"  # marks a 503 the page should show (static/js/site.js)
NOT_SAVED = gettext_lazy(
    "Your answer was not saved: the site is too busy to store it just now. What you typed is "
    "still here: send it again in a moment."
)


# What a store the site cannot do without raises when it cannot be reached (django-redis
# raises redis' own errors, or its ConnectionInterrupted wrapping one of them).
UNREACHABLE = (OperationalError, RedisConnectionError, RedisTimeoutError)


def busy(exception: BaseException | None) -> bool:
    """Is this the database (or Redis) being unavailable, not a bug in a query?"""
    while exception is not None:
        if isinstance(exception, UNREACHABLE):
            return True
        exception = exception.__cause__  # raised "from" it, as django-redis wraps its errors
    return False


def log(request: HttpRequest, exception: BaseException) -> None:
    logger.error(
        "database unavailable for %s %s: %s", request.method, request.path, exception,
        exc_info=exception,
    )  # fmt: skip


def mark(response: HttpResponse) -> HttpResponse:
    """A 503 the browser is told to retry later and htmx to show."""
    response.status_code = 503
    response["Retry-After"] = RETRY_AFTER
    response[HEADER] = "1"
    return response


def unavailable(request: HttpRequest) -> HttpResponse:
    """The site's 503 page, or the note for an htmx request. Rendered without the request's
    context (no session, no user): nothing here may need the database."""
    if request.headers.get("HX-Request") == "true":
        response = HttpResponse(render_to_string("503.html#note"))
        response["HX-Reswap"] = "beforebegin"
    else:
        response = HttpResponse(render_to_string("503.html", context_of(request)))
    return mark(response)


def context_of(request: HttpRequest) -> dict[str, object]:
    posted = request.method not in ("GET", "HEAD")
    return {"posted": posted, "back": "" if posted else request.get_full_path()}


class DatabaseUnavailableMiddleware:
    """Turns an `OperationalError` raised by a view into the 503 answer."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)  # type: ignore[no-any-return]

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not busy(exception):
            return None
        log(request, exception)
        return unavailable(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """`handler500`: an error outside any view (a middleware saving the session, say) that is
    the database being unavailable still answers 503; anything else is the plain 500 page."""
    if busy(sys.exc_info()[1]):  # Django calls this inside its `except` block
        return unavailable(request)
    return default_server_error(request)
