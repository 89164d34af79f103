"""The database the tests run on is the one the settings promise: SQLite in WAL mode with
immediate transactions by default, PostgreSQL when DATABASE_URL names it (the CI's second run)."""

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_it_runs_on_the_database_that_database_url_names():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres", "postgresql")) else "sqlite"
    assert connection.vendor == expected


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own journal mode")
def test_it_runs_sqlite_tests_in_wal_mode_on_a_file():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
