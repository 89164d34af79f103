"""A board shows the latest hands and the older ones a page at a time ("Show earlier hands"):
its weight does not grow with the game, and every hand is still reachable, once, in order,
by htmx or by plain links. The watchers' poll is a 204 while the game has not moved."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from bench import site as bench
from quizsite.games.board import SHOWN
from tests.factory import keep_in_session

pytestmark = pytest.mark.django_db

NUMBER = re.compile(r'<span class="hand-no">(\d+)\.</span>')
EARLIER = re.compile(r'<a href="(/games/[^"]+/hands/\?before=\d+)" hx-get')


def scorer(game) -> Client:
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client


def numbers(html: str) -> list[int]:
    return [int(n) for n in NUMBER.findall(html)]


@pytest.mark.parametrize("url", ["/games/{slug}/", "/games/{slug}/watch/"])
def test_the_board_shows_the_latest_hands_and_weighs_the_same_at_80_as_at_8(url):
    sizes = {}
    for hands in (8, 80):
        game = bench.board_game(hands)
        page = scorer(game).get(url.format(slug=game.slug)).content.decode()
        shown = numbers(page)
        assert shown == list(range(hands, max(0, hands - SHOWN), -1))  # newest first
        assert f"{hands} hand" in page or f"Enter hand {hands + 1}" in page
        assert ("Show earlier hands" in page) == (hands > SHOWN)
        sizes[hands] = len(page)
    assert sizes[80] < 1.5 * sizes[8], sizes


@pytest.mark.parametrize("htmx", [True, False])
def test_following_show_earlier_hands_reaches_every_hand_once(htmx):
    game = bench.board_game(80)
    client = scorer(game)
    page = client.get(f"/games/{game.slug}/").content.decode()
    seen = numbers(page)
    headers = {"HX-Request": "true"} if htmx else {}
    while (link := EARLIER.search(page)) is not None:
        page = client.get(link.group(1).replace("&amp;", "&"), headers=headers).content.decode()
        assert ("<html" in page) != htmx  # htmx gets the rows alone, a plain link a page
        seen += numbers(page)
        assert len(seen) <= 80
    assert seen == list(range(80, 0, -1))
    assert f'href="/games/{game.slug}/hand/1/"' in page  # the scorers may edit an old hand


def test_a_page_of_earlier_hands_for_a_watcher_has_no_edit_links_and_links_around():
    game = bench.board_game(30)
    page = Client().get(f"/games/{game.slug}/hands/", {"before": 15}).content.decode()
    assert numbers(page) == list(range(14, 4, -1))
    assert "Hands 5–14 of 30" in page and "/hand/5/" not in page
    assert f"/games/{game.slug}/hands/?before=25" in page  # later hands
    assert f"/games/{game.slug}/hands/?before=5" in page  # earlier hands
    assert f'href="/games/{game.slug}/watch/"' in page


@pytest.mark.parametrize("before", ["", "x", "-3", "0", "1", "999"])
def test_any_before_gives_a_page_never_an_error(before):
    game = bench.board_game(12)
    response = Client().get(f"/games/{game.slug}/hands/", {"before": before})
    assert response.status_code == 200
    shown = numbers(response.content.decode())
    if before in ("0", "1"):  # nothing before hand 1: the first hands
        assert shown == list(range(10, 0, -1)) and "Hands 1–10 of 12" in response.content.decode()
    else:  # anything else: the latest
        assert shown == list(range(12, 2, -1))


def test_an_unknown_game_has_no_hands_page():
    assert Client().get("/games/nosuchgame/hands/").status_code == 404


def test_the_watchers_poll_is_a_204_until_the_game_moves(django_assert_max_num_queries):
    game = bench.board_game(8)
    client = Client()
    page = client.get(f"/games/{game.slug}/watch/").content.decode()
    assert f'hx-get="/games/{game.slug}/watch/?version={game.version}"' in page
    headers = {"HX-Request": "true"}
    with django_assert_max_num_queries(1):  # the game's row; nothing replayed
        same = client.get(f"/games/{game.slug}/watch/", {"version": game.version}, headers=headers)
    assert same.status_code == 204 and same.content == b""
    moved = client.get(f"/games/{game.slug}/watch/", {"version": game.version - 1}, headers=headers)
    assert moved.status_code == 200 and 'id="live"' in moved.content.decode()
