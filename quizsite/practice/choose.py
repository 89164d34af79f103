"""Choosing the next practice question: a topic due for review (the weakest first), or fresh
material, and a question that tests it.

Two questions in three review a due topic when there is one (a topic just missed is due at
once, so it comes back within the next two questions); the third, and every question when
nothing is due, is fresh material at the learner's level, in the modes the learner is ready
for (`ladder`: payments first, pao and whole games last), to find new weak spots.
A question for a topic is built around it by the generator's focus where the focus can name
it (a yaku, fu item, wait, limit, table cell, the counters); otherwise — and for the few a
focus cannot meet at the learner's level — questions are drawn until one tests it (a few
milliseconds each). A table topic (a draw, pao, multiple ron, the counters after a hand, final
scores) is met by its table mode's questions, drawn under any preset after the first third of
the draws (the head bump, say, is one only some presets have). A topic nothing reaches is left
for fresh material.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from quizsite.drills.public import builder_url
from quizsite.quiz.public import (
    LEVELS,
    MODES,
    PRESETS,
    AnyQuestion,
    ScoringError,
    make_question,
    solve,
    stored_question,
)
from scoring.engine.generate import Focus, check_focus, generate
from scoring.engine.yaku import YAKU

from .ladder import fresh_mode, fresh_modes
from .mastery import TopicState
from .table_topics import TOPIC_MODES
from .topics import SANMA_TOPICS, TOPICS, touched

FRESH_EVERY = 3  # every third question is fresh material
DRAWS = 150  # questions drawn at most to find one that tests a topic
RULES = "mahjongsoul"
SANMA_RULES = "mahjongsoul_sanma"  # a three-player topic's questions (`topics.SANMA_TOPICS`)


@dataclass(frozen=True)
class Pick:
    question: AnyQuestion
    topic: str  # "" for fresh material
    focused: bool = False  # built by the generator's focus on the topic (see `build`)


def due_topics(states: dict[str, TopicState], now: datetime) -> list[TopicState]:
    """The topics due for review (those just missed among them), the least known (then the
    longest due) first."""
    due = [s for s in states.values() if s.is_due(now) and s.topic in TOPICS]
    return sorted(due, key=lambda s: (s.mastery, s.due))


def modes_for(topic: str) -> tuple[str, ...]:
    """Which question modes test a topic."""
    if topic in TOPIC_MODES:
        return (TOPIC_MODES[topic],)
    kind = topic.split(":")[0]
    return {"fu": ("fu",), "wait": ("fu",), "yaku": ("han", "full")}.get(kind, ("payment", "full"))


def rules_for(topic: str, rng: random.Random, *, n: int) -> str:
    """The preset of the `n`th draw for a topic: practice's own, except that a table topic
    tries every preset after the first third of the draws."""
    if topic in TOPIC_MODES and n >= DRAWS // 3:
        return rng.choice(list(PRESETS))
    return topic_rules(topic)


def topic_rules(topic: str) -> str:
    """Practice's own preset, or its three-player one for a three-player topic."""
    return SANMA_RULES if topic in SANMA_TOPICS else RULES


def levels_from(level: str) -> list[str]:
    """The learner's level first, then the ones above it (some topics only come later)."""
    return list(LEVELS[LEVELS.index(level) :])


# The generator's focus for a topic, where one names it (its fu item ids differ from ours).
FU_FOCUS = {
    "menzen_ron": "closed_ron",
    "open_pinfu": "open_no_fu",
    "pair_dragon": "dragon_pair",
    "pair_seat_wind": "seat_wind_pair",
    "pair_round_wind": "round_wind_pair",
    "pair_double_wind": "double_wind_pair",
}
FOCUS_LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman")


