"""Settling a win: by ron (one discarder, up to three winners, pao, ryanhan shibari) or by
tsumo (pao, the kan feeder's liability)."""

from __future__ import annotations

from collections.abc import Sequence

from .end_abortive import settle_abortive
from .end_ledger import Ledger, Settled, take_deposits
from .end_words import END, joined
from .errors import ScoringError
from .payment import basic_points_of, round_up_100
from .rules import Abort, MultipleRon, RuleSet
from .sanma_words import SANMA
from .table import counters_after, turn_order
from .table_request import End, EndKind, Pao, Win
from .words import phrase, word


def honba_rate(ledger: Ledger) -> int:
    """What a ron's discarder pays a counter: 100 for each other player (300, or 200 at a
    three-player table)."""
    return 100 * (ledger.table.players - 1)


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
            honba = ledger.table.state.honba
            raise ScoringError(phrase(END, "shibari", honba=honba, who=ledger.who(w.seat), han=han))


def settle_ron(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.discarder is not None
    discarder = end.discarder
    order = turn_order(discarder, ledger.table.players)
    wins = sorted(end.wins, key=lambda w: order.index(w.seat))
    table_rules = ledger.rules
    if len(wins) == 3 and table_rules.multiple_ron is MultipleRon.DOUBLE:
        if Abort.TRIPLE_RON not in table_rules.abortive:
            raise ScoringError(word(END, "triple_ron.none"))
        ledger.say("abortive", word(END, "triple_ron"))
        return settle_abortive(ledger, End(EndKind.ABORTIVE, reason=Abort.TRIPLE_RON), rules)
    if len(wins) > 1 and table_rules.multiple_ron is MultipleRon.HEAD_BUMP:
        dropped = joined([ledger.who(w.seat) for w in wins[1:]])
        ledger.say(
            "head_bump",
            phrase(END, "head_bump", who=ledger.who(wins[0].seat), dropped=dropped),
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
    honba_points = honba_rate(ledger) * honba
    if pao is not None and pao.for_seat == win.seat and pao.seat != discarder:
        liable_value = liable_part(ledger, win, value, rules, dealer)
        half = liable_value // 2
        liable_pays = half + (honba_points if ledger.rules.pao_honba == "liable" else 0)
        discarder_pays = value - half + (honba_points if ledger.rules.pao_honba != "liable" else 0)
        text = phrase(END, "pao.ron", who=ledger.who(pao.seat), liable=liable_value, half=half)
        if value > liable_value:
            text += phrase(END, "pao.ron.rest", rest=value - liable_value)
        if honba:
            payer = "liable" if ledger.rules.pao_honba == "liable" else "discarder"
            text += phrase(END, f"pao.ron.honba.{payer}", honba=honba, points=honba_points)
        ledger.say("pao", text, liable=pao.seat, split=half)
        share = word(END, "reason.pao_share")
        ledger.pay(pao.seat, win.seat, liable_pays, share, doubled=True)
        share = word(END, "reason.discarder_share")
        ledger.pay(discarder, win.seat, discarder_pays, share, doubled=True)
        return
    reason = (
        phrase(END, "reason.ron.honba", honba=honba, points=honba_points)
        if honba
        else word(END, "reason.ron")
    )
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
        phrase(
            END,
            "win",
            who=ledger.who(win.seat),
            how=word(END, f"how.{how}"),
            what=win.describe(),
            value=value,
        ),
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
            phrase(END, "rinshan.normal", who=ledger.who(feeder)),
        )
        feeder = None
    if feeder is not None:
        value = win_value(win, rules, dealer=dealer)
        say_win(ledger, win, value, "rinshan")
        ledger.say("rinshan", phrase(END, "rinshan.feeder", who=ledger.who(feeder)), liable=feeder)
        reason = phrase(END, "reason.rinshan.honba", honba=h) if h else word(END, "reason.rinshan")
        ledger.pay(feeder, win.seat, value + honba_rate(ledger) * h, reason, doubled=True)
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
    what: str = "reason.tsumo",
) -> None:  # fmt: skip
    """Every other player pays a share of `points` basic points, with `honba` × 100 each
    (`what`: the payment's reason, a key of END)."""
    state = ledger.table.state
    dealer = win.seat == state.dealer
    seats = range(ledger.table.players)
    shares = {s: round_up_100(points * (2 if dealer or s == state.dealer else 1)) for s in seats}
    north = north_shares(ledger, win, rules, points, shares) if len(seats) == 3 else None
    if north is not None:
        shares = north[0]
    if say:
        say_win(ledger, win, sum(shares[s] for s in seats if s != win.seat), "tsumo")
    if north is not None:
        ledger.say("north", north[1], **north[2])
    for payer in turn_order(win.seat, ledger.table.players):
        said = word(END, what)
        reason = (
            phrase(END, "reason.with_honba", what=said, honba=honba, points=100 * honba)
            if honba
            else said
        )
        ledger.pay(payer, win.seat, shares[payer] + 100 * honba, reason, doubled=True)


def north_shares(
    ledger: Ledger, win: Win, rules: RuleSet, points: int, shares: dict[int, int]
) -> tuple[dict[int, int], str, dict[str, int]]:
    """Three players: the shares with the missing North's share of a tsumo (what it would
    pay as a non-dealer) lost to the winner (tsumo loss), or split between the two payers,
    each paying half of it more, rounded up to 100; and the step that says which."""
    dealer = win.seat == ledger.table.state.dealer
    north = round_up_100(points * (2 if dealer else 1))
    if rules.tsumo_loss:
        total = sum(a for s, a in shares.items() if s != win.seat)
        return shares, phrase(SANMA, "tsumo_loss", north=north, total=total), {"lost": north}
    half = round_up_100(north // 2)
    text = phrase(SANMA, "north_split", north=north, half=half)
    return {s: a + half for s, a in shares.items()}, text, {"split": half}


def pay_pao_tsumo(ledger: Ledger, win: Win, pao: Pao, rules: RuleSet) -> None:
    state = ledger.table.state
    dealer = win.seat == state.dealer
    h = state.honba
    value = win_value(win, rules, dealer=dealer)
    say_win(ledger, win, value, "tsumo")
    liable_value = liable_part(ledger, win, value, rules, dealer)
    who = ledger.who(pao.seat)
    rate = honba_rate(ledger)
    ledger.say(
        "pao",
        phrase(END, "pao.tsumo.honba", who=who, liable=liable_value, honba=h, points=rate * h)
        if h
        else phrase(END, "pao.tsumo", who=who, liable=liable_value),
        liable=pao.seat,
        amount=liable_value,
    )
    reason = word(END, "reason.pao_tsumo")
    ledger.pay(pao.seat, win.seat, liable_value + rate * h, reason, doubled=True)
    rest = win.yakuman - (win.liable or win.yakuman)
    if liable_value < value and rest > 0:
        ledger.say("pao", phrase(END, "pao.tsumo.rest", rest=rest))
        pay_tsumo(ledger, win, rules, 8000 * rest, 0, say=False, what="reason.other_yakuman")
