"""Sessions live on the server: logging out ends one everywhere; the cookie is a key of the
same small size whatever a visitor keeps; a cookie the old signed-cookie sessions wrote is
carried over, with everything it listed, on the first visit."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.sessions.backends.signed_cookies import SessionStore as SignedCookieStore
from django.contrib.sessions.models import Session
from django.test import Client

from quizsite.drills.models import Attempt
from quizsite.games.models import Club, Game
from quizsite.practice.models import Response
from quizsite.practice.public import TOKEN_KEY, learner_token
from quizsite.visitors import public as visitors
from quizsite.visitors.models import Kept
from tests.factory import (
    PASSWORD,
    answer_question,
    fake_request,
    make_attempt,
    make_drill,
    make_game,
    make_user,
    post_answer,
    question,
    right_post,
)

pytestmark = pytest.mark.django_db

COOKIE = settings.SESSION_COOKIE_NAME
NEW_GAME = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "Dana",
            "preset": "tenhou", "length": "tonpuusen"}  # fmt: skip


def log_in(client: Client, name: str = "aiko") -> None:
    response = client.post("/accounts/login/", {"username": name, "password": PASSWORD})
    assert response.status_code == 302


def signed_in_as(cookie: str) -> str:
    """Who a browser holding only this session cookie is: the user name, or ""."""
    browser = Client()
    browser.cookies[COOKIE] = cookie
    response = browser.get("/accounts/")
    return "" if response.status_code == 302 else response.wsgi_request.user.get_username()


@pytest.fixture(params=["db", "cache"])
def engine(request, settings):
    """Each session engine the site uses (the cache one here on the database cache, as it
    runs on Redis with REDIS_URL)."""
    settings.SESSION_ENGINE = f"quizsite.visitors.sessions.{request.param}"
    return request.param


def test_logging_out_ends_the_session_for_every_copy_of_the_cookie(engine):
    client = Client()
    make_user("aiko")
    log_in(client)
    copy = client.cookies[COOKIE].value
    assert Session.objects.filter(session_key=copy).exists() == (engine == "db")
    assert signed_in_as(copy) == "aiko"  # the copy works while the session lasts
    assert client.post("/accounts/logout/").status_code == 302
    assert signed_in_as(copy) == ""  # and is anonymous once its owner logged out
    assert client.get("/accounts/").status_code == 302


def test_the_cookie_holds_only_a_key(client):
    client.post("/games/new/", NEW_GAME)
    cookie = client.cookies[COOKIE].value
    assert cookie.isalnum() and len(cookie) == 32
    assert Game.objects.get().edit_token not in cookie


class Cookies:
    """Every Set-Cookie of a run of requests, as the browser receives them."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.largest = 0

    def __call__(self, response):
        for morsel in response.cookies.values():
            self.largest = max(self.largest, len(f"Set-Cookie: {morsel.OutputString()}"))
        return response

    @property
    def sent(self) -> int:
        """The Cookie header the browser sends back now."""
        return len("; ".join(f"{m.key}={m.value}" for m in self.client.cookies.values()))


def test_the_cookie_stays_small_however_much_a_visitor_keeps_and_all_stays_theirs(client):
    seen = Cookies(client)
    games = []
    for _ in range(100):
        seen(client.post("/games/new/", NEW_GAME))
        games.append(Game.objects.latest("pk"))
    for n in range(40):
        seen(client.post("/games/clubs/new/", {"name": f"Club {n}"}))
    sensei = make_user("sensei")
    drills = [make_drill(sensei, count=2) for _ in range(3)]
    for drill in drills:
        seen(client.post(f"/d/{drill.code}/", {"name": "Aiko"}))
        number = drill.questions.order_by("number").first().number
        seen(client.post(f"/d/{drill.code}/1/", right_post(drill, number)))
    seen(post_answer(client, question(7)))
    assert seen.largest < 1024 and seen.sent < 1024, (seen.largest, seen.sent)

    index = seen(client.get("/games/")).content.decode()
    assert all(f"/games/{g.slug}/" in index for g in games)
    assert all(f"/games/clubs/{c.slug}/" in index for c in Club.objects.all())
    for game in (games[0], games[50], games[-1]):
        assert seen(client.get(f"/games/{game.slug}/")).status_code == 200
    for club in Club.objects.order_by("pk")[:3]:
        page = seen(client.get(f"/games/clubs/{club.slug}/")).content.decode()
        assert 'id="organiser-title"' in page
    for drill in drills:  # each attempt resumes where it stands
        assert seen(client.get(f"/d/{drill.code}/"))["Location"] == f"/d/{drill.code}/2/"
    assert Response.objects.filter(token=learner_token(client)).count() == 4
    assert seen.largest < 1024 and seen.sent < 1024, (seen.largest, seen.sent)
    # another browser keeps none of it
    stranger = Client()
    assert stranger.get(f"/games/{games[0].slug}/").status_code == 404
    assert stranger.get(f"/d/{drills[0].code}/").status_code == 200  # asks the name


