"""The main pages in every language of the list read no English a visitor would read: the site's
and the engine's catalogues together cover them (the Japanese pages have their own, deeper
tests, test_ja_*.py; this walk is the same for each language, so a new one is checked as it is
added)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.engine import words
from tests.i18n.english import english_words
from tests.i18n.main_pages import PAGES

pytestmark = pytest.mark.django_db


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
