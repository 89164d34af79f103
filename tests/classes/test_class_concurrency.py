"""200 members of a class answering its assigned drill at once, over real HTTP against a
running server (threads), each signed in to their own account: no answer lost, none counted
twice, and every member's kept standing (work and topics) equal to the recount from the
answers."""

from __future__ import annotations

import http.cookiejar
import os
import threading
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client

from quizsite.classes import standing
from quizsite.classes.models import MemberWork
from quizsite.drills.models import Answer, count_rows, kept_counts
from tests.factory import add_member, assign, make_classroom, make_drill, right_post, wrong_post

pytestmark = pytest.mark.alone  # 200 threads at once: run after the parallel part, by itself

MEMBERS = int(os.environ.get("TENBO_STUDENTS", "200"))


class MemberBrowser:
    """One member's browser: signed in (the session made by the test client), its cookies."""

    def __init__(self, base: str, user) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        client = Client()
        client.force_login(user)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        host = urllib.parse.urlparse(base).hostname or "localhost"
        host = host if "." in host else f"{host}.local"  # as the cookie jar names such a host
        self.jar.set_cookie(cookie(django_settings.SESSION_COOKIE_NAME, session, host))
        self.statuses: list[int] = []

    def request(self, path: str, data: dict[str, str] | None = None) -> str:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body)
        if body is not None:
            token = next(c.value for c in self.jar if c.name == "csrftoken")
            req.add_header("X-CSRFToken", token)
            req.add_header("Referer", self.base + path)
        with self.opener.open(req, timeout=180) as response:
            self.statuses.append(response.status)
            return response.read().decode()


def cookie(name: str, value: str, host: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        0, name, value, None, False, host, False, False, "/", True, False, None, False, None,
        None, {},
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_two_hundred_members_answer_the_class_drill_at_once(live_server, settings):
    settings.TENBO_RATE_ATTEMPTS = "1000/h"
    classroom = make_classroom(name="Big class")
    drill = make_drill(classroom.owner, count=2, mode="fu")
    assign(classroom, drill)
    users = User.objects.bulk_create(User(username=f"member{i:03d}") for i in range(MEMBERS))
    members = [add_member(classroom, u, name=f"Member {i:03d}") for i, u in enumerate(users)]
    posts = {n: (right_post(drill, n), wrong_post(drill, n)) for n in (1, 2)}
    browsers = [MemberBrowser(live_server.url, m.user) for m in members]
    start = threading.Barrier(MEMBERS)

    def answer(i: int) -> None:
        b = browsers[i]
        b.request(f"/d/{drill.code}/")
        b.request(f"/d/{drill.code}/", {"name": members[i].name})
        start.wait(timeout=900)  # everyone answers question 1 at the same moment
        b.request(f"/d/{drill.code}/1/", posts[1][i % 2])
        b.request(f"/d/{drill.code}/1/", posts[1][1 - i % 2])  # a double submit
        b.request(f"/d/{drill.code}/2/", posts[2][0])

    with ThreadPoolExecutor(max_workers=MEMBERS) as pool:
        for future in [pool.submit(answer, i) for i in range(MEMBERS)]:
            future.result()

    assert all(status == 200 for b in browsers for status in b.statuses)
    assert Answer.objects.filter(attempt__drill=drill).count() == MEMBERS * 2
    work = {w.member.name: w for w in MemberWork.objects.select_related("member")}
    assert len(work) == MEMBERS
    for i, m in enumerate(members):
        w = work[m.name]
        right = 1 + (i % 2 == 0)  # question 2 right for everyone, question 1 for the even
        assert (w.answered, w.right, w.finished is not None) == (2, right, True)
    assert standing.kept(classroom) == standing.compute(classroom)
    assert kept_counts(drill.pk) == count_rows(drill.pk)
