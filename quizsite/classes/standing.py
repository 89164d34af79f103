"""What the class page reads of each member, kept as they answer: `MemberWork` (a member's
answers to an assigned drill: answered, right, finished) and `MemberTopic` (their answers on a
topic within the class's work: seen, right and mastery's decayed weights, as `/progress/`).

The class's work is its assigned drills (every answer the member's account gave to them) and
the practice they did in the class (practice opened from the class page: the answers carry
the scope "class:<pk>"). `compute` over the raw answers is the definition; `recount` writes it.
The hooks below keep the rows in step one answer at a time, in the answer's transaction:
`drill_answered` (drills: an answer counted, a retry, an attempt removed) rewrites the member's
one `MemberWork` row from a grouped count; `response_stored` (practice: every stored answer)
adds a drill or class-practice answer to the member's topics, or recounts the member when the
answer is older than one already counted (mastery's replay runs oldest first).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.db.models import Q

from quizsite.drills import public as drills
from quizsite.practice import public as practice

from .models import Assignment, Classroom, Member, MemberTopic, MemberWork

KEPT = ("seen", "right", "weight", "score", "last")  # a MemberTopic's figures


def scope_of(classroom_id: int) -> str:
    """What a practice answer given in the class carries."""
    return f"class:{classroom_id}"


def drill_ref(code: str) -> str:
    return f"{code}#"  # a drill answer's `ref` is "<code>#<number>"


def class_rows(classroom_id: int, codes: Iterable[str], *, shared: bool = False) -> Q:
    """The answers (practice's rows) that are this class's work: to its assigned drills, or
    practised in the class; with `shared`, every practice answer too (a member who shares it)."""
    work = Q(scope=scope_of(classroom_id))
    for code in codes:
        work |= Q(source="drill", ref__startswith=drill_ref(code))
    if shared:
        work |= Q(source="practice")
    return work


@dataclass
class Standing:
    """A class's standings as the answers give them: work by (member, assignment) and topics by
    (member, topic)."""

    work: dict[tuple[int, int], tuple[int, int, datetime | None]] = field(default_factory=dict)
    topics: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)


def compute(classroom: Classroom, members: list[Member] | None = None) -> Standing:
    """The definition: every member's standing from the raw answers (a few queries for the
    class, one more per member for their topics)."""
    members = list(classroom.members.all()) if members is None else members
    assignments = list(classroom.assignments.select_related("drill"))
    out = Standing()
    if not members:
        return out
    by_user = {m.user_id: m for m in members}
    counts = drills.work_of(list(by_user), [a.drill_id for a in assignments])
    for m in members:
        for a in assignments:
            found = counts.get((m.user_id, a.drill_id))
            if found:
                out.work[(m.pk, a.pk)] = found
    where = class_rows(classroom.pk, [a.drill.code for a in assignments])
    for m in members:
        rows = practice.answer_rows().filter(where, user_id=m.user_id)
        replayed = practice.replay_topics(
            rows.order_by("answered", "pk").values_list(*practice.ROW)
        )
        for name, state in replayed.items():
            out.topics[(m.pk, name)] = {k: getattr(state, k) for k in KEPT}
    return out


def kept(classroom: Classroom) -> Standing:
    """The standings as kept (rows that count nothing left out, as `compute` leaves them)."""
    out = Standing()
    for w in MemberWork.objects.filter(member__classroom=classroom, answered__gt=0):
        out.work[(w.member_id, w.assignment_id)] = (w.answered, w.right, w.finished)
    for t in MemberTopic.objects.filter(member__classroom=classroom):
        out.topics[(t.member_id, t.topic)] = {k: getattr(t, k) for k in KEPT}
    return out


def write(classroom: Classroom, members: list[Member], found: Standing) -> None:
    pks = [m.pk for m in members]
    MemberWork.objects.filter(member_id__in=pks).delete()
    MemberTopic.objects.filter(member_id__in=pks).delete()
    MemberWork.objects.bulk_create(
        MemberWork(member_id=m, assignment_id=a, answered=n, right=r, finished=done)
        for (m, a), (n, r, done) in found.work.items()
    )
    MemberTopic.objects.bulk_create(
        (MemberTopic(member_id=m, topic=t, **figures) for (m, t), figures in found.topics.items()),
        batch_size=1000,
    )


def recount(classroom: Classroom) -> None:
    """Every member's rows written again from the raw answers."""
    with transaction.atomic():
        members = list(classroom.members.all())
        write(classroom, members, compute(classroom, members))


