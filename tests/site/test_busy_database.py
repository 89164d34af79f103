"""A database that cannot take a write (locked past its timeout, full): the site's own 503, the
form as typed with a plain "not saved", the error logged; never a 500 or a misleading message.

The database is made to fail here by patching the write; tests/site/test_live_database.py
locks a real one under a running server."""

from __future__ import annotations

import logging
import re
import sys

import pytest
from django.db import OperationalError
from django.test import RequestFactory

from quizsite.drills.models import Answer
from quizsite.practice.models import Response
from quizsite.unavailable import server_error
from tests.factory import make_drill, practice_wrong_post, question, wrong_post
from tests.helpers import HX

pytestmark = pytest.mark.django_db

LOCKED = OperationalError("database is locked")
FULL = OperationalError("database or disk is full")


def raising(error: Exception):
    def refuse(*args, **kwargs):
        raise error

    return refuse


def fail_writes(monkeypatch, error: Exception) -> None:
    """Every new row refused by the database (any model's), as a locked or full one does."""
    monkeypatch.setattr(Answer, "save", raising(error))
    monkeypatch.setattr(Response, "save", raising(error))
    monkeypatch.setattr(type(Answer.objects), "create", raising(error))


def fail_the_cache(monkeypatch) -> None:
    """The rate limits' count cannot be stored or read (the cache lives in the database)."""
    from django.core.cache import cache

    monkeypatch.setattr(cache, "add", lambda *a, **k: False)
    monkeypatch.setattr(cache, "get", lambda key, default=None, version=None: default)


def typed_values(post: dict[str, str], page: str) -> None:
    for name, value in post.items():
        assert re.search(
            rf'name="{name}"[^>]*value="{value}"|value="{value}"[^>]*name="{name}"', page
        ), f"{name}={value} is not in the form"


def joined(client, drill) -> None:
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})


@pytest.mark.parametrize("error", [LOCKED, FULL], ids=["locked", "full"])
def test_a_drill_answer_not_saved_says_so_and_keeps_what_was_typed(client, monkeypatch, error):
    drill = make_drill(count=2)
    joined(client, drill)
    fail_writes(monkeypatch, error)
    post = wrong_post(drill, 1)
    response = client.post(f"/d/{drill.code}/1/", post)
    page = response.content.decode()
    assert response.status_code == 503 and response["Retry-After"]
    assert "Your answer was not saved" in page
    assert "faster than anyone" not in page
    typed_values(post, page)
    assert Answer.objects.count() == 0 and Response.objects.count() == 0


def test_a_drill_answer_when_the_rate_limit_cannot_be_counted_is_not_saved_not_too_fast(
    client, monkeypatch
):
    drill = make_drill(count=2)
    joined(client, drill)
    fail_the_cache(monkeypatch)
    post = wrong_post(drill, 1)
    response = client.post(f"/d/{drill.code}/1/", post, **HX)
    page = response.content.decode()
    assert response.status_code == 503 and response["Tenbo-Unavailable"] == "1"
    assert "Your answer was not saved" in page and "faster than anyone" not in page
    assert "<html" not in page  # the answer partial, which htmx swaps in
    typed_values(post, page)
    assert Answer.objects.count() == 0


def test_a_practice_answer_not_saved_says_so_and_keeps_what_was_typed(client, monkeypatch):
    q = question(81, "fu")
    fail_writes(monkeypatch, FULL)
    post = practice_wrong_post(q)
    response = client.post(f"/practice/q/{q.seed}/?{q.query}", post, **HX)
    page = response.content.decode()
    assert response.status_code == 503
    assert "Your answer was not saved" in page
    typed_values(post, page)
    assert Response.objects.count() == 0


def test_a_quiz_answer_answers_the_sites_503_page_and_logs_it(client, monkeypatch, caplog):
    q = question(81, "fu")
    fail_writes(monkeypatch, LOCKED)
    with caplog.at_level(logging.ERROR, logger="quizsite.unavailable"):
        response = client.post(f"/quiz/q/{q.seed}/?{q.query}", practice_wrong_post(q))
    page = response.content.decode()
    assert response.status_code == 503
    assert "Too busy just now" in page and "Nothing was saved" in page and "Traceback" not in page
    assert any("database is locked" in r.getMessage() for r in caplog.records)


def test_an_htmx_request_gets_a_note_placed_before_its_form(client, monkeypatch):
    q = question(81, "fu")
    fail_writes(monkeypatch, LOCKED)
    response = client.post(f"/quiz/q/{q.seed}/?{q.query}", practice_wrong_post(q), **HX)
    page = response.content.decode()
    assert response.status_code == 503 and response["HX-Reswap"] == "beforebegin"
    assert "<html" not in page and "unavailable-note" in page and "Nothing was saved" in page


def test_a_page_that_cannot_read_says_so_without_saying_nothing_was_saved(client, monkeypatch):
    from quizsite.drills import take

    def down(*args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(take, "open_drill", down)
    response = client.get("/d/ABCDEF/")
    page = response.content.decode()
    assert response.status_code == 503
    assert "could not be read" in page and "Nothing was saved" not in page


def test_an_error_outside_any_view_that_is_the_database_answers_503_too():
    request = RequestFactory().post("/anything/")
    try:
        raise LOCKED
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503 and b"Too busy just now" in response.content
    assert sys.exc_info() == (None, None, None)
    try:
        raise KeyError("a bug")
    except KeyError:
        response = server_error(request)
    assert response.status_code == 500
