"""What pages read of a learner's answers, kept up to date one answer at a time: the totals
(answers, right ones, runs of right answers), the answers per day, and each topic's state
(the review card, mastery's weights, the counts, the last answer and the last missed one).

`derive` over the learner's answers, oldest first, is the definition (`mastery.replay` for
the topics); `counted` applies one new answer in the transaction that stores it, in two
writes and a read: the learner's `Tally` (their totals and their latest day) updated first,
which locks it so two answers of one learner are counted one after the other, then their
topics read and written back in one statement (`upserts.upsert_owned`). A learner's first
answer, a new day, an answer older than the last one counted, an adoption at log-in or a
change of the model take a slower path; the last three rebuild the learner from `derive`
(`rebuild`; `manage.py rebuild_practice_state` for all). Pages read it in a few queries
whatever the number of answers.

Every path that writes a learner's state locks their `Tally` row first, and a rebuild writes
that row in place (its days and topics are deleted and inserted again, under its lock): an
answer waiting for the lock then finds the row, rebuilt, instead of a deleted one (on
PostgreSQL a statement waiting on a row that another transaction deletes skips it). The row
is deleted only with the last of the learner's answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from dataclasses import asdict, dataclass, field, fields
from datetime import date, datetime
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone
from fsrs import Card

from .mastery import Event, TopicState, replay, utc
from .models import Day, Response, Tally, Topic
from .statements import tally_add, topics_of
from .upserts import upsert_owned

ROW = ("pk", "answered", "topics", "charged", "right", "source")


def owner(user: Any = None, token: str = "") -> dict[str, Any] | None:
    """The learner's key, as `Response.objects.of` reads it: the account when signed in,
    else the session token (None for neither)."""
    if user is not None and getattr(user, "is_authenticated", False):
        return {"user_id": user.pk}
    if token:
        return {"user_id": None, "token": token}
    return None


def owner_of(row: Response) -> dict[str, Any]:
    return {"user_id": row.user_id} if row.user_id else {"user_id": None, "token": row.token}


@dataclass
class Totals:
    answered: int = 0
    right: int = 0
    practice: int = 0  # practice's own answers: which turn the next question is
    run: int = 0  # right answers in a row, now
    best: int = 0  # the longest such run
    last: datetime | None = None
    last_pk: int = 0

    def add(self, pk: int, when: datetime, right: bool, source: str) -> None:
        self.answered += 1
        self.right += right
        self.practice += source == Response.Source.PRACTICE
        self.run = self.run + 1 if right else 0
        self.best = max(self.best, self.run)
        self.last, self.last_pk = when, pk


TALLY_FIELDS = [f.name for f in fields(Totals)]  # the same names on `Tally`


@dataclass
class Derived:
    totals: Totals = field(default_factory=Totals)
    days: dict[date, list[int]] = field(default_factory=dict)  # day: [answered, right]
    topics: dict[str, TopicState] = field(default_factory=dict)


def day_of(when: datetime) -> date:
    return timezone.localdate(when)


def derive(rows: Iterable[tuple[Any, ...]]) -> Derived:
    """Everything kept, from a learner's answers (`ROW` fields), oldest first: the definition
    the kept state must always equal."""
    out, events = Derived(), []
    for pk, when, topics, charged, right, source in rows:
        out.totals.add(pk, when, right, source)
        day = out.days.setdefault(day_of(when), [0, 0])
        day[0] += 1
        day[1] += right
        events.append(Event(when, topics, charged, right, pk))
    out.topics = replay(events)
    return out


class Models(NamedTuple):
    """The models written: today's, or a migration's historical ones."""

    response: Any = Response
    tally: Any = Tally
    day: Any = Day
    topic: Any = Topic


NOW = Models()


def answers(key: dict[str, Any], m: Models = NOW) -> Any:
    return m.response.objects.filter(**key).order_by("answered", "pk").values_list(*ROW)


# Reading.


def state_of(row: Topic) -> TopicState:
    return TopicState(
        topic=row.topic,
        card=Card.from_dict(row.card),
        weight=row.weight,
        score=row.score,
        seen=row.seen,
        right=row.right,
        missed=row.missed,
        last=row.last,
        last_missed=row.last_missed_id,
    )


def states(user: Any = None, token: str = "", *, only: str = "") -> dict[str, TopicState]:
    """The learner's topics (one query); with `only`, that topic alone."""
    key = owner(user, token)
    if key is None:
        return {}
    rows = Topic.objects.filter(**key)
    if only:
        rows = rows.filter(topic=only)
    return {r.topic: state_of(r) for r in rows}


