"""Two entries of the class that are the same person merged, and a member's class data
forgotten on request.

Merging: the entry that goes is one the instructor added (an account made for the class); its
answers (practice's rows and its drill attempts) all move to the one kept — a question both
answered keeps the kept one's answer — its membership is removed and its account, left with
nothing, is made inactive. Two entries that joined with their own accounts are two real people
signing in: their histories are their own, so they are never merged (refused, `MergeRefused`);
the instructor removes the wrong entry instead. When one of the two joined themselves, theirs is
the one kept, whichever way round the instructor asked.

Forgetting: the member's answers in the class's work (its drills, practice in the class) are
deleted, the drills' kept counters recounted, and their standings in every class recounted (a
drill set for two classes loses the answers in both). The membership stays (removing a member
is the roster's).
"""

from __future__ import annotations

from django.db import transaction

from quizsite.drills import public as drills
from quizsite.practice import public as practice

from .models import Member
from .standing import class_rows, recount_member


class MergeRefused(Exception):
    """Both entries joined with their own accounts: two people."""


def kept_and_gone(one: Member, other: Member) -> tuple[Member, Member]:
    """(kept, merged away) for merging `one` into `other`."""
    if not one.added and not other.added:
        raise MergeRefused
    if not one.added:  # the one who joined themselves stays
        return one, other
    return other, one


def recount_user(user_id: int) -> None:
    for member in Member.objects.filter(user_id=user_id).select_related("classroom"):
        recount_member(member)


def merge(one: Member, other: Member) -> Member:
    """Merge `one` into `other` (see the module); the member kept."""
    kept, gone = kept_and_gone(one, other)
    with transaction.atomic():
        drill_ids = drills.work_drills(gone.user)
        drills.move_work(gone.user, kept.user, drill_ids)
        practice.move_answers(practice.answer_rows().filter(user=gone.user), kept.user)
        user = gone.user
        gone.delete()
        if not Member.objects.filter(user=user).exists():
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
