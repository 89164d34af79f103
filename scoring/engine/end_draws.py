"""Settling an exhaustive draw: tenpai and noten payments, nagashi mangan, and the chombo of a
riichi player left noten."""

from __future__ import annotations

from .end_chombo import chombo_for
from .end_ledger import Ledger, Settled, on_table, take_deposits
from .end_wins import pay_tsumo
from .end_words import END, joined
from .rules import Nagashi, RuleSet
from .sanma_words import SANMA
from .table import counters_after
from .table_request import End, Win
from .words import phrase, word

NOTEN_POOL = 1000  # noten payments: 1000 for each other player (3000 in all, 2000 for three)


def settle_draw(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    for seat, tiles, found in end.hands:
        shown = (
            phrase(END, "shown.tenpai", waits=" ".join(found))
            if found
            else word(END, "shown.noten")
        )
        who = ledger.who(seat)
        ledger.say("hand_shown", phrase(END, "hand_shown", who=who, tiles=tiles, shown=shown),
                   seat=seat)  # fmt: skip
    tenpai = set(end.tenpai)
    nobody = word(END, "nobody")
    seats = range(ledger.table.players)
    noten_text = joined([ledger.who(s) for s in seats if s not in tenpai]) or nobody
    tenpai_text = joined([ledger.who(s) for s in sorted(tenpai)]) or nobody
    ledger.say(
        "tenpai",
        phrase(END, "tenpai", tenpai=tenpai_text, noten=noten_text),
        tenpai=sorted(tenpai),
    )
    declared = [s for s in seats if s not in tenpai and s not in ledger.table.riichi]
    if declared and not end.hands:
        ledger.say(
            "noten_declared",
            phrase(END, "noten_declared", seats=joined([ledger.who(s) for s in declared])),
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
                phrase(END, "false_riichi", who=ledger.who(seat)),
                seat=seat,
            )
        return chombo_for(ledger, false_riichi)
    if end.nagashi:
        for seat in end.nagashi:
            win = Win(seat, 5, 0, label=word(END, "what.nagashi"))
            ledger.say("nagashi", phrase(END, "nagashi.draw", who=ledger.who(seat)), seat=seat)
            pay_tsumo(ledger, win, rules, 2000, 0, say=False, what="reason.nagashi")
    else:
        noten_payments(ledger, tenpai)
    counters = counters_after(state, dealer_stays=state.dealer in tenpai, honba_up=True)
    return counters, on_table(ledger), ()


def noten_payments(ledger: Ledger, tenpai: set[int]) -> None:
    players = ledger.table.players
    if len(tenpai) in (0, players):
        ledger.say("noten", word(END, "noten.none"), tenpai=len(tenpai))
        return
    pool = NOTEN_POOL * (players - 1)
    gain, loss = pool // len(tenpai), pool // (players - len(tenpai))
    words = SANMA if players == 3 else END
    ledger.say(
        "noten",
        phrase(words, "noten", tenpai=len(tenpai), gain=gain, loss=loss),
        tenpai=len(tenpai),
        gain=gain,
        loss=loss,
    )
    noten = [s for s in range(players) if s not in tenpai]
    # Each noten player pays the tenpai players equal shares of its loss.
    for payer in noten:
        for payee in sorted(tenpai):
            ledger.pay(payer, payee, loss // len(tenpai), word(END, "reason.noten"))


def nagashi_win(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    ledger.say("nagashi", word(END, "nagashi.win"))
    for seat in end.nagashi:
        win = Win(seat, 5, 0, label=word(END, "what.nagashi"))
        pay_tsumo(ledger, win, rules, 2000, state.honba, what="reason.nagashi")
    first = min(end.nagashi, key=lambda s: (s - state.dealer) % ledger.table.players)
    take_deposits(ledger, first)
    dealer_won = state.dealer in end.nagashi
    return counters_after(state, dealer_stays=dealer_won, honba_up=dealer_won), 0, ()
