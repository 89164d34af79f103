"""The class page's figures, from the kept standings in a fixed number of queries whatever
the class's size: members × assigned work (done, score, late, not started), members × topics
(mastery as `/progress/` reads it, with its labels), sorted by any column, and the class's
weakest topics with a drill on each."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext, pgettext

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
        return status_words()[self.status]

    @property
    def sort_key(self) -> tuple[int, float]:
        return (self.answered > 0, self.right / self.count if self.count else 0.0)


def status_words() -> dict[str, str]:
    return {
        "done": pgettext("work", "done"),
        "late": pgettext("work", "late"),
        "started": pgettext("work", "started"),
        "none": pgettext("work", "not started"),
    }


def work_of(
    kept: tuple[int, int, datetime | None] | None, assignment: Assignment, now: datetime
) -> Work:
    """The cell from a member's kept (answered, right, finished) on the assignment."""
    count = assignment.drill.count
    past_due = assignment.due is not None and now > assignment.due
    if kept is None or kept[0] == 0:
        return Work("late" if past_due else "none", 0, 0, count)
    answered, right, finished = kept
    if finished is not None:
        late = assignment.due is not None and finished > assignment.due
        return Work("late" if late else "done", answered, right, count)
    return Work("late" if past_due else "started", answered, right, count)


@dataclass(frozen=True)
class Mastery:
    """A member's mastery of one topic, as a cell shows it (None: not met yet)."""

    mastery: float | None
    seen: int = 0

    @property
    def percent(self) -> int:
        return round((self.mastery or 0.0) * 100)

    @property
    def sort_key(self) -> float:
        return self.mastery if self.mastery is not None else -1.0


@dataclass
class Line:
    member: Member
    work: list[Work] = field(default_factory=list)
    topics: list[Mastery] = field(default_factory=list)
    url: str = ""  # the member's page in the class
    work_cells: str = ""  # the row's cells as HTML, made once the lines are sorted (`cells_of`)
    topic_cells: str = ""


@dataclass(frozen=True)
class Column:
    key: str  # the sort key: "name", "work:12", "topic:wait:kanchan"
    title: str
    set_for_class: bool = False
    due: datetime | None = None
    next: str = ""  # the `?sort=` its heading links to
    sorted: str = ""  # "ascending" / "descending" when the lines are sorted by it (aria-sort)


def state_of(row: MemberTopic | None, topic: str) -> Any:
    """Practice's topic state from a kept row (None when there is none)."""
    if row is None:
        return None
    return practice.mastery_state(
        topic, weight=row.weight, score=row.score, seen=row.seen, right=row.right, last=row.last
    )


class Bands:
    """`/progress/`'s bands (CSS class and words) by mastery, worded once a page."""

    def __init__(self) -> None:
        self.cache: dict[float, tuple[str, str]] = {}

    def __call__(self, mastery: float | None) -> tuple[str, str]:
        if mastery is None:
            return practice.band(None)
        key = round(mastery, 3)
        if key not in self.cache:
            self.cache[key] = practice.band(SimpleNamespace(mastery=mastery))
        return self.cache[key]


Kept = tuple[int, str, float, float, int]  # a MemberTopic: member, topic, weight, score, seen


def weakest(
    rows: list[Kept], labels: dict[str, tuple[int, str]], bands: Bands, *, classroom_id: int = 0,
    set_topics: list[str] | None = None,
) -> list[dict[str, Any]]:  # fmt: skip
    """The topics the class knows least: mean mastery over the members with `MIN_SEEN` answers
    or more on it, lowest first, each with a drill link ("" when no drill tests it) that makes
    the drill for the class (set as it is drawn), and whether it is set for the class."""
    per_topic: dict[str, list[float]] = {}
    for _, topic, weight, score, seen in rows:
        if seen >= MIN_SEEN:
            per_topic.setdefault(topic, []).append(practice.mastery_of(weight, score))
    ranked = sorted(per_topic.items(), key=lambda kv: (sum(kv[1]) / len(kv[1]), kv[0]))
    out = []
    for topic, values in ranked[:WEAKEST]:
        label = labels.get(topic, (0, topic))[1]
        mean = sum(values) / len(values)
        drill = practice.topic_drill_link(topic, label)
        if drill and classroom_id:
            drill += f"&for=class:{classroom_id}"
        out.append(
            {
                "topic": topic,
                "label": label,
                "percent": round(mean * 100),
                "members": len(values),
                "band": bands(mean),
                "drill": drill,
                "set_for_class": topic in (set_topics or ()),
            }
        )
    return out


