"""The statements a quiz loop sends on every question and answer, written out once per
database instead of built by the ORM on each request.

Building a query through the ORM costs about 0.3 ms of CPU a statement, ten to twenty times
what SQLite takes to run these ones: on the quiz's hot path (a question page, an answer) that
was a fifth of a loop. What each statement does is the ORM query named in its docstring (the
definition; `tests/practice/test_statements.py` holds each equal to it, on SQLite and on
PostgreSQL): the columns and tables are the models' own (`_meta`, quoted by the backend), the
values adapted by the backend as the ORM adapts them.

- `history`: a learner's answers, oldest first, as the quiz's session progress reads them;
- `tally_add`: an answer added to the learner's `Tally` in one UPDATE (`state.tally_counted`);
- `topics_of`: a learner's `Topic` rows of some topics (`state.topics_counted` reads them).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import UTC, date, datetime
from typing import Any

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model
from django.utils import timezone

from .models import Response, Tally, Topic

HISTORY = ("source", "seed", "mode", "level", "rules", "right", "given")


def connection_for(model: type[Model], *, write: bool = False) -> BaseDatabaseWrapper:
    alias = router.db_for_write(model) if write else router.db_for_read(model)
    return connections[alias]


COLUMNS: dict[tuple[type[Model], tuple[str, ...], str], tuple[str, str]] = {}


def columns(
    model: type[Model], names: tuple[str, ...], connection: BaseDatabaseWrapper
) -> tuple[str, str]:
    """The model's quoted table and the quoted columns of the fields `names` ("a", "b")."""
    found = COLUMNS.get((model, names, connection.vendor))
    if found is None:
        name = connection.ops.quote_name
        cols = ", ".join(name(model._meta.get_field(n).column) for n in names)
        found = COLUMNS[model, names, connection.vendor] = (name(model._meta.db_table), cols)
    return found


def owner_sql(key: dict[str, Any], connection: BaseDatabaseWrapper) -> tuple[str, list[Any]]:
    """The WHERE clause of a learner's rows (`state.owner`'s key: an account or a token)."""
    name = connection.ops.quote_name
    if key.get("user_id") is not None:
        return f"{name('user_id')} = %s", [key["user_id"]]
    return f"{name('user_id')} IS NULL AND {name('token')} = %s", [key["token"]]


def when(value: datetime, connection: BaseDatabaseWrapper) -> Any:
    return connection.ops.adapt_datetimefield_value(value)


def aware(value: Any) -> datetime | None:
    """A datetime column's value as the ORM gives it (SQLite's comes naive, in UTC)."""
    if isinstance(value, datetime) and timezone.is_naive(value):
        return value.replace(tzinfo=UTC)
    return value  # type: ignore[no-any-return]


def history(
    key: dict[str, Any], *, source: str = "", since: datetime | None = None
) -> list[tuple[Any, ...]]:
    """The learner's answers (`HISTORY` fields), oldest first, of one `source` when given,
    answered at `since` or later when given:
    `Response.objects.filter(**key, source=source, answered__gte=since).order_by("answered",
    "pk").values_list(*HISTORY)`."""
    connection = connection_for(Response)
    table, cols = columns(Response, HISTORY, connection)
    name = connection.ops.quote_name
    where, params = owner_sql(key, connection)
    if since is not None:
        where += f" AND {name('answered')} >= %s"
        params.append(when(since, connection))
    if source:
        where += f" AND {name('source')} = %s"
        params.append(source)
    order = f"{name('answered')}, {name(Response._meta.pk.column)}"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {cols} FROM {table} WHERE {where} ORDER BY {order}", params)
        return [(s, seed, m, lv, ru, bool(r), g) for s, seed, m, lv, ru, r, g in cursor.fetchall()]


def tally_add(key: dict[str, Any], row: Response, day: date) -> bool:
    """The answer `row` added to the learner's `Tally` in one UPDATE (which locks the row until
    the transaction ends), unless the tally's latest day is not `day` or the answer does not
    come after the last one counted; True when it was added. `state.tally_counted`'s
    definition: `Tally.objects.filter(Q(last__lt=answered) | Q(last=answered,
    last_pk__lt=pk), **key, day=day).update(answered=F("answered") + 1, right=F("right") +
    right, practice=F("practice") + practice, run=F("run") + 1 if right else 0,
    best=Greatest("best", F("run") + 1) if right else F("best"), last=answered, last_pk=pk,
    day_answered=F("day_answered") + 1, day_right=F("day_right") + right)`."""
    connection = connection_for(Tally, write=True)
    name = connection.ops.quote_name
    table = name(Tally._meta.db_table)
    right = int(row.right)
    practice = int(row.source == Response.Source.PRACTICE)
    run, best = name("run"), name("best")
    # every right-hand side reads the row as it was (SQL's rule), as the ORM's F() does
    new_best = f"CASE WHEN {run} + 1 > {best} THEN {run} + 1 ELSE {best} END" if right else best
    sets = ", ".join(
        f"{name(c)} = {v}"
        for c, v in (
            ("answered", f"{name('answered')} + 1"),
            ("right", f"{name('right')} + %s"),
            ("practice", f"{name('practice')} + %s"),
            ("run", f"{run} + 1" if right else "0"),
            ("best", new_best),
            ("last", "%s"),
            ("last_pk", "%s"),
            ("day_answered", f"{name('day_answered')} + 1"),
            ("day_right", f"{name('day_right')} + %s"),
        )
    )
    answered = when(row.answered, connection)
    where, owner = owner_sql(key, connection)
    last, last_pk = name("last"), name("last_pk")
    where += f" AND {name('day')} = %s AND ({last} < %s OR ({last} = %s AND {last_pk} < %s))"
    params = [right, practice, answered, row.pk, right, *owner]
    params += [connection.ops.adapt_datefield_value(day), answered, answered, row.pk]
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {sets} WHERE {where}", params)
        return cursor.rowcount == 1


TOPIC = (
    "id", "topic", "card", "weight", "score", "seen", "right", "missed", "last", "last_missed",
)  # fmt: skip


def topics_of(key: dict[str, Any], names: Collection[str]) -> list[Topic]:
    """The learner's `Topic` rows of the topics `names`, as the ORM gives them:
    `Topic.objects.filter(**key, topic__in=names)`."""
    if not names:
        return []
    connection = connection_for(Topic)
    table, cols = columns(Topic, TOPIC, connection)
    name = connection.ops.quote_name
    where, params = owner_sql(key, connection)
    where += f" AND {name('topic')} IN ({', '.join(['%s'] * len(names))})"
    params += list(names)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {cols} FROM {table} WHERE {where}", params)
        found = cursor.fetchall()
    rows = []
    for pk, topic, card, weight, score, seen, right, missed, last, last_missed in found:
        rows.append(
            Topic(
                id=pk,
                **key,
                topic=topic,
                card=json.loads(card) if isinstance(card, str) else card,
                weight=weight,
                score=score,
                seen=seen,
                right=right,
                missed=missed,
                last=aware(last),
                last_missed_id=last_missed,
            )
        )
    return rows
