"""A player's own games together: every imported game whose seat they said, with their place,
points, wins, deal-ins and riichi there, and the totals a player asks after twenty games
(placements, average place and points, win and deal-in rates). Read from the stored rows
(each game's `result`, the log's hands): no game is replayed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scoring.engine.final import tenths_text

from .models import Game, GameLog


@dataclass(frozen=True)
class MyGame:
    """One of the player's games from their seat: the place and final points (None while the
    game is not over), and their wins, deal-ins and riichi out of the hands played."""

    game: Game
    seat: int
    place: int | None
    tenths: int | None
    hands: int
    wins: int
    deal_ins: int
    riichi: int

    @property
    def name(self) -> str:
        return self.game.names[self.seat]

    @property
    def players(self) -> int:
        """4, or 3 at a three-player table (whose places and points are counted apart)."""
        return self.game.players

    @property
    def points(self) -> str:
        return tenths_text(self.tenths) if self.tenths is not None else ""


def mine(log: GameLog) -> MyGame | None:
    """The game as the importer played it (None when they have not said their seat)."""
    seat = log.seat
    if seat is None:
        return None
    game = log.game
    result = game.result
    riichi = sum(1 for h in log.hands if seat in (h.get("riichi") or []))
    if result is None:
        wins = sum(1 for h in log.hands[: log.saved] if seat in winners(h))
        deal_ins = sum(1 for h in log.hands[: log.saved] if dealt_in(h) == seat)
        return MyGame(game, seat, None, None, log.saved, wins, deal_ins, riichi)
    return MyGame(
        game, seat, result["ranks"][seat], result["tenths"][seat], result["hands"],
        result["wins"][seat], result["deal_ins"][seat], riichi,
    )  # fmt: skip


def winners(hand: dict[str, Any]) -> set[int]:
    return {w["seat"] for w in hand.get("wins", [])}


def dealt_in(hand: dict[str, Any]) -> int | None:
    froms = {w["from"] for w in hand.get("wins", []) if w["from"] != w["seat"]}
    return froms.pop() if len(froms) == 1 else None


def my_games(games: QuerySet[Game]) -> list[MyGame]:
    """The player's imported games with their seat said, the latest first."""
    logs = (
        GameLog.objects.filter(game__in=games, seat__isnull=False)
        .select_related("game")
        .order_by("-game__created", "-pk")
    )
    return [row for row in (mine(log) for log in logs) if row is not None]


@dataclass(frozen=True)
class Totals:
    games: int  # all of them
    finished: int
    places: tuple[int, int, int, int]  # 1st to 4th (no 4th at three players)
    average_place: str
    total_points: str
    average_points: str
    hands: int
    wins: int
    deal_ins: int
    riichi: int

    @property
    def win_rate(self) -> str:
        return percent(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> str:
        return percent(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> str:
        return percent(self.riichi, self.hands)


def percent(part: int, whole: int) -> str:
    """ "12.5%" (a hand of 8), "" when there is no whole."""
    return f"{100 * part / whole:.1f}%" if whole else ""


def totals(rows: Iterable[MyGame]) -> Totals:
    """The player's games added up: places and points over the finished ones, wins, deal-ins
    and riichi over every hand played."""
    rows = list(rows)
    done = [r for r in rows if r.place is not None and r.tenths is not None]
    places = tuple(sum(1 for r in done if r.place == p) for p in (1, 2, 3, 4))
    tenths = sum(r.tenths or 0 for r in done)
    return Totals(
        games=len(rows),
        finished=len(done),
        places=(places[0], places[1], places[2], places[3]),
        average_place=f"{sum(r.place or 0 for r in done) / len(done):.2f}" if done else "",
        total_points=tenths_text(tenths) if done else "",
        average_points=tenths_text(round(tenths / len(done))) if done else "",
        hands=sum(r.hands for r in rows),
        wins=sum(r.wins for r in rows),
        deal_ins=sum(r.deal_ins for r in rows),
        riichi=sum(r.riichi for r in rows),
    )
