"""Table questions' topics: what each mode touches, and which topics a wrong answer is charged
to, read from the slip the table verdict names — one row per slip, each answered with exactly
what that slip gives."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from quizsite.practice.table_topics import SLIP_TOPICS, TABLE_TOPICS, TOPIC_MODES
from quizsite.practice.topics import GROUPS, TOPICS, charged, touched
from quizsite.quiz.public import SLIPS, TableQuizQuestion, check, make_question, solve
from quizsite.quiz.table_verdicts import delta_slips, final_slips
from scoring.engine.rules import PRESETS
from tests.factory import deltas_post, final_post, table_right_answer

LEVELS = ("beginner", "intermediate", "advanced")


def questions(mode: str, n: int = 240) -> Iterator[tuple[TableQuizQuestion, Any]]:
    """Table questions of a mode across levels and presets."""
    combos = itertools.cycle(itertools.product(LEVELS, PRESETS))
    for seed in range(1, n + 1):
        level, rules = next(combos)
        q = make_question(seed * 7, {"mode": mode, "level": level, "rules": rules})
        assert isinstance(q, TableQuizQuestion)
        yield q, solve(q)


def attribution(q: TableQuizQuestion, post: dict[str, str]) -> tuple[Any, list[str], list[str]]:
    from quizsite.quiz.public import answer_form

    form = answer_form(q, post)
    assert form.is_valid(), form.errors
    verdict = check(q, form.answer()).verdict
    topics = touched(q, solve(q))
    return verdict, topics, charged(q, topics, verdict, form.answer())


def test_every_slip_a_table_verdict_names_is_charged_somewhere() -> None:
    assert set(SLIP_TOPICS) == set(SLIPS)
    for topics in SLIP_TOPICS.values():
        assert all(t in TOPICS for t in topics)


def test_every_table_topic_is_registered_with_a_mode_that_tests_it() -> None:
    ids = [t[0] for t in TABLE_TOPICS]
    assert set(ids) == set(TOPIC_MODES)
    assert all(TOPICS[t].group in GROUPS for t in ids)
    assert GROUPS["table"] == "Draws, pao and final scores"


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron", "counters", "final"])
def test_a_right_table_answer_credits_what_it_touched_and_charges_nothing(mode: str) -> None:
    met: set[str] = set()
    for q, s in questions(mode, 60):
        verdict, topics, charge = attribution(q, table_right_answer(q, s))
        assert verdict.right and charge == []
        assert topics and all(t in TOPICS for t in topics), q.key
        met |= set(topics)
    assert {t for t, m in TOPIC_MODES.items() if m == mode} & met


def tsumo(q: TableQuizQuestion) -> bool:
    return q.request["end"]["kind"] == "tsumo"


def two_wins(q: TableQuizQuestion) -> bool:
    return len(q.wins) == 2


def nagashi(q: TableQuizQuestion) -> bool:
    return bool(q.nagashi)


SLIP_ROWS: list[tuple[str, str, set[str], Callable[[TableQuizQuestion], bool]]] = [
    # mode, the slip the verdict names, the topics charged, which questions
    ("draw", "noten 1000 per pair", {"draw:noten"}, lambda q: True),
    ("draw", "noten paid the wrong way", {"draw:noten"}, lambda q: True),
    ("draw", "noten 3000 not shared", {"draw:noten"}, lambda q: True),
    ("draw", "draw deposits taken", {"count:deposits_next"}, lambda q: True),
    ("draw", "tenpai misread", {"draw:tenpai"}, lambda q: True),
    ("draw", "riichi deposit left out", {"count:riichi"}, lambda q: True),
    ("draw", "nagashi left out", {"draw:nagashi"}, nagashi),
    ("draw", "nagashi and noten both paid", {"draw:nagashi"}, nagashi),
    ("draw", "nagashi as a win", {"draw:nagashi"}, nagashi),
    ("draw", "nagashi as a draw", {"draw:nagashi"}, nagashi),
    ("pao", "pao ignored", {"pao:tsumo"}, tsumo),
    ("pao", "pao ignored", {"pao:ron"}, lambda q: not tsumo(q)),
    ("pao", "pao paid whole on a ron", {"pao:ron"}, lambda q: True),
    ("pao", "honba left out", {"count:honba"}, lambda q: True),
    ("pao", "deposits not taken", {"count:deposits"}, lambda q: True),
    ("multiron", "head bump ignored", {"ron:head_bump"}, lambda q: True),
    ("multiron", "every ron is paid", {"ron:double"}, two_wins),
    ("multiron", "multiple ron honba", {"ron:honba"}, lambda q: True),
    ("multiron", "deposits to the wrong winner", {"ron:deposits"}, lambda q: True),
    ("multiron", "deposits not taken", {"ron:deposits"}, lambda q: True),
    ("final", "final rounding", {"final:rounding"}, lambda q: True),
    ("final", "oka left out", {"final:oka"}, lambda q: True),
    ("final", "uma left out", {"final:uma"}, lambda q: True),
    ("final", "uma by seat", {"final:uma"}, lambda q: True),
    ("final", "ties", {"final:ties"}, lambda q: True),
    ("final", "leftover deposits", {"final:deposits"}, lambda q: True),
]


@pytest.mark.parametrize(("mode", "slip", "topics", "where"), SLIP_ROWS)
def test_a_named_table_slip_is_charged_to_its_topic_alone(mode, slip, topics, where) -> None:
    found = 0
    for q, s in questions(mode):
        if not where(q):
            continue
        right = s.tenths if q.kind == "final" else s.deltas
        post_of = final_post if q.kind == "final" else deltas_post
        slips = (final_slips if q.kind == "final" else delta_slips)(q, s)
        for candidate in (c for c in slips if c.name == slip):
            value = candidate.value()
            if value is None or value == right:
                continue
            verdict, touched_topics, charge = attribution(q, post_of(value))
            if verdict.slips != (slip,):  # an earlier slip gives the same answer
                continue
            assert set(charge) == topics, (q.key, charge)
            assert topics <= set(touched_topics)
            found += 1
        if found >= 3:
            break
    assert found, f"no {mode} question where {slip!r} is named"


COUNTER_ROWS = [
    # which part is wrong, the topic charged, the hand's end, another topic charged with it
    (0, "count:honba_next", ("ron", "tsumo", "draw"), None),
    (1, "count:deposits_next", ("ron", "tsumo", "draw"), None),
    (2, "count:dealer", ("ron", "tsumo", "draw"), None),
    (2, "count:dealer", ("abortive",), "draw:abortive"),
    (0, "count:honba_next", ("chombo",), "count:chombo"),
]


@pytest.mark.parametrize(("part", "topic", "ends", "also"), COUNTER_ROWS)
def test_a_wrong_counter_is_charged_to_that_counter(part, topic, ends, also) -> None:
    found = 0
    for q, s in questions("counters", 400):
        if q.request["end"]["kind"] not in ends:
            continue
        post = table_right_answer(q, s)
        name = ("honba", "sticks", "dealer")[part]
        post[name] = str((int(post[name]) + 1) % 4)
        verdict, topics, charge = attribution(q, post)
        assert not verdict.right
        assert set(charge) == {topic} | ({also} if also else set()), (q.key, charge)
        found += 1
        if found >= 4:
            break
    assert found


def test_a_table_slip_nothing_names_is_charged_to_all_the_question_touched() -> None:
    for q, s in questions("final", 30):
        off = list(s.tenths)
        off[0] += 1234  # no slip gives this, and the total no longer adds up
        verdict, topics, charge = attribution(q, final_post(off))
        assert verdict.slips in ((), ("scores do not add up",))
        assert charge == topics


@pytest.mark.parametrize("topic", [t[0] for t in TABLE_TOPICS])
def test_practice_can_aim_a_question_at_every_table_topic(topic) -> None:
    import random

    from quizsite.practice.choose import aim

    for seed in range(3):
        pick = aim(topic, random.Random(seed), level="beginner")
        assert pick is not None, (topic, seed)
        assert pick.question.mode == TOPIC_MODES[topic]
        assert topic in touched(pick.question, solve(pick.question))


def test_a_draw_with_nagashi_touches_nagashi_instead_of_the_noten_payments() -> None:
    seen = {True: 0, False: 0}
    for q, s in questions("draw", 240):
        topics = touched(q, solve(q))
        has = bool(q.nagashi)
        seen[has] += 1
        assert ("draw:nagashi" in topics) is has and ("draw:noten" in topics) is not has, q.key
        if has and q.table_rules.nagashi.value == "win":  # it takes the deposits: none left
            assert "count:deposits_next" not in topics
            assert not any(t.reason == "noten payment" for t in s.outcome.transfers)
    assert seen[True] >= 10 and seen[False] >= 100, seen


def test_a_nagashi_topic_is_served_by_practice_within_its_draws() -> None:
    import random

    from quizsite.practice.choose import aim

    for seed in range(8):
        for level in LEVELS:
            pick = aim("draw:nagashi", random.Random(seed), level=level)
            assert pick is not None and pick.question.nagashi, (seed, level)
            assert pick.question.level == level  # found among the learner's own level's draws
