"""The quiz stores every answer for the learner's progress: its view tests use the database."""

import pytest


@pytest.fixture(autouse=True)
def answers_are_stored(request: pytest.FixtureRequest) -> None:
    if "client" in request.fixturenames:
        request.getfixturevalue("db")
