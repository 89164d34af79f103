"""The game board, the watchers' page, the board's poll and the hand page read a game in a
fixed number of queries, at 8 hands as at 80: no query a hand. (That every hand is still
shown, a page at a time, is tests/games/test_board_paging.py's.)"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench import site as bench
from quizsite.games.models import Game
from tests.factory import keep_in_session

pytestmark = pytest.mark.django_db


def board_game(hands: int) -> Game:
    """The site benchmark's game: a hanchan still going after `hands` hands."""
    game = bench.board_game(hands)
    assert game.hands.count() == hands and not game.replay().over
    return game


PAGES = {
    "board": ("/games/{slug}/", {}),
    "watch": ("/games/{slug}/watch/", {}),
    "watch live": ("/games/{slug}/watch/", {"HX-Request": "true"}),
    "poll": ("/games/{slug}/poll/?version=0&hands=0", {"HX-Request": "true"}),
    "poll hand": ("/games/{slug}/poll/?version=0&hands=0&for=hand", {"HX-Request": "true"}),
    "hand": ("/games/{slug}/hand/", {}),
    "edit hand": ("/games/{slug}/hand/3/", {}),
    "earlier hands": ("/games/{slug}/hands/?before=5", {}),
    "earlier hands htmx": ("/games/{slug}/hands/?before=5", {"HX-Request": "true"}),
}


def queries(page: str, hands: int) -> tuple[int, int]:
    game = board_game(hands)
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    url, headers = PAGES[page]
    url = url.format(slug=game.slug)
    client.get(url, headers=headers)  # the session and caches warmed as on a second visit
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    assert response.status_code == 200
    return len(captured), response.content.count(b"<li")


@pytest.mark.parametrize("page", PAGES)
def test_queries_do_not_grow_with_the_hands(page):
    counts = {n: queries(page, n) for n in (8, 30, 80)}
    assert counts[8][0] == counts[30][0] == counts[80][0], counts
