"""The quiz's start page: the easiest questions chosen first, Start before the choices, and
the choices' mahjong words linked to the glossary."""

from __future__ import annotations

import re

import pytest

from quizsite.quiz.progress import COOKIE
from quizsite.quiz.public import make_question, solve
from tests.factory import right_answer

pytestmark = pytest.mark.django_db


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="(\w+)" checked', page)


def test_a_newcomer_starts_on_payment_at_beginner_level(client) -> None:
    page = client.get("/quiz/").content.decode()
    assert checked(page, "mode") == ["payment"]
    assert checked(page, "level") == ["beginner"]
    assert "New to scoring?" in page
    # Start comes before the first choice, not after all of them.
    assert page.index(">Start</button>") < page.index('name="mode"')


def test_someone_who_chose_before_gets_their_choices_back(client) -> None:
    q = make_question(5, {"mode": "fu", "level": "intermediate", "rules": "tenhou"})
    client.post(q.url, right_answer(q, solve(q)))
    page = client.get("/quiz/").content.decode()
    assert checked(page, "mode") == ["fu"]
    assert checked(page, "level") == ["intermediate"]
    assert "New to scoring?" not in page


def test_choices_asked_for_come_back_unanswered_too(client) -> None:
    """Asking for a question keeps the choices (in a cookie: no session is written), answered
    or not; a house switch comes back with them."""
    client.get("/quiz/next/?mode=han&level=advanced&rules=wrc&kiriage=1")
    page = client.get("/quiz/").content.decode()
    assert checked(page, "mode") == ["han"] and checked(page, "level") == ["advanced"]
    assert re.search(r'<option value="wrc" selected>', page)
    assert not client.session.keys()  # nothing kept on the server for it


def test_a_forged_choices_cookie_is_ignored(client) -> None:
    client.cookies[COOKIE] = "mode%3D%3Cscript%3E%26level%3Dexpert"
    page = client.get("/quiz/").content.decode()
    assert checked(page, "mode") == ["payment"]  # as for a newcomer
    assert "<script>" not in page.split("<main", 1)[1]


def test_the_level_texts_link_their_terms_to_the_glossary(client) -> None:
    page = client.get("/quiz/").content.decode()
    notes = re.findall(r'<span class="choice-note">(.*?)</span>', page, re.S)
    linked = {w for n in notes for w in re.findall(r'<a class="term" href="[^"]+">([^<]+)</a>', n)}
    for word in ("honba", "kiriage", "yakuman", "tanyao", "dora"):
        assert word in {w.lower() for w in linked}, word
