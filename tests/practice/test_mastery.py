"""Mastery and the review schedule, as plain functions of a learner's answers."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from quizsite.practice.choose import FRESH_EVERY, pick
from quizsite.practice.mastery import Event, replay

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TOPIC = "fu:closed_triplet_terminals"


def answer(when, right, topic=TOPIC):
    return Event(when, [topic], [] if right else [topic], right)


def test_a_topic_answered_right_comes_back_later_than_one_answered_wrong():
    right = replay([answer(T0, True)])[TOPIC]
    wrong = replay([answer(T0, False)])[TOPIC]
    assert wrong.due < right.due
    assert wrong.due - T0 <= timedelta(minutes=1)


def test_intervals_grow_with_each_right_answer_at_its_due_time():
    events, intervals, when = [], [], T0
    for _ in range(6):
        events.append(answer(when, True))
        state = replay(events)[TOPIC]
        intervals.append(state.interval)
        when = state.due
    assert intervals == sorted(intervals) and len(set(intervals)) == len(intervals)
    assert intervals[-1] > timedelta(days=7)


def test_a_slip_brings_a_learnt_topic_back_soon():
    events, when = [], T0
    for _ in range(4):
        events.append(answer(when, True))
        when = replay(events)[TOPIC].due
    events.append(answer(when, False))
    assert replay(events)[TOPIC].interval <= timedelta(minutes=1)


def test_a_wrong_answer_charges_only_its_charged_topics_and_a_right_one_credits_all():
    events = [
        Event(T0, ["a", "b", "c"], ["b"], False),
        Event(T0 + timedelta(minutes=1), ["a", "c"], [], True),
    ]
    states = replay(events)
    assert (states["b"].missed, states["b"].seen) == (1, 1)
    assert (states["a"].right, states["a"].seen) == (1, 1)


def test_mastery_weighs_recent_answers_more_and_says_how_sure_it_is():
    def mastery(rights):
        events = [answer(T0 + timedelta(minutes=i), r) for i, r in enumerate(rights)]
        return replay(events)[TOPIC]

    improving, slipping = mastery([0, 0, 1, 1]), mastery([1, 1, 0, 0])
    assert improving.mastery > 0.5 > slipping.mastery
    assert mastery([1]).sureness == "a first guess"
    assert mastery([0, 1]).sureness == "a rough estimate"
    assert mastery([1] * 8).sureness == "a firm estimate" and mastery([1] * 8).mastery > 0.8


def test_nothing_due_brings_fresh_material():
    states = replay([answer(T0, True)])  # due ten minutes later
    chosen = pick(states, T0 + timedelta(minutes=1), turn=0, level="beginner", rng=random.Random(1))
    assert chosen.topic == ""


def test_a_due_topic_is_reviewed_except_on_fresh_turns():
    states = replay([answer(T0, False, "wait:kanchan")])
    later = T0 + timedelta(minutes=2)
    turns = {
        t: pick(states, later, turn=t, level="beginner", rng=random.Random(t)).topic
        for t in range(FRESH_EVERY)
    }
    assert turns[0] == turns[1] == "wait:kanchan" and turns[FRESH_EVERY - 1] == ""


def test_a_topic_is_aimed_at_through_the_generators_focus_even_above_the_learners_level():
    from quizsite.practice.choose import aim, focus_for, focused
    from quizsite.practice.topics import TOPICS

    assert focus_for("fu:closed_quad_terminals") == {
        "fu_items": ["concealed_quad_terminals_honours"]
    }
    rng = random.Random(5)
    for topic in ("fu:open_quad_terminals", "wait:penchan", "cell:3-40", "yaku:daisangen"):
        q = focused(topic, rng, level="beginner")
        assert q is not None, topic
    assert all(aim(t, rng, level="intermediate") for t in ("pay:ron", "yaku:dora"))  # by search
    assert len([t for t in TOPICS if focus_for(t)]) > 100
