"""Practice and progress pages: a question aimed at a weak spot with its reason, answers
recorded, the progress page's picture, the export and deletion."""

from __future__ import annotations

import csv
import io
import re

import pytest

from quizsite.practice.models import Response
from tests.factory import (
    linked_question,
    make_user,
    post_answer,
    practice_right_post,
    practice_wrong_post,
    question,
)

pytestmark = pytest.mark.django_db


def follow_next(client, **params):
    response = client.get("/practice/next/", params)
    assert response.status_code == 302
    return response["Location"]


def test_it_starts_with_fresh_material_and_says_so(client):
    page = client.get(follow_next(client, level="beginner")).content.decode()
    assert "Fresh material" in page and 'name="csrfmiddlewaretoken"' in page


def test_it_records_a_practice_answer_and_shows_the_quizs_verdict(client):
    url = follow_next(client)
    response = client.post(url, practice_wrong_post(linked_question(url)))
    assert "Not quite" in response.content.decode()
    row = Response.objects.get()
    assert row.source == "practice" and not row.right


def test_practise_this_builds_a_question_around_the_topic(client):
    topic = "fu:open_quad_terminals"  # never at beginner level: the focus goes up a level
    url = follow_next(client, topic=topic, level="beginner")
    assert "focused=1" in url and f"topic={topic.replace(':', '%3A')}" in url
    q = linked_question(url)
    assert "level=beginner" not in url
    client.post(url, practice_wrong_post(q))
    row = Response.objects.get()
    assert topic in row.topics and row.request == q.request


def test_it_brings_a_missed_topic_back_with_the_reason(client, monkeypatch):
    q = question(3, "fu")
    post_answer(client, q, right=False)
    charged = Response.objects.get().charged
    assert charged
    # A minute later the missed topic is due; the next practice question reviews it.
    from datetime import timedelta

    from quizsite.practice.state import rebuild_all

    Response.objects.update(answered=Response.objects.get().answered - timedelta(minutes=2))
    rebuild_all()  # the history rewritten under the kept state: replayed
    url = follow_next(client)
    assert "topic=" in url
    page = client.get(url).content.decode()
    why = re.search(r"<p class=\"why[^>]*>(.*?)</p>", page, re.S)[1]
    assert "You missed" in why and "once" in why, why


def test_it_refuses_a_broken_link_with_a_message(client):
    response = client.get("/practice/q/123/?mode=nonsense&level=beginner&rules=mahjongsoul")
    assert response.status_code == 200 and "names no question" in response.content.decode()


def test_it_shows_progress_as_a_table_bars_and_a_chart(client):
    for seed, right in ((5, True), (6, False), (7, True), (8, True)):
        post_answer(client, question(seed, "payment"), right=right)
    page = client.get("/progress/").content.decode()
    assert "4 questions answered, 3 right" in page
    assert "<svg" in page and "<polyline" in page
    assert re.search(r'<td class="cell-(good|fair|weak)">\d+%', page)
    assert "Missed most" in page and "The last one explained" in page


def test_it_explains_a_missed_answer_again(client):
    post_answer(client, question(9, "fu"), right=False)
    row = Response.objects.get()
    page = client.get(f"/progress/answers/{row.pk}/").content.decode()
    assert "Not quite" in page and row.expected in page


def test_it_exports_the_history_as_safe_csv(client):
    post_answer(client, question(10, "fu"), right=False)
    Response.objects.update(given='=HYPERLINK("http://x")', ref="+cmd")
    response = client.get("/progress/export.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][0].startswith("answered") and len(rows) == 2
    assert rows[1][2] == "'+cmd" and rows[1][6].startswith("'=")


def test_it_deletes_an_account_with_its_answers_after_confirmation(client):
    user = make_user("aiko")
    client.force_login(user)
    post_answer(client, question(14, "fu"))
    assert client.post("/progress/delete/", {}).status_code == 200  # not confirmed
    assert Response.objects.count() == 1
    response = client.post("/progress/delete/", {"confirm": "yes"})
    assert response.status_code == 302
    assert not Response.objects.exists()
    from django.contrib.auth.models import User

    assert not User.objects.filter(username="aiko").exists()


def test_it_deletes_a_browsers_answers(client):
    post_answer(client, question(15, "fu"))
    client.post("/progress/delete/", {"confirm": "yes"})
    assert not Response.objects.exists()


def test_right_post_is_right(client):
    q = question(16, "han")
    post_answer(client, q)
    assert Response.objects.get().right and practice_right_post(q)
