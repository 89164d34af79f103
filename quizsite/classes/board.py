"""The class page's figures, from the kept standings in a fixed number of queries whatever
the class's size: members × assigned work (done, score, late, not started), members × topics
(mastery as `/progress/` reads it, with its labels), sorted by any column, and the class's
weakest topics with a drill on each."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import pgettext

from quizsite.practice import public as practice

from .models import Assignment, Classroom, Member, MemberTopic, MemberWork, TopicAssignment

MIN_SEEN = 3  # a member's answers on a topic before their mastery counts for the class's weakest
WEAKEST = 5  # topics listed as the class's weakest
COLUMNS = 10  # topic columns besides those set for the class, unless every topic is asked for


@dataclass(frozen=True)
class Work:
    """A member's standing on one assignment, as a cell shows it."""

    status: str  # "done", "late", "started", "none"
    answered: int
    right: int
    count: int  # the drill's questions

    @property
    def text(self) -> str:
        if self.answered == 0:
            return "–"
        return f"{self.right}/{self.count}"

    @property
    def words(self) -> str:
        return {
            "done": pgettext("work", "done"),
            "late": pgettext("work", "late"),
            "started": pgettext("work", "started"),
            "none": pgettext("work", "not started"),
        }[self.status]

    @property
    def sort_key(self) -> tuple[int, float]:
        return (self.answered > 0, self.right / self.count if self.count else 0.0)


def work_of(row: MemberWork | None, assignment: Assignment, now: datetime) -> Work:
    count = assignment.drill.count
    if row is None or row.answered == 0:
        past_due = assignment.due is not None and now > assignment.due
        return Work("late" if past_due else "none", 0, 0, count)
    if row.finished is not None:
        late = assignment.due is not None and row.finished > assignment.due
        return Work("late" if late else "done", row.answered, row.right, count)
    past_due = assignment.due is not None and now > assignment.due
    return Work("late" if past_due else "started", row.answered, row.right, count)


@dataclass(frozen=True)
class Mastery:
    """A member's mastery of one topic, as a cell shows it."""

    state: Any  # practice's topic state (None: not met yet)
    band: tuple[str, str]

    @property
    def sort_key(self) -> float:
        return self.state.mastery if self.state is not None else -1.0


@dataclass
class Line:
    member: Member
    work: list[Work] = field(default_factory=list)
    topics: list[Mastery] = field(default_factory=list)


@dataclass(frozen=True)
class Column:
    key: str  # the sort key: "name", "work:12", "topic:wait:kanchan"
    title: str
    set_for_class: bool = False
    due: datetime | None = None
    next: str = ""  # the `?sort=` its heading links to
    sorted: str = ""  # "ascending" / "descending" when the lines are sorted by it (aria-sort)


def state_of(row: MemberTopic | None, topic: str) -> Any:
    if row is None:
        return None
    return practice.mastery_state(
        topic, weight=row.weight, score=row.score, seen=row.seen, right=row.right, last=row.last
    )


def weakest(rows: list[MemberTopic], labels: dict[str, tuple[int, str]]) -> list[dict[str, Any]]:
    """The topics the class knows least: mean mastery over the members with `MIN_SEEN` answers
    or more on it, lowest first, each with a drill link ("" when no drill tests it)."""
    per_topic: dict[str, list[float]] = {}
    for row in rows:
        if row.seen >= MIN_SEEN:
            per_topic.setdefault(row.topic, []).append(state_of(row, row.topic).mastery)
    ranked = sorted(per_topic.items(), key=lambda kv: sum(kv[1]) / len(kv[1]))[:WEAKEST]
    out = []
    for topic, values in ranked:
        label = labels.get(topic, (0, topic))[1]
        mean = sum(values) / len(values)
        out.append(
            {
                "topic": topic,
                "label": label,
                "percent": round(mean * 100),
                "members": len(values),
                "band": practice.band(practice.mastery_state(topic, weight=1e9, score=mean * 1e9)),
                "drill": practice.topic_drill_link(topic, label),
            }
        )
    return out


