"""Games and clubs kept under an account: a signed-in user's new or imported game is theirs
and they keep its score from any device without the edit token; everyone else still gets a
404 from its scorers' pages; an anonymous game stays the token holders' alone. The account page
and the games page list the user's own games and clubs."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from quizsite.games.models import Club, Game
from quizsite.visitors import public as visitors
from tests.factory import NEW_GAME, add, make_game, passing, ron, signed_in, start

pytestmark = pytest.mark.django_db


def owner_urls(game: Game) -> list[tuple[str, str, dict]]:
    """Every scorers' request of a game with one hand entered: method, URL, data."""
    v = {"version": game.version}
    hand = {**v, "kind": "ron", "winners": "1", "discarder": "0", "han_1": "1", "fu_1": "30"}
    return [
        ("get", f"/games/{game.slug}/", {}),
        ("get", f"/games/{game.slug}/hand/", {}),
        ("post", f"/games/{game.slug}/hand/", hand),
        ("post", f"/games/{game.slug}/hand/", {**hand, "save": "1"}),
        ("get", f"/games/{game.slug}/hand/1/", {}),
        ("post", f"/games/{game.slug}/hand/1/", {**hand, "save": "1"}),
        ("get", f"/games/{game.slug}/undo/", {}),
        ("post", f"/games/{game.slug}/undo/", v),
        ("post", f"/games/{game.slug}/stop/", v),
    ]


def test_a_signed_in_users_new_game_is_theirs_and_kept_in_the_session_too():
    phone = signed_in("aiko")
    game = start(phone)
    assert game.owner.username == "aiko"
    assert game.slug in visitors.kept(phone.session, visitors.GAME)  # this browser's too
    assert phone.get(f"/games/{game.slug}/").status_code == 200


def test_the_owner_keeps_the_score_from_another_device_without_the_token():
    game = start(signed_in("aiko"))
    laptop = signed_in("aiko")  # a new session: no edit token in it
    assert not visitors.kept(laptop.session, visitors.GAME)
    board = laptop.get(f"/games/{game.slug}/")
    assert board.status_code == 200 and "East 1, 0 honba" in board.content.decode()
    hand = {"version": 0, "kind": "ron", "winners": "1", "discarder": "0",
            "han_1": "3", "fu_1": "30", "save": "1"}  # fmt: skip
    assert laptop.post(f"/games/{game.slug}/hand/", hand).status_code == 302
    assert game.hands.count() == 1
    edit = laptop.get(f"/games/{game.slug}/hand/1/")
    assert edit.status_code == 200
    edited = {**hand, "version": 1, "han_1": "4"}
    assert laptop.post(f"/games/{game.slug}/hand/1/", edited).status_code == 302
    assert game.hands.get().end["wins"][0]["han"] == 4
    assert laptop.post(f"/games/{game.slug}/undo/", {"version": 2}).status_code == 302
    assert not game.hands.exists()


@pytest.mark.parametrize("who", ["other user", "anonymous"])
def test_everyone_else_gets_404_on_every_owner_url(who):
    game = start(signed_in("aiko"))
    add(game, ron(1, 0))
    visitor = signed_in("bruno") if who == "other user" else Client()
    for method, url, data in owner_urls(game):
        response = getattr(visitor, method)(url, data)
        assert response.status_code == 404, (method, url)
    game.refresh_from_db()
    assert game.hands.count() == 1 and game.version == 1  # nothing changed
    assert visitor.get(f"/games/{game.slug}/watch/").status_code == 200  # watching is public


def test_an_anonymous_game_stays_token_only():
    phone = Client()
    game = start(phone)
    assert game.owner is None
    assert phone.get(f"/games/{game.slug}/").status_code == 200
    for client in (signed_in("aiko"), Client()):
        assert client.get(f"/games/{game.slug}/").status_code == 404
    # signing in on the phone that holds the token changes nothing for it
    phone.force_login(get_user_model().objects.get(username="aiko"))
    assert phone.get(f"/games/{game.slug}/").status_code == 200
    game.refresh_from_db()
    assert game.owner is None


def test_a_signed_in_users_imported_game_is_theirs():
    source = add(make_game(), ron(1, 0), ron(2, 3))
    export = Client().get(f"/games/{source.slug}/game.json").content.decode()
    response = signed_in("aiko").post("/games/import/", {"text": export})
    assert response.status_code == 302
    imported = Game.objects.latest("created")
    assert imported.pk != source.pk and imported.owner.username == "aiko"
    laptop = signed_in("aiko")
    assert laptop.get(f"/games/{imported.slug}/").status_code == 200
    assert signed_in("bruno").get(f"/games/{imported.slug}/").status_code == 404
    anonymous = Client().post("/games/import/", {"text": export})
    assert anonymous.status_code == 302 and Game.objects.latest("created").owner is None
    assert json.loads(export)["players"] == ["Aiko", "Bruno", "Chen", "Dana"]


