"""Drill answers are rate-limited per learner (session or account), never per address."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.drills.models import Answer
from tests.factory import make_drill, wrong_post

pytestmark = pytest.mark.django_db


def learner(drill, name: str) -> Client:
    client = Client(REMOTE_ADDR="10.0.0.1")  # the whole class behind one school address
    client.post(f"/d/{drill.code}/", {"name": name})
    return client


def test_a_flood_from_one_learner_is_stopped_with_a_message(settings):
    settings.RATE_ANSWERS = "3/m"
    drill = make_drill(count=5)
    flood = learner(drill, "Bot")
    for n in (1, 2, 3):
        flood.post(f"/d/{drill.code}/{n}/", wrong_post(drill, n))
    response = flood.post(f"/d/{drill.code}/4/", wrong_post(drill, 4))
    assert response.status_code == 200
    assert "faster than anyone can read" in response.content.decode()
    assert Answer.objects.count() == 3


def test_classmates_behind_the_same_address_are_not_blocked(settings):
    settings.RATE_ANSWERS = "3/m"
    drill = make_drill(count=3)
    for i in range(5):
        student = learner(drill, f"Student {i}")
        for n in (1, 2, 3):
            student.post(f"/d/{drill.code}/{n}/", wrong_post(drill, n))
    assert Answer.objects.count() == 15
