"""The review of a long log comes a page of `logs.PAGE` hands at a time (its cost stays that
of a page whatever the log's length), while its banner counts every hand: the largest log the
import takes renders each of its pages like a real game's one."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.test import Client

from quizsite.games import logs
from tests.factory import keep_in_session
from tests.games.logs import logged_game
from tests.helpers import text_of

pytestmark = pytest.mark.django_db


def long_log(n: int):
    """The test game's hands over and over to `n` (the import keeps the first few: the
    copies start elsewhere than the replay stands; the review still shows every one)."""
    game = logged_game()
    hands = [replace(h, number=i + 1) for i, h in enumerate((game.hands * n)[:n])]
    return replace(game, hands=tuple(hands))


def test_a_long_log_is_reviewed_a_page_of_hands_at_a_time():
    game = logs.import_log(long_log(45), digest="long").game
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    first = client.get(f"/games/{game.slug}/log/").content.decode()
    assert first.count('class="log-hand"') == logs.PAGE
    assert "Hands: 1–20 · 21–40 · 41–45" in text_of(client.get(f"/games/{game.slug}/log/"))
    assert 'id="hand-1"' in first and 'id="hand-21"' not in first
    last = client.get(f"/games/{game.slug}/log/?hands=3").content.decode()
    assert last.count('class="log-hand"') == 5 and 'id="hand-45"' in last
    assert "log-end-title" in last and "log-end-title" not in first  # the end on the last page
    # the banner counts every hand's wins, whichever page: the planted difference (hand 1)
    # comes back with every copy of the test game's hands: 8 of its 37 wins in 45 hands
    for page in (first, last):
        assert "8 of 37 wins differ from the server" in text_of_html(page)
    assert client.get(f"/games/{game.slug}/log/?hands=99").status_code == 200  # the last
    assert client.get(f"/games/{game.slug}/log/?hands=x").status_code == 200  # the first
    public = client.get(f"/games/{game.slug}/watch/log/?hands=2").content.decode()
    assert public.count('class="log-hand"') == logs.PAGE and 'id="hand-21"' in public


def text_of_html(page: str) -> str:
    import re

    return re.sub(r"<[^>]+>", " ", page)
