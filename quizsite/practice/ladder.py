"""What fresh material a learner is ready for: the question modes climb a ladder, payments
first, then fu and han, then whole hands with the counters and draws, then the rarer table
ends (multiple ron, final scores, pao).

A rung is climbed once each of its key topics — ones nearly every question of its modes
touches — has been answered right and is known (mastery at least `KNOWN`); answers from the
quiz and drills count too. Fresh material is then half the newest rung's modes and half any
mode open so far, so the basics keep coming back; past the last gate, every mode is open.
Read from the topics' kept state alone (what choosing a question loads anyway).

>>> rung_of({}), fresh_modes({})
(0, ('payment',))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from quizsite.quiz.public import TABLE_MODES

from .mastery import TopicState

KNOWN = 0.7  # a key topic's mastery once it counts as known (one right answer: 0.75)
NEWEST_SHARE = 0.5  # of fresh questions, the share in the newest rung's modes
# Past the last gate: a hand question four times in five, a table question the fifth.
HAND_MODES = ("payment", "fu", "han", "full")
TABLE_SHARE = 0.2


@dataclass(frozen=True)
class Rung:
    modes: tuple[str, ...]
    keys: tuple[str, ...]  # the topics that show it is known (none: the top)


LADDER = (
    Rung(("payment",), ("pay:dealer", "pay:non_dealer", "pay:ron", "pay:tsumo")),
    Rung(
        ("fu", "han"),
        ("fu:menzen_ron", "fu:tsumo", "wait:ryanmen", "yaku:riichi", "yaku:menzen_tsumo"),
    ),
    Rung(("full", "counters", "draw"), ("count:honba_next", "count:dealer", "draw:noten")),
    Rung(("multiron", "final", "pao"), ()),
)


def is_known(state: TopicState | None) -> bool:
    return state is not None and state.right >= 1 and state.mastery >= KNOWN


def rung_of(states: Mapping[str, TopicState]) -> int:
    """The rung the learner stands on: the first whose key topics are not all known."""
    for n, rung in enumerate(LADDER):
        if not all(is_known(states.get(key)) for key in rung.keys):
            return n
    return len(LADDER) - 1


def fresh_modes(states: Mapping[str, TopicState]) -> tuple[str, ...]:
    """Every mode open to the learner, the newest rung's last."""
    top = rung_of(states)
    return tuple(mode for rung in LADDER[: top + 1] for mode in rung.modes)


def fresh_mode(states: Mapping[str, TopicState], rng: random.Random) -> str:
    """The mode of the next fresh question."""
    top = rung_of(states)
    if top == len(LADDER) - 1:
        table = rng.random() < TABLE_SHARE
        return rng.choice(TABLE_MODES if table else HAND_MODES)
    newest = LADDER[top].modes
    return rng.choice(newest if rng.random() < NEWEST_SHARE else fresh_modes(states))