def old_cookie(**data) -> str:
    """A session cookie as the signed-cookie backend wrote it."""
    store = SignedCookieStore()
    store.update(data)
    store.save()
    return store.session_key


def test_an_old_signed_cookie_is_carried_over_with_everything_it_kept(engine):
    client = Client()
    games = [make_game() for _ in range(3)]
    club = Club.objects.create(name="Thursday")
    drill = make_drill(count=2)
    attempt = make_attempt(drill)
    elsewhere = fake_request()  # the token and its answer, as the old session had them
    answer_question(elsewhere, question(8))
    token = learner_token(elsewhere)
    cookie = old_cookie(
        games={g.slug: g.edit_token for g in games},
        clubs={club.slug: club.edit_token},
        drills={drill.code: attempt.session_key},
        practice=token,
        quiz={"options": {"mode": "payment"}},
    )
    assert ":" in cookie and len(cookie) > 200
    client.cookies[COOKIE] = cookie

    index = client.get("/games/")
    new = client.cookies[COOKIE].value
    assert new != cookie and new.isalnum() and len(new) == 32  # a server-side session now
    page = index.content.decode()
    assert all(f"/games/{g.slug}/" in page for g in games) and f"/games/clubs/{club.slug}/" in page
    assert client.get(f"/games/{games[1].slug}/").status_code == 200
    assert client.get(f"/d/{drill.code}/")["Location"] == f"/d/{drill.code}/1/"
    assert learner_token(client) == token
    assert "1 question answered, 1 right" in client.get("/progress/").content.decode()
    assert client.session["quiz"] == {"options": {"mode": "payment"}}
    # the lists moved out (the practice token's copy, read with the session, came back in)
    assert set(client.session.keys()) == {"visitor", "quiz", TOKEN_KEY}
    assert client.session[TOKEN_KEY] == token
    assert Kept.objects.filter(visitor=visitors.visitor(client.session)).count() == 6
    # the old cookie, sent again, carries over once more rather than failing
    again = Client()
    again.cookies[COOKIE] = cookie
    assert again.get(f"/games/{games[0].slug}/").status_code == 200


def test_an_old_signed_in_cookie_stays_signed_in():
    user = make_user("aiko")
    browser = Client()
    browser.force_login(user)  # the old session's contents: user id, backend and hash
    data = dict(browser.session.items())
    assert signed_in_as(old_cookie(**data)) == "aiko"


@pytest.mark.parametrize("cookie", ["forged:value:x", "not a signed value", "a" * 300])
def test_a_forged_or_foreign_cookie_is_a_new_visitor(client, cookie):
    game = make_game()
    forged = old_cookie(games={game.slug: game.edit_token})[:-3] + "xyz"
    for value in (forged, cookie):
        browser = Client()
        browser.cookies[COOKIE] = value
        assert browser.get(f"/games/{game.slug}/").status_code == 404
        assert browser.get("/games/").status_code == 200
    assert not Kept.objects.exists()


def test_an_expired_old_cookie_is_not_carried_over(client, settings):
    game = make_game()
    cookie = old_cookie(games={game.slug: game.edit_token})
    settings.SESSION_COOKIE_AGE = -1
    client.cookies[COOKIE] = cookie
    assert client.get(f"/games/{game.slug}/").status_code == 404


def test_what_a_visitor_kept_stays_theirs_after_logging_in(client):
    make_user("aiko")
    client.post("/games/new/", NEW_GAME)
    game = Game.objects.get()
    client.post("/games/clubs/new/", {"name": "Thursday"})
    drill = make_drill(count=2)
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})
    post_answer(client, question(9))
    before = client.cookies[COOKIE].value
    log_in(client)
    assert client.cookies[COOKIE].value != before  # a new session key on log-in
    assert client.get(f"/games/{game.slug}/").status_code == 200
    assert (
        'id="organiser-title"'
        in client.get(f"/games/clubs/{Club.objects.get().slug}/").content.decode()
    )
    assert client.get(f"/d/{drill.code}/")["Location"] == f"/d/{drill.code}/1/"
    assert Attempt.objects.get().user is None
    assert Response.objects.get().user.username == "aiko"  # practice history moved
    assert learner_token(client) == ""
    # the session from before the log-in is no more
    assert signed_in_as(before) == ""
    stale = Client()
    stale.cookies[COOKIE] = before
    assert stale.get(f"/games/{game.slug}/").status_code == 404
