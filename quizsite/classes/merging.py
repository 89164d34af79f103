"""Two entries of the class that are the same person merged, and a member's class data
forgotten on request.

Merging: the instructor sees how each entry came (added by an instructor, or joined with an
account, and when) and how many answers each holds in the class's work (`Entry`), and chooses
the entry that stays. Two entries that joined with their own accounts are two real people
signing in: their histories are their own, so they are never merged (refused, `MergeRefused`);
the instructor removes the wrong entry instead. Otherwise the entry that goes gives its answers
to the one kept — a question both answered keeps the kept one's answer — and its membership is
removed:

- an entry the instructor added has an account made for the class alone: all its answers
  (practice's rows and its drill attempts) move, and the account, left with nothing, is made
  inactive (every session of it ends);
- an entry that joined with its own account is a person's own: only its answers in this
  class's work (the class's drills, practice in the class) move; the account keeps the rest
  and stays as it is.

Forgetting: the member's answers in the class's work (its drills, practice in the class) are
deleted, the drills' kept counters recounted, and their standings in every class recounted (a
drill set for two classes loses the answers in both). The membership stays (removing a member
is the roster's).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from quizsite.drills import public as drills
from quizsite.practice import public as practice

from .models import Member
from .standing import class_rows, recount_member


class MergeRefused(Exception):
    """Both entries joined with their own accounts: two people."""


@dataclass(frozen=True)
class Entry:
    """One entry of the class as the merge page shows it."""

    member: Member
    added: bool  # added by an instructor (else joined with its own account)
    username: str
    joined: datetime
    answers: int  # in the class's work


def class_work(member: Member) -> tuple[list[int], Q]:
    """The class's drills (their ids) and the answers (practice's rows) that are its work."""
    assignments = list(member.classroom.assignments.select_related("drill"))
    return [a.drill_id for a in assignments], class_rows(
        member.classroom_id, [a.drill.code for a in assignments]
    )


def entry(member: Member) -> Entry:
    _drills, work = class_work(member)
    answers = practice.answer_rows().filter(work, user=member.user_id).count()
    username = str(member.user.get_username())
    return Entry(member, member.added, username, member.joined, answers)


def recount_user(user_id: int) -> None:
    for member in Member.objects.filter(user_id=user_id).select_related("classroom"):
        recount_member(member)


def merge(kept: Member, gone: Member) -> Member:
    """Merge `gone` into `kept` (see the module); the member kept."""
    if not kept.added and not gone.added:
        raise MergeRefused
    with transaction.atomic():
        user = gone.user
        if gone.added:
            drill_ids = drills.work_drills(user)
            rows = practice.answer_rows().filter(user=user)
        else:
            drill_ids, work = class_work(gone)
            rows = practice.answer_rows().filter(work, user=user)
        drills.move_work(user, kept.user, drill_ids)
        practice.move_answers(rows, kept.user)
        gone.delete()
        if gone.added and not Member.objects.filter(user=user).exists():
            user.is_active = False
            user.save(update_fields=["is_active"])
        recount_user(kept.user_id)
        recount_user(user.pk)  # the other classes of the entry merged away, if any
    return kept


def forget(member: Member) -> int:
    """Delete the member's answers in the class's work (see the module); how many answers."""
    classroom = member.classroom
    with transaction.atomic():
        assignments = list(classroom.assignments.select_related("drill"))
        rows = practice.answer_rows().filter(
            class_rows(classroom.pk, [a.drill.code for a in assignments]), user=member.user
        )
        deleted = practice.delete_answers(rows)
        drills.delete_work(member.user, [a.drill_id for a in assignments])
        recount_user(member.user_id)
    return deleted
