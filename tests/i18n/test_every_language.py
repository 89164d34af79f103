"""The main pages in every language of the list read no English a visitor would read: the site's
and the engine's catalogues together cover them (the Japanese pages have their own, deeper
tests, test_ja_*.py; this walk is the same for each language, so a new one is checked as it is
added)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.engine import words
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db

PAGES = [
    "/",
    "/table/",
    "/table/cell/?han=3&fu=40&tsumo=1",
    "/points/?han=3&fu=30",
    "/hand/?hand=234m567p234s345s55s&win=5s&tsumo=1&dora=3s&flags=riichi",
    "/table-rules/",
    "/quiz/",
    "/quiz/q/4242/?mode=payment&level=beginner&rules=mahjongsoul",
    "/quiz/q/4242/?mode=full&level=advanced&rules=mahjongsoul",
    "/learn/",
    "/learn/yaku/",
    "/learn/fu/",
    "/learn/terms/",
    "/rules/",
    "/tiles/",
    "/api/",
    "/games/",
    "/drills/",
    "/practice/",
    "/progress/",
    "/accounts/login/",
]


@pytest.mark.parametrize("code", words.LANGUAGES[1:])
def test_the_main_pages_read_no_english(client: Client, code: str) -> None:
    left = {}
    for path in PAGES:
        response = client.get(f"/{code}{path}", follow=True)  # /drills/: to the log-in
        assert response.status_code == 200, path
        page = response.content.decode()
        assert f'<html lang="{code}"' in page, path
        if found := sorted(set(english_words(page))):
            left[path] = found
    assert not left, f"English left in {code}: {left}"