def focus_for(topic: str) -> dict[str, Any] | None:
    """The generator's focus that builds questions testing `topic` (None when none does).

    >>> focus_for("fu:closed_quad_terminals"), focus_for("cell:3-40"), focus_for("pay:ron")
    ({'fu_items': ['concealed_quad_terminals_honours']}, {'han': [3, 3], 'fu': [40, 40]}, None)
    >>> focus_for("fu:pair_seat_wind")  # not open/closed, triplet/quad, simples/terminals
    {'fu_items': ['seat_wind_pair']}
    """
    kind, _, item = topic.partition(":")
    if kind == "fu" and item in (*FU_FOCUS, "tsumo", "seven_pairs"):
        return {"fu_items": [FU_FOCUS.get(item, item)]}
    if kind == "fu" and item.count("_") == 2:  # open/closed, triplet/quad, simples/terminals
        state, what, tiles = item.split("_")
        state = "concealed" if state == "closed" else state
        tiles = "terminals_honours" if tiles == "terminals" else tiles
        return {"fu_items": [f"{state}_{what}_{tiles}"]}
    if kind == "yaku" and item in YAKU:
        return {"yaku": [item]}
    if kind == "wait":
        return {"waits": [item]}
    if kind == "limit" and item in FOCUS_LIMITS:
        return {"limits": [item]}
    if kind == "cell":
        han, fu = (int(n) for n in item.split("-"))
        return {"han": [han, han], "fu": [fu, fu]}
    if topic in ("count:honba", "count:sanma_honba", "count:deposits"):  # on the table as won
        return {"counters": True}
    return None


# The table topics a drill can be made of: those every question of the topic's mode touches
# at this level and preset. Beginner draws give tenpai as a fact (read from the hands only from
# intermediate); beginner multiple rons are double rons; only M-League's preset has the head
# bump; a hand's counters and the final scores' rounding, oka and uma are in every question.
# The rest (noten or nagashi, pao on a tsumo or a ron, triple rons, honba, ties, chombo, ...)
# turn up in some questions only: no drill link for them.
TABLE_DRILLS = {
    "draw:tenpai": ("intermediate", RULES),
    "ron:double": ("beginner", RULES),
    "ron:head_bump": ("beginner", "mleague"),
    "count:honba_next": ("beginner", RULES),
    "count:deposits_next": ("beginner", RULES),
    "count:dealer": ("beginner", RULES),
    "final:oka": ("beginner", RULES),
    "final:uma": ("beginner", RULES),
    "final:rounding": ("beginner", RULES),
}


class DrillPlan(NamedTuple):
    """A drill on a topic: the builder's focus (none for a table mode), mode, level, preset."""

    focus: dict[str, Any]
    mode: str
    level: str
    rules: str = RULES


@cache
def drill_for(topic: str) -> DrillPlan | None:
    """The drill on `topic`: the focus, mode and level whose questions can meet the topic's
    focus (the lowest level, then the first of its modes), or a table topic's own mode where
    every question touches it (None when neither).

    >>> drill_for("fu:open_triplet_terminals")[:3]
    ({'fu_items': ['open_triplet_terminals_honours']}, 'fu', 'intermediate')
    >>> drill_for("ron:head_bump")
    DrillPlan(focus={}, mode='multiron', level='beginner', rules='mleague')
    >>> drill_for("pay:ron") is None, drill_for("draw:noten") is None
    (True, True)
    """
    if topic in TABLE_DRILLS:
        level, rules = TABLE_DRILLS[topic]
        return DrillPlan({}, TOPIC_MODES[topic], level, rules)
    focus = focus_for(topic)
    if focus is None:
        return None
    rules = topic_rules(topic)
    for level in LEVELS:
        for mode in modes_for(topic):
            try:
                check_focus(Focus.from_dict(focus), level=level, mode=mode, rules=rules)
            except ScoringError:
                continue
            return DrillPlan(focus, mode, level, rules)
    return None


def drill_link(topic: str, label: str) -> str:
    """The drill builder filled in for a drill on `topic` ("" when no drill reliably tests it)."""
    plan = drill_for(topic)
    if plan is None:
        return ""
    focus, mode, level, rules = plan
    title = (_("Drill: %(topic)s") % {"topic": label})[:100]
    return builder_url(focus, mode=mode, level=level, rules=rules, title=title)


def build(seed: int, opts: dict[str, str], topic: str = "", *, focus: bool = False) -> AnyQuestion:
    """The question a practice link names: from its seed and options, built around the
    topic's focus when it was (ScoringError when the focus cannot be met)."""
    if not focus:
        return make_question(seed, opts)
    return stored_question(seed, opts, generate(seed, **opts, focus=focus_for(topic)))


