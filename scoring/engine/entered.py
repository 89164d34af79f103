"""A hand's end as entered, typed: what the table says happened, before the settlement checks
it against the table (`hand_end.parse_end` does that when the hand is settled).

One class per way a hand ends: `Ron` (one to three wins off one discard, with a pao),
`Tsumo`, `Draw` (tenpai, nagashi mangan), `Abortive`, `Chombo`, and for a whole game the
dealer's `Stop` (agari-yame) and `EarlyEnd` (time's up or abandoned). `end_of` reads the
JSON shape the settle request and a game's stored hands use, and each end's `to_json`
writes it back; nothing else reads or writes that shape.

>>> end = end_of({"kind": "ron", "from": 0, "wins": [{"seat": 2, "han": 3, "fu": 30}],
...     "pao": {"seat": 1}})
>>> end.discarder, end.wins[0].han, end.pao.target(end.wins)
(0, 3, 2)
>>> end.to_json()
{'kind': 'ron', 'from': 0, 'wins': [{'seat': 2, 'han': 3, 'fu': 30}], 'pao': {'seat': 1}}
>>> end_of({"kind": "end", "why": "time"})
EarlyEnd(why='time')
>>> end_of({"kind": "dance"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.engine.errors.ScoringError: a hand's "kind" must be one of ron, ... not 'dance'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import ScoringError
from .rules import Abort
from .words import Catalogue, phrase, word

Why = Literal["time", "abandon"]
WHYS: tuple[Why, ...] = ("time", "abandon")


@dataclass(frozen=True)
class WinEntry:
    """One winner as entered: a whole hand (the hand calculator's request), a yakuman count,
    or han and fu (fu 0 for a limit hand)."""

    seat: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    hand: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        if self.hand is not None:
            return {"seat": self.seat, "hand": dict(self.hand)}
        if self.yakuman:
            return {"seat": self.seat, "yakuman": self.yakuman}
        return {"seat": self.seat, "han": self.han, "fu": self.fu}


@dataclass(frozen=True)
class PaoEntry:
    """The liable player, for one winner (None: the hand's only winner)."""

    seat: int
    for_seat: int | None = None

    def target(self, wins: Sequence[WinEntry]) -> int | None:
        """The winner the pao is for: the one named, else the only winner."""
        if self.for_seat is not None:
            return self.for_seat
        return wins[0].seat if len(wins) == 1 else None

    def to_json(self) -> dict[str, Any]:
        if self.for_seat is None:
            return {"seat": self.seat}
        return {"seat": self.seat, "for": self.for_seat}


@dataclass(frozen=True)
class Ron:
    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "ron"

    discarder: int
    wins: tuple[WinEntry, ...]
    pao: PaoEntry | None = None

    def to_json(self) -> dict[str, Any]:
        end: dict[str, Any] = {
            "kind": self.kind,
            "from": self.discarder,
            "wins": [w.to_json() for w in self.wins],
        }
        if self.pao is not None:
            end["pao"] = self.pao.to_json()
        return end


@dataclass(frozen=True)
class Tsumo:
    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "tsumo"

    win: WinEntry
    pao: PaoEntry | None = None
    kan_from: int | None = None  # the kan's feeder, for a win on a kan's replacement tile

    @property
    def wins(self) -> tuple[WinEntry, ...]:
        return (self.win,)

    def to_json(self) -> dict[str, Any]:
        end: dict[str, Any] = {"kind": self.kind, "win": self.win.to_json()}
        if self.pao is not None:
            end["pao"] = self.pao.to_json()
        if self.kan_from is not None:
            end["kan_from"] = self.kan_from
        return end


@dataclass(frozen=True)
class Draw:
    """An exhaustive draw: the tenpai seats, or the hands shown (tiles by seat) to work them
    out from, and any nagashi mangan."""

    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "draw"

    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    hands: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        end: dict[str, Any] = {"kind": self.kind}
        if self.hands:
            end["hands"] = {str(seat): tiles for seat, tiles in self.hands}
        else:
            end["tenpai"] = list(self.tenpai)
        if self.nagashi:
            end["nagashi"] = list(self.nagashi)
        return end


@dataclass(frozen=True)
class Abortive:
    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "abortive"

    reason: Abort

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason.value}


@dataclass(frozen=True)
class Chombo:
    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "chombo"

    seat: int
    cause: str = ""

    def to_json(self) -> dict[str, Any]:
        end: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.cause:
            end["cause"] = self.cause
        return end


@dataclass(frozen=True)
class Stop:
    """The last dealer's choice to end the game while first (agari-yame)."""

    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "stop"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class EarlyEnd:
    """The game ended before its last hand: time's up (final standings at these scores) or
    abandoned (no result)."""

    @property
    def kind(self) -> str:  # not a ClassVar: mypyc would make it a field
        return "end"

    why: Why

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "why": self.why}


