"""A database made by `manage.py migrate` alone serves every page: the rate limits' cache table
comes from a migration, not from a `createcachetable` step an operator can miss."""

from __future__ import annotations

import contextlib
import importlib
import os
import secrets
import subprocess
import sys
import textwrap
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

from django.conf import settings
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from tests.helpers import ROOT, base_env

# Run inside the fresh site: sign up, then make a drill, as a new instructor would.
SIGN_UP_AND_MAKE_A_DRILL = textwrap.dedent(
    """
    from django.test import Client
    from quizsite.drills.models import Drill

    c = Client(HTTP_HOST="localhost")
    password = "a-long-test-password-42"
    r = c.post("/accounts/signup/", {"username": "sensei", "email": "",
               "password1": password, "password2": password})
    print("signup", r.status_code, r.get("Location"))
    r = c.post("/drills/new/", {"title": "Club night", "count": "2", "mode": "fu",
               "level": "beginner", "rules": "mahjongsoul", "explain": "each"})
    print("drill", r.status_code, Drill.objects.count())
    """
)


@contextlib.contextmanager
def empty_database(tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database of the kind the tests run on: a SQLite file, or a
    PostgreSQL database made beside the test database (and dropped after)."""
    if connection.vendor != "postgresql":
        yield f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        return
    import psycopg

    name = f"tenbo_fresh_{secrets.token_hex(4)}"
    params = connection.get_connection_params() | {"dbname": "postgres", "autocommit": True}
    params.pop("cursor_factory", None)
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()
    with psycopg.connect(**params) as server:
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            yield url
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_database_made_by_migrate_alone_takes_sign_ups_and_drills(tmp_path):
    with empty_database(tmp_path) as url:
        check_a_fresh_site({**base_env(), "DATABASE_URL": url})


def check_a_fresh_site(env: dict[str, str]) -> None:
    def manage(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    manage("migrate", "--noinput")
    out = manage("shell", "-c", SIGN_UP_AND_MAKE_A_DRILL).splitlines()
    assert "signup 302 /drills/" in out
    assert "drill 302 1" in out


def test_the_cache_table_is_a_migration_of_the_test_database():
    # On SQLite or on PostgreSQL, as DATABASE_URL says.
    assert settings.CACHES["default"]["LOCATION"] == settings.CACHE_TABLE == "tenbo_cache"
    assert ("accounts", "0001_cache_table") in MigrationRecorder(connection).applied_migrations()
    assert settings.CACHE_TABLE in connection.introspection.table_names()


def test_the_migration_keeps_a_cache_table_made_before_it():
    # A site set up with `createcachetable` before this migration existed migrates cleanly.
    migration = importlib.import_module("quizsite.accounts.migrations.0001_cache_table")
    from django.core.cache import cache

    cache.set("kept", "yes")
    migration.create_cache_table(None, SimpleNamespace(connection=connection))
    assert cache.get("kept") == "yes"
