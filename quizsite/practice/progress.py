"""The progress page's figures, from a learner's kept state (`state.py`): mastery per topic
by group, the han/fu table by how well each cell is known, accuracy over time as an SVG drawn here,
streaks, the topics missed most, and the CSV export."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from scoring.engine.generate import TABLE_FU

from .mastery import TopicState
from .topics import CELL_HAN, GROUPS, TOPICS

# How well a topic is known, in words and a CSS class (the colour never says it alone).
BANDS = [
    (0.8, "good", gettext_lazy("known")),
    (0.55, "fair", gettext_lazy("getting there")),
    (0.0, "weak", gettext_lazy("weak")),
]


def band(state: TopicState | None) -> tuple[str, str]:
    if state is None:
        return "none", gettext("not met yet")
    return next((css, str(words)) for low, css, words in BANDS if state.mastery >= low)


@dataclass(frozen=True)
class Row:
    topic: str
    label: str
    state: TopicState | None

    @property
    def band(self) -> tuple[str, str]:
        return band(self.state)


def groups(states: dict[str, TopicState]) -> list[dict[str, Any]]:
    """Each group with its topics met so far (weakest first) and how many it has in all."""
    out = []
    for key, title in GROUPS.items():
        if key == "cells":
            continue
        ids = [t for t in TOPICS if TOPICS[t].group == key]
        met = sorted((states[t] for t in ids if t in states), key=lambda s: s.mastery)
        rows = [Row(s.topic, s.label, s) for s in met]
        out.append({"key": key, "title": title, "rows": rows, "total": len(ids)})
    return out


def table(states: dict[str, TopicState]) -> dict[str, Any]:
    """The 1–4 han table: a row per han, a cell per fu, each with its band and text."""
    rows = []
    for han in CELL_HAN:
        cells = []
        for fu in TABLE_FU:
            state = states.get(f"cell:{han}-{fu}")
            cells.append({"fu": fu, "state": state, "band": band(state)})
        rows.append({"han": han, "cells": cells})
    return {"fu": TABLE_FU, "rows": rows}


def streaks(run: int, best: int, days: list[date], today: date) -> dict[str, int]:
    """The current and best run of right answers (kept as answers come), and the days in a
    row with an answer (up to today, or yesterday when nothing is answered yet today)."""
    seen, day, in_a_row = set(days), today, 0
    if day not in seen:
        day -= timedelta(days=1)
    while day in seen:
        in_a_row, day = in_a_row + 1, day - timedelta(days=1)
    return {"current": run, "best": best, "days": in_a_row}


def buckets(days: list[tuple[date, int, int]], *, most: int = 12) -> list[tuple[int, float]]:
    """Accuracy over time from the answers per day, oldest first: the days in up to `most`
    runs of about equal numbers of answers, as (answers so far, share right in the run)."""
    total = sum(n for _, n, _ in days)
    if not total:
        return []
    size = -(-total // most)
    points, seen, n_run, right_run = [], 0, 0, 0
    for _, n, right in days:
        seen, n_run, right_run = seen + n, n_run + n, right_run + right
        if n_run >= size:
            points.append((seen, right_run / n_run))
            n_run = right_run = 0
    if n_run:
        points.append((seen, right_run / n_run))
    return points


RECENT = 200  # the latest answers a running share is drawn from
FEW_RUNS = 4  # fewer day runs than this say little: the running share is drawn instead


def window_for(count: int) -> int:
    """How many answers each point of a running share looks back over: a quarter of them,
    5 to 20."""
    return min(max(count // 4, 5), 20)


def running(rights: list[bool], *, before: int = 0) -> list[tuple[int, float]]:
    """The share right in the last `window_for(len(rights))` answers at each answer, oldest
    first, as (the answer's number, share); `before` answers came before these.

    >>> running([True] * 5 + [False] * 5)
    [(5, 1.0), (6, 0.8), (7, 0.6), (8, 0.4), (9, 0.2), (10, 0.0)]
    """
    window = window_for(len(rights))
    return [
        (before + end, sum(rights[end - window : end]) / window)
        for end in range(window, len(rights) + 1)
    ]


def accuracy(
    days: list[tuple[date, int, int]], recent: list[bool], answered: int
) -> dict[str, Any]:
    """The accuracy chart: the share right in runs of answers across the days when there are
    enough runs to say something, else the running share over the `recent` answers (the
    latest, oldest first; `answered` in all)."""
    runs = buckets(days)
    points = running(recent, before=answered - len(recent))
    if len(runs) >= FEW_RUNS or not points:
        return chart(runs) | {"window": 0}
    # The axis runs from the first point (the first full window) to the last answer.
    return chart(points, start=points[0][0] - 1) | {"window": window_for(len(recent))}


MARKS = 12  # the dots drawn (and read out) at most


def chart(
    points: list[tuple[int, float]], *, start: int = 0, width: int = 560, height: int = 200
) -> dict[str, Any]:
    """The accuracy chart's geometry for the SVG template: a polyline through every point,
    dots (and the description) at up to `MARKS` of them, and grid lines; the x axis runs from
    answer `start` to the last point's."""
    left, right, top, bottom = 44, 12, 12, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    last = points[-1][0] if points else 1
    span = max(last - start, 1)

    def x(n: int) -> float:
        return round(left + plot_w * ((n - start) / span if len(points) > 1 else 0.5), 1)

    def y(share: float) -> float:
        return round(top + plot_h * (1 - share), 1)

    every = [{"x": x(n), "y": y(s), "n": n, "percent": round(s * 100)} for n, s in points]
    step = -(-len(every) // MARKS) or 1
    dots = every[::-1][::step][::-1]  # the last point always among them
    return {
        "width": width,
        "height": height,
        "line": " ".join(f"{d['x']},{d['y']}" for d in every),
        "dots": dots,
        "grid": [{"y": y(p / 100), "label": f"{p}%"} for p in (0, 50, 100)],
        "left": left,
        "right": width - right,
        "base": top + plot_h,
        "first": start + 1,
        "last": last,
    }


def missed_most(states: dict[str, TopicState], *, most: int = 6) -> list[dict[str, Any]]:
    """The topics wrong answers were charged to most (the latest missed first among equals),
    each with its latest missed answer's row."""
    missed = [s for s in states.values() if s.missed and s.topic in TOPICS]
    missed.sort(key=lambda s: (-s.missed, -(s.last_missed or 0)))
    return [
        {
            "topic": s.topic,
            "label": str(TOPICS[s.topic].label),
            "count": s.missed,
            "answer_pk": s.last_missed,
        }
        for s in missed[:most]
    ]


# CSV export.

# The columns' headings, in the page's language (the cells are the stored values).
HEADER = [
    gettext_lazy("answered (UTC)"),
    pgettext_lazy("CSV column", "source"),
    pgettext_lazy("CSV column", "question"),
    pgettext_lazy("CSV column", "mode"),
    pgettext_lazy("CSV column", "level"),
    pgettext_lazy("CSV column", "rules"),
    pgettext_lazy("CSV column", "your answer"),
    pgettext_lazy("CSV column", "right answer"),
    pgettext_lazy("CSV column", "right"),
    pgettext_lazy("CSV column", "diagnosis"),
    pgettext_lazy("CSV column", "topics"),
    pgettext_lazy("CSV column", "charged to"),
]


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def write_csv(rows: Any, out: Any) -> None:
    writer = csv.writer(out)
    writer.writerow([str(h) for h in HEADER])
    yes, no = pgettext("CSV: right", "yes"), pgettext("CSV: right", "no")
    for r in rows:
        cells = [
            r.answered.strftime("%Y-%m-%d %H:%M:%S"),
            r.source,
            r.ref,
            r.mode,
            r.level,
            r.rules,
            r.given,
            r.expected,
            yes if r.right else no,
            r.category,
            " ".join(r.topics),
            " ".join(r.charged),
        ]
        writer.writerow([safe_cell(c) for c in cells])
