"""Redis (the sessions and the limits' counts when REDIS_URL is set) gone: a request that must
write a session or count a limit answers the site's 503 "try again", never a 500."""

from __future__ import annotations

import socket

import pytest
from django.test import Client

from tests.factory import NEW_GAME, make_user

pytestmark = pytest.mark.django_db


def nobody_at() -> str:
    """A local address where nothing listens (a refused connection, at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{s.getsockname()[1]}"


@pytest.fixture
def redis_gone(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": f"redis://{nobody_at()}/0",
        }
    }
    settings.SESSION_ENGINE = "quizsite.visitors.sessions.cache"


def test_a_log_in_answers_503_when_redis_is_gone(redis_gone):
    make_user("kenji")
    client = Client(raise_request_exception=False)
    response = client.post("/accounts/login/", {"username": "kenji", "password": "wrong one"})
    assert response.status_code == 503
    assert response["Retry-After"] == "30"


def test_a_new_game_answers_503_when_redis_is_gone(redis_gone):
    client = Client(raise_request_exception=False)
    response = client.post("/games/new/", NEW_GAME)
    assert response.status_code == 503


def test_a_page_that_keeps_nothing_still_answers(redis_gone):
    assert Client(raise_request_exception=False).get("/table/").status_code == 200
