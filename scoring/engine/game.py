"""A whole game replayed from its hands: scores, counters, the dealer, how the game ends, the
final standings, and what each player needs to pass the one above.

A game is its rules, its length and the hands as entered. Each hand is one hand's end in the
settle request's shape (`{"kind": "ron", ...}`) with the seats that declared riichi; a hand
`{"kind": "stop"}` is the dealer's choice to end the game while first (agari-yame), where the
rules allow it; a hand `{"kind": "end", "why": "time"}` ends the game early at the scores it
has (time's up), and `{"why": "abandon"}` abandons it (no final standings). Nothing is kept
between hands but what `replay` works out, so an edited or removed hand changes everything
after it.

>>> from .rules import parse_table_rules
>>> rules, table_rules = parse_table_rules("tenhou")
>>> game = replay([Entry((), {"kind": "draw", "tenpai": [1]})],
...     rules=rules, table_rules=table_rules, length="tonpuusen")
>>> game.scores, game.state.name, game.over
((24000, 28000, 24000, 24000), 'East 2, 1 honba', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .end_words import END as END_WORDS
from .end_words import GAME, wind_word
from .entered import HandEnd, end_of
from .errors import ScoringError
from .final import Final, final_scores, ranking
from .generate.frequencies import REAL_CELLS
from .hand_end import Outcome, settle_end
from .payment import hand_value, impossible_reason, settle_hand
from .rules import RuleSet, TableRules
from .table import LAST_ROUND, ROUNDS, Length, State
from .table_request import End, EndKind, Scores, Table, Win, parse_end, parse_table, seated_request
from .words import Catalogue, phrase, word

STOP = "stop"
END = "end"  # the game ended early: {"kind": "end", "why": "time"} or {"why": "abandon"}
ENDINGS = ("time", "abandon")  # why a game may end early (their words: GAME's "ending.…")


@dataclass(frozen=True)
class GameEnd:
    """How a game ends beyond the table rules: whether it goes on into the next round while
    nobody has reached the target (sudden death there, one round at most), whether the
    dealer of the last hand may stop while first after a win or tenpai (agari-yame), and
    whether that stop is automatic (the game simply ends) rather than the dealer's choice."""

    extension: bool
    agari_yame: bool
    note_en: str  # in English; every language's: GAME_END_NOTES, by `key`
    automatic: bool = False
    key: str = "default"

    @property
    def note(self) -> str:
        return word(GAME_END_NOTES, self.key)


GAME_ENDS: dict[str, GameEnd] = {
    "mahjongsoul": GameEnd(
        True, True,
        "Mahjong Soul: when nobody has 30,000 after the last hand the game goes on into West "
        "(East-only: into South) until someone reaches it, a round at most; the last dealer "
        "may stop while first with 30,000 or more, and plays on while not first.",
        key="mahjongsoul",
    ),
    "tenhou": GameEnd(
        True, True,
        "Tenhou: when nobody has 30,000 after the last hand the game goes on into West "
        "(East-only: into South), sudden death: it ends after the first hand that leaves "
        "someone with 30,000, and after West 4 at the latest. A last dealer who wins or is "
        "tenpai plays on while not first, even when someone else has 30,000; while first with "
        "30,000 the game ends there (agari-yame and tenpai-yame are automatic).",
        automatic=True, key="tenhou",
    ),
    "mleague": GameEnd(
        False, True,
        "M-League: the game ends after the last hand, with no extension; the last dealer "
        "may stop while first (Tenbō's choice where the published rules are silent).",
        key="mleague",
    ),
    "wrc": GameEnd(
        False, False,
        "WRC: the game ends after the last hand, with no extension and no stopping early: "
        "a last dealer who wins or is tenpai deals again.",
        key="wrc",
    ),
    "ema": GameEnd(
        False, False,
        "EMA: the game ends after the last hand, with no extension and no stopping early: "
        "a last dealer who wins or is tenpai deals again.",
        key="ema",
    ),
}  # fmt: skip
# The three-player presets' game ends (each preset's, by name, as above).
GAME_ENDS.update({
    "tenhou_sanma": GameEnd(
        True, True,
        "Tenhou three-player: as Tenhou's four-player game with 40,000 in place of 30,000 "
        "and three hands a round: into West while nobody has 40,000 (sudden death, after "
        "West 3 at the latest); a last dealer first with 40,000 ends the game on a win or "
        "tenpai.",
        automatic=True, key="tenhou_sanma",
    ),
    "mahjongsoul_sanma": GameEnd(
        True, True,
        "Mahjong Soul three-player: as Mahjong Soul's four-player game with 40,000 in place "
        "of 30,000 and three hands a round (Tenbō's choice).",
        key="mahjongsoul_sanma",
    ),
})  # fmt: skip
DEFAULT_END = GameEnd(False, False, "The game ends after the last hand.")
GAME_END_NOTES = Catalogue(
    "game_end", {"default": DEFAULT_END.note_en} | {k: e.note_en for k, e in GAME_ENDS.items()}
)


