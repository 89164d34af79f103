"""The table's request: a settle request (dict or JSON text) → the checked `Table` and `End`.

The types of a hand's end (`End` with its `Win`s and `Pao`, by `EndKind`) and of the table
as the hand starts live here, beside the score request (`request`); `hand_end` settles them
and `final` reads its scores with the same field checks.

>>> request = {"rules": "tenhou", "scores": [25000] * 4, "dealer": 1,
...     "end": {"kind": "chombo", "seat": 2}}
>>> rules, table_rules, table, end = parse_settle_request(request)
>>> table.state.dealer, table.scores[0], end.kind.value, end.chombo
(1, 25000, 'chombo', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .end_words import END, ERRORS, deposits_words, joined
from .errors import ScoringError, shorten
from .evaluate import count_dora, score_readings
from .payment import MAX_COUNTERS, han_limit
from .payment import WORDS as LIMIT_WORDS
from .request import load_object, parse_request
from .rules import (
    Abort,
    Nagashi,
    RuleSet,
    TableRules,
    parse_table_rules,
)
from .sanma_words import SANMA_ERRORS
from .table import ROUNDS, Length, State, seat_wind, waits
from .words import phrase, word
from .yaku import DORA_IDS

Scores = tuple[int, ...]  # in seat order: four, or three at a three-player table
# Why a chombo is called: the infractions the references list, each in plain words.
# A chombo's causes, each with what the offender did (in English; every language's: END).
CHOMBO_CAUSES = {
    cause: END.english[f"cause.{cause}"]
    for cause in ("false_win", "furiten_ron", "false_riichi", "riichi_kan", "wrong_tiles", "wall")
}
MAX_HAN = 99
FU_VALUES = frozenset({25, *range(20, 140, 10)})


class EndKind(StrEnum):
    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    ABORTIVE = "abortive"
    CHOMBO = "chombo"


@dataclass(frozen=True)
class Win:
    """One winner's hand: han and fu (or yakuman), with what the settlement needs to know."""

    seat: int
    han: int
    fu: int
    yakuman: int = 0
    liable: int = 0  # yakuman units a pao can cover (0: none known; han/fu wins: all)
    yaku_han: int | None = None  # han from yaku alone (dora left out), when the hand is known
    label: str = ""

    def describe(self) -> str:
        if self.label:
            return self.label
        if self.yakuman:
            if self.yakuman == 1:
                return word(END, "what.yakuman")
            return phrase(END, "what.yakuman.n", n=self.yakuman)
        if self.han < 5:
            return phrase(END, "what.han_fu", han=self.han, fu=self.fu)
        limit = han_limit(self.han)
        if self.han < 13 and limit is not None:  # from 13 han the rules name the limit
            name = word(LIMIT_WORDS, f"name_{limit.value}")
            return phrase(END, "what.limit", limit=name, han=self.han)
        return phrase(END, "what.han", han=self.han)


@dataclass(frozen=True)
class Pao:
    """The player liable (`seat`) for the yakuman of the winner `for_seat`."""

    seat: int
    for_seat: int


@dataclass(frozen=True)
class End:
    """How the hand ended, checked."""

    kind: EndKind
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    pao: Pao | None = None
    kan_feeder: int | None = None
    tenpai: tuple[int, ...] = ()
    hands: tuple[tuple[int, str, tuple[str, ...]], ...] = ()  # (seat, tiles, waits) shown
    nagashi: tuple[int, ...] = ()
    reason: Abort | None = None
    chombo: int | None = None
    cause: str = ""  # a key of CHOMBO_CAUSES, when the chombo's cause was given


@dataclass(frozen=True)
class Table:
    """The table as the hand starts: scores (riichi of this hand not yet paid), counters,
    who declares riichi this hand, and the wareme seat (when that rule is on)."""

    scores: Scores
    state: State
    riichi: tuple[int, ...] = ()
    wareme: int | None = None

    @property
    def players(self) -> int:
        """The players at the table (4, or 3)."""
        return len(self.scores)