HandEnd = Ron | Tsumo | Draw | Abortive | Chombo | Stop | EarlyEnd
KINDS = ("ron", "tsumo", "draw", "abortive", "chombo", "stop", "end")

# What a hand's entry says when it is not one (the JSON API's game requests): field names and
# the values given stay as they are, in every language.
ERRORS = Catalogue(
    "entered",
    {
        "end": 'a hand\'s end must be an object with a "kind"',
        "wins": 'a ron\'s "wins" must be a list of wins',
        "hands": 'a draw\'s "hands" must be tiles by seat',
        "reason": "an abortive draw's reason cannot be {reason}",
        "why": 'a game ends early for "time" or "abandon", not {why}',
        "kind": 'a hand\'s "kind" must be one of {kinds}, not {kind}',
        "win": "a win must be an object with its seat",
        "pao": "a pao must be an object like {pao}",
        "seat": "{what} must be a seat from 0 to 3, not {value}",
        "seats": "{what} must be a list of seats",
    },
)


def end_of(value: Any) -> HandEnd:
    """A hand's end from its JSON shape; a shape it cannot read is a ScoringError (the table
    checks, such as a seat that did not win, are the settlement's)."""
    if not isinstance(value, Mapping):
        raise ScoringError(word(ERRORS, "end"))
    kind = value.get("kind")
    if kind == "ron":
        wins = value.get("wins")
        if not isinstance(wins, list) or not wins:
            raise ScoringError(word(ERRORS, "wins"))
        found = tuple(win_of(w) for w in wins)
        return Ron(seat_of(value.get("from"), "from"), found, pao_of(value.get("pao")))
    if kind == "tsumo":
        feeder = value.get("kan_from")
        return Tsumo(
            win_of(value.get("win")),
            pao_of(value.get("pao")),
            None if feeder is None else seat_of(feeder, "kan_from"),
        )
    if kind == "draw":
        hands = value.get("hands") or {}
        if not isinstance(hands, Mapping):
            raise ScoringError(word(ERRORS, "hands"))
        return Draw(
            seats_of(value.get("tenpai", []), "tenpai"),
            seats_of(value.get("nagashi", []), "nagashi"),
            tuple(sorted((seat_of(seat_key(s), "hands"), str(t)) for s, t in hands.items())),
        )
    if kind == "abortive":
        reason = value.get("reason")
        if reason not in [a.value for a in Abort]:
            raise ScoringError(phrase(ERRORS, "reason", reason=repr(reason)))
        return Abortive(Abort(reason))
    if kind == "chombo":
        return Chombo(seat_of(value.get("seat"), "seat"), str(value.get("cause", "")))
    if kind == "stop":
        return Stop()
    if kind == "end":
        why = value.get("why")
        for known in WHYS:
            if why == known:
                return EarlyEnd(known)
        raise ScoringError(phrase(ERRORS, "why", why=repr(why)))
    raise ScoringError(phrase(ERRORS, "kind", kinds=", ".join(KINDS), kind=repr(kind)))


def win_of(value: Any) -> WinEntry:
    if not isinstance(value, Mapping):
        raise ScoringError(word(ERRORS, "win"))
    seat = seat_of(value.get("seat"), "win seat")
    if isinstance(value.get("hand"), Mapping):
        return WinEntry(seat, hand=dict(value["hand"]))
    yakuman, han, fu = value.get("yakuman", 0), value.get("han", 0), value.get("fu", 0)
    return WinEntry(
        seat,
        han if type(han) is int else 0,
        fu if type(fu) is int else 0,
        yakuman if type(yakuman) is int else 0,
    )


def pao_of(value: Any) -> PaoEntry | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ScoringError(phrase(ERRORS, "pao", pao='{"seat": 1, "for": 2}'))
    target = value.get("for")
    return PaoEntry(
        seat_of(value.get("seat"), "pao seat"),
        None if target is None else seat_of(target, "pao for"),
    )


def seat_of(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise ScoringError(phrase(ERRORS, "seat", what=what, value=repr(value)))
    return value


def seat_key(key: Any) -> Any:
    """A seat as an object's key ("2") or as itself."""
    return int(key) if isinstance(key, str) and key.isdigit() else key


def seats_of(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ScoringError(phrase(ERRORS, "seats", what=what))
    return tuple(seat_of(s, what) for s in value)
