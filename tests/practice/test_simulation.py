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
from tests.factory import right_answer

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
STEP = timedelta(seconds=45)  # a question takes about this long
MISSED = "fu:closed_triplet_terminals"  # 8 fu for a concealed triplet of terminals or honours


def wrong_answer(q, s):
    """This learner's answer when the hand has the item they always forget."""
    if q.mode == "fu":
        return {"fu": str(s.fu_raw - 8)}
    return {k: str(int(v) + 100) for k, v in right_answer(q, s).items()}


def practise(learner, count, *, warm_up=10, seed=7, history=()):
    """Answer `warm_up` + `count` practice questions after `history`; the topics of the last
    `count`."""
    rng, events, seen = random.Random(seed), list(history), []
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


def first_miss(learner, q, topic):
    """The event of the learner's first answer to `q` (in the quiz, before practising),
    which they miss on `topic`."""
    s = solve(q)
    topics = touched(q, s)
    form = answer_form(q, learner(q, s, topics))
    assert form.is_valid(), form.errors
    verdict = check(q, form.answer()).verdict
    event = Event(T0 - STEP, topics, charged(q, topics, verdict, form.answer()), verdict.right)
    assert topic in event.charged, event
    return event


def test_a_learner_who_always_misses_one_fu_item_sees_it_a_third_of_the_time():
    from tests.factory import find

    def learner(q, s, topics):
        return wrong_answer(q, s) if MISSED in topics else right_answer(q, s)

    q, _ = find("fu", where=lambda q, s: MISSED in touched(q, s))
    seen = practise(learner, 30, warm_up=0, history=[first_miss(learner, q, MISSED)])
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


NOTEN = "draw:noten"


def noten_slip(q, s):
    """This learner's answer to a draw: the noten payments the wrong way round (or, where no
    one pays, someone paid anyway)."""
    from quizsite.quiz.table_verdicts import delta_slips
    from tests.factory import deltas_post

    for slip in delta_slips(q, s):
        if slip.name.startswith("noten") and (value := slip.value()) not in (None, s.deltas):
            return deltas_post(value)
    return deltas_post(d + (1500 if i == 0 else -1500 if i == 1 else 0)
                       for i, d in enumerate(s.deltas))  # fmt: skip


def test_a_learner_who_always_misses_noten_payments_meets_them_a_third_of_the_time():
    from quizsite.quiz.public import make_question

    def learner(q, s, topics):
        return noten_slip(q, s) if NOTEN in topics else right_answer(q, s)

    # The learner first missed the noten payments of a draw in the quiz.
    q = make_question(5, {"mode": "draw", "level": "intermediate", "rules": "mahjongsoul"})
    seen = practise(learner, 30, warm_up=0, history=[first_miss(learner, q, NOTEN)])
    with_noten = sum(NOTEN in topics for _, _, topics in seen)
    assert with_noten >= 10, with_noten
