"""The site served by gunicorn in a subprocess on the test database, for tests that need a real
server: one whose worker can die mid-answer, or that waits on a database another connection
has locked. `Server` starts and stops it; `Browser` is one visitor's cookies and requests.

`application()` is the gunicorn app factory: debug off, as deployed. Its one test-only fault:
when the file named by TENBO_TEST_CRASH_FILE exists, the first INSERT into the table
TENBO_TEST_CRASH_TABLE removes the file and kills the worker on the spot (os._exit), as a crash
between two writes would.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def application() -> Any:
    """The site on the database TENBO_TEST_DB names (the test database), with the fault."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = os.environ["TENBO_TEST_DB"]
    # Errors answered as in production (the site's error pages, handler500), while static
    # files are still served from the source folders as in development.
    settings.DEBUG = False
    django.setup()
    from django.core.wsgi import get_wsgi_application
    from django.db.backends.signals import connection_created

    crash_file = os.environ.get("TENBO_TEST_CRASH_FILE", "")
    table = os.environ.get("TENBO_TEST_CRASH_TABLE", "")

    def crash_on_insert(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        if sql.lstrip().upper().startswith(f'INSERT INTO "{table.upper()}"'):
            marker = Path(crash_file)
            if marker.exists():
                marker.unlink()
                os._exit(70)
        return execute(sql, params, many, context)

    def install(sender, connection, **kwargs):  # type: ignore[no-untyped-def]
        if crash_file and table and crash_on_insert not in connection.execute_wrappers:
            connection.execute_wrappers.append(crash_on_insert)

    connection_created.connect(install, weak=False)
    from quizsite.sqlite import served

    return served(get_wsgi_application(), settings.DATABASES["default"]["ENGINE"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """gunicorn with one worker (its master starts a new one when it dies)."""

    def __init__(self, **env: str) -> None:
        from django.db import connection

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = os.environ | env
        environment |= {
            "TENBO_TEST_DB": str(connection.settings_dict["NAME"]),
            "DJANGO_CONN_MAX_AGE": "0",  # no connection left open when the test database goes
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
        }
        command = [
            sys.executable, "-m", "gunicorn", "tests.liveserver:application()",
            "--workers", "1", "--bind", f"127.0.0.1:{self.port}", "--timeout", "120",
            "--log-level", "warning",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, cwd=ROOT, env=environment)
        self.wait_until_up()

    def wait_until_up(self, seconds: float = 60) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            assert self.process.poll() is None, "the server stopped"
            try:
                with urllib.request.urlopen(self.url + "/rules/", timeout=10) as response:
                    if response.status == 200:
                        return
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Answered:
    """A response read whole: its status, headers and text (an error status included)."""

    def __init__(self, status: int, headers: Any, text: str) -> None:
        self.status, self.headers, self.text = status, headers, text


class Browser:
    """One visitor: its own cookies (session, CSRF)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(
        self, path: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> Answered:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body)
        if body is not None:
            token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            req.add_header("X-CSRFToken", token or "")
            req.add_header("Referer", self.base + path)
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with self.opener.open(req, timeout=120) as response:
                return Answered(response.status, response.headers, response.read().decode())
        except urllib.error.HTTPError as e:
            return Answered(e.code, e.headers, e.read().decode())


@contextmanager
def locked_database() -> Iterator[None]:
    """Another writer holds the lock: SQLite, an immediate transaction (the whole database);
    PostgreSQL, every table locked against writes (reads still go through), as a long write
    would hold them."""
    from django.db import connection, transaction

    with transaction.atomic():
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                tables = ", ".join(
                    connection.ops.quote_name(t) for t in connection.introspection.table_names()
                )
                cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")
            else:
                cursor.execute("SELECT 1")  # BEGIN IMMEDIATE has taken the write lock
        yield
