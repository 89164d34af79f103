"""Mastery and review, per topic, replayed from the learner's answers: `replay` is the
definition; `state.py` keeps its result per learner and topic, one answer at a time, and
rebuilds it from the replay (`manage.py rebuild_practice_state`) when the model changes.

- Mastery: the share of right answers with each answer weighing `DECAY` times the one after
  it, pulled towards ½ by one imaginary half-right answer; how sure it is grows with the
  weight of the evidence (few or old answers: a rough estimate).
- Review: each topic is a card of the FSRS scheduler (`fsrs` package): a right answer rates it
  Good, a wrong one charged to it Again. A topic whose last answer was a slip is due at once,
  whatever the clock (practice brings it back within the next few questions); a right answer
  then puts it 10 minutes out (learning steps of 1 and 10 minutes), and once learnt each
  right answer pushes it out further (days, then weeks), as FSRS's stability grows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.utils.translation import gettext as _
from fsrs import Card, Rating, Scheduler, State

DECAY = 0.8  # each older answer weighs 0.8 of the next one
PRIOR = 1.0  # the weight of the imaginary half-right answer
SCHEDULER = Scheduler(
    learning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
    relearning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
    enable_fuzzing=False,  # the same history always gives the same schedule
)


@dataclass(frozen=True)
class Event:
    """One answer, as mastery needs it."""

    when: datetime
    topics: list[str]
    charged: list[str]
    right: bool
    pk: int | None = None  # the answer's row, remembered as a topic's last missed one


@dataclass
class TopicState:
    topic: str
    card: Card = field(default_factory=lambda: Card(card_id=1))
    weight: float = 0.0  # the decayed weight of the answers so far
    score: float = 0.0  # the decayed weight of the right ones
    seen: int = 0
    right: int = 0
    missed: int = 0
    last: datetime | None = None
    last_missed: int | None = None  # the row of the last wrong answer charged to it

    def update(self, when: datetime, right: bool, pk: int | None = None) -> None:
        self.weight = self.weight * DECAY + 1
        self.score = self.score * DECAY + right
        self.seen += 1
        self.right += right
        self.missed += not right
        self.last = when
        if not right:
            self.last_missed = pk
        rating = Rating.Good if right else Rating.Again
        self.card, _ = SCHEDULER.review_card(self.card, rating, review_datetime=when)

    @property
    def mastery(self) -> float:
        """0–1: how well the topic is known, recent answers counting most."""
        return mastery_of(self.weight, self.score)

    @property
    def percent(self) -> int:
        return round(self.mastery * 100)

    @property
    def label(self) -> str:
        from .topics import TOPICS

        return TOPICS[self.topic].label if self.topic in TOPICS else self.topic

    @property
    def sureness(self) -> str:
        """How much the mastery estimate rests on: words about the estimate, not the learner."""
        if self.weight < 1.5:
            return _("a first guess")
        return _("a rough estimate") if self.weight < 3 else _("a firm estimate")

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def slipped(self) -> bool:
        """Its last answer was a slip: the card is back at the first (re)learning step,
        where only an Again puts it (a card never answered sits there too)."""
        learning = self.card.state in (State.Learning, State.Relearning)
        return self.seen > 0 and learning and self.card.step == 0

    def is_due(self, now: datetime) -> bool:
        return self.slipped or self.card.due <= now

    @property
    def interval(self) -> timedelta:
        """How long after the last answer the topic comes back."""
        return self.card.due - self.last if self.last else timedelta(0)


def mastery_of(weight: float, score: float) -> float:
    """Mastery from the decayed weights of the answers and of the right ones (see the module)."""
    return (score + PRIOR / 2) / (weight + PRIOR)


def utc(when: datetime) -> datetime:
    return when.astimezone(UTC)


def replay(events: Iterable[Event]) -> dict[str, TopicState]:
    """Every topic's state after the answers, in the order given (oldest first): a right
    answer credits every topic it touched, a wrong one only those it is charged to."""
    states: dict[str, TopicState] = {}
    for event in events:
        when = utc(event.when)
        for topic in event.charged if not event.right else event.topics:
            states.setdefault(topic, TopicState(topic)).update(when, event.right, event.pk)
    return states