def columns_shown(
    met: set[str], set_topics: list[str], weak: list[str], labels: dict[str, tuple[int, str]],
    *, every_topic: bool,
) -> list[str]:  # fmt: skip
    """The topic columns: those set for the class, then the others met (all, or the weakest
    first up to `COLUMNS`), in `/progress/`'s order."""
    others = sorted(met - set(set_topics), key=lambda t: labels.get(t, (10**6, t)))
    if not every_topic:
        others = [t for t in weak if t in others] + [t for t in others if t not in weak]
        others = sorted(others[:COLUMNS], key=lambda t: labels.get(t, (10**6, t)))
    return set_topics + others


def board(classroom: Classroom, *, sort: str = "name", every_topic: bool = False) -> dict[str, Any]:
    """Everything the class page shows, in six queries whatever the class's size: the kept
    rows are read as plain tuples, and each line's cells made as one piece of HTML."""
    now = timezone.now()
    assignments = list(classroom.assignments.select_related("drill"))
    set_topics = list(
        dict.fromkeys(
            TopicAssignment.objects.filter(classroom=classroom).values_list("topic", flat=True)
        )
    )
    members = list(classroom.members.all())
    work = {
        (m, a): (n, r, done)
        for m, a, n, r, done in MemberWork.objects.filter(member__classroom=classroom)
        .order_by()
        .values_list("member_id", "assignment_id", "answered", "right", "finished")
    }
    rows: list[Kept] = list(
        MemberTopic.objects.filter(member__classroom=classroom)
        .order_by()
        .values_list("member_id", "topic", "weight", "score", "seen")
    )
    labels, bands = practice.topic_order(), Bands()
    weak = weakest(rows, labels, bands, classroom_id=classroom.pk, set_topics=set_topics)
    met = {r[1] for r in rows}
    topics = columns_shown(
        met, set_topics, [w["topic"] for w in weak], labels, every_topic=every_topic
    )
    where = {t: i for i, t in enumerate(topics)}
    by_member: dict[int, list[Mastery]] = {m.pk: [Mastery(None)] * len(topics) for m in members}
    for member_id, topic, weight, score, seen in rows:
        if topic in where and member_id in by_member:
            by_member[member_id][where[topic]] = Mastery(practice.mastery_of(weight, score), seen)
    lines = [
        Line(m, [work_of(work.get((m.pk, a.pk)), a, now) for a in assignments], by_member[m.pk])
        for m in members
    ]
    work_columns = [Column(f"work:{a.pk}", a.drill.title, due=a.due) for a in assignments]
    topic_columns = [
        Column(f"topic:{t}", labels.get(t, (0, t))[1], set_for_class=t in set_topics)
        for t in topics
    ]
    key, descending = sort.lstrip("-"), sort.startswith("-")
    if not any(c.key == key for c in [*work_columns, *topic_columns]):
        key = "name"
    lines = sorted_lines(lines, key, work_columns, topic_columns, descending)
    cells_of(lines, bands)
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
        "today": timezone.localdate(now),
    }


def cells_of(lines: list[Line], bands: Bands) -> None:
    """Each line's work and topic cells as HTML (a template loop over 200 members × 20 columns
    costs more than the rest of the page; the text is escaped here as the template would)."""
    words = status_words()
    not_met = escape(gettext("not met yet"))
    hidden: dict[tuple[str, int], str] = {}
    for line in lines:
        line.url = reverse("classes:member", args=[line.member.classroom_id, line.member.pk])
        out = []
        for w in line.work:
            out.append(
                f'<td class="work work-{w.status}">{escape(w.text)} '
                f"<small>{escape(words[w.status])}</small></td>"
            )
        line.work_cells = mark_safe("".join(out))  # noqa: S308  (every part escaped above)
        out = []
        for m in line.topics:
            if m.mastery is None:
                out.append(
                    '<td class="cell-none"><span aria-hidden="true">·</span>'
                    f'<span class="visually-hidden">{not_met}</span></td>'
                )
                continue
            css, band_words = bands(m.mastery)
            if (band_words, m.seen) not in hidden:
                hidden[(band_words, m.seen)] = escape(
                    ngettext("%(band)s, %(n)s answer", "%(band)s, %(n)s answers", m.seen)
                    % {"band": band_words, "n": m.seen}
                )
            out.append(
                f'<td class="cell-{css}">{m.percent}%<span class="visually-hidden"> — '
                f"{hidden[(band_words, m.seen)]}</span></td>"
            )
        line.topic_cells = mark_safe("".join(out))  # noqa: S308


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