def deposits_text(n: int) -> str:
    return deposits_words(n)


# ---- the request's fields ------------------------------------------------------------------

SETTLE_FIELDS = ("rules", "scores", "dealer", "round", "honba", "sticks", "riichi", "end")
OPTIONAL = ("length", "wareme")


def parse_table(data: dict[str, Any], table_rules: TableRules) -> Table:
    for key in data:
        if key not in SETTLE_FIELDS and key not in OPTIONAL:
            known = ", ".join((*SETTLE_FIELDS, *OPTIONAL))
            raise ScoringError(f"unknown field {key!r}: the fields are {known}")
    for key in ("scores", "dealer", "end"):
        if key not in data:
            raise ScoringError(f'the request needs "{key}"')
    players = table_rules.players
    scores = parse_scores(data["scores"], players)
    dealer = parse_seat(data["dealer"], "dealer", players)
    round_ = data.get("round", "E")
    if round_ not in ROUNDS:
        raise ScoringError(f'"round" must be one of E, S, W, N, not {shorten(repr(round_))}')
    honba = parse_count(data.get("honba", 0), "honba")
    sticks = parse_count(data.get("sticks", 0), "sticks")
    riichi = parse_seats(data.get("riichi", []), "riichi", players)
    length = data.get("length", "hanchan")
    if length not in ("hanchan", "tonpuusen"):
        raise ScoringError(
            f'"length" must be "hanchan" or "tonpuusen", not {shorten(repr(length))}'
        )
    wareme = data.get("wareme")
    if wareme is not None:
        wareme = parse_seat(wareme, "wareme", players)
    check_total(scores, sticks, table_rules)
    for seat in riichi:
        if scores[seat] < 1000:
            raise ScoringError(phrase(ERRORS, "riichi_points", seat=seat, points=scores[seat]))
    if players == 3 and round_ == "N":
        raise ScoringError(word(SANMA_ERRORS, "north_round"))
    state = State(round_, dealer, honba, sticks, checked_length(length), players)
    return Table(scores, state, riichi, wareme)


def checked_length(value: str) -> Length:
    return "tonpuusen" if value == "tonpuusen" else "hanchan"


def check_total(scores: Scores, sticks: int, table_rules: TableRules) -> None:
    held = sum(scores) + 1000 * sticks
    if held != table_rules.total:
        raise ScoringError(
            phrase(
                SANMA_ERRORS if table_rules.players == 3 else ERRORS,
                "total",
                total=sum(scores),
                deposits=deposits_text(sticks),
                held=held,
                start=table_rules.start,
                all=table_rules.total,
            )
        )


def parse_scores(value: Any, players: int = 4) -> Scores:
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(type(v) is int and abs(v) <= 10_000_000 for v in value)
    ):
        if players == 3:
            raise ScoringError(phrase(SANMA_ERRORS, "scores", value=shorten(repr(value), 60)))
        raise ScoringError(
            f'"scores" must be four whole numbers in seat order, not {shorten(repr(value), 60)}'
        )
    return tuple(value)


def parse_seat(value: Any, what: str, players: int = 4) -> int:
    if type(value) is not int or not 0 <= value < players:
        if players == 3 and type(value) is int and value == 3:
            raise ScoringError(phrase(SANMA_ERRORS, "seats", what=what, value=value))
        raise ScoringError(f'"{what}" must be a seat from 0 to 3, not {shorten(repr(value))}')
    return value


def parse_seats(value: Any, what: str, players: int = 4) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ScoringError(f'"{what}" must be a list of seats (0 to 3), not {shorten(repr(value))}')
    seats = tuple(parse_seat(v, what, players) for v in value)
    if len(set(seats)) != len(seats):
        twice = next(s for s in seats if seats.count(s) > 1)
        raise ScoringError(f'"{what}" names seat {twice} twice')
    return seats