def ready_modes(topic: str, ready: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The modes that test `topic`, those the learner is ready for (`ladder`) first.

    >>> ready_modes("pay:tsumo", ("payment",)), ready_modes("pay:tsumo")
    (('payment', 'full'), ('payment', 'full'))
    >>> ready_modes("yaku:pinfu", ("payment", "fu", "han"))
    ('han', 'full')
    """
    modes = modes_for(topic)
    return tuple(sorted(modes, key=lambda m: m not in ready)) if ready else modes


def focused(
    topic: str, rng: random.Random, *, level: str, ready: tuple[str, ...] = ()
) -> AnyQuestion | None:
    """A question built around `topic` by the generator's focus, at the learner's level or
    the first one above it that can meet it, in a mode the learner is ready for when one can."""
    if focus_for(topic) is None:
        return None
    for chosen in levels_from(level):
        for mode in ready_modes(topic, ready):
            seed, opts = rng.randrange(1_000_000), options(mode, chosen, topic_rules(topic))
            try:
                q = build(seed, opts, topic, focus=True)
                if topic in touched(q, solve(q)):
                    return q
            except ScoringError:  # this level or mode cannot meet the focus: the next one
                continue
    return None


def aim(topic: str, rng: random.Random, *, level: str, ready: tuple[str, ...] = ()) -> Pick | None:
    """A question that tests `topic`, or None when none turns up; in a mode the learner is
    ready for (`ready`, from `ladder`) where one tests it (a Beginner's missed tsumo split
    comes back as a payment, not a full hand)."""
    if q := focused(topic, rng, level=level, ready=ready):
        return Pick(q, topic, focused=True)
    modes, levels = ready_modes(topic, ready), levels_from(level)
    own = tuple(m for m in modes if m in ready) or modes
    for n in range(DRAWS):
        # The learner's own level (and ready modes) first; then any level from theirs up and
        # any mode that tests it (some topics, such as quads or kazoe, come only later).
        early = n < DRAWS // 3
        chosen = levels[0] if early else rng.choice(levels)
        opts = options(rng.choice(own if early else modes), chosen, rules_for(topic, rng, n=n))
        q = make_question(rng.randrange(1_000_000), opts)
        try:
            if topic in touched(q, solve(q)):
                return Pick(q, topic)
        except ScoringError:
            continue
    return None


def fresh(
    states: dict[str, TopicState], rng: random.Random, *, level: str, players: int = 4
) -> AnyQuestion:
    """A question at the learner's level in a mode they are ready for (`ladder`), for four
    players or three (`players`: three-player questions of the hand modes only)."""
    mode = fresh_mode(states, rng)
    if players == 3:
        if mode not in MODES:
            mode = rng.choice(MODES)
        return make_question(rng.randrange(1_000_000), options(mode, level, SANMA_RULES))
    return make_question(rng.randrange(1_000_000), options(mode, level))


def options(mode: str, level: str, rules: str = RULES) -> dict[str, str]:
    return {"mode": mode, "level": level, "rules": rules}


def pick(
    states: dict[str, TopicState],
    now: datetime,
    *,
    turn: int,
    level: str,
    rng: random.Random,
    skip: frozenset[str] = frozenset(),
    first: list[str] | None = None,
    players: int = 4,
) -> Pick:
    """The next question: the weakest due topic on review turns, else fresh material.
    `turn` counts the learner's practice answers; `skip` are topics aimed at in vain; `first`
    are the topics set where practice was opened from (a class's): on review turns the least
    known of them comes before any due topic."""
    ready = fresh_modes(states)
    if turn % FRESH_EVERY != FRESH_EVERY - 1:
        for topic in set_first(first or [], states)[:3]:
            if topic in skip:
                continue
            aimed = aim(topic, rng, level=level, ready=ready)
            if aimed is not None:
                return aimed
        for state in due_topics(states, now)[:3]:
            if state.topic in skip:
                continue
            aimed = aim(state.topic, rng, level=level, ready=ready)
            if aimed is not None:
                return aimed
    return Pick(fresh(states, rng, level=level, players=players), "")


def set_first(topics: list[str], states: dict[str, TopicState]) -> list[str]:
    """The topics set to come first, the least known (never met: ½) first."""
    known = [t for t in dict.fromkeys(topics) if t in TOPICS]
    return sorted(known, key=lambda t: states[t].mastery if t in states else 0.5)