def game_end_of(preset: str) -> GameEnd:
    """The preset's way of ending a game (a preset not listed: the last hand, nothing more).

    >>> game_end_of("tenhou").extension, game_end_of("wrc").agari_yame
    (True, False)
    """
    return GAME_ENDS.get(preset, DEFAULT_END)


@dataclass(frozen=True)
class Entry:
    """One hand as entered: the seats that declared riichi and how it ended (settle JSON)."""

    riichi: tuple[int, ...]
    end: dict[str, Any]

    @classmethod
    def of(cls, riichi: Sequence[int], end: HandEnd) -> Entry:
        """An entry from a typed end (stored in the settle request's shape)."""
        return cls(tuple(riichi), end.to_json())

    @property
    def hand_end(self) -> HandEnd:
        """How the hand ended, typed (a ScoringError when its shape cannot be read)."""
        return end_of(self.end)


@dataclass(frozen=True)
class Played:
    """One replayed hand: where the table stood before it, and its settlement (None for the
    dealer's stop)."""

    number: int
    entry: Entry
    state: State
    scores: Scores
    outcome: Outcome | None
    note: str = ""  # how the game ended or went on after this hand


@dataclass(frozen=True)
class Replay:
    """A game as its hands leave it."""

    hands: tuple[Played, ...]
    scores: Scores
    state: State  # the next hand's counters (where the game stopped when it is over)
    over: bool
    reason: str
    penalties: tuple[int, ...]  # seats given a chombo deduction, once per chombo
    can_stop: bool  # the dealer may end the game now (agari-yame)
    extension: bool  # the game has gone on past its last round
    table_rules: TableRules = field(repr=False)
    abandoned: bool = False  # ended early with no result

    def final(self) -> Final:
        """The final standings (oka, uma, rounding, deposits left) of a game that is over."""
        if not self.over:
            raise ScoringError(word(GAME, "not_over"))
        if self.abandoned:
            raise ScoringError(word(GAME, "abandoned"))
        return final_scores(
            self.scores, rules=self.table_rules, sticks=self.state.sticks, chombo=self.penalties
        )