def parse_count(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNTERS:
        raise ScoringError(
            f'"{what}" must be a whole number from 0 to {MAX_COUNTERS}, not {shorten(repr(value))}'
        )
    return value


def parse_end(value: Any, table: Table, rules: RuleSet, table_rules: TableRules) -> End:
    if not isinstance(value, dict) or "kind" not in value:
        raise ScoringError(
            '"end" must be an object with a "kind": ron, tsumo, draw, abortive or chombo'
        )
    kind = value["kind"]
    if kind not in [k.value for k in EndKind]:
        raise ScoringError(
            f'"end.kind" must be ron, tsumo, draw, abortive or chombo, not {shorten(repr(kind))}'
        )
    allowed = END_FIELDS[EndKind(kind)]
    for key in value:
        if key not in allowed:
            raise ScoringError(
                f"unknown field {key!r} in a {kind} end: it takes {', '.join(allowed)}"
            )
    return END_PARSERS[EndKind(kind)](value, table, rules, table_rules)


def parse_ron(value: dict[str, Any], table: Table, rules: RuleSet, tr: TableRules) -> End:
    discarder = parse_seat(value.get("from"), "end.from", table.players)
    wins_value = value.get("wins")
    if not isinstance(wins_value, list) or not 1 <= len(wins_value) <= 3:
        raise ScoringError('"end.wins" must be a list of one to three wins')
    wins = tuple(parse_win(w, table, rules, tr, tsumo=False) for w in wins_value)
    seats = [w.seat for w in wins]
    if len(set(seats)) != len(seats):
        raise ScoringError(word(ERRORS, "same_seat"))
    if discarder in seats:
        raise ScoringError(phrase(ERRORS, "discarder_wins", seat=discarder))
    pao = parse_pao(value.get("pao"), wins, tr, table.players)
    return End(EndKind.RON, wins, discarder=discarder, pao=pao)


def parse_tsumo(value: dict[str, Any], table: Table, rules: RuleSet, tr: TableRules) -> End:
    win = parse_win(value.get("win"), table, rules, tr, tsumo=True)
    pao = parse_pao(value.get("pao"), (win,), tr, table.players)
    feeder = value.get("kan_from")
    if feeder is not None:
        feeder = parse_seat(feeder, "end.kan_from", table.players)
        if feeder == win.seat:
            raise ScoringError(word(ERRORS, "feeder_wins"))
    return End(EndKind.TSUMO, (win,), pao=pao, kan_feeder=feeder)


def parse_pao(value: Any, wins: Sequence[Win], tr: TableRules, players: int = 4) -> Pao | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ScoringError('"pao" must be an object like {"seat": 1, "for": 2}')
    seat = parse_seat(value.get("seat"), "pao.seat", players)
    target = value.get("for", wins[0].seat if len(wins) == 1 else None)
    for_seat = parse_seat(target, "pao.for", players)
    win = next((w for w in wins if w.seat == for_seat), None)
    if win is None:
        raise ScoringError(phrase(ERRORS, "pao_for", seat=for_seat))
    if seat == for_seat:
        raise ScoringError(phrase(ERRORS, "pao_winner", seat=seat))
    if not tr.pao:
        raise ScoringError(phrase(ERRORS, "pao_none", rules=tr.name))
    if win.yakuman == 0 or (win.yaku_han is not None and win.liable == 0):
        names = word(ERRORS, "or").join(word(ERRORS, f"yaku.{n}") for n in tr.pao)
        raise ScoringError(phrase(ERRORS, "pao_yakuman", names=names, rules=tr.name, seat=for_seat))
    return Pao(seat, for_seat)


def parse_win(value: Any, table: Table, rules: RuleSet, tr: TableRules, *, tsumo: bool) -> Win:
    if not isinstance(value, dict):
        raise ScoringError(
            'a win must be an object: {"seat", "han", "fu", "yakuman"?} or {"seat", "hand"}'
        )
    seat = parse_seat(value.get("seat"), "win seat", table.players)
    if "hand" in value:
        extra = [k for k in value if k not in ("seat", "hand")]
        if extra:
            raise ScoringError(
                f'a win with a "hand" takes only "seat" and "hand", not {extra[0]!r}'
            )
        return hand_win(seat, value["hand"], table, rules, tr, tsumo=tsumo)
    for key in value:
        if key not in ("seat", "han", "fu", "yakuman"):
            raise ScoringError(f"unknown field {key!r} in a win: it takes seat, han, fu, yakuman")
    yakuman = value.get("yakuman", 0)
    if type(yakuman) is not int or not 0 <= yakuman <= 6:
        raise ScoringError(f'"yakuman" must be a whole number from 0 to 6, not {yakuman!r}')
    if yakuman:
        return Win(seat, 13 * yakuman, 0, yakuman, yakuman)
    han, fu = value.get("han"), value.get("fu", 0)
    if type(han) is not int or not 1 <= han <= MAX_HAN:
        raise ScoringError(
            f'"han" must be a whole number from 1 to {MAX_HAN}, not {shorten(repr(han))}'
        )
    if han < 5 and (type(fu) is not int or fu not in FU_VALUES):
        raise ScoringError(
            f'"fu" must be 25 or a multiple of 10 from 20 to 130, not {shorten(repr(fu))}'
        )
    if type(fu) is not int:
        fu = 0
    return Win(seat, han, fu)


def hand_win(
    seat: int, hand: Any, table: Table, rules: RuleSet, tr: TableRules, *, tsumo: bool
) -> Win:
    if not isinstance(hand, dict):
        raise ScoringError('"hand" must be a score request object like {"hand": ..., "win": ...}')
    request = seated_request(seat, hand, table.state, tsumo=tsumo)
    try:
        req = parse_request(request, rules=rules)
        best = score_readings(req, count_dora(req))[0]
    except ScoringError as e:
        raise ScoringError(phrase(ERRORS, "hand_error", seat=seat, error=e)) from None
    liable = sum(y.yakuman for y in best.yaku if y.id in tr.pao)
    yaku_han = sum(y.han for y in best.yaku if y.id not in DORA_IDS)
    names = word(END, "list.sep").join(y.name for y in best.yaku)
    if best.yakuman > 1:
        size = phrase(END, "what.yakuman.n", n=best.yakuman)
    elif best.yakuman:
        size = word(END, "what.yakuman")
    else:
        size = phrase(END, "what.han_fu", han=best.han, fu=best.fu)
    label = phrase(END, "what.built", names=names, size=size)
    return Win(seat, best.han, best.fu_total, best.yakuman, liable, yaku_han, label)


def seated_request(seat: int, hand: dict[str, Any], state: State, *, tsumo: bool) -> dict[str, Any]:
    """A whole hand's score request as this table has it: the seat's wind, the round, ron or
    tsumo and the honba from the table (the riichi deposits are the settlement's, not the
    hand's); a hand that says otherwise is a ScoringError.

    >>> r = seated_request(1, {"hand": "123m"}, State("S", 1, 2, 0), tsumo=False)
    >>> r["seat"], r["round"], r["tsumo"], r["honba"], r["sticks"]
    ('E', 'S', False, 2, 0)
    """
    expected = {
        "seat": seat_wind(seat, state.dealer, state.players),
        "round": state.round,
        "tsumo": tsumo,
    }
    for key, want in expected.items():
        if key in hand and hand[key] != want:
            raise ScoringError(
                phrase(
                    ERRORS, "hand_says", seat=seat, key=key, value=repr(hand[key]), want=repr(want)
                )
            )
    return {**hand, **expected, "honba": state.honba, "sticks": 0}


def parse_draw(value: dict[str, Any], table: Table, rules: RuleSet, tr: TableRules) -> End:
    if "tenpai" in value and "hands" in value:
        raise ScoringError(word(ERRORS, "tenpai_and_hands"))
    shown: list[tuple[int, str, tuple[str, ...]]] = []
    if "hands" in value:
        hands = value["hands"]
        if not isinstance(hands, dict):
            raise ScoringError('"hands" must be an object of tiles by seat, like {"0": "123m..."}')
        for key, tiles in hands.items():
            seat = parse_seat(int(key) if str(key).isdigit() else key, "hands seat", table.players)
            if not isinstance(tiles, str):
                raise ScoringError(phrase(ERRORS, "hand_tiles", seat=seat))
            try:
                found = waits(tiles)
            except ScoringError as e:
                raise ScoringError(phrase(ERRORS, "hand_error", seat=seat, error=e)) from None
            shown.append((seat, tiles, found))
        shown.sort()
        tenpai = tuple(s for s, _, found in shown if found)
    else:
        tenpai = tuple(sorted(parse_seats(value.get("tenpai", []), "tenpai", table.players)))
    nagashi = parse_seats(value.get("nagashi", []), "nagashi", table.players)
    if nagashi and tr.nagashi is Nagashi.OFF:
        raise ScoringError(phrase(ERRORS, "no_nagashi", rules=tr.name))
    return End(EndKind.DRAW, tenpai=tenpai, hands=tuple(shown), nagashi=nagashi)


def parse_abortive(value: dict[str, Any], table: Table, rules: RuleSet, tr: TableRules) -> End:
    reason = value.get("reason")
    names = [a.value for a in Abort]
    if reason not in names:
        raise ScoringError(
            f'"reason" must be one of {", ".join(names)}, not {shorten(repr(reason))}'
        )
    abort = Abort(reason)
    if abort not in tr.abortive:
        used = joined([word(ERRORS, f"abort.{a.value}") for a in tr.abortive])
        said = word(ERRORS, f"abort.{abort.value}")
        used = used or word(ERRORS, "none")
        raise ScoringError(phrase(ERRORS, "no_abortive", rules=tr.name, abort=said, used=used))
    if abort is Abort.FOUR_RIICHI and len(table.riichi) + table.state.sticks < 4:
        raise ScoringError(word(ERRORS, "four_riichi"))
    return End(EndKind.ABORTIVE, reason=abort)


def parse_chombo(value: dict[str, Any], table: Table, rules: RuleSet, tr: TableRules) -> End:
    seat = parse_seat(value.get("seat"), "end.seat", table.players)
    cause = value.get("cause", "")
    if cause != "" and (type(cause) is not str or cause not in CHOMBO_CAUSES):
        raise ScoringError(
            f'"end.cause" must be one of {", ".join(CHOMBO_CAUSES)}, not {shorten(repr(cause))}'
        )
    return End(EndKind.CHOMBO, chombo=seat, cause=cause)


END_FIELDS: dict[EndKind, tuple[str, ...]] = {
    EndKind.RON: ("kind", "from", "wins", "pao"),
    EndKind.TSUMO: ("kind", "win", "pao", "kan_from"),
    EndKind.DRAW: ("kind", "tenpai", "hands", "nagashi"),
    EndKind.ABORTIVE: ("kind", "reason"),
    EndKind.CHOMBO: ("kind", "seat", "cause"),
}
END_PARSERS = {
    EndKind.RON: parse_ron,
    EndKind.TSUMO: parse_tsumo,
    EndKind.DRAW: parse_draw,
    EndKind.ABORTIVE: parse_abortive,
    EndKind.CHOMBO: parse_chombo,
}


def parse_settle_request(request: Any) -> tuple[RuleSet, TableRules, Table, End]:
    """A settle request (a dict or JSON text), checked: its rules, the table and the end."""
    data = load_object(request)
    rules, table_rules = parse_table_rules(data.get("rules"))
    table = parse_table(data, table_rules)
    end = parse_end(data.get("end"), table, rules, table_rules)
    return rules, table_rules, table, end
