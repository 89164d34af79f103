"""Each request replays the game once: the hand page (shown, previewed, saved), the board,
the poll and the end page settle every hand entered once, and a new hand once more on top."""

from __future__ import annotations

from unittest import mock

import pytest

from quizsite.games import models
from scoring.engine import game as engine_game
from tests.factory import add, keep_in_session, make_game, ron

pytestmark = pytest.mark.django_db
HANDS = 3


@pytest.fixture
def game(client):
    game = add(make_game("tenhou", "tonpuusen"), ron(1, 0), ron(2, 3), ron(0, 1))
    keep_in_session(client, "game", game.slug, game.edit_token)
    return game


@pytest.fixture
def counted():
    """Counts of whole replays (from the first hand) and of hands settled, by the engine: a
    replay settles each hand it is given once (counted where the site calls the engine, as a
    compiled engine's own calls cannot be watched)."""
    counts = {"whole": 0, "settled": 0}
    replay = engine_game.replay

    def whole(entries, *args, **kwargs):
        counts["whole"] += kwargs.get("after") is None
        # A game's early end ("end", "stop") settles no hand.
        counts["settled"] += sum(e.end.get("kind") not in ("end", "stop") for e in entries)
        return replay(entries, *args, **kwargs)

    with mock.patch.object(models, "replay", side_effect=whole):
        yield counts


NEW_HAND = {"kind": "ron", "winners": "3", "discarder": "2", "han_3": "2", "fu_3": "30"}


def test_a_hand_previewed_settles_the_game_once_and_the_new_hand_once(client, game, counted):
    response = client.post(f"/games/{game.slug}/hand/", {"version": game.version, **NEW_HAND})
    assert response.status_code == 200 and "Save hand" in response.content.decode()
    assert counted == {"whole": 1, "settled": HANDS + 1}


def test_a_hand_saved_settles_the_game_once(client, game, counted):
    fields = {"version": game.version, **NEW_HAND, "save": "1"}
    response = client.post(f"/games/{game.slug}/hand/", fields)
    assert response.status_code == 302 and game.hands.count() == HANDS + 1
    assert counted == {"whole": 1, "settled": HANDS + 1}


@pytest.mark.parametrize("page", ["hand/", "hand/2/", "", "end/"])
def test_a_page_settles_the_game_once(client, game, counted, page):
    assert client.get(f"/games/{game.slug}/{page}").status_code == 200
    assert counted == {"whole": 1, "settled": HANDS}


@pytest.mark.parametrize("shown_on", ["board", "hand"])
def test_a_poll_that_finds_a_change_settles_the_game_once(client, game, counted, shown_on):
    params = {"version": 0, "hands": 0, "for": shown_on}
    response = client.get(f"/games/{game.slug}/poll/", params, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Another phone" in response.content.decode()
    assert counted == {"whole": 1, "settled": HANDS}


def test_the_pages_are_split_by_concern():
    """Each page comes from its concern's own small module of the views package."""
    from pathlib import Path

    from django.urls import get_resolver

    import quizsite.games.views as views

    homes = {
        "board": "boards", "poll": "boards", "watch": "boards", "hands": "boards", "hand": "hands",
        "edit": "hands", "undo": "hands", "stop": "hands", "end": "hands", "csv": "files",
        "json": "files", "import": "files", "club": "clubs", "club_new": "clubs",
        "club_add": "clubs", "club_rename": "clubs", "index": "start", "new": "start",
        "join": "start", "rules": "rules", "rules_page": "rules", "rules_edit": "rules",
        "club_rules": "rules", "log": "logs", "watch_log": "logs", "practise": "own",
        "drill": "own", "club_import": "clubs", "log_seat": "logs", "mine": "mine",
        "my_names": "mine",
    }  # fmt: skip
    found = {}
    resolvers = [get_resolver()]  # the pages sit inside the language prefix's resolver
    while resolvers:
        for pattern in resolvers.pop().url_patterns:
            if getattr(pattern, "app_name", None) == "games":
                found = {p.name: p.callback.__module__ for p in pattern.url_patterns}
            elif hasattr(pattern, "url_patterns"):
                resolvers.append(pattern)
    assert found == {name: f"quizsite.games.views.{home}" for name, home in homes.items()}
    for module in Path(views.__file__).parent.glob("*.py"):
        assert len(module.read_text().splitlines()) < 250, module.name