def replay(
    entries: Sequence[Entry],
    *,
    rules: RuleSet,
    table_rules: TableRules,
    length: Length,
    game_end: GameEnd | None = None,
    after: Replay | None = None,
) -> Replay:
    """Settle every hand in order from the start (or `entries` as the hands after `after`,
    a replay of the same game's earlier hands, without settling those again); a hand the
    engine cannot settle is a ScoringError that names it ("hand 5, East 3, 1 honba: ...").

    >>> from .rules import parse_table_rules
    >>> rules, table_rules = parse_table_rules("tenhou")
    >>> first = replay([Entry((), {"kind": "draw", "tenpai": [1]})],
    ...     rules=rules, table_rules=table_rules, length="tonpuusen")
    >>> more = replay([Entry((), {"kind": "draw", "tenpai": [2]})],
    ...     rules=rules, table_rules=table_rules, length="tonpuusen", after=first)
    >>> more.scores, len(more.hands), more.hands[1].number
    ((23000, 27000, 27000, 23000), 2, 2)
    """
    ends = game_end or game_end_of(table_rules.name)
    start, players = table_rules.start, table_rules.players
    scores: Scores = (start,) * players
    state = State("E", 0, 0, 0, length, players)
    played: list[Played] = []
    penalties: list[int] = []
    over, reason, can_stop, extension, abandoned = False, "", False, False, False
    if after is not None:
        scores, state, played, penalties = (
            after.scores,
            after.state,
            list(after.hands),
            list(after.penalties),
        )
        over, reason, can_stop = after.over, after.reason, after.can_stop
        extension, abandoned = after.extension, after.abandoned
    for number, entry in enumerate(entries, start=len(played) + 1):
        where = phrase(GAME, "where", number=number, name=state.name)
        if over and reason == word(GAME, "auto_stop") and entry.end.get("kind") == STOP and played:
            # a stop entered (before the stop was automatic) where the game now ends by itself
            played.append(Played(number, entry, state, scores, None, reason))
            continue
        if over:
            raise ScoringError(phrase(GAME, "already_over", where=where, reason=reason))
        if entry.end.get("kind") == STOP:
            if not can_stop:
                raise ScoringError(phrase(GAME, "in_hand", where=where, error=stop_refusal(ends)))
            reason = word(GAME, "stopped")
            played.append(Played(number, entry, state, scores, None, reason))
            over = True
            continue
        if entry.end.get("kind") == END:
            why = entry.end.get("why")
            if not isinstance(why, str) or why not in ENDINGS:
                raise ScoringError(phrase(GAME, "bad_why", where=where, why=repr(why)))
            reason, abandoned, over = word(GAME, f"ending.{why}"), why == "abandon", True
            played.append(Played(number, entry, state, scores, None, reason))
            continue
        try:
            outcome = settle_entry(entry, scores, state, rules, table_rules)
        except ScoringError as e:
            raise ScoringError(phrase(GAME, "in_hand", where=where, error=e)) from None
        penalties.extend(outcome.penalties)
        before, before_scores = state, scores
        scores = outcome.scores
        nxt = outcome.next
        state = State(nxt.round, nxt.dealer, nxt.honba, nxt.sticks, length, players)
        over, reason, extension, note = game_after(
            before, state, nxt.game_over, nxt.reason, scores, extension, ends, table_rules
        )
        if not over:
            over, reason, can_stop, note = last_dealer(
                before, entry, outcome, extension, ends, table_rules, note
            )
        else:
            can_stop = False
        played.append(Played(number, entry, before, before_scores, outcome, note))
    return Replay(
        tuple(played), scores, state, over, reason, tuple(penalties), can_stop and not over,
        extension, table_rules, abandoned,
    )  # fmt: skip


def settle_entry(
    entry: Entry, scores: Scores, state: State, rules: RuleSet, table_rules: TableRules
) -> Outcome:
    """One hand settled through the same checks as the settle API."""
    data = {
        "scores": list(scores),
        "dealer": state.dealer,
        "round": state.round,
        "honba": state.honba,
        "sticks": state.sticks,
        "riichi": list(entry.riichi),
        "length": state.length,
        "end": entry.end,
    }
    table = parse_table(data, table_rules)
    end = parse_end(entry.end, table, rules, table_rules)
    return settle_end(table, end, rules=rules, table_rules=table_rules)