def totals(user: Any = None, token: str = "") -> Totals:
    key = owner(user, token)
    row = Tally.objects.filter(**key).first() if key else None
    return Totals() if row is None else totals_of(row)


def days(user: Any = None, token: str = "") -> list[tuple[date, int, int]]:
    """(day, answers, right ones) for each day with an answer, oldest first: the `Day` rows,
    then the latest day, kept in the `Tally` (two queries)."""
    key = owner(user, token)
    if key is None:
        return []
    rows = Day.objects.filter(**key).order_by("day").values_list("day", "answered", "right")
    latest = Tally.objects.filter(**key, day__isnull=False)
    return [*rows, *latest.values_list("day", "day_answered", "day_right")]


# Writing.


def fields_of(state: TopicState) -> dict[str, Any]:
    return {
        "card": state.card.to_dict(),
        "weight": state.weight,
        "score": state.score,
        "seen": state.seen,
        "right": state.right,
        "missed": state.missed,
        "last": state.last,
        "last_missed_id": state.last_missed,
    }


def forget(key: dict[str, Any], m: Models = NOW) -> None:
    """The learner's kept state deleted, their `Tally` first (its lock first, as every path
    that writes their state takes it)."""
    for model in (m.tally, m.day, m.topic):
        model.objects.filter(**key).delete()


def store(tally: Any, key: dict[str, Any], derived: Derived, m: Models = NOW) -> None:
    """The learner's `derived` state written: their locked `tally` row updated in place, their
    days and topics (deleted before) inserted."""
    days = dict(sorted(derived.days.items()))
    written = asdict(derived.totals)
    if has_latest_day(m.tally):  # (a migration's Tally before 0006 has not: every day a row)
        day, (n, r) = days.popitem()
        written |= {"day": day, "day_answered": n, "day_right": r}
    for name, value in written.items():
        setattr(tally, name, value)
    tally.save(update_fields=list(written))
    m.day.objects.bulk_create(
        m.day(**key, day=d, answered=n, right=r) for d, (n, r) in days.items()
    )
    m.topic.objects.bulk_create(
        m.topic(**key, topic=name, **fields_of(s)) for name, s in derived.topics.items()
    )


def rebuild(key: dict[str, Any], m: Models = NOW) -> Derived:
    """The learner's kept state replaced by `derive` over their answers: their `Tally` locked
    first and rewritten in place (deleted when they have no answers left)."""
    with transaction.atomic():
        tally = lock(key, m)
        for model in (m.day, m.topic):
            model.objects.filter(**key).delete()
        derived = derive(answers(key, m))
        if derived.totals.answered:
            store(tally, key, derived, m)
        else:
            tally.delete()
    return derived


def rebuild_all(m: Models = NOW) -> int:
    """Every learner rebuilt (and the state of learners with no answers left dropped); the
    number of learners."""
    with transaction.atomic():
        rows = m.response.objects.order_by()
        users = rows.filter(user__isnull=False).values_list("user_id").distinct()
        tokens = rows.filter(user=None).values_list("token").distinct()
        keys = [{"user_id": u} for (u,) in users]
        keys += [{"user_id": None, "token": t} for (t,) in tokens]
        for key in keys:
            rebuild(key, m)
        for model in (m.tally, m.day, m.topic):  # learners with kept state and no answers
            model.objects.filter(user__isnull=False).exclude(user_id__in=users).delete()
            model.objects.filter(user=None).exclude(token__in=tokens).delete()
    return len(keys)


