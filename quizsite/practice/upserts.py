"""Two writes of an answer that Django's ORM sends as two statements or more, each one here:

- `insert_once`: an answer's row inserted unless its learner answered that question already,
  the unique constraint deciding (`INSERT … ON CONFLICT DO NOTHING RETURNING id`): no check
  before, no savepoint, and a double submit in another transaction waits for the first one's
  row and then inserts nothing.
- `upsert_owned`: a learner's rows of a kind (their topics) written whether each exists yet or
  not (`INSERT … ON CONFLICT (owner, key) WHERE … DO UPDATE`). The one-row-per-owner
  constraints are partial (one for accounts, one for tokens); `bulk_create(update_conflicts=
  True)` cannot name a partial index's condition, which SQLite and PostgreSQL both need.

The INSERT itself is Django's (its compiler prepares every value as `save()` would); only the
conflict clause is written here. SQLite 3.35 or later (RETURNING), or PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connections, models, router
from django.db.models.sql import InsertQuery


def insert_sql(model: type[models.Model], rows: Sequence[models.Model]) -> tuple[str, Any, Any]:
    """Django's own INSERT of `rows` (every concrete field but the automatic key), the SQL,
    its parameters and the connection to send it on."""
    opts = model._meta
    fields = [f for f in opts.local_concrete_fields if f is not opts.auto_field]
    alias = router.db_for_write(model)
    query = InsertQuery(model)
    query.insert_values(fields, rows)
    [(sql, params)] = query.get_compiler(using=alias).as_sql()
    return sql, params, connections[alias]


def insert_once(row: models.Model) -> bool:
    """Insert `row` unless a unique constraint already holds one like it (then nothing is
    written); True when inserted, its key then set as `save()` sets it."""
    model = type(row)
    sql, params, connection = insert_sql(model, [row])
    pk = connection.ops.quote_name(model._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} ON CONFLICT DO NOTHING RETURNING {pk}", params)
        got = cursor.fetchone()
    if got is None:
        return False
    row.pk = got[0]
    row._state.adding, row._state.db = False, connection.alias
    return True


def upsert_owned(
    model: type[models.Model], rows: Sequence[models.Model], *, by_user: bool, key: str
) -> None:
    """Insert `rows` (one owner's: an account's when `by_user`, else a token's), each row that
    exists already (the same owner and `key` field) updated to the new values instead."""
    if not rows:
        return
    sql, params, connection = insert_sql(model, rows)
    name = connection.ops.quote_name
    owner = name("user_id" if by_user else "token")
    kept = [model._meta.get_field(key).column, "user_id", "token", model._meta.pk.column]
    changed = [f.column for f in model._meta.local_concrete_fields if f.column not in kept]
    target = f"({owner}, {name(model._meta.get_field(key).column)})"
    where = f"{name('user_id')} IS {'NOT NULL' if by_user else 'NULL'}"  # the index's own
    update = ", ".join(f"{name(c)} = EXCLUDED.{name(c)}" for c in changed)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} ON CONFLICT {target} WHERE {where} DO UPDATE SET {update}", params)
