"""Every URL pattern of the site, and every form its pages show, tried with a NUL character (in
the path, the query, every posted field) and with PUT, PATCH and DELETE: never a 500. A NUL is
refused at the door with a 400 that says why (quizsite/guards.py), the same on SQLite and on
PostgreSQL (which cannot store or compare one: `make test-db` runs this file there); a method
no page takes answers 405 with the methods it does.

The paths are the site's own patterns, filled with the objects of a small world (a class with
an added student, a drill, a game, a club, a saved rule set), so each page is reached as its
owner reaches it (a superuser owns them all, the admin included)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from quizsite.classes import students
from quizsite.classes.models import Assignment, Classroom, TopicAssignment
from quizsite.games.models import Club, SavedRules
from tests.factory import make_drill, make_game, make_user

pytestmark = pytest.mark.django_db

PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")
REGEX = re.compile(r"[\^$(?]")
NUL = "\x00"


def patterns(resolver=None, prefix: str = "") -> Iterator[str]:
    """Every route of the site as written ("classes/<int:pk>/roster/"); the admin's catch-alls
    written as regular expressions are left out (they answer 404 or redirect)."""
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            yield from patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern) and not REGEX.search(str(p.pattern)):
            yield prefix + str(p.pattern)


@pytest.fixture
def world() -> dict[str, str]:
    owner = make_user("owner", is_staff=True, is_superuser=True)
    co = make_user("co")
    drill = make_drill(owner)
    classroom = Classroom.objects.create(owner=owner, name="Thursday")
    classroom.instructors.add(co)
    ((member, _pin),) = students.add(classroom, ["Aiko"])
    assignment = Assignment.objects.create(classroom=classroom, drill=drill)
    topic = TopicAssignment.objects.create(classroom=classroom, topic="fu")
    game = make_game()
    game.owner = owner
    game.save()
    club = Club.objects.create(name="Thursday club", owner=owner)
    rules = SavedRules.objects.create(name="House", owner=owner, rules={"preset": "tenhou"})
    return {
        "pk": str(classroom.pk),
        "member_pk": str(member.pk),
        "user_pk": str(co.pk),
        "assignment_pk": str(assignment.pk),
        "topic_pk": str(topic.pk),
        "student_pk": str(member.pk),
        "classes/s/token": member.sign_in_token,
        "classes/join/code": classroom.code,
        "code": drill.code,
        "games/token": game.edit_token,
        "games/clubs/slug": club.slug,
        "games/rules/slug": rules.slug,
        "slug": game.slug,
        "seed": "123456",
        "object_id": str(owner.pk),
        "id": str(owner.pk),
        "content_type_id": "1",
        "uidb64": "MQ",
        "token": "set-password",
        "rest": "nothing",
    }


def filled(route: str, world: dict[str, str], *, nul: bool = False) -> str:
    """The route with each parameter given its world value (the last one with a NUL)."""
    found = list(PARAM.finditer(route))

    def value(index: int, match: re.Match[str]) -> str:
        name = match.group(2)
        before = route[: match.start()]
        scoped = [
            k
            for k in world
            if "/" in k and k.endswith("/" + name) and k.rsplit("/", 1)[0] in before
        ]
        text = world[max(scoped, key=len)] if scoped else world.get(name, "1")
        return text + NUL if nul and index == len(found) - 1 else text

    path = route
    for index, match in reversed(list(enumerate(found))):
        path = path[: match.start()] + value(index, match) + path[match.end() :]
    return "/" + path


def field_names(html: str) -> set[str]:
    return set(re.findall(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', html))


def test_every_pattern_and_form_with_a_nul_and_every_method_never_answers_500(world):
    owner = Client(raise_request_exception=False)
    owner.force_login(Classroom.objects.get().owner)
    visitor = Client(raise_request_exception=False)
    seen: list[tuple[str, str, int]] = []
    routes = sorted(set(patterns()))
    assert len(routes) > 100 and "classes/s/<str:token>/" in routes
    for route in routes:
        path = filled(route, world)
        for client in (owner, visitor):
            page = client.get(path)
            seen.append(("GET", path, page.status_code))
            readable = page.status_code == 200 and not page.streaming
            html = page.content.decode(errors="replace") if readable else ""
            names = field_names(html) - {"csrfmiddlewaretoken"} or {"name", "code", "q"}
            if PARAM.search(route):
                broken = filled(route, world, nul=True)
                seen.append(("GET", broken, client.get(broken).status_code))
            nul_query = client.get(path, {name: f"x{NUL}y" for name in names})
            seen.append(("GET?", path, nul_query.status_code))
            assert nul_query.status_code == 400, (path, nul_query.status_code)
            posted = client.post(path, {name: f"x{NUL}y" for name in names})
            seen.append(("POST", path, posted.status_code))
            for method in ("put", "patch", "delete"):
                answered = getattr(client, method)(path)
                seen.append((method.upper(), path, answered.status_code))
                if answered.status_code != 404 and not path.startswith("/api/"):
                    assert answered.status_code == 405 and answered["Allow"], (method, path)
                    assert "GET" in answered["Allow"] or "POST" in answered["Allow"]
    errors = [s for s in seen if s[2] >= 500]
    assert not errors, errors
    assert len(seen) > 1000


def test_a_nul_in_a_form_is_refused_with_a_message_in_the_pages_language(client):
    response = client.post("/ja/classes/join/", {"code": f"AB{NUL}CD"})
    assert response.status_code == 400 and "NUL" in response.content.decode()
    assert '<html lang="ja"' in response.content.decode()
    api = client.get("/api/v1/points", {"han": f"3{NUL}"})
    assert api.status_code == 400 and "NUL" in api.json()["error"]


def test_a_cookie_with_a_nul_is_dropped_not_looked_up(client, settings):
    client.cookies[settings.SESSION_COOKIE_NAME] = f"abcdefgh{NUL}ijkl"
    assert client.get("/progress/").status_code == 200


def test_the_methods_a_page_takes_are_named():
    client = Client()
    assert client.put("/classes/join/")["Allow"] == "GET, HEAD"
    assert client.delete("/accounts/signup/")["Allow"] == "GET, POST, HEAD"
    assert client.patch("/classes/1/switch/")["Allow"] == "POST"
    assert client.put("/api/v1/score").status_code == 405  # the API's own, in JSON
