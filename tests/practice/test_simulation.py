"""Simulated learners practising: the schedule, the attribution and the question finder
together, answers judged by the quiz's own check (no database: the pure pieces)."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

from quizsite.practice.choose import pick
from quizsite.practice.mastery import Event, replay
from quizsite.practice.topics import charged, touched
from quizsite.quiz.public import answer_form, check, solve
from tests.quiz.factory import right_answer

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
STEP = timedelta(seconds=45)  # a question takes about this long
MISSED = "fu:closed_triplet_terminals"  # 8 fu for a concealed triplet of terminals or honours


def wrong_answer(q, s):
    """This learner's answer when the hand has the item they always forget."""
    if q.mode == "fu":
        return {"fu": str(s.fu_raw - 8)}
    return {k: str(int(v) + 100) for k, v in right_answer(q, s).items()}


def practise(learner, count, *, warm_up=10, seed=7):
    """Answer `warm_up` + `count` practice questions; the topics of the last `count`."""
    rng, events, seen = random.Random(seed), [], []
    for turn in range(warm_up + count):
        now = T0 + turn * STEP
        chosen = pick(replay(events), now, turn=turn, level="intermediate", rng=rng)
        q = chosen.question
        s = solve(q)
        topics = touched(q, s)
        form = answer_form(q, learner(q, s, topics))
        assert form.is_valid(), form.errors
        verdict = check(q, form.answer()).verdict
        events.append(Event(now, topics, charged(q, topics, verdict, form.answer()), verdict.right))
        if turn >= warm_up:
            seen.append((q, chosen.topic, topics))
    return seen


def test_a_learner_who_always_misses_one_fu_item_sees_it_a_third_of_the_time():
    def learner(q, s, topics):
        return wrong_answer(q, s) if MISSED in topics else right_answer(q, s)

    seen = practise(learner, 30)
    with_item = sum(MISSED in topics for _, _, topics in seen)
    assert with_item >= 10, with_item


def test_a_learner_who_knows_everything_gets_varied_questions():
    seen = practise(lambda q, s, topics: right_answer(q, s), 30)
    modes = Counter(q.mode for q, _, _ in seen)
    topics = {t for _, _, ts in seen for t in ts}
    aimed = Counter(topic for _, topic, _ in seen if topic)
    assert len({q.key for q, _, _ in seen}) == 30
    assert len(modes) >= 3 and len(topics) >= 25
    assert not aimed or max(aimed.values()) <= 2