def test_the_account_page_lists_games_and_clubs_and_escapes_names():
    aiko = signed_in("aiko")
    new = {**NEW_GAME, "east": "<b>Eve</b>"}
    assert aiko.post("/games/new/", new).status_code == 302
    playing = Game.objects.latest("created")
    add(playing, ron(1, 0), ron(2, 0))
    finished = make_game("wrc", "tonpuusen")
    finished.owner = playing.owner
    finished.save()
    add(finished, *passing(4))
    assert finished.replay().over
    assert aiko.post("/games/clubs/new/", {"name": "<i>Thursday</i>"}).status_code == 302
    theirs = start(signed_in("bruno"))
    Club.objects.create(name="Bruno's club", owner=theirs.owner)

    page = aiko.get("/accounts/").content.decode()
    assert "&lt;b&gt;Eve&lt;/b&gt; · Bruno · Chen · Dana" in page and "<b>Eve</b>" not in page
    assert f'href="/games/{playing.slug}/"' in page and f'href="/games/{finished.slug}/"' in page
    assert "Tenhou" in page and "East only" in page
    assert playing.replay().state.name == "East 3, 0 honba"  # two non-dealer wins
    assert "East 3, 0 honba" in page
    assert "Finished" in page
    club = Club.objects.get(owner=playing.owner)
    assert f'href="/games/clubs/{club.slug}/"' in page
    assert "&lt;i&gt;Thursday&lt;/i&gt;" in page and "<i>Thursday</i>" not in page
    assert theirs.slug not in page and "Bruno&#x27;s club" not in page
    empty = signed_in("chen").get("/accounts/").content.decode()
    assert "None yet. A game you" in empty and "Your clubs" not in empty


def test_the_games_page_lists_the_users_own_games_beside_the_browsers():
    owned = start(signed_in("aiko"))
    laptop = signed_in("aiko")
    kept_here = make_game()  # kept in this browser by its token, not owned
    laptop.get(f"/games/{kept_here.slug}/join/{kept_here.edit_token}/")
    others = start(signed_in("bruno"))
    page = laptop.get("/games/").content.decode()
    assert f"/games/{owned.slug}/" in page and f"/games/{kept_here.slug}/" in page
    assert f"/games/{others.slug}/" not in page
    assert "Your clubs" not in Client().get("/games/").content.decode()


def test_a_signed_in_users_club_is_theirs_on_any_device():
    aiko = signed_in("aiko")
    assert aiko.post("/games/clubs/new/", {"name": "Thursday"}).status_code == 302
    club = Club.objects.get()
    assert club.owner.username == "aiko" and club.slug in visitors.kept(aiko.session, visitors.CLUB)
    laptop = signed_in("aiko")
    page = laptop.get(f"/games/clubs/{club.slug}/").content.decode()
    assert 'id="organiser-title"' in page  # the organiser's tools
    assert (
        'id="organiser-title"'
        not in signed_in("bruno").get(f"/games/clubs/{club.slug}/").content.decode()
    )
    assert f"/games/clubs/{club.slug}/" in laptop.get("/games/").content.decode()
    # the owner's own game, never kept in this browser, can be added to the club
    game = start(signed_in("aiko"))
    response = laptop.post(f"/games/clubs/{club.slug}/add/", {"game": game.slug})
    assert response.status_code == 302 and club.games.get() == game
    assert laptop.get(f"/games/new/?club={club.slug}").status_code == 200
    # someone else's game cannot be added, even by the owner
    theirs = start(signed_in("bruno"))
    refused = laptop.post(f"/games/clubs/{club.slug}/add/", {"game": theirs.slug})
    assert refused.status_code == 200 and "Choose one of the games" in refused.content.decode()
    for visitor in (signed_in("bruno"), Client()):
        assert (
            visitor.post(f"/games/clubs/{club.slug}/add/", {"game": game.slug}).status_code == 404
        )
        assert visitor.get(f"/games/new/?club={club.slug}").status_code == 404
        rename = visitor.post(f"/games/clubs/{club.slug}/rename/",
                              {"player": club.players.first().pk, "name": "X"})  # fmt: skip
        assert rename.status_code == 404


def test_an_anonymous_club_stays_token_only():
    organiser = Client()
    organiser.post("/games/clubs/new/", {"name": "Thursday"})
    club = Club.objects.get()
    assert club.owner is None
    add_game = f"/games/new/?club={club.slug}"
    assert organiser.get(add_game).status_code == 200
    assert signed_in("aiko").get(add_game).status_code == 404
