"""Practice opened from a class: kept in the session for its members only, its answers carry
the class, count in the class's standings, and the scheduler asks the class's current topics
first (practice never imports classes: the class registers itself with practice)."""

from __future__ import annotations

import random
from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import pytest
from django.utils import timezone

from quizsite.classes.models import MemberTopic, TopicAssignment
from quizsite.practice.choose import pick
from quizsite.practice.models import Response
from tests.factory import (
    add_member,
    linked_question,
    make_classroom,
    make_user,
    practice_wrong_post,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    sensei, aiko = make_user("sensei"), make_user("aiko")
    classroom = make_classroom(sensei, name="Club <i>nights</i>")
    member = add_member(classroom, aiko)
    client.force_login(aiko)
    return classroom, member


def test_practice_opened_from_the_class_is_kept_and_counted_in_it(client, setup):
    classroom, member = setup
    page = client.get(f"/practice/?class={classroom.pk}")
    assert client.session["practice_scope"] == f"class:{classroom.pk}"
    assert "Practising for Club &lt;i&gt;nights&lt;/i&gt;" in page.content.decode()
    url = client.get("/practice/next/")["Location"]
    q = linked_question(url)
    client.post(url, practice_wrong_post(q))
    row = Response.objects.get(user=member.user)
    assert row.scope == f"class:{classroom.pk}"
    assert MemberTopic.objects.filter(member=member, seen=1).exists()
    client.get("/practice/?class=")  # leaves the class
    assert "practice_scope" not in client.session


def test_only_members_practise_in_a_class(client, setup):
    classroom, _ = setup
    client.force_login(make_user("stranger"))
    client.get(f"/practice/?class={classroom.pk}")
    assert "practice_scope" not in client.session
    client.get("/practice/?class=abc")
    assert "practice_scope" not in client.session


def test_the_class_topics_come_first_on_review_turns(client, setup):
    classroom, _ = setup
    TopicAssignment.objects.create(classroom=classroom, topic="wait:kanchan")
    TopicAssignment.objects.create(  # over: no longer asked first
        classroom=classroom,
        topic="yaku:pinfu",
        starts=timezone.localdate() - timedelta(days=9),
        until=timezone.localdate() - timedelta(days=2),
    )
    client.get(f"/practice/?class={classroom.pk}")
    url = client.get("/practice/next/")["Location"]
    assert parse_qs(urlparse(url).query)["topic"] == ["wait:kanchan"]
    client.get("/practice/?class=")
    url = client.get("/practice/next/")["Location"]
    assert "topic" not in parse_qs(urlparse(url).query)  # on one's own: fresh material


def test_the_least_known_set_topic_first_and_fresh_turns_stay_fresh():
    first = ["wait:kanchan", "wait:penchan"]
    now = timezone.now()
    chosen = pick({}, now, turn=0, level="beginner", rng=random.Random(1), first=first)
    assert chosen.topic in first
    fresh = pick({}, now, turn=2, level="beginner", rng=random.Random(1), first=first)
    assert fresh.topic == ""


def test_own_hands_wait_while_practising_for_the_class(client, setup):
    from tests.factory import keep_in_session
    from tests.own_hands import game_with_hands

    classroom, _ = setup
    TopicAssignment.objects.create(classroom=classroom, topic="wait:kanchan")
    game = game_with_hands()
    keep_in_session(client, "game", game.slug, game.edit_token)
    client.post(f"/games/{game.slug}/practise/")  # two of the game's wins are due at once
    client.get(f"/practice/?class={classroom.pk}")
    url = client.get("/practice/next/")["Location"]
    assert url.startswith("/practice/q/") and "topic=wait%3Akanchan" in url
    client.get("/practice/?class=")  # on one's own, the own hands due come first again
    assert client.get("/practice/next/")["Location"].startswith("/practice/own/")
