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
    # A compiled engine older than its source would test yesterday's code.
    if stale := stale_modules():
        raise pytest.UsageError(
            f"scoring/engine was compiled before {', '.join(stale)} changed: run `make test` "
            "(it rebuilds the engine) or `make clean`"
        )


def pytest_report_header(config: pytest.Config) -> str:
    return f"scoring engine: {engine_kind()}"


ENGINE_TESTS = Path(__file__).resolve().parent / "engine"


@pytest.fixture(autouse=True)
def _database_for_page_tests(request: pytest.FixtureRequest) -> None:
    # A page may read or write the database (the quiz records every answer and shows the
    # session's progress on its pages), whichever client asks for it: every test outside the
    # engine's gets the test database (browser tests already have theirs, transactional).
    if ENGINE_TESTS in Path(request.node.path).parents:
        return
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        return
    request.getfixturevalue("db")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, with the cache table the rate limits count in (as `make migrate`)."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("createcachetable", verbosity=0)


@pytest.fixture(autouse=True)
def answers_are_stored(request: pytest.FixtureRequest) -> None:
    """Every answered question is stored for the learner's progress: a test that posts an
    answer through the test client needs the database."""
    if "client" in request.fixturenames:
        request.getfixturevalue("db")
