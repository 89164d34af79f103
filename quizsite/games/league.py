"""A club's league table and its chart, from the club's finished games: total final points,
games, average placement, places, win and deal-in rates; and each player's running total drawn
as an SVG chart on the server. Each game's part is its stored `result` (the engine's replay of
its hands, written with every change of them), so a league of any size costs three queries."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from scoring.engine.final import tenths_text

from .models import Club, Game

COLOURS = ("#0b6e4f", "#a4262c", "#1f5fa8", "#8a5a00", "#6b3fa0", "#2f7f8a", "#b3478f", "#555")
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass
class Row:
    name: str
    games: int = 0
    tenths: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0

    @property
    def total(self) -> str:
        return tenths_text(self.tenths)

    @property
    def average_place(self) -> str:
        if not self.games:
            return "—"
        return f"{sum((i + 1) * n for i, n in enumerate(self.places)) / self.games:.2f}"

    @property
    def win_rate(self) -> str:
        return percent(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> str:
        return percent(self.deal_ins, self.hands)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "—"


@dataclass
class League:
    rows: list[Row]
    games: list[Game]
    unfinished: int
    chart: dict[str, object]


def club_games(club: Club, since: datetime.date | None, until: datetime.date | None):
    games = club.games.prefetch_related("seats__player").order_by("created", "pk")
    if since:
        games = games.filter(created__date__gte=since)
    if until:
        games = games.filter(created__date__lte=until)
    return games


def league(
    club: Club, *, since: datetime.date | None = None, until: datetime.date | None = None
) -> League:
    rows: dict[int, Row] = {}
    finished: list[Game] = []
    unfinished = 0
    history: list[dict[int, int]] = []  # after each finished game: player → running tenths
    for game in club_games(club, since, until):
        result = game.result
        if result is None:
            unfinished += 1
            continue
        finished.append(game)
        for seat in game.seats.all():
            row = rows.setdefault(seat.player.pk, Row(seat.player.name))
            row.games += 1
            row.tenths += result["tenths"][seat.seat]
            row.places[result["ranks"][seat.seat] - 1] += 1
            row.hands += result["hands"]
            row.wins += result["wins"][seat.seat]
            row.deal_ins += result["deal_ins"][seat.seat]
        history.append({pk: row.tenths for pk, row in rows.items()})
    ordered = sorted(rows.values(), key=lambda r: (-r.tenths, r.name.casefold()))
    names = {pk: row.name for pk, row in rows.items()}
    return League(ordered, finished, unfinished, chart(history, names))


WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 480, 300, 50, 112, 16, 30


def chart(history: list[dict[int, int]], names: dict[int, str]) -> dict[str, object]:
    """Coordinates for the running totals: one line a player (colour and dash both differ),
    x the club's finished games in order, y the total in points; labels at each line's end."""
    if not history:
        return {}
    values = [0] + [v for point in history for v in point.values()]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 10, high + 10
    span_x = max(len(history), 1)

    def x(i: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * i / span_x, 1)

    def y(v: int) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low), 1)

    lines = []
    for n, (pk, name) in enumerate(sorted(names.items(), key=lambda kv: -history[-1][kv[0]])):
        points = [(x(0), y(0))] + [
            (x(i + 1), y(point[pk])) for i, point in enumerate(history) if pk in point
        ]
        lines.append(
            {
                "name": name,
                "points": " ".join(f"{a},{b}" for a, b in points),
                "colour": COLOURS[n % len(COLOURS)],
                "dash": DASHES[(n // len(COLOURS) + n) % len(DASHES)],
                "end": points[-1],
                "total": tenths_text(history[-1][pk]),
            }
        )
    spread_labels(lines)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        "zero": y(0),
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "ticks": [{"y": y(v), "label": tenths_text(v)} for v in sorted({low, 0, high})],
        "games": [{"x": x(i), "label": i} for i in range(0, span_x + 1, max(1, span_x // 8))],
    }


def spread_labels(lines: list[dict[str, object]]) -> None:
    """End labels at least 16 px apart, so two close totals stay readable."""
    last = -100.0
    for line in sorted(lines, key=lambda ln: ln["end"][1]):  # type: ignore[index]
        label_y = max(float(line["end"][1]) + 5, last + 16)  # type: ignore[index]
        line["label_y"] = round(label_y, 1)
        last = label_y
