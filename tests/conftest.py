"""Shared test set-up."""

import os
from pathlib import Path

import pytest

from scoring.compiled import engine_kind, stale_modules

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis' per-example deadline is a wall-clock gate: on a busy machine it fails tests that
# are right. Examples are kept few instead (max_examples per test).
from hypothesis import settings  # noqa: E402

settings.register_profile("tenbo", deadline=None)
settings.load_profile("tenbo")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "alone: needs the machine to itself (200 students writing at once, each within the lock's "
        "wait): `make test` runs these after the others, in one process",
    )
    # A compiled engine older than its source would test yesterday's code.
    if stale := stale_modules():
        raise pytest.UsageError(
            f"scoring/engine was compiled before {', '.join(stale)} changed: run `make test` "
            "(it rebuilds the engine) or `make clean`"
        )


def _clear_test_database() -> None:
    # Django replaces the SQLite test database file but not its WAL companions: a `-wal` left by
    # an interrupted run would be read into the new file ("no such table"). Start with none.
    from django.conf import settings as django_settings

    db = django_settings.DATABASES["default"]
    if "sqlite" in db["ENGINE"] and (name := db.get("TEST", {}).get("NAME")):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{name}{suffix}").unlink(missing_ok=True)


@pytest.fixture(autouse=True)
def _default_language() -> None:
    # A request to a /ja/ address leaves Japanese active on the test's thread (the locale
    # middleware activates a request's language; nothing deactivates it): each test starts in
    # the site's default language, whatever ran before it.
    from django.utils import translation

    from scoring.engine import words

    translation.deactivate()
    words.use(words.DEFAULT)  # and the engine's words, set per request like Django's


def pytest_report_header(config: pytest.Config) -> str:
    return f"scoring engine: {engine_kind()}"


ENGINE_TESTS = Path(__file__).resolve().parent / "engine"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A page may read or write the database (the quiz records every answer and shows the
    # session's progress on its pages), whichever client asks for it: every test outside the
    # engine's gets the test database (browser tests already have theirs, transactional). A
    # marker, not a fixture asked for at run time, so that pytest-django sets the test database
    # up even for a run of such tests alone (and never lets a page write to db.sqlite3).
    for item in items:
        if ENGINE_TESTS in Path(item.path).parents or item.get_closest_marker("django_db"):
            continue
        if {"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())):
            continue
        item.add_marker(pytest.mark.django_db)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """Runs just before pytest-django creates the test database (only when a test needs it,
    never for a collection alone)."""
    _clear_test_database()
    # No connection kept open between requests in tests: the browser's keep-alive threads on
    # the live server would otherwise hold the database file for the whole run (and a test
    # that takes the file exclusively could not).
    from django.conf import settings as django_settings

    django_settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
