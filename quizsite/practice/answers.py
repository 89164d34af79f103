"""Storing an answer and moving a session's answers to an account: the `Response` rows and
the learner's kept state (`state.py`) written together, in one transaction.

Above `models`, `state` and `upserts` (which this calls), so that the models import none of
the modules that keep what is derived from them.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction

from .hooks import answer_stored
from .models import Response
from .state import adopted, counted
from .upserts import insert_once


def store(**fields: Any) -> bool:
    """Save an answer (a `Response` of these fields) and count it in the learner's kept state,
    in the caller's transaction when one is open; False when this learner already answered
    this question (nothing is changed then).

    The unique constraint decides: the row is inserted unless one like it exists (a double
    submit in another transaction waits for the first's row, then inserts nothing), with no
    check before it and no savepoint. Counting it writes the learner's `Tally` first, which
    holds their other answers back until this one is counted."""
    with transaction.atomic(savepoint=False):  # all or nothing, in the caller's if open
        row = Response(**fields)
        if not insert_once(row):
            return False
        counted(row)
        answer_stored(row)  # what other apps keep of it, in the same transaction
    return True


def adopt(token: str, user: Any) -> int:
    """Move a session's answers to an account; a question the account already answered keeps
    the account's answer. Idempotent; the number of answers moved."""
    if not token:
        return 0
    with transaction.atomic():
        mine = Response.objects.filter(user=user)
        theirs = Response.objects.filter(user=None, token=token)
        twice = mine.filter(ref=models.OuterRef("ref"), source=models.OuterRef("source"))
        theirs.filter(models.Exists(twice)).delete()
        pks = list(theirs.values_list("pk", flat=True))
        moved = theirs.update(user=user, token="")
        adopted(token, user.pk, pks)
        return moved
