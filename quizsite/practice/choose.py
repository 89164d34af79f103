"""Choosing the next practice question: a topic due for review (the weakest first), or fresh
material, and a question that tests it.

Two questions in three review a due topic when there is one; the third, and every question
when nothing is due, is fresh material (any mode, the learner's level) to find new weak spots.
A question for a topic is found by drawing questions until one tests it (a few milliseconds
each); a topic the generator's options cannot reach at all is left for fresh material.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

from quizsite.quiz.public import LEVELS, Question, ScoringError, make_question, solve

from .mastery import TopicState
from .topics import TOPICS, touched

FRESH_EVERY = 3  # every third question is fresh material
DRAWS = 150  # questions drawn at most to find one that tests a topic
RULES = "mahjongsoul"
FRESH_MODES = ("payment", "fu", "han", "full")


@dataclass(frozen=True)
class Pick:
    question: Question
    topic: str  # "" for fresh material


def due_topics(states: dict[str, TopicState], now: datetime) -> list[TopicState]:
    """The topics due for review, the least known (then the longest due) first."""
    due = [s for s in states.values() if s.is_due(now) and s.topic in TOPICS]
    return sorted(due, key=lambda s: (s.mastery, s.due))


def modes_for(topic: str) -> tuple[str, ...]:
    """Which question modes test a topic."""
    kind = topic.split(":")[0]
    return {"fu": ("fu",), "wait": ("fu",), "yaku": ("han",)}.get(kind, ("payment", "full"))


def levels_from(level: str) -> list[str]:
    """The learner's level first, then the ones above it (some topics only come later)."""
    return list(LEVELS[LEVELS.index(level) :])


def aim(topic: str, rng: random.Random, *, level: str) -> Question | None:
    """A question that tests `topic`, or None when none turns up."""
    modes, levels = modes_for(topic), levels_from(level)
    for n in range(DRAWS):
        # The learner's own level first; then any level from theirs up (some topics, such as
        # quads or kazoe, come only later).
        chosen = levels[0] if n < DRAWS // 3 else rng.choice(levels)
        q = make_question(rng.randrange(1_000_000), options(rng.choice(modes), chosen))
        try:
            if topic in touched(q, solve(q)):
                return q
        except ScoringError:
            continue
    return None


def fresh(rng: random.Random, *, level: str) -> Question:
    return make_question(rng.randrange(1_000_000), options(rng.choice(FRESH_MODES), level))


def options(mode: str, level: str) -> dict[str, str]:
    return {"mode": mode, "level": level, "rules": RULES}


def pick(
    states: dict[str, TopicState],
    now: datetime,
    *,
    turn: int,
    level: str,
    rng: random.Random,
    skip: frozenset[str] = frozenset(),
) -> Pick:
    """The next question: the weakest due topic on review turns, else fresh material.
    `turn` counts the learner's practice answers; `skip` are topics aimed at in vain."""
    if turn % FRESH_EVERY != FRESH_EVERY - 1:
        for state in due_topics(states, now)[:3]:
            if state.topic in skip:
                continue
            q = aim(state.topic, rng, level=level)
            if q is not None:
                return Pick(q, state.topic)
    return Pick(fresh(rng, level=level), "")
