"""The instructor removes one student's attempt (after a confirmation) and closes or opens the
drill from the results page."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from quizsite.drills.models import Answer, Attempt
from tests.factory import make_answer, make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def drill():
    return make_drill(owner=make_user("owner"), count=2)


@pytest.fixture
def bot(drill):
    attempt = make_attempt(drill, name="Spam Bot")
    make_answer(attempt, 1), make_answer(attempt, 2, right=False)
    return attempt


def remove_url(drill, attempt) -> str:
    return f"/drills/{drill.code}/results/{attempt.pk}/remove/"


def csv_names(client, drill) -> set[str]:
    response = client.get(f"/drills/{drill.code}/results.csv")
    text = b"".join(response.streaming_content).decode()
    return {row[0] for row in list(csv.reader(io.StringIO(text)))[1:]}


def test_the_owner_removes_an_attempt_after_confirming(client, drill, bot):
    aiko = make_attempt(drill, name="Aiko")
    make_answer(aiko, 1)
    client.force_login(drill.owner)
    board = client.get(f"/drills/{drill.code}/results/").content.decode()
    assert remove_url(drill, bot) in board
    confirm = client.get(remove_url(drill, bot))
    page = confirm.content.decode()
    assert confirm.status_code == 200 and "Remove Spam Bot from this drill?" in page
    assert "2 answers" in page and Attempt.objects.filter(pk=bot.pk).exists()  # GET keeps it
    done = client.post(remove_url(drill, bot))
    assert done.status_code == 302 and done["Location"].endswith("/results/?removed=1")
    assert not Attempt.objects.filter(pk=bot.pk).exists()
    assert not Answer.objects.filter(attempt_id=bot.pk).exists()
    board = client.get(done["Location"]).content.decode()
    assert "The attempt was removed" in board
    assert "Spam Bot" not in board and "Aiko" in board and "1 student · 1 answer" in board
    assert csv_names(client, drill) == {"Aiko"}


@pytest.mark.parametrize("kind", ["other", "anonymous", "student"])
def test_nobody_else_may_remove_an_attempt(drill, bot, kind):
    client = Client()
    if kind == "other":
        client.force_login(make_user("other"))
    elif kind == "student":
        client.post(f"/d/{drill.code}/", {"name": "Student"})
    assert client.get(remove_url(drill, bot)).status_code == 404
    assert client.post(remove_url(drill, bot)).status_code == 404
    assert Attempt.objects.filter(pk=bot.pk).exists()


def test_an_attempt_of_another_drill_is_not_found(client, drill):
    other = make_drill(owner=make_user("rival"), count=1)
    theirs = make_attempt(other, name="Theirs")
    client.force_login(drill.owner)
    assert client.post(remove_url(drill, theirs)).status_code == 404
    assert Attempt.objects.filter(pk=theirs.pk).exists()


def test_the_owner_closes_and_reopens_from_the_results(client, drill):
    client.force_login(drill.owner)
    page = client.get(f"/drills/{drill.code}/results/").content.decode()
    assert "Close the drill" in page
    closed = client.post(f"/drills/{drill.code}/open/", {"open": "0", "back": "results"})
    assert closed["Location"] == f"/drills/{drill.code}/results/"
    page = client.get(closed["Location"]).content.decode()
    assert "· closed" in page and "Open the drill again" in page
    newcomer = Client().get(f"/d/{drill.code}/").content.decode()
    assert "This drill is closed" in newcomer
    client.post(f"/drills/{drill.code}/open/", {"open": "1", "back": "results"})
    drill.refresh_from_db()
    assert drill.is_open
