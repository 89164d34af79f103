"""A learner's own hands in Japanese: the practice page's line, the list, an own hand asked and
judged (page and htmx), the game board's offer (with hands, without, signed in) and the
messages after adding, all at their /ja/ address read no English of the site's own; the
English pages are as they were."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client
from django.utils import translation

from quizsite.practice import own
from quizsite.practice.models import OwnHand
from tests.factory import keep_in_session, make_user, practice_right_post, practice_wrong_post
from tests.i18n.english import assert_japanese
from tests.own_hands import game_with_hands, game_without_hands

pytestmark = pytest.mark.django_db

# The hand's own pictures' names (the tiles tag's) and a button's sent value are not the
# own hands' words.
SHARED = (r'<span class="tiles tiles--.*?</span></span>', r"<img [^>]*>")


def japanese(html: bytes | str, where: str) -> str:
    page = html.decode() if isinstance(html, bytes) else html
    for pattern in SHARED:
        page = re.sub(pattern, "", page, flags=re.S)
    assert_japanese(page, where)
    return page


@pytest.fixture(autouse=True)
def english_after():
    yield
    translation.activate("en")


@pytest.fixture
def game(client):
    game = game_with_hands()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return game


def test_the_board_offers_the_hands_in_japanese(client, game):
    page = japanese(client.get(f"/ja/games/{game.slug}/").content, "board")
    assert "これらの手を練習" in page and "この対局の手を練習" in page
    client.force_login(make_user())
    page = japanese(client.get(f"/ja/games/{game.slug}/").content, "board, signed in")
    assert "これらの手でドリルを作る" in page and "出題内容" in page


def test_a_game_without_whole_hands_in_japanese():
    game = game_without_hands()
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    page = japanese(client.get(f"/ja/games/{game.slug}/").content, "board without hands")
    assert "手牌ごと入力された和了がありません" in page
    response = client.post(f"/ja/games/{game.slug}/practise/", follow=True)
    assert "練習できる局はありません" in japanese(response.content, "no hands message")


def test_practice_with_own_hands_in_japanese(client, game):
    response = client.post(f"/ja/games/{game.slug}/practise/")
    assert response["Location"] == "/ja/practice/own/next/"  # the first of them, asked
    page = japanese(client.get("/ja/practice/").content, "practice home")
    assert "この対局の2局を練習に追加しました。" in page and "自分の手：残り2局" in page
    page = japanese(client.get("/ja/practice/own/").content, "own hands list")
    assert "東1局 0本場 · Brunoのロン" in page and "出題時期" in page
    assert 'href="/ja/practice/own/next/"' in page or 'action="/ja/practice/own/next/"' in page


@pytest.mark.parametrize("mode", ["payment", "fu", "han", "full"])
def test_an_own_hand_asked_and_judged_in_japanese(client, game, mode):
    client.post(f"/ja/games/{game.slug}/practise/")
    link = client.get(f"/ja/practice/own/next/?mode={mode}")["Location"]
    assert link.startswith("/ja/practice/own/")
    page = japanese(client.get(link).content, f"own question ({mode})")
    assert "自分の手" in page
    hand = OwnHand.objects.get(pk=int(urlparse(link).path.rstrip("/").rsplit("/", 1)[-1]))
    q = own.question(hand, parse_qs(urlparse(link).query)["mode"][0])
    right = client.post(link, practice_right_post(q), HTTP_HX_REQUEST="true")
    assert "正解" in japanese(right.content, f"own verdict, htmx ({mode})")
    again = client.post(link, practice_wrong_post(q))
    japanese(again.content, f"own verdict, answered already ({mode})")


def test_the_list_when_empty_and_after_a_removal_in_japanese(client, game):
    japanese(client.get("/ja/practice/own/").content, "own hands, none")
    client.post(f"/ja/games/{game.slug}/practise/")
    hand = OwnHand.objects.first()
    response = client.post(f"/ja/practice/own/{hand.pk}/remove/", follow=True)
    assert "を練習から外しました" in japanese(response.content, "removed")
    OwnHand.objects.update(due="2100-01-01T00:00:00Z")
    response = client.get("/ja/practice/own/next/", follow=True)
    assert "いま出題時期の自分の手はありません" in japanese(response.content, "none due")


def test_the_english_pages_say_it_in_english(client, game):
    client.post(f"/games/{game.slug}/practise/")
    page = client.get("/practice/").content.decode()
    assert "Your own hands: 2 to go" in page and "Practise only your own hands" in page