def whole_hands(end: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The wins of a hand's end given as whole hands (tiles), by seat, in the entry's order.

    >>> whole_hands({"kind": "ron", "from": 0, "wins": [{"seat": 2, "hand": {"hand": "11z"}},
    ...     {"seat": 3, "han": 1, "fu": 30}]})
    [(2, {'hand': '11z'})]
    """
    kind = end.get("kind")
    wins = end.get("wins", []) if kind == "ron" else [end.get("win")] if kind == "tsumo" else []
    return [
        (w["seat"], w["hand"])
        for w in wins
        if isinstance(w, dict) and isinstance(w.get("hand"), dict) and type(w.get("seat")) is int
    ]


def hand_answers(hand: Played, *, rules: RuleSet) -> dict[int, dict[str, Any]]:
    """Each whole hand among a played hand's wins scored as the hand calculator scores it
    (`score(...).to_json()`: reading, yaku, fu, steps), at this table's winds and honba."""
    from . import score  # the package's entry point (this module is one of its parts)

    tsumo = hand.entry.end.get("kind") == "tsumo"
    answers = {}
    for seat, tiles in whole_hands(hand.entry.end):
        request = seated_request(seat, tiles, hand.state, tsumo=tsumo)
        answers[seat] = score(request, rules=rules).to_json()
    return answers


def extension_round(length: Length) -> str:
    """The round a game goes on into when nobody has reached the target.

    >>> extension_round("hanchan"), extension_round("tonpuusen")
    ('W', 'S')
    """
    return ROUNDS[ROUNDS.index(LAST_ROUND[length]) + 1]


def game_after(
    before: State,
    after: State,
    last_passed: bool,
    engine_reason: str,
    scores: Scores,
    extension: bool,
    ends: GameEnd,
    table_rules: TableRules,
) -> tuple[bool, str, bool, str]:
    """Whether the game is over after a hand, why, whether it is in extension, and a note;
    a dealer who kept the deal at the last hand (or in the extension) is `last_dealer`'s."""
    target = table_rules.target
    top = max(scores)
    if last_passed and engine_reason == word(END_WORDS, "busting.reason"):
        return True, engine_reason, extension, engine_reason  # busting
    kept = after.dealer == before.dealer and after.round == before.round
    if extension:
        if kept:
            return False, "", True, ""
        if top >= target:
            why = phrase(GAME, "reached", target=target)
            return True, why, True, why
        if after.round != before.round:
            why = phrase(GAME, "round_over", wind=wind_word(before.round))
            return True, why, True, why
        return False, "", True, ""
    if last_passed:
        if ends.extension and top < target:
            round_name = wind_word(extension_round(before.length))
            note = phrase(GAME, "goes_on", target=target, wind=round_name)
            return False, "", True, note
        return True, engine_reason, False, engine_reason
    return False, "", False, ""


AUTO_STOP = GAME.english["auto_stop"]  # in English (the glossary links its terms)
YAME_KINDS = ("ron", "tsumo", "draw")


def last_dealer(
    before: State,
    entry: Entry,
    outcome: Outcome,
    extension: bool,
    ends: GameEnd,
    table_rules: TableRules,
    note: str,
) -> tuple[bool, str, bool, str]:
    """After a hand the game did not end by itself: whether it ends now, why, whether the
    dealer may stop (agari-yame), and the note. This is for a dealer who kept the deal by a
    win or tenpai at the last hand, or at any hand of the extension (sudden death): while
    first (and, where the game has an extension, with the target) the game ends (automatic
    agari-yame) or the dealer may stop; while not first the game goes on, even when someone
    else has the target; tenpai at a draw counts only where `tenpai_yame` is on."""
    kind = entry.end.get("kind")
    last = before.round == LAST_ROUND[before.length] and before.dealer == before.players - 1
    scores = outcome.scores
    target = table_rules.target
    if not outcome.next.renchan or not (last or extension):
        return False, "", False, note
    if extension and kind not in YAME_KINDS:
        # an abortive draw or a chombo replays the hand; sudden death still ends it
        if max(scores) >= target:
            why = phrase(GAME, "reached", target=target)
            return True, why, False, why
        return False, "", False, note
    first = ranking(scores, range(len(scores)))[0] == before.dealer
    reached = not ends.extension or scores[before.dealer] >= target
    if not (first and reached):
        if max(scores) >= target and not first:
            note = phrase(GAME, "not_first", target=target)
        return False, "", False, note
    if kind not in YAME_KINDS or not ends.agari_yame:
        return False, "", False, note
    if kind == "draw" and not table_rules.tenpai_yame:
        note = word(GAME, "no_tenpai_yame")
        return False, "", False, note
    if ends.automatic:
        return True, word(GAME, "auto_stop"), False, word(GAME, "auto_stop")
    return False, "", True, word(GAME, "may_stop")


def stop_refusal(ends: GameEnd) -> str:
    if not ends.agari_yame:
        return word(GAME, "no_stopping")
    return word(GAME, "stop_when")


# ---- what a player needs ------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """A hand's size as a table says it."""

    han: int
    fu: int
    yakuman: int = 0

    @property
    def label(self) -> str:
        if self.yakuman:
            return word(GAME, "value.yakuman")
        names = {5: "mangan", 6: "haneman", 8: "baiman", 11: "sanbaiman"}
        if self.han in names:
            return word(GAME, f"value.{names[self.han]}")
        return phrase(GAME, "value.han_fu", han=self.han, fu=self.fu)


def size_order(value: Value) -> tuple[int, int]:
    """Smaller wins first: basic points below mangan (fu × 2^(2 + han)), then the limits."""
    limits = {5: 2000, 6: 3000, 8: 4000, 11: 6000, 13: 8000}
    points = limits.get(value.han) or min(value.fu * 2 ** (2 + value.han), 2000)
    return points, value.han


LIMIT_SIZES = (Value(5, 0), Value(6, 0), Value(8, 0), Value(11, 0), Value(13, 0, 1))
# Every han/fu cell below mangan: what a win can pay (each kept where the win's way allows it).
ALL_SIZES = tuple(
    sorted(
        (
            *(
                Value(h, f)
                for h in (1, 2, 3, 4)
                for f in (20, 25, *range(30, 120, 10))
                if f * 2 ** (2 + h) < 2000  # the rest are mangan
            ),
            *LIMIT_SIZES,
        ),
        key=size_order,
    )
)
USUAL_SHARE = 400  # a usual hand: at least 1 real win in this many scores it
_REAL_TOTAL = sum(REAL_CELLS.values())
_REAL_BY_CELL: dict[tuple[int, int], int] = {}
for (_dealer, _tsumo, _han, _fu), _count in REAL_CELLS.items():
    _REAL_BY_CELL[(_han, _fu)] = _REAL_BY_CELL.get((_han, _fu), 0) + _count
# The hands a player aims for: the han/fu cells real wins often reach (30 and 40 fu, 20 and 25
# at 2 han and more, 50 fu), and the limits; never 1 han 110 fu or 2 han 100 fu.
SIZES = tuple(
    v
    for v in ALL_SIZES
    if v.han >= 5 or _REAL_BY_CELL.get((v.han, v.fu), 0) * USUAL_SHARE >= _REAL_TOTAL
)


@dataclass(frozen=True)
class Aim:
    """One way to pass: the least the win must pay (its value before honba and deposits,
    the way a table says it: "3,600", "2,000/3,900", "2,600 all"), and the smallest usual
    hand that pays that much (`value`, paying `value_pays`)."""

    pays: str
    value: Value
    value_pays: str
    any_win: bool = False  # the smallest win this way that can be scored passes already


@dataclass(frozen=True)
class Need:
    """What `seat` needs to pass `above` in the next hand: by ron off that player, by ron off
    someone else, and by tsumo (None: not even a yakuman does it)."""

    seat: int
    above: int
    gap: int
    direct: Aim | None
    other: Aim | None
    tsumo: Aim | None


def needs(
    scores: Scores, state: State, *, rules: RuleSet, table_rules: TableRules
) -> tuple[Need, ...]:
    """For each player below first, the least win that passes the player just above, in
    points and as the smallest usual hand, settled by the engine with this hand's honba and
    deposits.

    >>> from .rules import parse_table_rules
    >>> r, t = parse_table_rules("tenhou")
    >>> n = needs((33000, 25000, 22000, 20000), State("E", 0, 0, 0), rules=r, table_rules=t)
    >>> d, ts = n[0].direct, n[0].tsumo
    >>> (n[0].seat, n[0].above, d.pays, d.value.label, d.value_pays, ts.pays, ts.value.label)
    (1, 0, '4,500', '3 han 40 fu', '5,200', '1,500/2,900', '3 han 50 fu')
    """
    order = ranking(scores, range(len(scores)))
    found = []
    for place in range(1, len(scores)):
        seat, above = order[place], order[place - 1]
        other = next(s for s in range(len(scores)) if s not in (seat, above))
        table = Table(scores, state)
        found.append(
            Need(
                seat,
                above,
                scores[above] - scores[seat],
                aim(table, seat, above, EndKind.RON, above, rules, table_rules),
                aim(table, seat, above, EndKind.RON, other, rules, table_rules),
                aim(table, seat, above, EndKind.TSUMO, None, rules, table_rules),
            )
        )
    return tuple(found)


def pays_text(value: Value, dealer: bool, tsumo: bool, rules: RuleSet) -> str:
    """What a win of `value` pays, as a table says it.

    >>> from .rules import get_rules
    >>> r = get_rules("tenhou")
    >>> [pays_text(Value(3, 30), d, t, r) for d, t in ((False, False), (False, True), (True, True))]
    ['3,900', '1,000/2,000', '2,000 all']
    """
    settlement = settle_hand(value.han, value.fu, dealer, tsumo, 0, 0, rules, value.yakuman)
    shares = {s.payer: s.rounded for s in settlement.shares}
    if not tsumo:
        return phrase(GAME, "pays.ron", points=f"{shares['discarder']:,}")
    if dealer:
        return phrase(GAME, "pays.all", each=f"{shares['each']:,}")
    return phrase(
        GAME, "pays.split", non_dealer=f"{shares['non_dealer']:,}", dealer=f"{shares['dealer']:,}"
    )


def aim(
    table: Table,
    seat: int,
    above: int,
    kind: EndKind,
    discarder: int | None,
    rules: RuleSet,
    table_rules: TableRules,
) -> Aim | None:
    """The least a win this way must pay to pass `above` (over every hand that can be
    scored so), with the smallest usual hand paying at least that."""
    tsumo = kind is EndKind.TSUMO
    dealer = seat == table.state.dealer
    # Ryanhan shibari: from 5 honba on a win needs 2 han (from yaku: a size here is all yaku).
    least_han = 2 if table_rules.ryanhan_shibari and table.state.honba >= 5 else 1
    sizes = [
        v
        for v in ALL_SIZES
        if v.han >= 5
        or v.han >= least_han
        and not impossible_reason(v.han, v.fu, tsumo=tsumo, rules=rules)
    ]

    def value(v: Value) -> int:
        return hand_value(v.han, v.fu, dealer, tsumo, rules, v.yakuman)

    def passes(v: Value) -> bool:
        win = Win(seat, v.han, v.fu, v.yakuman, v.yakuman)
        end = End(kind, (win,), discarder=discarder)
        after = settle_end(table, end, rules=rules, table_rules=table_rules).scores
        places = ranking(after, range(len(after)))
        return places.index(seat) < places.index(above)

    sizes.sort(key=lambda v: (value(v), v.han))
    least = next((v for v in sizes if passes(v)), None)
    if least is None:
        return None
    usual = next(v for v in sizes if v in SIZES and value(v) >= value(least))
    return Aim(
        pays_text(least, dealer, tsumo, rules),
        usual,
        pays_text(usual, dealer, tsumo, rules),
        any_win=least == sizes[0],
    )
