"""Bounds on who may start a drill: new attempts per drill and client address per hour
(`TENBO_RATE_ATTEMPTS`), the instructor's cap on students, and one name per student."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.drills.models import Attempt
from tests.factory import make_drill, make_user

pytestmark = pytest.mark.django_db


def start(drill, name: str, **meta) -> object:
    client = Client(**({"REMOTE_ADDR": "10.0.0.1"} | meta))
    return client.post(f"/d/{drill.code}/", {"name": name})


def test_new_attempts_from_one_address_are_bounded_with_the_reason_in_the_page(settings):
    settings.TENBO_RATE_ATTEMPTS = "3/h"
    drill = make_drill(count=1)
    for i in range(3):
        assert start(drill, f"Student {i}").status_code == 302
    refused = start(drill, "Fake 4")
    page = refused.content.decode()
    assert refused.status_code == 429
    assert "Too many students have started this drill from your network" in page
    assert "<form" in page and "Fake 4" in page  # the page itself, the name kept
    assert Attempt.objects.filter(drill=drill).count() == 3


def test_the_bound_is_per_drill_and_per_address(settings):
    settings.TENBO_RATE_ATTEMPTS = "2/h"
    drill, other = make_drill(count=1), make_drill(make_user("other"), count=1)
    for i in range(2):
        start(drill, f"S{i}")
    assert start(drill, "Next").status_code == 429
    assert start(other, "Next").status_code == 302  # another drill
    assert start(drill, "Next", REMOTE_ADDR="10.0.0.2").status_code == 302  # another school


def test_behind_a_proxy_the_bound_keys_on_the_forwarded_client(settings):
    settings.TENBO_RATE_ATTEMPTS = "1/h"
    settings.TENBO_TRUSTED_PROXIES = 1
    drill = make_drill(count=1)
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    assert start(drill, "A", HTTP_X_FORWARDED_FOR="203.0.113.1", **proxy).status_code == 302
    assert start(drill, "B", HTTP_X_FORWARDED_FOR="203.0.113.2", **proxy).status_code == 302
    # A forged entry before the proxy's own does not make a new client.
    forged = "198.51.100.7, 203.0.113.1"
    assert start(drill, "C", HTTP_X_FORWARDED_FOR=forged, **proxy).status_code == 429


def test_the_instructors_cap_turns_newcomers_away_and_says_why():
    drill = make_drill(count=1, max_students=2)
    assert start(drill, "One").status_code == 302
    assert start(drill, "Two", REMOTE_ADDR="10.0.0.2").status_code == 302
    late = Client(REMOTE_ADDR="10.0.0.3")
    page = late.get(f"/d/{drill.code}/").content.decode()
    assert "This drill is full" in page and "at most 2 students" in page
    assert (
        "This drill is full" in late.post(f"/d/{drill.code}/", {"name": "Three"}).content.decode()
    )
    assert Attempt.objects.filter(drill=drill).count() == 2


def test_the_model_refuses_a_start_past_the_cap():
    drill = make_drill(count=1, max_students=1)
    from tests.factory import make_attempt

    assert make_attempt(drill, "One") is not None
    assert make_attempt(drill, "Two") is None


def test_the_cap_is_set_in_the_drill_form(client):
    client.force_login(make_user("sensei"))
    data = {
        "title": "Capped",
        "count": "1",
        "mode": "payment",
        "level": "beginner",
        "rules": "mahjongsoul",
        "explain": "each",
        "max_students": "40",
    }
    client.post("/drills/new/", data)
    from quizsite.drills.models import Drill

    assert Drill.objects.get(title="Capped").max_students == 40
    page = client.post("/drills/new/", data | {"max_students": "0"}).content.decode()
    assert "At most 1 to 5000 students, or empty for no cap." in page


def test_a_second_student_of_the_same_name_is_asked_to_make_it_distinct():
    drill = make_drill(count=1)
    assert start(drill, "Aiko").status_code == 302
    again = start(drill, "  aiko ", REMOTE_ADDR="10.0.0.2")
    page = again.content.decode()
    assert again.status_code == 200
    assert "Someone in this drill is already called aiko" in page and "aiko 2" in page
    assert start(drill, "Aiko T.", REMOTE_ADDR="10.0.0.2").status_code == 302
    assert sorted(Attempt.objects.values_list("name", flat=True)) == ["Aiko", "Aiko T."]
