"""The scorers' own board keeps itself up to date: the poll answers 204 while nothing moved,
else the new part with what another phone did; only the scorers may poll; a hand typed on
an old board is kept on its page but never saved over the other phone's."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factory import add, keep_in_session, make_game, ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(client):
    game = make_game("tenhou", "tonpuusen")
    keep_in_session(client, "game", game.slug, game.edit_token)
    return game


def poll(client, game, **params):
    return client.get(f"/games/{game.slug}/poll/", params, headers={"HX-Request": "true"})


def test_the_board_polls_its_own_part(client, game):
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert f'hx-get="/games/{game.slug}/poll/?version=0&amp;hands=0"' in page
    assert 'id="scorers"' in page and 'hx-trigger="every 5s"' in page


def test_nothing_moved_is_no_content(client, game, django_assert_max_num_queries):
    # the game's row, the session's and the visitor's edit token; nothing replayed
    with django_assert_max_num_queries(3):
        response = poll(client, game, version=0, hands=0)
    assert response.status_code == 204 and response.content == b""
    assert "no-cache" in response["Cache-Control"]


def test_a_hand_from_another_phone_comes_with_the_new_board(client, game):
    add(game, ron(1, 0, 3, 30))
    response = poll(client, game, version=0, hands=0)
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert page.lstrip().startswith('<div id="scorers"')
    assert "Another phone entered hand 1: the board is up to date." in page
    assert "East 2, 0 honba" in page and "28,900" in page and "21,100" in page
    assert f"?version={game.version}&amp;hands=1" in page  # polls on from the new version
    assert "Undo hand 1…" in page  # the undo offered is the new board's last hand
    assert poll(client, game, version=game.version, hands=1).status_code == 204


def test_the_hand_page_gets_its_small_board_and_a_notice(client, game):
    page = client.get(f"/games/{game.slug}/hand/").content.decode()
    assert 'id="table-now"' in page and "for=hand" in page
    add(game, ron(1, 0, 3, 30), ron(2, 1))
    response = poll(client, game, version=0, hands=0, **{"for": "hand"})
    part = response.content.decode()
    assert part.lstrip().startswith('<section id="table-now"')
    assert (
        "Another phone entered hands 1–2: the board above is updated; check before you save."
        in part
    )
    assert "East 3, 0 honba" in part and "27,900" in part and "26,000" in part
    assert 'class="hand-form"' not in part  # the form being filled in is left alone


def test_an_undo_elsewhere_is_said(client, game):
    add(game, ron(1, 0), ron(2, 1))
    game.undo(version=game.version)
    part = poll(client, game, version=2, hands=2).content.decode()
    assert "Another phone undid hand 2" in part


def test_only_the_scorers_may_poll(client, game):
    other = Client()
    assert other.get(f"/games/{game.slug}/poll/", {"version": 5}).status_code == 404
    assert other.get(f"/games/{game.slug}/poll/", {"version": 0}).status_code == 404
    assert other.get("/games/no-such-game/poll/").status_code == 404


def test_a_hand_typed_on_an_old_board_is_kept_not_saved(client, game):
    fields = {"version": 0, "hands": 0, "kind": "ron", "winners": "2", "discarder": "3",
              "han_2": "2", "fu_2": "30", "save": "1"}  # fmt: skip
    add(game, ron(1, 0, 3, 30))  # meanwhile, on another phone
    response = client.post(f"/games/{game.slug}/hand/", fields)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Another phone entered hand 1 meanwhile: this hand was not saved." in page
    assert 'name="han_2" value="2" checked' in page  # the typed han stays
    assert f'name="version" value="{game.version}"' in page
    assert [h.end["wins"][0]["seat"] for h in game.hands.all()] == [1]
    # settled again against the new board, it is saved as hand 2
    fields["version"] = game.version
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    assert game.hands.count() == 2
