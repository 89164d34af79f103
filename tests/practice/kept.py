"""What practice keeps for a learner beside the replay that defines it: shared by the tests
of the kept state (tests/practice/test_kept_state.py, test_concurrency.py)."""

from __future__ import annotations

from typing import Any

from quizsite.practice.models import Day, Response, Tally, Topic
from quizsite.practice.state import answers, derive, fields_of, state_of


def kept(key: dict[str, Any]) -> dict[str, Any]:
    """What is kept for one learner, in the shape `derive` gives."""
    tally = Tally.objects.filter(**key).first()
    return {
        "totals": tally and totals_tuple(tally),
        "days": kept_days(key, tally),
        "topics": {t.topic: fields_of(state_of(t)) for t in Topic.objects.filter(**key)},
    }


def kept_days(key: dict[str, Any], tally: Any) -> dict[Any, list[int]]:
    """The `Day` rows, and the latest day, kept in the tally (never a `Day` row as well)."""
    days = {d.day: [d.answered, d.right] for d in Day.objects.filter(**key)}
    if tally is not None and tally.day is not None:
        assert tally.day not in days and all(d < tally.day for d in days)
        days[tally.day] = [tally.day_answered, tally.day_right]
    return days


def totals_tuple(t: Any) -> tuple[Any, ...]:
    return (t.answered, t.right, t.practice, t.run, t.best, t.last, t.last_pk)


def replayed(key: dict[str, Any]) -> dict[str, Any]:
    d = derive(answers(key))
    if not d.totals.answered:
        return {"totals": None, "days": {}, "topics": {}}
    t = d.totals
    return {
        "totals": (t.answered, t.right, t.practice, t.run, t.best, t.last, t.last_pk),
        "days": d.days,
        "topics": {name: fields_of(s) for name, s in d.topics.items()},
    }


def assert_kept_equals_replay() -> None:
    """Every learner's kept state equals the replay, and none is kept without answers."""
    rows = Response.objects.order_by()
    keys = [{"user_id": u} for u in rows.exclude(user=None).values_list("user", flat=True)]
    keys += [
        {"user_id": None, "token": t}
        for t in rows.filter(user=None).values_list("token", flat=True)
    ]
    for key in keys:
        assert kept(key) == replayed(key), key
    owners = {(r.user_id, r.token if not r.user_id else "") for r in Response.objects.all()}
    for model in (Tally, Day, Topic):
        for row in model.objects.all():
            assert (row.user_id, row.token if not row.user_id else "") in owners
