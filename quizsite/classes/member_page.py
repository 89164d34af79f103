"""A member's page in the class (the instructors' view of them, and their own): their work on
each assignment, answers and accuracy per week, the topics they miss most, and their answers
in the class's work, a page at a time (their practice outside the class only when they share
it)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.db.models.functions import TruncWeek
from django.utils import timezone
from django.utils.translation import gettext as _

from quizsite.practice import public as practice

from .board import state_of, work_of
from .models import Member, MemberTopic, MemberWork
from .standing import class_rows

PER_PAGE = 25
MISSED = 8  # topics listed as missed most


def answers_of(member: Member, codes: list[str]) -> Any:
    """The member's answers this page may show: the class's work, and their other practice
    when they share it."""
    where = class_rows(member.classroom_id, codes, shared=member.shares_practice)
    return practice.answer_rows().filter(where, user_id=member.user_id)


def weeks(rows: Any) -> list[dict[str, Any]]:
    """Answers and accuracy per week (from Monday), oldest first: one grouped query."""
    grouped = (
        rows.annotate(week=TruncWeek("answered"))
        .values("week")
        .annotate(n=Count("pk"), right_n=Count("pk", filter=Q(right=True)))
        .order_by("week")
    )
    out = []
    for g in grouped:
        percent = round(100 * g["right_n"] / g["n"]) if g["n"] else 0
        out.append(
            {"week": g["week"], "answered": g["n"], "right": g["right_n"], "percent": percent}
        )
    most = max((w["answered"] for w in out), default=0)
    for w in out:
        w["bar"] = round(100 * w["answered"] / most) if most else 0
    return out


def missed_most(member: Member) -> list[dict[str, Any]]:
    """The topics the member missed most in the class's work (then the least known)."""
    rows = [t for t in MemberTopic.objects.filter(member=member) if t.seen > t.right]
    rows.sort(key=lambda t: (-(t.seen - t.right), state_of(t, t.topic).mastery))
    out = []
    for t in rows[:MISSED]:
        state = state_of(t, t.topic)
        out.append(
            {"label": state.label, "missed": t.seen - t.right, "seen": t.seen, "state": state}
            | {"band": practice.band(state)}
        )
    return out


def where_of(row: Any, titles: dict[str, str], classroom_id: int) -> str:
    if row.source == "drill":
        code = row.ref.partition("#")[0]
        number = row.ref.partition("#")[2]
        title = titles.get(code, code)
        return _("%(drill)s, question %(number)s") % {"drill": title, "number": number}
    if row.scope == f"class:{classroom_id}":
        return _("Practice for the class")
    return _("Own practice")


def page_of(member: Member, *, page: Any = 1) -> dict[str, Any]:
    classroom = member.classroom
    assignments = list(classroom.assignments.select_related("drill"))
    codes = [a.drill.code for a in assignments]
    titles = {a.drill.code: a.drill.title for a in assignments}
    rows = answers_of(member, codes)
    kept = {
        w.assignment_id: (w.answered, w.right, w.finished)
        for w in MemberWork.objects.filter(member=member)
    }
    now = timezone.now()
    work = [(a, work_of(kept.get(a.pk), a, now)) for a in assignments]
    paged = Paginator(rows.order_by("-answered", "-pk"), PER_PAGE).get_page(page)
    answers = [{"row": r, "where": where_of(r, titles, classroom.pk)} for r in paged]
    return {
        "member": member,
        "classroom": classroom,
        "work": work,
        "weeks": weeks(rows),
        "missed": missed_most(member),
        "answers": answers,
        "page": paged,
    }
