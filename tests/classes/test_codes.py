"""Class codes cannot be enumerated: codes that name no class are limited per client address
(TENBO_RATE_WRONG_CODES), on every door that takes a code; past the limit no code is looked up,
so even a right one shows no class and no student's name."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.classes import students

from .helpers import make_class

pytestmark = pytest.mark.django_db

WRONG = ["ZZZZZZ", "YYYYYY", "XXXXXX", "WWWWWW"]


def doors(code: str) -> list[tuple[str, dict[str, str]]]:
    return [
        ("/classes/join/", {"code": code}),
        ("/classes/sign-in/", {"code": code}),
        (f"/classes/join/{code}/", {}),
    ]


@pytest.mark.parametrize("door", range(3))
def test_wrong_codes_from_one_address_are_limited_then_nothing_is_looked_up(settings, door):
    settings.RATE_WRONG_CODES = "3/h"
    classroom = make_class()
    students.add(classroom, ["Aiko"])
    guesser = Client(REMOTE_ADDR="198.51.100.7")
    for code in WRONG[:3]:
        path, query = doors(code)[door]
        assert guesser.get(path, query).status_code in (200, 404)
    path, query = doors(WRONG[3])[door]
    assert guesser.get(path, query).status_code == 429
    path, query = doors(classroom.code)[door]
    refused = guesser.get(path, query)  # the right code: refused all the same
    html = refused.content.decode()
    assert refused.status_code == 429 and "Too many class codes" in html
    assert "Aiko" not in html and "Thursday beginners" not in html
    # The class, from its own address, still finds it.
    student = Client(REMOTE_ADDR="203.0.113.5")
    assert student.get(path, query).status_code in (200, 302)
    page = student.get("/classes/sign-in/", {"code": classroom.code}).content.decode()
    assert ">Aiko</option>" in page


def test_right_codes_do_not_count(settings):
    settings.RATE_WRONG_CODES = "3/h"
    classroom = make_class()
    class_at_school = Client(REMOTE_ADDR="203.0.113.5")  # thirty students behind one router
    for _ in range(30):
        assert class_at_school.get("/classes/sign-in/", {"code": classroom.code}).status_code == 200
    assert class_at_school.get(f"/classes/join/{classroom.code}/").status_code == 200