def has_latest_day(tally: Any) -> bool:
    return any(f.name == "day" for f in tally._meta.fields)


def lock(key: dict[str, Any], m: Models = NOW) -> Any:
    """The learner's `Tally`, created when missing and locked until the transaction ends
    (one query for a learner seen before)."""
    for _ in range(3):  # (looked for again when another transaction creates it meanwhile)
        row = m.tally.objects.select_for_update().filter(**key).first()
        if row is not None:
            return row
        with suppress(IntegrityError), transaction.atomic():
            return m.tally.objects.create(**key)  # its `last` is None: nothing counted yet
    return m.tally.objects.select_for_update().get(**key)


def counted(row: Response) -> None:
    """Count a newly stored answer, in the transaction that stored it: the learner's tally
    (their totals and latest day) first, then the topics the answer touches."""
    key = owner_of(row)
    if not tally_counted(row, key):  # a first answer, a new day, or one out of order
        tally = lock(key)
        first = tally.last is None  # nothing else is kept yet
        if not first and (row.answered, row.pk) < (tally.last, tally.last_pk):
            rebuild(key)  # an answer dated before the last one counted: replay in order
            return
        count_in(tally, row)
        if first:
            topics_counted(row, key, {})
            return
    topics_counted(row, key)


def tally_counted(row: Response, key: dict[str, Any]) -> bool:
    """The answer added to the learner's `Tally` in one UPDATE, which locks it until the
    transaction ends; False (nothing written) unless the tally's latest day is the answer's
    and the answer comes after the last one counted (`statements.tally_add`, written out:
    the ORM's UPDATE cost more CPU than all the rest of counting an answer)."""
    return tally_add(key, row, day_of(row.answered))


def count_in(tally: Tally, row: Response) -> None:
    """The answer added to the learner's locked `tally` (read), its latest day moved to a
    `Day` row when the answer begins a later one."""
    t = totals_of(tally)
    t.add(row.pk, row.answered, row.right, row.source)
    for name, value in asdict(t).items():
        setattr(tally, name, value)
    day = day_of(row.answered)
    if tally.day != day:
        if tally.day is not None:
            Day.objects.create(
                **owner_of(row), day=tally.day, answered=tally.day_answered, right=tally.day_right
            )
        tally.day, tally.day_answered, tally.day_right = day, 0, 0
    tally.day_answered += 1
    tally.day_right += row.right
    tally.save(update_fields=[*TALLY_FIELDS, "day", "day_answered", "day_right"])


def topics_counted(
    row: Response, key: dict[str, Any], kept: dict[str, TopicState] | None = None
) -> None:
    """The answer added to each topic it touches (credits, or is charged to): the learner's
    rows read (unless `kept` is given), then written in one statement, new ones inserted."""
    names = row.topics if row.right else row.charged
    if not names:
        return
    if kept is None:
        kept = {r.topic: state_of(r) for r in topics_of(key, set(names))}
    when = utc(row.answered)
    for name in names:
        kept.setdefault(name, TopicState(name)).update(when, row.right, row.pk)
    rows = [Topic(**key, topic=n, **fields_of(s)) for n, s in kept.items()]
    upsert_owned(Topic, rows, by_user=key["user_id"] is not None, key="topic")


def adopted(token: str, user_id: int, pks: list[int]) -> None:
    """The state after a session's answers (`pks`) moved to an account: the token's dropped;
    the account's counted on with them when they all came after its own answers (the usual
    log-in after answering a few questions), else rebuilt (the two histories interleave)."""
    forget({"user_id": None, "token": token})
    if not pks:
        return
    key = {"user_id": user_id}
    tally = lock(key)
    rows = list(Response.objects.filter(pk__in=pks).order_by("answered", "pk"))
    if tally.last is not None and (rows[0].answered, rows[0].pk) < (tally.last, tally.last_pk):
        rebuild(key)
        return
    for row in rows:
        counted(row)


def totals_of(row: Tally) -> Totals:
    return Totals(**{name: getattr(row, name) for name in TALLY_FIELDS})
