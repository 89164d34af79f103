"""HEAD answers like GET on every page: the same status and headers, and no body.

Every URL pattern of the site is asked (the admin's own pages aside), as a visitor and as the
owner of a drill, a game and a club, so a page added later is checked too.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from quizsite.games.models import Club
from tests.factory import add, make_drill, make_game, make_user, passing

pytestmark = pytest.mark.django_db

PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


def routes(patterns=None, prefix: str = ""):
    """Every route of the site as written (`drills/<str:code>/`), the admin's pages left out
    (Django's own) but its log-in page kept."""
    for p in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if not route.startswith("admin/"):
                yield from routes(p.url_patterns, route)
        elif isinstance(p, URLPattern):
            yield route


def url(route: str, samples: dict[str, str]) -> str:
    def value(m: re.Match[str]) -> str:
        converter, name = m.group(1) or "str", m.group(2)
        if route.startswith("games/clubs/") and name == "slug":
            name = "club"
        return samples.get(name, "1" if converter == "int" else "nothing")

    return "/" + PARAMETER.sub(value, route)


@pytest.fixture
def samples() -> dict[str, str]:
    owner = make_user("sensei")
    drill = make_drill(owner=owner)
    game = add(make_game(), *passing(2))
    game.owner = owner
    game.save()
    club = Club.objects.create(name="Thursday", owner=owner)
    seed = Client().get("/quiz/next/")["Location"].split("/")[3]
    return {"code": drill.code, "slug": game.slug, "club": club.slug, "seed": seed}


def visitors() -> dict[str, Client]:
    from django.contrib.auth.models import User

    owner = Client()
    owner.force_login(User.objects.get(username="sensei"))
    return {"visitor": Client(), "owner": owner}


def answer(client: Client, method: str, path: str):
    response = getattr(client, method)(path)
    headers = dict(response.headers) | {"Set-Cookie": sorted(response.cookies)}
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return response.status_code, headers, body


def test_head_answers_like_get_on_every_page(samples):
    paths = sorted({url(r, samples) for r in routes()})
    assert len(paths) > 60 and "/admin/login/" in paths and "/d/" in paths
    compared = []
    for who, client in visitors().items():
        for path in paths:
            status, get, body = answer(client, "get", path)
            _, again, _ = answer(client, "get", path)
            head_status, head, head_body = answer(client, "head", path)
            # What differs between two GETs (a fresh random question's address) is not HEAD's.
            # So is a clock's reading (never_cache's Expires: now).
            steady = {k for k in get.keys() | again.keys() if get.get(k) == again.get(k)}
            steady -= {"Expires", "Date"}
            assert head_status == status, (who, path, head_status, status)
            assert {k: head.get(k) for k in steady} == {k: get.get(k) for k in steady}, path
            assert set(head) == set(get), path
            assert head_body == b"", path
            compared.append((who, path, status))
    pages = [(who, path) for who, path, status in compared if status == 200]
    # The owner's pages, the drill a class takes, the game board and the club's league answer.
    for path in (f"/drills/{samples['code']}/results/", f"/games/{samples['slug']}/"):
        assert ("owner", path) in pages
    for path in ("/", "/quiz/", "/learn/yaku/", f"/games/{samples['slug']}/watch/"):
        assert ("visitor", path) in pages
    assert ("visitor", f"/games/clubs/{samples['club']}/") in pages
    assert ("visitor", f"/d/{samples['code']}/") in pages


def test_head_keeps_the_length_a_get_would_send(client):
    get, head = client.get("/learn/"), client.head("/learn/")
    assert head.status_code == 200 and head.content == b""
    assert int(head["Content-Length"]) == len(get.content) > 1000


def test_a_page_that_takes_no_get_still_refuses_head(client):
    owner = make_user("sensei")
    client.force_login(owner)
    drill = make_drill(owner=owner)
    assert client.head("/accounts/logout/").status_code == 405
    assert client.head(f"/drills/{drill.code}/open/").status_code == 405