def board(classroom: Classroom, *, sort: str = "name", every_topic: bool = False) -> dict[str, Any]:
    """Everything the class page shows (six queries)."""
    now = timezone.now()
    assignments = list(classroom.assignments.select_related("drill"))
    set_topics = list(
        dict.fromkeys(
            TopicAssignment.objects.filter(classroom=classroom).values_list("topic", flat=True)
        )
    )
    members = list(classroom.members.all())
    work = {
        (w.member_id, w.assignment_id): w
        for w in MemberWork.objects.filter(member__classroom=classroom)
    }
    topic_rows = list(MemberTopic.objects.filter(member__classroom=classroom))
    labels = practice.topic_order()
    weak = weakest(topic_rows, labels)
    met = {r.topic for r in topic_rows}
    shown = [t for t in set_topics]
    others = sorted(met - set(shown), key=lambda t: labels.get(t, (10**6, t)))
    if not every_topic:
        weak_keys = [w["topic"] for w in weak]
        others = [t for t in others if t in weak_keys] + [t for t in others if t not in weak_keys]
        others = sorted(others[:COLUMNS], key=lambda t: labels.get(t, (10**6, t)))
    topics = shown + others
    by_member: dict[int, dict[str, MemberTopic]] = {}
    for r in topic_rows:
        by_member.setdefault(r.member_id, {})[r.topic] = r
    lines = []
    for m in members:
        line = Line(m)
        line.work = [work_of(work.get((m.pk, a.pk)), a, now) for a in assignments]
        kept = by_member.get(m.pk, {})
        for t in topics:
            state = state_of(kept.get(t), t)
            line.topics.append(Mastery(state, practice.band(state)))
        lines.append(line)
    work_columns = [Column(f"work:{a.pk}", a.drill.title, due=a.due) for a in assignments]
    topic_columns = [
        Column(f"topic:{t}", labels.get(t, (0, t))[1], set_for_class=t in set_topics)
        for t in topics
    ]
    key, descending = sort.lstrip("-"), sort.startswith("-")
    if not any(c.key == key for c in [*work_columns, *topic_columns]):
        key = "name"
    lines = sorted_lines(lines, key, work_columns, topic_columns, descending)
    name = Column("name", "", next="-name" if key == "name" and not descending else "name")
    return {
        "assignments": assignments,
        "name_column": replace(name, sorted=direction("name", key, descending)),
        "work_columns": [linked(c, key, descending) for c in work_columns],
        "topic_columns": [linked(c, key, descending) for c in topic_columns],
        "lines": lines,
        "weakest": weak,
        "hidden_topics": len(met | set(set_topics)) - len(topics),
        "every_topic": every_topic,
        "now": now,
    }


def sorted_lines(
    lines: list[Line], key: str, work: list[Column], topics: list[Column], descending: bool
) -> list[Line]:
    """By name (the default, and for an unknown column), or by a column's value then name."""
    lines = sorted(lines, key=lambda line: (line.member.name.casefold(), line.member.pk))
    work_keys = [c.key for c in work]
    topic_keys = [c.key for c in topics]
    if key in work_keys:
        i = work_keys.index(key)
        return sorted(lines, key=lambda line: line.work[i].sort_key, reverse=descending)
    if key in topic_keys:
        i = topic_keys.index(key)
        return sorted(lines, key=lambda line: line.topics[i].sort_key, reverse=descending)
    return list(reversed(lines)) if descending and key == "name" else lines


def direction(column: str, key: str, descending: bool) -> str:
    if column != key:
        return ""
    return "descending" if descending else "ascending"


def linked(column: Column, key: str, descending: bool) -> Column:
    """The column with its heading's link: a first click sorts the lowest first (the weakest
    members at the top), a second click the highest first."""
    again = column.key == key and not descending
    return replace(
        column,
        next=f"-{column.key}" if again else column.key,
        sorted=direction(column.key, key, descending),
    )
