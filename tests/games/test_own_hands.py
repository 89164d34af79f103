"""A game's own hands from its board: "Practise these hands" (any scorer) and "Make a drill
of these hands" (signed in); owner-only; a game without a whole-hand win says so."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.drills.models import Drill
from quizsite.practice.models import OwnHand
from tests.factory import keep_in_session, make_user
from tests.own_hands import game_with_hands, game_without_hands

pytestmark = pytest.mark.django_db


def scorer(game, client=None):
    client = client or Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client


def test_the_board_offers_the_hands_to_a_scorer():
    game = game_with_hands()
    page = scorer(game).get(f"/games/{game.slug}/").content.decode()
    assert "2 wins of this game were entered as whole hands" in page
    assert f'action="/games/{game.slug}/practise/"' in page
    assert "Make a drill of these hands" not in page  # drills are for signed-in users


def test_a_signed_in_owner_is_offered_a_drill_too():
    game = game_with_hands()
    client = Client()
    game.owner = make_user("aiko")
    game.save()
    client.force_login(game.owner)
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "Make a drill of these hands" in page and 'name="mode"' in page
    assert '<option value="full" selected>Full hand</option>' in page


def test_a_game_without_whole_hands_says_so():
    game = game_without_hands()
    client = scorer(game)
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "No win of this game was entered as a whole hand" in page
    assert "Practise these hands" not in page
    response = client.post(f"/games/{game.slug}/practise/", follow=True)
    assert "there is nothing to practise" in response.content.decode()
    assert not OwnHand.objects.exists()


def test_practise_adds_the_hands_once_and_asks_the_first():
    game = game_with_hands()
    client = scorer(game)
    response = client.post(f"/games/{game.slug}/practise/", follow=True)
    first = response.redirect_chain
    assert first[0][0] == "/practice/own/next/"
    assert first[-1][0].startswith("/practice/own/") and "turn=0" in first[-1][0]
    assert response.status_code == 200
    assert "Your own hand" in response.content.decode()  # the first question is asked
    client.post(f"/games/{game.slug}/practise/")  # a double post
    assert OwnHand.objects.count() == 2
    assert client.get(f"/games/{game.slug}/practise/").status_code == 405


def test_someone_elses_game_is_a_404():
    game = game_with_hands()
    stranger = Client()
    assert stranger.post(f"/games/{game.slug}/practise/").status_code == 404
    signed = Client()
    signed.force_login(make_user("bob"))
    assert signed.post(f"/games/{game.slug}/drill/", {"mode": "fu"}).status_code == 404
    assert not OwnHand.objects.exists() and not Drill.objects.exists()


def test_make_a_drill_of_the_hands():
    game = game_with_hands()
    client = scorer(game)
    assert (
        client.post(f"/games/{game.slug}/drill/", {"mode": "fu"}).status_code == 404
    )  # not signed in
    user = make_user("aiko")
    client.force_login(user)
    response = client.post(f"/games/{game.slug}/drill/", {"mode": "fu"})
    drill = Drill.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/drills/{drill.code}/"
    assert (drill.owner, drill.mode, drill.count) == (user, "fu", 2)
    assert drill.title == f"Hands of {game}"


def test_a_drill_with_a_bad_mode_is_refused_with_a_message():
    game = game_with_hands()
    client = scorer(game)
    client.force_login(make_user("aiko"))
    response = client.post(f"/games/{game.slug}/drill/", {"mode": "draw"}, follow=True)
    assert "Choose what the drill asks for." in response.content.decode()
    assert not Drill.objects.exists()