def drill_set_or_unset(classroom: Classroom, code: str) -> None:
    """A drill set for the class or taken off it: the members who answered it recounted (none,
    for a new drill: no class-wide recount when work is set)."""
    users = (
        practice.answer_rows()
        .filter(source="drill", ref__startswith=drill_ref(code))
        .filter(user_id__in=classroom.members.values("user_id"))
        .values("user_id")
    )
    with transaction.atomic():
        for member in classroom.members.filter(user_id__in=users):
            member.classroom = classroom
            recount_member(member)


def recount_member(member: Member) -> None:
    with transaction.atomic():
        write(member.classroom, [member], compute(member.classroom, [member]))


# Kept one answer at a time.


def drill_answered(drill_id: int, user_id: int | None) -> None:
    """A learner's answers to a drill changed: their MemberWork row in every class that set
    the drill, written again from a grouped count of their answers to it (at most 50)."""
    if user_id is None:
        return
    places = list(
        Assignment.objects.filter(
            drill_id=drill_id, classroom__members__user_id=user_id
        ).values_list("pk", "classroom__members__pk")
    )
    if not places:
        return
    answered, right, done = drills.work_of([user_id], [drill_id]).get(
        (user_id, drill_id), (0, 0, None)
    )
    for assignment_id, member_id in places:
        MemberWork.objects.update_or_create(
            member_id=member_id,
            assignment_id=assignment_id,
            defaults={"answered": answered, "right": right, "finished": done},
        )


def response_stored(row: Any) -> None:
    """A stored answer (practice's row): counted in the topics of every membership whose
    class's work it is (a drill the class set, or practice in the class)."""
    if row.user_id is None:
        return
    if row.source == "drill":
        code = row.ref.partition("#")[0]
        members = Member.objects.filter(
            user_id=row.user_id, classroom__assignments__drill__code=code
        )
    elif row.scope.startswith("class:") and row.scope[6:].isdigit():
        members = Member.objects.filter(user_id=row.user_id, classroom_id=int(row.scope[6:]))
    else:
        return
    names = row.topics if row.right else row.charged
    for member in members.select_related("classroom"):
        if names:
            count_topics(member, row, names)


def count_topics(member: Member, row: Any, names: list[str]) -> None:
    """One answer added to a member's topics (the learner's answers are counted one at a time:
    practice holds their lock); an answer older than one already counted recounts them."""
    rows = {t.topic: t for t in MemberTopic.objects.filter(member=member, topic__in=set(names))}
    if any(t.last is not None and t.last > row.answered for t in rows.values()):
        recount_member(member)
        return
    when = row.answered.astimezone(UTC)
    changed: dict[str, Any] = {}
    for name in names:  # as mastery's replay: each name the answer lists, in turn
        if name not in changed:
            kept_row = rows.get(name)
            figures = {k: getattr(kept_row, k) for k in KEPT} if kept_row else {}
            changed[name] = practice.mastery_state(name, **figures)
        changed[name].update(when, row.right, row.pk)
    for name, state in changed.items():
        new = {k: getattr(state, k) for k in KEPT}
        if name in rows:
            MemberTopic.objects.filter(pk=rows[name].pk).update(**new)
        else:
            MemberTopic.objects.create(member=member, topic=name, **new)
