"""A real game's log read into what Tenbō's game keeper plays: pure Python, no Django.

Two formats are read, each by its own module, into the one `LoggedGame` below:
- `tenhou_xml`: the mjlog XML Tenhou's server writes (`<mjloggm>`; gzip too);
- `tenhou6`: the tenhou.net/6 JSON log (`{"title", "name", "rule", "log": [...]}`), which
  Mahjong Soul exporters and game reviewers write.

`read(data)` finds the format and reads it; a three-player game (Tenhou's sanma, either
format) only with `read(data, sanma=True)`, into the same data with three seats (three names,
scores and changes; a winner's Norths set aside are its hand's "kita"). Nothing here scores a
hand: each win is carried
as the whole hand the engine scores (a score request's `hand` object, as the game keeper
stores a built hand) beside what the server recorded, so the site can put the engine's score
next to the server's and flag any difference.

A problem is a `LogError`: a key (what is wrong), where (hand, line or key path) and numbers,
as data, so that any language can word it. A log cut short is not an error: its complete hands
are read and `LoggedGame.cut` says what was left off.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

Format = Literal["tenhou_xml", "tenhou6"]
Length = Literal["tonpuusen", "hanchan"]  # the game keeper's `Game.Length` values

MAX_BYTES = 2_000_000  # the default size limit (the site's setting may lower or raise it)
# The most hands a log may hold: a game of three rounds (a hanchan into West), each of its
# twelve deals kept eight times, has 96 (the longest of 200 real Phoenix-room games has 17).
# A log of more is no real game, and would cost every view of its review.
MAX_HANDS = 100

# What a LogError's key may be; the site words each one (with `where` and `params`).
PROBLEMS = (
    "empty",  # nothing given
    "too_large",  # params: size, limit (bytes), after gunzip too (a zip bomb stops here)
    "bad_gzip",  # gzip data that does not unpack
    "not_text",  # bytes that are not UTF-8 (XML may declare another encoding; JSON is UTF-8)
    "not_a_log",  # neither format: params: why (short)
    "bad_xml",  # XML that does not parse: where: line; params: why
    "bad_json",  # JSON that does not parse: where: line; params: why
    "sanma",  # a three-player game, where the caller takes only four-player ones
    "unknown_rule",  # a rule the reader cannot map: params: rule (as the log writes it)
    "bad_value",  # a value that is not what the format says: where: hand/line/key; params: what
    "no_hands",  # a log with no complete hand
    "too_many_hands",  # more hands than a game holds: params: most (MAX_HANDS)
)


class LogError(ValueError):
    """What is wrong with a log: `key` (one of PROBLEMS), `where` (e.g. {"hand": 3, "line": 12}
    or {"key": "log[2][16]"}; empty when it is the whole file) and `params` (numbers, names)."""

    def __init__(self, key: str, where: dict[str, Any] | None = None, **params: Any) -> None:
        self.key = key
        self.where = dict(where or {})
        self.params = params
        super().__init__(f"{key} {self.where} {params}")


@dataclass(frozen=True)
class Recorded:
    """A win as the server recorded it: han and fu (`fu` as written, also for limits), the
    hand's value before honba and deposits (`points`; a tsumo's three payments summed), the
    limit (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"), the yaku as
    (our yaku id, han) pairs (ids as `POST /api/v1/score` names them; a yakuman counts 13 a
    time), and the server's own text where the log has one ("30符1飜1000点", "満貫8000点")."""

    han: int
    fu: int
    points: int
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    text: str = ""


@dataclass(frozen=True)
class LoggedWin:
    """One winner: seat, the seat dealt in (== seat for a tsumo), the liable seat of a pao
    (None), the whole hand as the game keeper stores a built win (the score request's `hand`
    object: "hand" (concealed tiles with the winning tile, MPSZ, red fives as 0), "win",
    "melds" (["chi 345m", "pon 777z", "kan 1111s", "ankan 9999p"]), "dora" and "ura"
    (indicators, space separated or lists as the request takes them), "flags" (riichi,
    double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou)), and what the
    server recorded."""

    seat: int
    from_seat: int
    pao: int | None
    hand: dict[str, Any]
    recorded: Recorded

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True)
class LoggedHand:
    """One hand of the log: where it stood when dealt (round wind "E"/"S"/"W"/"N", the hand
    within the round 1–4, honba, riichi deposits on the table, the dealer's seat, the four
    scores (three at a three-player table: every seat's tuple is as long as the table)), the
    seats that declared riichi in it (their sticks paid), how it ended as the game keeper
    stores a hand's end (`end`: {"kind": "ron"|"tsumo"|"draw"|"abortive", ...}, the wins as
    whole hands), its wins with the server's record, the score changes the server
    recorded (the four seats, honba and deposits included) and its result as the log names it
    ("和了", "流局", "九種九牌", "AGARI", "RYUUKYOKU nm", ...)."""

    number: int  # 1, 2, ... in the log
    round: str
    hand_in_round: int
    honba: int
    deposits: int
    dealer: int
    scores: tuple[int, ...]
    riichi: tuple[int, ...]
    end: dict[str, Any]
    wins: tuple[LoggedWin, ...]
    deltas: tuple[int, ...]
    result: str = ""
    # Each riichi declared in the hand: (seat, turn), the turn being the declaring discard's
    # place among that seat's discards (1 for the first), whether or not its stick was paid.
    riichi_turns: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class LoggedGame:
    """A whole game: its format, the four names (seat 0 first: the first dealer), the rules
    as the game keeper takes them ({"preset": "tenhou", ...}; None when the log names no
    preset Tenbō knows, so the player picks), the rules as the log wrote them, East only or
    East and South, its hands, the scores after the last hand and the final points the log
    recorded (None when the log has none, e.g. cut short), and `cut`: "" or a LogError saying
    what was left off a log cut short."""

    format: Format
    players: tuple[str, ...]  # four names, or three at a three-player table
    rules: dict[str, Any] | None
    rules_text: str
    length: Length
    hands: tuple[LoggedHand, ...]
    end_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    cut: LogError | None = None
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # The game's own identity, the same for the whole log and for a copy of it cut short: a
    # hash of what the server made it from (Tenhou's shuffle seed, a tenhou.net/6 log's ref;
    # else the names and the first hand's deal).
    identity: str = ""

    @property
    def seats(self) -> int:
        """The players at the table: 4, or 3 for a three-player game."""
        return len(self.players)


def identity_of(*parts: object) -> str:
    """A game's identity from what made it (a seed, a reference, or names and a deal).

    >>> len(identity_of("tenhou_xml", "seed", "mt19937ar,abc"))
    64
    """
    return hashlib.sha256(repr(parts).encode("utf-8", "replace")).hexdigest()


def read(data: bytes | str, *, limit: int = MAX_BYTES, sanma: bool = False) -> LoggedGame:
    """The game in `data` (XML, JSON, or either gzipped), whichever format it is; a
    three-player game only when `sanma` (else the LogError "sanma")."""
    from .files import read_any

    return read_any(data, limit=limit, sanma=sanma)
