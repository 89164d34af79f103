"""Fresh material follows the learner up the ladder (payments, then fu and han, then whole
hands with counters and draws, then the rarer table ends): plain functions of the topics' state,
and a Beginner playing practice through its pages who misses one kind of question."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

import pytest

from quizsite.practice.choose import pick
from quizsite.practice.ladder import LADDER, fresh_mode, rung_of
from quizsite.practice.mastery import Event, replay
from quizsite.practice.models import Response
from quizsite.practice.topics import touched
from quizsite.quiz.public import TABLE_MODES, solve
from tests.factory import linked_question, practice_right_post, practice_wrong_post

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def knowing(*rungs: int, slip: str = ""):
    """The topics' state of a learner who answered each key topic of `rungs` right twice (and
    then missed `slip`)."""
    keys = [k for n in rungs for k in LADDER[n].keys]
    events = [Event(T0 + timedelta(minutes=i), [k], [], True) for i, k in enumerate(keys * 2)]
    if slip:
        events.append(Event(T0 + timedelta(hours=1), [slip], [slip], False))
    return replay(events)


def fresh_modes_of(states, n=200):
    rng = random.Random(3)
    return Counter(fresh_mode(states, rng) for _ in range(n))


def test_a_newcomer_gets_payments_only():
    assert rung_of({}) == 0
    assert set(fresh_modes_of({})) == {"payment"}


def test_each_rung_opens_once_its_key_topics_are_known_and_the_newest_comes_most():
    assert rung_of(knowing(0)) == 1
    modes = fresh_modes_of(knowing(0))
    assert set(modes) == {"payment", "fu", "han"}
    assert modes["fu"] + modes["han"] > 2 * modes["payment"]
    opened = {"payment", "fu", "han", "full", "counters", "draw"}
    assert set(fresh_modes_of(knowing(0, 1))) == opened
    every = fresh_modes_of(knowing(0, 1, 2), n=600)
    assert set(every) == {"payment", "fu", "han", "full", *TABLE_MODES}
    assert sum(every[m] for m in TABLE_MODES) < sum(every.values()) / 3  # hands still lead


def test_a_slip_on_a_key_topic_holds_the_learner_on_its_rung():
    assert rung_of(knowing(0, 1, slip="fu:tsumo")) == 1
    assert "pao" not in fresh_modes_of(knowing(0, 1, slip="fu:tsumo"))


def test_pick_serves_a_beginner_payments_before_pao_and_full_hands():
    rng = random.Random(8)
    modes = {pick({}, T0, turn=t, level="beginner", rng=rng).question.mode for t in range(12)}
    assert modes == {"payment"}


def test_a_topic_just_missed_is_due_at_once_and_no_longer_once_answered_right():
    missed = replay([Event(T0, ["pay:tsumo"], ["pay:tsumo"], False)])["pay:tsumo"]
    assert missed.is_due(T0) and missed.slipped
    events = [Event(T0, ["pay:tsumo"], ["pay:tsumo"], False)]
    events.append(Event(T0 + timedelta(seconds=30), ["pay:tsumo"], [], True))
    again = replay(events)["pay:tsumo"]
    assert not again.slipped and not again.is_due(T0 + timedelta(minutes=1))
    assert again.is_due(T0 + timedelta(minutes=11))


# A Beginner playing practice through its pages, who misses every tsumo payment.


def is_tsumo_payment(q) -> bool:
    """A tsumo's payment asked, away from the kiriage cells (4 han 30 fu, 3 han 60 fu), where
    every amount moved by 100 can read as a kiriage slip and be charged to the cell instead."""
    if q.mode not in ("payment", "full") or not getattr(q, "tsumo", False):
        return False
    basic = q.solution.settlement.basic
    return (basic.han, basic.fu_rounded) not in ((4, 30), (3, 60))


def play(client, url):
    """Answer the question at `url` as this learner would; the question."""
    q = linked_question(url)
    post = practice_wrong_post(q) if is_tsumo_payment(q) else practice_right_post(q)
    assert client.post(url, post).status_code == 200
    return q


def served(client):
    url = client.get("/practice/next/")["Location"]
    return url, parse_qs(urlparse(url).query).get("topic", [""])[0]


@pytest.mark.django_db
def test_a_beginner_who_misses_the_tsumo_split_gets_it_back_next(client):
    client.get("/practice/next/?level=beginner")  # the level, kept in the session
    for _ in range(30):  # fresh payments until a tsumo comes up and is missed
        url, topic = served(client)
        assert parse_qs(urlparse(url).query)["mode"] == ["payment"], url
        assert not topic  # nothing missed yet: fresh material
        if is_tsumo_payment(play(client, url)):
            break
    else:
        pytest.fail("no tsumo payment in 30 fresh questions")
    missed = Response.objects.latest("answered")
    assert not missed.right and "pay:tsumo" in missed.charged
    # The home page counts what was just missed as due, at once.
    home = client.get("/practice/").content.decode()
    due = int(re.search(r"(\d+) topics? due for review now", home)[1])
    assert due == len(missed.charged)
    # One of the next two questions reviews a topic just missed, and tests it; reviews too
    # come as payments, the only mode this learner is ready for.
    aimed = []
    for _ in range(2):
        url, topic = served(client)
        q = play(client, url)
        aimed.append(topic in missed.charged and topic in touched(q, solve(q)))
        assert q.mode == "payment", url
    assert any(aimed), aimed
