"""One hand's end at the table: who pays whom, the riichi deposits and honba, and the next hand.

A hand ends in a win by ron (one discarder, up to three winners), a win by tsumo, an
exhaustive draw, an abortive draw or a chombo. Every point moved is a `Transfer` with its
reason; the steps (`explain.Step`, as for a scored hand) say each in order, and the score
changes are the transfers added up, so they always sum to zero with the deposits.

The settle request, its types (`End`, `Win`, `Table`) and its checks, is `table_request`'s
(re-exported here).

>>> out = settle_json({"rules": "tenhou", "scores": [25000] * 4, "dealer": 0, "round": "E",
...     "honba": 0, "sticks": 0, "riichi": [],
...     "end": {"kind": "draw", "tenpai": [1]}})
>>> out["deltas"], out["next"]["name"]
([-1000, 3000, -1000, -1000], 'East 2, 1 honba')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ScoringError
from .explain import Step
from .payment import basic_points_of, round_up_100
from .rules import Abort, Chombo, MultipleRon, Nagashi, RuleSet, TableRules
from .table import Counters, counters_after, hand_name, seat_wind, turn_order
from .table_request import (
    CHOMBO_CAUSES,
    END_FIELDS,
    END_PARSERS,
    FU_VALUES,
    MAX_HAN,
    End,
    EndKind,
    Pao,
    Scores,
    Table,
    Win,
    check_total,
    deposits_text,
    load_object,
    parse_count,
    parse_end,
    parse_scores,
    parse_seat,
    parse_settle_request,
    parse_table,
    seated_request,
)
from .tiles import WIND_LABELS

ABORT_NAMES = {a: a.description for a in Abort}  # the labels are the enum's own


@dataclass(frozen=True)
class Transfer:
    payer: int | None  # None: from the table (riichi deposits)
    payee: int | None  # None: onto the table
    amount: int
    reason: str


@dataclass(frozen=True)
class Next:
    """The next hand (or the game's end)."""

    dealer: int
    round: str
    hand: int
    honba: int
    sticks: int
    renchan: bool
    game_over: bool
    reason: str = ""

    @property
    def name(self) -> str:
        return hand_name(self.round, self.dealer, self.honba)

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "round": self.round,
            "hand": self.hand,
            "honba": self.honba,
            "sticks": self.sticks,
            "renchan": self.renchan,
            "game_over": self.game_over,
            "name": self.name,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Outcome:
    """A settled hand: each seat's score change, the scores after, the next hand, the steps,
    and the seats given a chombo deduction for the final score."""

    table: Table
    transfers: tuple[Transfer, ...]
    next: Next
    steps: tuple[Step, ...]
    penalties: tuple[int, ...] = ()
    deltas: Scores = field(init=False)
    scores: Scores = field(init=False)

    def __post_init__(self) -> None:
        deltas = [0, 0, 0, 0]
        for t in self.transfers:
            if t.payer is not None:
                deltas[t.payer] -= t.amount
            if t.payee is not None:
                deltas[t.payee] += t.amount
        d = (deltas[0], deltas[1], deltas[2], deltas[3])
        s = self.table.scores
        object.__setattr__(self, "deltas", d)
        object.__setattr__(self, "scores", (s[0] + d[0], s[1] + d[1], s[2] + d[2], s[3] + d[3]))

    def to_json(self, table_rules: TableRules, rules: RuleSet) -> dict[str, Any]:
        return {
            "deltas": list(self.deltas),
            "scores": list(self.scores),
            "next": self.next.to_json(),
            "penalties": [
                {"seat": s, "points": -table_rules.chombo_points} for s in self.penalties
            ],
            "steps": [s.to_json() for s in self.steps],
            "rules": {"preset": rules.name, **rules.switches(), **table_rules.switches()},
        }


# ---- the ledger: transfers and the steps that say them ----------------------------------------


class Ledger:
    """Transfers and steps as a hand is settled."""

    def __init__(self, table: Table, rules: TableRules) -> None:
        self.table = table
        self.rules = rules
        self.transfers: list[Transfer] = []
        self.steps: list[Step] = []

    def who(self, seat: int) -> str:
        return f"seat {seat} ({WIND_LABELS[seat_wind(seat, self.table.state.dealer)]})"

    def say(self, kind: str, text: str, **numbers: Any) -> None:
        self.steps.append(Step(kind, text, dict(numbers)))

    def pay(
        self, payer: int, payee: int, amount: int, reason: str, *, doubled: bool = False
    ) -> None:
        """`payer` pays `payee`; with `doubled` the wareme rule may double it."""
        w = self.table.wareme
        if doubled and self.rules.wareme and w is not None and w in (payer, payee):
            reason += f", doubled by wareme ({amount} × 2)"
            amount *= 2
        self.transfers.append(Transfer(payer, payee, amount, reason))
        self.say(
            "payment",
            f"{self.who(payer)} pays {self.who(payee)} {amount}: {reason}",
            payer=payer,
            payee=payee,
            amount=amount,
        )


# ---- settling ---------------------------------------------------------------------------------


def settle_end(table: Table, end: End, *, rules: RuleSet, table_rules: TableRules) -> Outcome:
    """Settle one hand's end under `rules` (for han and fu) and `table_rules`.

    >>> from .rules import get_rules, get_table_rules
    >>> from .table import State
    >>> t = Table((25000, 25000, 25000, 25000), State("E", 0, 0, 0))
    >>> end = End(EndKind.RON, (Win(2, 3, 30),), discarder=1)
    >>> settle_end(t, end, rules=get_rules(), table_rules=get_table_rules()).deltas
    (0, -3900, 3900, 0)
    """
    ledger = Ledger(table, table_rules)
    state = table.state
    riichi_text = (
        f"; riichi this hand: {', '.join(ledger.who(s) for s in table.riichi)}"
        if table.riichi
        else ""
    )
    sticks_text = (
        f" (counters shown with {state.honba} 100-point stick{'s' if state.honba > 1 else ''} "
        "at the dealer's side, not money)"
        if state.honba
        else ""
    )
    ledger.say(
        "hand",
        f"{state.name}: {ledger.who(state.dealer)} deals; {state.honba} honba{sticks_text} and "
        f"{deposits_text(state.sticks)} on the table{riichi_text}",
        honba=state.honba,
        sticks=state.sticks,
        dealer=state.dealer,
    )
    riichi_deposits(ledger)
    counters, sticks, penalties = SETTLERS[end.kind](ledger, end, rules)
    nxt = finish(ledger, counters, sticks)
    outcome = Outcome(table, tuple(ledger.transfers), nxt, (), penalties)
    return busting(ledger, outcome)


Settled = tuple[Counters, int, tuple[int, ...]]  # the next counters, deposits after, penalties


def riichi_deposits(ledger: Ledger) -> None:
    for seat in ledger.table.riichi:
        ledger.transfers.append(Transfer(seat, None, 1000, "riichi deposit"))
        ledger.say(
            "riichi",
            f"{ledger.who(seat)} declared riichi: 1000 onto the table",
            seat=seat,
            amount=1000,
        )


def on_table(ledger: Ledger) -> int:
    """Deposits on the table at the hand's end: those before it and this hand's riichi."""
    return ledger.table.state.sticks + len(ledger.table.riichi)


def take_deposits(ledger: Ledger, winner: int) -> None:
    n = on_table(ledger)
    if n:
        ledger.transfers.append(Transfer(None, winner, 1000 * n, "riichi deposits"))
        ledger.say(
            "deposits",
            f"{ledger.who(winner)} takes the {deposits_text(n)} on the table: +{1000 * n}",
            seat=winner,
            sticks=n,
            points=1000 * n,
        )


def finish(ledger: Ledger, counters: Counters, sticks: int) -> Next:
    state = ledger.table.state
    renchan = counters.dealer == state.dealer and counters.round == state.round
    nxt = Next(
        counters.dealer,
        counters.round,
        counters.hand,
        counters.honba,
        sticks,
        renchan and not counters.game_over,
        counters.game_over,
        "the last hand of the last round is over" if counters.game_over else "",
    )
    if counters.game_over:
        text = "the dealer passes after the last hand of the last round: the game is over"
    else:
        how = (
            "the dealer stays (renchan)"
            if renchan
            else f"the deal passes to {ledger.who(counters.dealer)}"
        )
        text = f"next hand: {nxt.name} ({how}; {deposits_text(sticks)} on the table)"
    ledger.say(
        "next",
        text,
        dealer=nxt.dealer,
        round=nxt.round,
        honba=nxt.honba,
        sticks=sticks,
        renchan=nxt.renchan,
        game_over=nxt.game_over,
    )
    return nxt


def busting(ledger: Ledger, outcome: Outcome) -> Outcome:
    below = tuple(s for s in range(4) if outcome.scores[s] < 0)
    steps = ledger.steps
    nxt = outcome.next
    if below and ledger.rules.busting:
        names = ", ".join(ledger.who(s) for s in below)
        steps.append(
            Step("busting", f"{names} fell below zero: the game is over", {"seats": list(below)})
        )
        nxt = Next(
            nxt.dealer, nxt.round, nxt.hand, nxt.honba, nxt.sticks, False, True,
            "a score fell below zero",
        )  # fmt: skip
    return Outcome(outcome.table, outcome.transfers, nxt, tuple(steps), outcome.penalties)


# ---- wins -------------------------------------------------------------------------------------


def win_value(win: Win, rules: RuleSet, *, dealer: bool, units: int | None = None) -> int:
    """What the win (or `units` yakuman of it) is worth paid by one player, as a ron."""
    if units is not None:
        points = 8000 * units
    else:
        points = basic_points_of(win.han, win.fu, rules, win.yakuman).points
    return round_up_100(points * (6 if dealer else 4))


def check_shibari(ledger: Ledger, wins: Sequence[Win]) -> None:
    if not (ledger.rules.ryanhan_shibari and ledger.table.state.honba >= 5):
        return
    for w in wins:
        han = w.yaku_han if w.yaku_han is not None else w.han
        if not w.yakuman and han < 2:
            raise ScoringError(
                f"{ledger.table.state.honba} honba: with ryanhan shibari a win needs 2 han from "
                f"yaku, and {ledger.who(w.seat)}'s hand has {han}"
            )


def settle_ron(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.discarder is not None
    discarder = end.discarder
    order = turn_order(discarder)
    wins = sorted(end.wins, key=lambda w: order.index(w.seat))
    table_rules = ledger.rules
    if len(wins) == 3 and table_rules.multiple_ron is MultipleRon.DOUBLE:
        if Abort.TRIPLE_RON not in table_rules.abortive:
            raise ScoringError(
                "three players ron the same discard: these rules pay two at most and have no "
                "triple-ron abortive draw (set multiple_ron or abortive)"
            )
        ledger.say("abortive", "three rons on one discard: under these rules the hand aborts")
        return settle_abortive(ledger, End(EndKind.ABORTIVE, reason=Abort.TRIPLE_RON), rules)
    if len(wins) > 1 and table_rules.multiple_ron is MultipleRon.HEAD_BUMP:
        dropped = ", ".join(ledger.who(w.seat) for w in wins[1:])
        ledger.say(
            "head_bump",
            f"head bump: only {ledger.who(wins[0].seat)}, first counterclockwise from the "
            f"discarder, wins; {dropped} is not paid",
            winner=wins[0].seat,
        )
        wins = wins[:1]
    check_shibari(ledger, wins)
    state = ledger.table.state
    for i, w in enumerate(wins):
        honba = state.honba if i == 0 or table_rules.multiple_ron_honba == "each" else 0
        pay_ron(ledger, w, discarder, honba, rules, end.pao)
    take_deposits(ledger, wins[0].seat)
    dealer_won = any(w.seat == state.dealer for w in wins)
    counters = counters_after(state, dealer_stays=dealer_won, honba_up=dealer_won)
    return counters, 0, ()


def pay_ron(
    ledger: Ledger, win: Win, discarder: int, honba: int, rules: RuleSet, pao: Pao | None
) -> None:
    state = ledger.table.state
    dealer = win.seat == state.dealer
    value = win_value(win, rules, dealer=dealer)
    say_win(ledger, win, value, "ron")
    honba_points = 300 * honba
    if pao is not None and pao.for_seat == win.seat and pao.seat != discarder:
        liable_value = liable_part(ledger, win, value, rules, dealer)
        half = liable_value // 2
        liable_pays = half + (honba_points if ledger.rules.pao_honba == "liable" else 0)
        discarder_pays = value - half + (honba_points if ledger.rules.pao_honba != "liable" else 0)
        text = (
            f"pao: {ledger.who(pao.seat)} is liable and splits {liable_value} with the "
            f"discarder ({half} each)"
        )
        if value > liable_value:
            text += f"; the other {value - liable_value} is the discarder's"
        if honba:
            payer = "liable player" if ledger.rules.pao_honba == "liable" else "discarder"
            text += f"; the {honba} honba ({honba_points}) are paid by the {payer}"
        ledger.say("pao", text, liable=pao.seat, split=half)
        ledger.pay(pao.seat, win.seat, liable_pays, "pao share of the ron", doubled=True)
        ledger.pay(discarder, win.seat, discarder_pays, "the discarder's share", doubled=True)
        return
    reason = "the ron" + (f" with {honba} honba (+{honba_points})" if honba else "")
    ledger.pay(discarder, win.seat, value + honba_points, reason, doubled=True)


def liable_part(ledger: Ledger, win: Win, value: int, rules: RuleSet, dealer: bool) -> int:
    """The part of the win's value the liable player covers."""
    units = win.liable or win.yakuman
    if ledger.rules.pao_scope == "whole" or units >= win.yakuman:
        return value
    return win_value(win, rules, dealer=dealer, units=units)


def say_win(ledger: Ledger, win: Win, value: int, how: str) -> None:
    ledger.say(
        "win",
        f"{ledger.who(win.seat)} wins by {how}: {win.describe()}, worth {value}",
        seat=win.seat,
        han=win.han,
        fu=win.fu,
        yakuman=win.yakuman,
        value=value,
    )


def settle_tsumo(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    win = end.wins[0]
    check_shibari(ledger, [win])
    state = ledger.table.state
    dealer = win.seat == state.dealer
    h = state.honba
    feeder = end.kan_feeder
    if feeder is not None and not ledger.rules.kan_feeder_pays:
        ledger.say(
            "rinshan",
            f"these rules do not make the kan's feeder ({ledger.who(feeder)}) pay: a normal tsumo",
        )
        feeder = None
    if feeder is not None:
        value = win_value(win, rules, dealer=dealer)
        say_win(ledger, win, value, "tsumo on the kan's replacement tile")
        ledger.say(
            "rinshan",
            f"{ledger.who(feeder)} fed the open kan: pays it all, as a ron",
            liable=feeder,
        )
        reason = "rinshan after the kan, paid as a ron" + (f" with {h} honba" if h else "")
        ledger.pay(feeder, win.seat, value + 300 * h, reason, doubled=True)
    elif end.pao is not None:
        pay_pao_tsumo(ledger, win, end.pao, rules)
    else:
        pay_tsumo(
            ledger, win, rules, basic_points_of(win.han, win.fu, rules, win.yakuman).points, h
        )
    take_deposits(ledger, win.seat)
    counters = counters_after(state, dealer_stays=dealer, honba_up=dealer)
    return counters, 0, ()


def pay_tsumo(
    ledger: Ledger, win: Win, rules: RuleSet, points: int, honba: int, *, say: bool = True,
    what: str = "the tsumo",
) -> None:  # fmt: skip
    """Every other player pays a share of `points` basic points, with `honba` × 100 each."""
    state = ledger.table.state
    dealer = win.seat == state.dealer
    shares = {s: round_up_100(points * (2 if dealer or s == state.dealer else 1)) for s in range(4)}
    if say:
        say_win(ledger, win, sum(shares[s] for s in range(4) if s != win.seat), "tsumo")
    for payer in turn_order(win.seat):
        reason = what + (f" with {honba} honba (+{100 * honba})" if honba else "")
        ledger.pay(payer, win.seat, shares[payer] + 100 * honba, reason, doubled=True)


def pay_pao_tsumo(ledger: Ledger, win: Win, pao: Pao, rules: RuleSet) -> None:
    state = ledger.table.state
    dealer = win.seat == state.dealer
    h = state.honba
    value = win_value(win, rules, dealer=dealer)
    say_win(ledger, win, value, "tsumo")
    liable_value = liable_part(ledger, win, value, rules, dealer)
    ledger.say(
        "pao",
        f"pao: {ledger.who(pao.seat)} is liable and pays {liable_value} as if it had dealt in"
        + (f", with the {h} honba ({300 * h})" if h else ""),
        liable=pao.seat,
        amount=liable_value,
    )
    ledger.pay(pao.seat, win.seat, liable_value + 300 * h, "pao: the liable yakuman", doubled=True)
    rest = win.yakuman - (win.liable or win.yakuman)
    if liable_value < value and rest > 0:
        ledger.say("pao", f"the other {rest}× yakuman is paid as a normal tsumo")
        pay_tsumo(ledger, win, rules, 8000 * rest, 0, say=False, what="the other yakuman")


# ---- draws, abortive draws and chombo ---------------------------------------------------------

NOTEN_PAYMENTS = {1: (3000, 1000), 2: (1500, 1500), 3: (1000, 3000)}  # to each / from each


def settle_draw(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    for seat, tiles, found in end.hands:
        shown = f"waits on {' '.join(found)}: tenpai" if found else "no wait: noten"
        ledger.say("hand_shown", f"{ledger.who(seat)} shows {tiles}: {shown}", seat=seat)
    tenpai = set(end.tenpai)
    noten_text = ", ".join(ledger.who(s) for s in range(4) if s not in tenpai) or "nobody"
    ledger.say(
        "tenpai",
        f"exhaustive draw: tenpai {', '.join(ledger.who(s) for s in sorted(tenpai)) or 'nobody'}; "
        f"noten {noten_text}",
        tenpai=sorted(tenpai),
    )
    declared = [s for s in range(4) if s not in tenpai and s not in ledger.table.riichi]
    if declared and not end.hands:
        ledger.say(
            "noten_declared",
            f"noten: {', '.join(ledger.who(s) for s in declared)} declared noten. A player "
            "not in riichi may declare noten even when tenpai, to keep the hand hidden (or, "
            "as the last dealer, to let the game end), and then pays as noten; a riichi "
            "player must show a tenpai hand, and a noten riichi is chombo",
            seats=declared,
        )
    nagashi_mode = ledger.rules.nagashi
    if end.nagashi and nagashi_mode is Nagashi.WIN:
        return nagashi_win(ledger, end, rules)
    false_riichi = [s for s in ledger.table.riichi if s not in tenpai]
    if false_riichi:
        for seat in false_riichi:
            ledger.say(
                "chombo",
                f"{ledger.who(seat)} declared riichi but is noten: chombo",
                seat=seat,
            )
        return chombo_for(ledger, false_riichi)
    if end.nagashi:
        for seat in end.nagashi:
            win = Win(seat, 5, 0, label="nagashi mangan")
            ledger.say("nagashi", f"{ledger.who(seat)}: nagashi mangan, paid as a mangan tsumo "
                       "without honba, instead of the noten payments", seat=seat)  # fmt: skip
            pay_tsumo(ledger, win, rules, 2000, 0, say=False, what="nagashi mangan")
    else:
        noten_payments(ledger, tenpai)
    counters = counters_after(state, dealer_stays=state.dealer in tenpai, honba_up=True)
    return counters, on_table(ledger), ()


def noten_payments(ledger: Ledger, tenpai: set[int]) -> None:
    if len(tenpai) in (0, 4):
        ledger.say("noten", "all tenpai or all noten: no noten payments", tenpai=len(tenpai))
        return
    gain, loss = NOTEN_PAYMENTS[len(tenpai)]
    ledger.say(
        "noten",
        f"{len(tenpai)} tenpai: 3000 in noten payments, +{gain} to each tenpai player, "
        f"−{loss} from each noten player",
        tenpai=len(tenpai),
        gain=gain,
        loss=loss,
    )
    noten = [s for s in range(4) if s not in tenpai]
    # Each noten player pays the tenpai players equal shares of its loss.
    for payer in noten:
        for payee in sorted(tenpai):
            ledger.pay(payer, payee, loss // len(tenpai), "noten payment")


def nagashi_win(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    ledger.say(
        "nagashi",
        "nagashi mangan counts as a win under these rules: no noten payments, no noten-riichi "
        "chombo, honba paid",
    )
    for seat in end.nagashi:
        win = Win(seat, 5, 0, label="nagashi mangan")
        pay_tsumo(ledger, win, rules, 2000, state.honba, what="nagashi mangan")
    first = min(end.nagashi, key=lambda s: (s - state.dealer) % 4)
    take_deposits(ledger, first)
    dealer_won = state.dealer in end.nagashi
    return counters_after(state, dealer_stays=dealer_won, honba_up=dealer_won), 0, ()


def settle_abortive(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.reason is not None
    state = ledger.table.state
    up = ledger.rules.abortive_honba
    ledger.say(
        "abortive",
        f"abortive draw: {end.reason.description}. Nothing is paid, the dealer stays, "
        + ("honba go up by one" if up else "the honba stay as they were (these rules add none)")
        + " and riichi deposits stay on the table",
        reason=end.reason.value,
    )
    counters = Counters(state.dealer, state.round, state.dealer + 1, state.honba + up, False)
    return counters, on_table(ledger), ()


def settle_chombo(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.chombo is not None
    if end.cause:
        ledger.say(
            "chombo_cause",
            f"why: {ledger.who(end.chombo)} {CHOMBO_CAUSES[end.cause]}",
            seat=end.chombo,
            cause=end.cause,
        )
    return chombo_for(ledger, [end.chombo])


def chombo_for(ledger: Ledger, seats: Sequence[int]) -> Settled:
    state = ledger.table.state
    penalties: list[int] = []
    for seat in seats:
        if ledger.rules.chombo is Chombo.DEDUCTION:
            points = ledger.rules.chombo_points
            ledger.say(
                "chombo",
                f"chombo by {ledger.who(seat)}: nothing paid now; {points} points come off its "
                "final score",
                seat=seat,
                points=-points,
            )
            penalties.append(seat)
            continue
        dealer = seat == state.dealer
        ledger.say(
            "chombo",
            f"chombo by {ledger.who(seat)}: a mangan-sized payment, "
            + ("4000 to each player (the dealer's)" if dealer else "4000 to the dealer and 2000 "
               "to each other player"),
            seat=seat,
        )  # fmt: skip
        for payee in turn_order(seat):
            amount = 4000 if dealer or payee == state.dealer else 2000
            ledger.pay(seat, payee, amount, "chombo")
    for seat in ledger.table.riichi:
        ledger.transfers.append(Transfer(None, seat, 1000, "riichi deposit returned"))
        ledger.say(
            "riichi",
            f"{ledger.who(seat)}'s riichi deposit goes back to {ledger.who(seat)} (the hand "
            "is replayed)",
            seat=seat,
            amount=1000,
        )
    up = ledger.rules.chombo_honba
    kept = (
        f"the {deposits_text(state.sticks)} from before "
        f"{'stays' if state.sticks == 1 else 'stay'} on the table"
        if state.sticks
        else "no riichi deposits were on the table before it"
    )
    honba = "one more honba (these rules add one after a chombo)" if up else "the same honba"
    ledger.say(
        "counters",
        f"the hand is replayed: {state.name} again, with the same dealer and {honba}; {kept}",
    )
    counters = Counters(state.dealer, state.round, state.dealer + 1, state.honba + up, False)
    return counters, state.sticks, tuple(penalties)


SETTLERS = {
    EndKind.RON: settle_ron,
    EndKind.TSUMO: settle_tsumo,
    EndKind.DRAW: settle_draw,
    EndKind.ABORTIVE: settle_abortive,
    EndKind.CHOMBO: settle_chombo,
}


# ---- JSON in and out --------------------------------------------------------------------------


def settle_json(request: Any) -> dict[str, Any]:
    """The API's answer to a settle request (a dict or JSON text), or `{"error": message}`."""
    try:
        rules, table_rules, table, end = parse_settle_request(request)
        outcome = settle_end(table, end, rules=rules, table_rules=table_rules)
    except ScoringError as e:
        return {"error": str(e)}
    return outcome.to_json(table_rules, rules)


# The request's types and parsing live in `table_request`; these names stay importable from
# here, where a hand's end has always been settled.
__all__ = [
    "ABORT_NAMES",
    "CHOMBO_CAUSES",
    "END_FIELDS",
    "END_PARSERS",
    "FU_VALUES",
    "MAX_HAN",
    "End",
    "EndKind",
    "Ledger",
    "Next",
    "Outcome",
    "Pao",
    "Scores",
    "Table",
    "Transfer",
    "Win",
    "check_total",
    "deposits_text",
    "load_object",
    "parse_count",
    "parse_end",
    "parse_scores",
    "parse_seat",
    "parse_settle_request",
    "parse_table",
    "seated_request",
    "settle_end",
    "settle_json",
]
