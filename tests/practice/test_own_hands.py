"""A learner's own hands in practice: added once from a game (anonymous or signed in, moved to
the account on log-in), served first, asked in each hand mode and judged by the engine,
recorded like any practice answer, brought back until known, and removed."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client
from django.utils import timezone

from quizsite.practice import own
from quizsite.practice.models import OwnHand, Response
from quizsite.practice.public import learner_token
from quizsite.quiz.public import solve
from scoring.engine import score
from tests.factory import (
    PASSWORD,
    keep_in_session,
    make_user,
    practice_right_post,
    practice_wrong_post,
    signed_in,
)
from tests.helpers import text_of
from tests.own_hands import game_with_hands

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(client):
    game = game_with_hands()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return game


def add_hands(client, game):
    return client.post(f"/games/{game.slug}/practise/")


def next_link(client, url="/practice/next/"):
    response = client.get(url)
    assert response.status_code == 302
    return response["Location"]


def hand_of(link: str) -> OwnHand:
    return OwnHand.objects.get(pk=int(urlparse(link).path.rstrip("/").rsplit("/", 1)[-1]))


def answer(client, link: str, *, right: bool):
    hand = hand_of(link)
    mode = parse_qs(urlparse(link).query)["mode"][0]
    q = own.question(hand, mode)
    post = (practice_right_post if right else practice_wrong_post)(q)
    return client.post(link, post)


def test_a_games_hands_are_added_once(client, game):
    response = add_hands(client, game)
    assert response.status_code == 302 and response["Location"] == "/practice/own/next/"
    token = learner_token(client)
    hands = OwnHand.objects.filter(token=token, user=None)
    assert hands.count() == 2
    assert {h.winner for h in hands} == {"Bruno"} and {h.number for h in hands} == {1, 3}
    first = client.get(client.get(response["Location"])["Location"]).content.decode()
    assert "2 hands of this game added to your practice." in first  # said with the first hand
    page = client.get("/practice/").content.decode()
    assert "Your own hands: 2 to go" in page
    add_hands(client, game)  # a second click
    assert OwnHand.objects.count() == 2
    assert "These hands are in your practice already." in client.get("/practice/").content.decode()


def test_a_hand_is_kept_complete_and_seated_with_the_games_rules(client):
    game = game_with_hands("tenhou", kiriage=True, uma=[20, 10, -10, -20])
    keep_in_session(client, "game", game.slug, game.edit_token)
    add_hands(client, game)
    tsumo = OwnHand.objects.get(number=3)
    r = tsumo.request
    assert (r["seat"], r["round"], r["tsumo"], r["honba"], r["sticks"]) == ("N", "E", True, 0, 0)
    assert r["rules"] == {"preset": "tenhou", "kiriage": True}  # the hand's switches only
    assert score(r).settlement.total == 4000  # 2 han 60 fu (rinshan, menzen tsumo), 3 pay
    assert tsumo.origin == game.slug and tsumo.source == str(game)


def test_a_signed_in_learners_hands_are_the_accounts(client, game):
    user = make_user("aiko")
    client.force_login(user)
    add_hands(client, game)
    assert OwnHand.objects.filter(user=user).count() == 2
    assert not OwnHand.objects.filter(user=None).exists()


def test_the_hands_move_to_the_account_on_log_in(client, game):
    user = make_user("aiko")
    # the account has the first hand already; the session adds both
    OwnHand.objects.create(user=user, key=own.digest(own_requests(game)[0]), request={}, number=1)
    add_hands(client, game)
    logged_in = client.post("/accounts/login/", {"username": "aiko", "password": PASSWORD})
    assert logged_in.status_code == 302
    assert OwnHand.objects.filter(user=user).count() == 2
    assert not OwnHand.objects.filter(user=None).exists()
    assert own.adopt("no-such-token", user) == 0


def own_requests(game):
    from quizsite.games.own import whole_hand_wins

    return [w["request"] for w in whole_hand_wins(game)]


def test_own_hands_due_come_first_in_practice(client, game):
    add_hands(client, game)
    first = next_link(client)
    assert first.startswith("/practice/own/")
    assert hand_of(first).number == 1  # the longest due first
    page = client.get(first).content.decode()
    assert "Your own hand" in page and "East 1, 0 honba · Bruno&#x27;s ron" in page


@pytest.mark.parametrize("mode", ["payment", "fu", "han", "full"])
def test_each_mode_is_judged_by_the_engine_and_recorded(client, game, mode):
    add_hands(client, game)
    client.get(f"/practice/own/?mode={mode}")  # the learner's chosen mode
    link = next_link(client, "/practice/own/next/")
    assert f"mode={mode}" in link and "only=1" in link
    hand = hand_of(link)
    q = own.question(hand, mode)
    if mode != "payment":
        assert q.request.items() >= hand.request.items()  # the hand itself is asked
        assert score(q.request).to_json()["total"] == score(hand.request).to_json()["total"]
    else:  # its han and fu, paying what the whole hand pays
        assert solve(q).payments == score(hand.request).settlement.payments
    page = answer(client, link, right=True).content.decode()
    assert "Right!" in page
    row = Response.objects.get()
    assert (row.source, row.ref, row.right) == ("practice", f"own:{hand.pk}:0", True)
    assert row.mode == mode
    hand.refresh_from_db()
    assert (hand.asked, hand.right, hand.streak) == (1, 1, 1)
    assert hand.due > timezone.now() + timedelta(hours=23)  # back in a day
    other = next_link(client, "/practice/own/next/")  # the other hand, answered wrong
    assert hand_of(other).pk != hand.pk
    assert "Not quite" in answer(client, other, right=False).content.decode()
    wrong = Response.objects.get(ref=f"own:{hand_of(other).pk}:0")
    assert (wrong.right, wrong.mode, wrong.source) == (False, mode, "practice")
    assert wrong.topics  # what it tested, counted like any practice answer


def test_a_wrong_answer_brings_the_hand_back_until_it_is_right(client, game):
    add_hands(client, game)
    link = next_link(client, "/practice/own/next/?mode=fu")
    hand = hand_of(link)
    assert "Not quite" in answer(client, link, right=False).content.decode()
    hand.refresh_from_db()
    assert (hand.asked, hand.right, hand.streak) == (1, 0, 0)
    assert hand.due <= timezone.now() + own.WRONG_AGAIN
    assert not Response.objects.get().right
    # the other hand is due now; this one comes back once its few minutes are over
    assert hand_of(next_link(client, "/practice/own/next/")).pk != hand.pk
    OwnHand.objects.filter(pk=hand.pk).update(due=timezone.now() - timedelta(seconds=1))
    OwnHand.objects.exclude(pk=hand.pk).update(due=timezone.now() + timedelta(days=1))
    again = next_link(client, "/practice/own/next/")
    assert hand_of(again).pk == hand.pk and "turn=1" in again
    # right three times in a row (each when due): known, and no longer asked
    for turn in range(1, 1 + own.KNOWN_AFTER):
        link = own_views_link(hand, turn)
        assert "Right!" in answer(client, link, right=True).content.decode()
        OwnHand.objects.filter(pk=hand.pk).update(due=timezone.now() - timedelta(seconds=1))
    hand.refresh_from_db()
    assert hand.known is not None and hand.streak == own.KNOWN_AFTER
    assert not own.due(None, learner_token(client), timezone.now()).filter(pk=hand.pk).exists()
    assert Response.objects.filter(ref__startswith=f"own:{hand.pk}:").count() == 4


def own_views_link(hand, turn, mode="fu"):
    return f"/practice/own/{hand.pk}/?mode={mode}&turn={turn}&only=1"


def test_a_double_submit_counts_once(client, game):
    add_hands(client, game)
    link = next_link(client, "/practice/own/next/?mode=han")
    answer(client, link, right=True)
    page = answer(client, link, right=False).content.decode()
    assert "not counted again" in page
    hand = hand_of(link)
    hand.refresh_from_db()
    assert (hand.asked, hand.right) == (1, 1) and Response.objects.count() == 1


def test_showing_the_answer_counts_as_wrong(client, game):
    add_hands(client, game)
    link = next_link(client, "/practice/own/next/?mode=full")
    client.post(link, {"reveal": "1"})
    hand = hand_of(link)
    hand.refresh_from_db()
    assert (hand.asked, hand.right, hand.streak) == (1, 0, 0)


def test_removing_a_hand(client, game):
    add_hands(client, game)
    hand = OwnHand.objects.order_by("pk").first()
    page = client.get("/practice/own/").content.decode()
    assert "East 1, 0 honba · Bruno&#x27;s ron" in page and "Remove" in page
    response = client.post(f"/practice/own/{hand.pk}/remove/", follow=True)
    assert "is removed from your practice" in response.content.decode()
    assert not OwnHand.objects.filter(pk=hand.pk).exists() and OwnHand.objects.count() == 1


def test_another_learners_hand_is_a_404(client, game):
    add_hands(client, game)
    hand = OwnHand.objects.first()
    for other in (Client(), signed_in("bob")):  # another browser; an account with no hands
        assert other.post(f"/practice/own/{hand.pk}/remove/").status_code == 404
        assert other.get(own_views_link(hand, 0)).status_code == 404
        assert other.post(own_views_link(hand, 0), {"fu": "30"}).status_code == 404
    assert OwnHand.objects.filter(pk=hand.pk).exists()


def test_a_bad_link_is_a_404_and_nothing_due_says_so(client, game):
    add_hands(client, game)
    hand = OwnHand.objects.first()
    assert client.get(f"/practice/own/{hand.pk}/?mode=draw&turn=0").status_code == 404
    assert client.get(f"/practice/own/{hand.pk}/?mode=fu&turn=x").status_code == 404
    OwnHand.objects.update(due=timezone.now() + timedelta(days=1))
    page = client.get("/practice/own/next/", follow=True).content.decode()
    assert "None of your own hands is due now." in page
    assert not next_link(client).startswith("/practice/own/")  # fresh practice instead


def test_no_own_hands_no_section(client):
    assert "Your own hands" not in client.get("/practice/").content.decode()
    assert "No own hands yet" in client.get("/practice/own/").content.decode()


def test_next_and_skip_lead_to_another_hand_not_the_same_again(client, game):
    add_hands(client, game)
    client.get("/practice/next/?level=intermediate")  # the level chosen stays through a skip
    link = next_link(client, "/practice/own/next/?mode=fu")
    hand = hand_of(link)
    page = client.get(link).content.decode()
    skip = f"/practice/own/next/?after={hand.pk}"
    assert f'href="{skip}"' in page.replace("&amp;", "&")
    assert hand_of(next_link(client, skip)).pk != hand.pk
    OwnHand.objects.exclude(pk=hand.pk).delete()
    assert next_link(client, skip) == "/practice/own/"  # the only one due: the list instead
    mixed = next_link(client, f"/practice/next/?after={hand.pk}")
    assert not mixed.startswith("/practice/own/") and "level=intermediate" in mixed


def test_a_missed_own_hand_is_explained_again_from_the_progress_page(client, game):
    add_hands(client, game)
    link = next_link(client, "/practice/own/next/?mode=payment")
    answer(client, link, right=False)
    row = Response.objects.get()
    page = client.get(f"/progress/answers/{row.pk}/")
    assert page.status_code == 200
    assert "How it is worked out" in page.content.decode()
    assert client.get("/progress/").status_code == 200


def test_the_practice_page_says_own_hands_come_first_not_fresh_questions(client, game):
    add_hands(client, game)
    page = text_of(client.get("/practice/"))
    assert "2 are due now and come first when you practise." in page
    assert "practice starts with fresh questions" not in page  # it starts with them
    assert "practice starts with your own hands due, then brings fresh questions." in page
