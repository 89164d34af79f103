"""What each kind of request may cost, kept by counting (never by timing): the queries a quiz
loop runs (`/quiz/next/`, the question, the answer), none on the pages that read nothing
stored, and the lookups the page chrome and the start form no longer make on each request.

Counted on the test database (SQLite), outside any test transaction: every statement Django
sends, its BEGIN, COMMIT and savepoints included. The learner is an anonymous visitor who has
answered before, as the load benchmark's learners are (`bench/load.py`); a signed-in one reads
their account too."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls.resolvers import URLResolver
from django.utils import translation

from quizsite.practice.models import Response
from quizsite.quiz.forms import StartForm
from scoring import form_words
from tests.factory import make_user

# Transactions as served (BEGIN … COMMIT), not inside a test's own transaction.
pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = 2  # a question's page: the session, and this session's answers (with the token)
ANSWER = 8  # an answer stored, and all that is derived from it (see `test_a_stored_answer`)
TYPED = {"amount": "3900", "non_dealer": "1000", "dealer": "2000", "fu": "30", "han": "2"}
FIELD = re.compile(r'<input[^>]*\bname="(' + "|".join(TYPED) + r')"')


def loop(client: Client, next_url: str = "/quiz/next/") -> dict[str, list[str]]:
    """One quiz loop as a learner's browser runs it: the statements of each request."""
    sent: dict[str, list[str]] = {}
    with CaptureQueriesContext(connection) as seen:
        response = client.get(next_url)
    sent["next"] = [q["sql"] for q in seen.captured_queries]
    assert response.status_code == 302
    url = response["Location"]
    with CaptureQueriesContext(connection) as seen:
        page = client.get(url)
    sent["question"] = [q["sql"] for q in seen.captured_queries]
    fields = {name: TYPED[name] for name in FIELD.findall(page.content.decode())}
    assert fields, "the question has an answer form"
    with CaptureQueriesContext(connection) as seen:
        answer = client.post(url, fields, HTTP_HX_REQUEST="true")
    sent["answer"] = [q["sql"] for q in seen.captured_queries]
    assert answer.status_code == 200 and "not counted again" not in answer.content.decode()
    return sent


@pytest.fixture
def learner(client: Client) -> Client:
    """A visitor who has answered a few questions already (their session and token kept)."""
    for _ in range(3):
        loop(client)
    return client


def test_asking_for_a_question_runs_no_query_and_writes_nothing(learner: Client) -> None:
    sessions = list(Session.objects.values_list("session_key", "session_data"))
    for _ in range(3):
        assert loop(learner)["next"] == []
    assert list(Session.objects.values_list("session_key", "session_data")) == sessions
    # the start form's own options, and the "Next" after an answer (its question's options)
    for query in ("?mode=full&level=beginner&rules=mahjongsoul", "?mode=fu&level=advanced"):
        assert loop(learner, f"/quiz/next/{query}")["next"] == []


def test_a_first_visit_asks_and_shows_a_question_without_a_session() -> None:
    browser = Client()
    with CaptureQueriesContext(connection) as seen:
        url = browser.get("/quiz/next/")["Location"]
        page = browser.get(url)
    assert seen.captured_queries == [] and page.status_code == 200
    assert settings.SESSION_COOKIE_NAME not in browser.cookies
    assert not Session.objects.exists()


def test_a_question_page_reads_the_session_and_its_answers(learner: Client) -> None:
    for _ in range(3):
        assert len(loop(learner)["question"]) <= QUESTION


def test_a_stored_answer(learner: Client) -> None:
    """The session (the learner's token read with it); the transaction (BEGIN, COMMIT); the
    answer, inserted unless the learner answered the question already; their tally and day
    (one row); the topics it touches, read, then written in one statement; the session's
    answers for its progress. No savepoint, no check before the insert, no session write."""
    before = Response.objects.count()
    for _ in range(4):
        sent = loop(learner)["answer"]
        assert len(sent) <= ANSWER, sent
        assert not any(s.startswith(("SAVEPOINT", "RELEASE")) for s in sent), sent
        assert not any("django_session" in s and not s.startswith("SELECT") for s in sent)
        assert not any("visitors_kept" in s for s in sent), sent
    assert Response.objects.count() == before + 4


def test_a_signed_in_learner_reads_their_account_too(client: Client) -> None:
    client.force_login(make_user("aiko"))
    loop(client)
    sent = loop(client)
    assert sent["next"] == []
    assert len(sent["question"]) <= QUESTION + 1


@pytest.mark.parametrize(
    "path",
    ["/", "/table/", "/table/cell/?han=3&fu=40", "/points/?han=2&fu=30", "/rules/", "/tiles/",
     "/hand/", "/table-rules/", "/api/", "/ja/table/cell/?han=3&fu=40"],
)  # fmt: skip
def test_a_page_that_reads_nothing_stored_runs_no_query(learner: Client, path: str) -> None:
    for browser in (learner, Client()):
        with CaptureQueriesContext(connection) as seen:
            assert browser.get(path).status_code == 200
        assert seen.captured_queries == [], path


def counted(target: object, name: str) -> mock.MagicMock:
    """`target.name` wrapped so that its calls are counted."""
    return mock.patch.object(target, name, autospec=True, side_effect=getattr(target, name))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_page_chrome_is_made_once_a_language(language: str) -> None:
    """The menu, the footer and the script's words: their ~20 addresses and ~60 sentences are
    looked up on a page's first showing, not on the next."""
    request = RequestFactory().get(f"/{language}/quiz/" if language == "ja" else "/quiz/")
    request.user = mock.Mock(is_authenticated=False)
    request.session = {}
    with translation.override(language):
        first = render_to_string("base.html", {}, request)
        with counted(URLResolver, "_reverse_with_prefix") as reverse:
            again = render_to_string("base.html", {}, request)
    token = re.compile(r'"[A-Za-z0-9]{64}"')  # a new CSRF token each time
    assert token.sub("", again) == token.sub("", first)
    assert reverse.call_count <= 3  # the log-in link, the language switch's address
    assert 'aria-current="page">' in again  # the page's own entry, marked


def test_the_start_form_words_its_messages_only_when_it_shows_them() -> None:
    with mock.patch.object(form_words, "site_message", wraps=form_words.site_message) as said:
        form = StartForm({"mode": "full", "level": "beginner", "rules": "mahjongsoul"})
        assert form.is_valid()
        assert said.call_count == 0
        bad = StartForm({"mode": "nonsense", "level": "beginner", "rules": "mahjongsoul"})
        assert not bad.is_valid()
        assert "must be one of" in bad.errors["mode"][0]
        assert said.call_count == 1  # the one message shown
