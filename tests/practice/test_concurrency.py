"""One learner answering from several tabs at the same instant, over real HTTP against a
running server: the same question stored once, the others "not counted again"; different
questions all stored, and the learner's kept state still the replay of their answers."""

from __future__ import annotations

import http.cookiejar
import threading
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from quizsite.practice.models import Response
from tests.factory import practice_right_post, question

TABS = 8


@pytest.mark.django_db(transaction=True)
def test_tabs_racing_store_one_answer(live_server):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    q = question(4242, "fu")
    url = f"{live_server.url}/practice/q/{q.seed}/?{q.query}"
    opener.open(url, timeout=60).read()  # the session cookie (and its learner token) and CSRF
    opener.open(f"{live_server.url}/practice/", timeout=60).read()
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    body = urllib.parse.urlencode(practice_right_post(q)).encode()
    start = threading.Barrier(TABS)

    def submit(_: int) -> str:
        req = urllib.request.Request(url, data=body)
        req.add_header("X-CSRFToken", csrf)
        req.add_header("Referer", url)
        start.wait(timeout=30)
        with opener.open(req, timeout=120) as response:
            assert response.status == 200
            return response.read().decode()

    with ThreadPoolExecutor(max_workers=TABS) as pool:
        pages = list(pool.map(submit, range(TABS)))
    assert Response.objects.count() == 1
    assert sum("not counted again" in page for page in pages) == TABS - 1


@pytest.mark.django_db(transaction=True)
def test_tabs_racing_with_different_questions_are_all_counted(live_server):
    from tests.practice.kept import kept, replayed

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    asked = [question(5000 + n, "fu") for n in range(TABS)]
    urls = [f"{live_server.url}/practice/q/{q.seed}/?{q.query}" for q in asked]
    opener.open(urls[0], timeout=60).read()
    opener.open(f"{live_server.url}/practice/", timeout=60).read()
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    start = threading.Barrier(TABS - 1)

    def submit(n: int, *, wait: bool = True) -> str:
        req = urllib.request.Request(
            urls[n], data=urllib.parse.urlencode(practice_right_post(asked[n])).encode()
        )
        req.add_header("X-CSRFToken", csrf)
        req.add_header("Referer", urls[n])
        if wait:
            start.wait(timeout=30)
        with opener.open(req, timeout=120) as response:
            assert response.status == 200
            return response.read().decode()

    submit(0, wait=False)  # the learner's first answer: their tally made
    with ThreadPoolExecutor(max_workers=TABS - 1) as pool:
        pages = list(pool.map(submit, range(1, TABS)))
    assert not any("not counted again" in page for page in pages)
    assert Response.objects.count() == TABS
    token = Response.objects.values_list("token", flat=True).first()
    key = {"user_id": None, "token": token}
    assert kept(key) == replayed(key) and kept(key)["totals"][0] == TABS
