"""A club's league table and its chart, from the club's finished games: total final points,
games, average placement, places, win and deal-in rates; and each player's running total drawn
as an SVG chart on the server. Each game's part is its seats' stored numbers (the engine's replay
of its hands, written with every change of them), read as plain values: a league of any size
costs four queries and a page of bounded size (the latest `SHOWN` games listed, the chart
drawn through at most `POINTS` points a line)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from .board import final_text
from .models import Club, Game, Seat, players_of

SHOWN = 20  # the latest finished games listed under the table
POINTS = 120  # the chart's points a line at most (a longer league is sampled evenly)

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
        return final_text(self.tenths)

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
    games: list[Game]  # the latest `SHOWN` finished games, in the order played
    unfinished: int
    chart: dict[str, object]
    finished: int = 0  # all the period's finished games
    players: int = 4  # a game's players: a league is three-player or four-player

    @property
    def earlier(self) -> int:
        """Finished games not listed (they count in the table and the chart)."""
        return self.finished - len(self.games)


def club_games(club: Club, since: datetime.date | None, until: datetime.date | None):
    games = club.games.order_by("created", "pk")
    if since:
        games = games.filter(created__date__gte=since)
    if until:
        games = games.filter(created__date__lte=until)
    return games


def league(
    club: Club, *, since: datetime.date | None = None, until: datetime.date | None = None
) -> League:
    games = club_games(club, since, until)
    names = dict(club.players.values_list("pk", "name"))
    seated = (
        Seat.objects.filter(game__in=games, rank__isnull=False)
        .order_by("game__created", "game", "seat")
        .values_list("game", "player", "tenths", "rank", "hands", "wins", "deal_ins")
    )
    rows: dict[int, Row] = {}
    history: list[dict[int, int]] = []  # after each finished game: player → running tenths
    finished: list[int] = []
    for game, player, tenths, rank, hands, wins, deal_ins in seated:
        if not finished or finished[-1] != game:
            if finished:
                history.append({pk: row.tenths for pk, row in rows.items()})
            finished.append(game)
        row = rows.get(player) or rows.setdefault(player, Row(names[player]))
        row.games += 1
        row.tenths += tenths
        row.places[rank - 1] += 1
        row.hands += hands
        row.wins += wins
        row.deal_ins += deal_ins
    if finished:
        history.append({pk: row.tenths for pk, row in rows.items()})
    unfinished = games.count() - len(finished)
    ordered = sorted(rows.values(), key=lambda r: (-r.tenths, r.name.casefold()))
    latest = list(games.filter(pk__in=finished[-SHOWN:]))
    shown = {pk: row.name for pk, row in rows.items()}
    return League(
        ordered,
        latest,
        unfinished,
        chart(history, shown),
        finished=len(finished),
        players=league_players(club) or 4,
    )


def league_players(club: Club) -> int | None:
    """How many play at the league's tables: its rules' count, else its games' (None: no
    rules and no game yet, so its first game says). A league never mixes three-player and
    four-player games: their points are not on one scale."""
    if club.rules is not None:
        return players_of(club.rules.rules)
    preset = club.games.values_list("rules__preset", flat=True).first()
    return None if preset is None else players_of({"preset": preset})


def refusal(club: Club, game: Game) -> str | None:
    """Why the game cannot join the club's league for its number of players (None: it can)."""
    wanted = league_players(club)
    if wanted is None or wanted == game.players:
        return None
    if game.players == 3:
        return _(
            "That is a three-player game and %(club)s's league is of four-player games: a league "
            "keeps three-player and four-player games apart (start another club for them)."
        ) % {"club": club.name}
    return _(
        "That is a four-player game and %(club)s's league is of three-player games: a league "
        "keeps three-player and four-player games apart (start another club for them)."
    ) % {"club": club.name}


WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 480, 300, 50, 112, 16, 30


def chart(history: list[dict[int, int]], names: dict[int, str]) -> dict[str, object]:
    """Coordinates for the running totals: one line a player (colour and dash both differ),
        x the club's finished games in order, y the total in points; labels at each line's end. A
    long league is drawn through every `step`-th game (and the last), at most `POINTS` a line."""
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

    step = -(-len(history) // POINTS)  # at most POINTS points a line, the last always drawn
    drawn = sorted({*range(step - 1, len(history), step), len(history) - 1})
    lines = []
    for n, (pk, name) in enumerate(sorted(names.items(), key=lambda kv: -history[-1][kv[0]])):
        points = [(x(0), y(0))] + [(x(i + 1), y(history[i][pk])) for i in drawn if pk in history[i]]
        lines.append(
            {
                "name": name,
                "points": " ".join(f"{a},{b}" for a, b in points),
                "colour": COLOURS[n % len(COLOURS)],
                "dash": DASHES[(n // len(COLOURS) + n) % len(DASHES)],
                "end": points[-1],
                "total": final_text(history[-1][pk]),
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
        "ticks": [{"y": y(v), "label": final_text(v)} for v in sorted({low, 0, high})],
        "games": [{"x": x(i), "label": i} for i in range(0, span_x + 1, max(1, span_x // 8))],
    }


def spread_labels(lines: list[dict[str, object]]) -> None:
    """End labels at least 16 px apart, so two close totals stay readable."""
    last = -100.0
    for line in sorted(lines, key=lambda ln: ln["end"][1]):  # type: ignore[index]
        label_y = max(float(line["end"][1]) + 5, last + 16)  # type: ignore[index]
        line["label_y"] = round(label_y, 1)
        last = label_y
