"""The statements written out for the quiz's hot path (`practice/statements.py`) equal the ORM
queries that define them, row for row, on whichever database the tests run on (SQLite, and
PostgreSQL in `make test-postgres`): a learner's answers as the progress reads them, the
tally's one-UPDATE count, and a learner's topics as counting an answer reads them."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import F, Q, Value
from django.db.models.functions import Greatest
from django.utils import timezone
from fsrs import Card, State

from quizsite.practice.models import Response, Tally, Topic
from quizsite.practice.state import day_of, fields_of, state_of
from quizsite.practice.statements import HISTORY, history, tally_add, topics_of
from tests.factory import make_user

pytestmark = pytest.mark.django_db

NOW = timezone.now().replace(microsecond=123456)


def answers(rng: random.Random, **owner: Any) -> None:
    """A learner's answers from three sources over several days, some at the same moment."""
    rows = []
    for n in range(40):
        rows.append(
            Response(
                **owner,
                source=rng.choice(("quiz", "practice", "drill")),
                ref=f"q{n}",
                seed=rng.randrange(10**12),
                mode=rng.choice(("full", "fu", "han", "payment")),
                level="beginner",
                rules=rng.choice(("mahjongsoul", "tenhou")),
                request={},
                given=rng.choice(("3900", "30 fu", "“2 han” <b>&")),
                expected="3900",
                right=rng.random() < 0.6,
                answered=NOW - timedelta(hours=rng.randrange(0, 72, 6)),
            )
        )
    Response.objects.bulk_create(rows)


@pytest.mark.parametrize("source", ["", "quiz", "drill"])
def test_a_learners_answers_are_the_orms(source: str) -> None:
    rng = random.Random(source)
    user = make_user("aiko")
    answers(rng, user=user)
    answers(rng, token="tok")
    answers(rng, token="other")
    since = NOW - timedelta(hours=30)
    cases = [({"user_id": None, "token": "tok"}, None), ({"user_id": user.pk}, since)]
    for key, when in cases:
        rows = Response.objects.filter(**key)
        if source:
            rows = rows.filter(source=source)
        if when is not None:
            rows = rows.filter(answered__gte=when)
        expected = list(rows.order_by("answered", "pk").values_list(*HISTORY))
        assert expected and history(key, source=source, since=when) == expected


def orm_tally_add(key: dict[str, Any], row: Response, day: Any) -> bool:
    """`statements.tally_add`'s definition, as the ORM wrote it."""
    after_last = Q(last__lt=row.answered) | Q(last=row.answered, last_pk__lt=row.pk)
    right = int(row.right)
    run = F("run") + 1
    return (
        Tally.objects.filter(after_last, **key, day=day).update(
            answered=F("answered") + 1,
            right=F("right") + right,
            practice=F("practice") + int(row.source == Response.Source.PRACTICE),
            run=run if right else Value(0),
            best=Greatest("best", run) if right else F("best"),
            last=row.answered,
            last_pk=row.pk,
            day_answered=F("day_answered") + 1,
            day_right=F("day_right") + right,
        )
        == 1
    )


TALLY = ("answered", "right", "practice", "run", "best", "last", "last_pk", "day")


def test_the_tallys_update_is_the_orms() -> None:
    """Both ways, on two copies of the same tallies, over answers right and wrong, from
    practice or not, in order, out of order, at the same moment, and on another day."""
    user = make_user("aiko")
    rng = random.Random(7)
    day = day_of(NOW)
    kinds = [{"user_id": user.pk}, {"user_id": None, "token": "tok"}]
    copies = {"written": "tok-w", "orm": "tok-o"}
    for token in copies.values():
        Tally.objects.create(user=None, token=token, run=2, best=3, last=NOW, last_pk=5, day=day)
    Tally.objects.create(user=user, run=4, best=4, last=NOW, last_pk=5, day=day)
    seen = set()
    for n in range(60):
        when = NOW + timedelta(seconds=rng.choice((-5, 0, 0, 3, 7)) + n)
        other_day = rng.random() < 0.1
        row = Response(
            pk=rng.choice((3, 5, 6, 100 + n)),
            answered=when,
            right=rng.random() < 0.7,
            source=rng.choice(("quiz", "practice")),
        )
        answer_day = day + timedelta(days=1) if other_day else day
        written = tally_add({"user_id": None, "token": copies["written"]}, row, answer_day)
        by_orm = orm_tally_add({"user_id": None, "token": copies["orm"]}, row, answer_day)
        assert written == by_orm
        seen.add(written)
        a, b = (Tally.objects.values(*TALLY).get(token=t) for t in copies.values())
        assert a == b
    assert seen == {True, False}
    # an account's tally too (its key a user, not a token)
    row = Response(pk=50, answered=NOW + timedelta(hours=1), right=True, source="quiz")
    assert tally_add(kinds[0], row, day)
    mine = Tally.objects.get(user=user)
    assert (mine.answered, mine.run, mine.best, mine.last_pk) == (1, 5, 5, 50)


def test_a_learners_topics_are_the_orms() -> None:
    user = make_user("aiko")
    answers(random.Random(1), token="tok")
    missed = Response.objects.filter(token="tok", right=False).first()
    for owner in ({"user": user}, {"token": "tok"}, {"token": "other"}):
        Topic.objects.create(**owner, topic="fu.pair", card=Card(card_id=1).to_dict())
        Topic.objects.create(
            **owner,
            topic="yaku.pinfu",
            card=Card(
                card_id=1, state=State.Review, step=None, stability=3.5, difficulty=5.1
            ).to_dict(),
            weight=1.8,
            score=0.8,
            seen=2,
            right=1,
            missed=1,
            last=NOW,
            last_missed=missed,
        )
        Topic.objects.create(**owner, topic="yaku.tanyao", card=Card(card_id=1).to_dict())
    names = {"fu.pair", "yaku.pinfu", "dora.red"}
    for key in ({"user_id": user.pk}, {"user_id": None, "token": "tok"}):
        expected = sorted(Topic.objects.filter(**key, topic__in=names), key=lambda t: t.topic)
        found = sorted(topics_of(key, names), key=lambda t: t.topic)
        assert [t.pk for t in found] == [t.pk for t in expected] and len(found) == 2
        assert [fields_of(state_of(t)) for t in found] == [fields_of(state_of(t)) for t in expected]
        assert found[1].last == NOW and found[1].last_missed_id == missed.pk
    assert topics_of({"user_id": None, "token": "tok"}, set()) == []
