"""Settling a chombo: paid now as a mangan, or taken off the final score, and the hand replayed."""

from __future__ import annotations

from collections.abc import Sequence

from .end_ledger import Ledger, Settled, Transfer
from .end_words import END, cause_words
from .rules import Chombo, RuleSet
from .sanma_words import SANMA
from .table import Counters, turn_order
from .table_request import End, deposits_text
from .words import phrase, word


def settle_chombo(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.chombo is not None
    if end.cause:
        ledger.say(
            "chombo_cause",
            phrase(END, "chombo_cause", who=ledger.who(end.chombo), cause=cause_words(end.cause)),
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
                phrase(END, "chombo.deduction", who=ledger.who(seat), points=points),
                seat=seat,
                points=-points,
            )
            penalties.append(seat)
            continue
        dealer = seat == state.dealer
        words = SANMA if ledger.table.players == 3 and not dealer else END
        ledger.say(
            "chombo",
            phrase(words, "chombo.dealer" if dealer else "chombo.other", who=ledger.who(seat)),
            seat=seat,
        )
        for payee in turn_order(seat, ledger.table.players):
            amount = 4000 if dealer or payee == state.dealer else 2000
            ledger.pay(seat, payee, amount, word(END, "reason.chombo"))
    for seat in ledger.table.riichi:
        returned = word(END, "reason.riichi_returned")
        ledger.transfers.append(Transfer(None, seat, 1000, returned))
        ledger.say(
            "riichi",
            phrase(END, "riichi.returned", who=ledger.who(seat)),
            seat=seat,
            amount=1000,
        )
    up = ledger.rules.chombo_honba
    kept = (
        phrase(
            END,
            "replay.kept.1" if state.sticks == 1 else "replay.kept.n",
            deposits=deposits_text(state.sticks),
        )
        if state.sticks
        else word(END, "replay.kept.none")
    )
    honba = word(END, "replay.honba.up" if up else "replay.honba.same")
    ledger.say("counters", phrase(END, "replay", name=state.name, honba=honba, kept=kept))
    counters = Counters(state.dealer, state.round, state.dealer + 1, state.honba + up, False)
    return counters, state.sticks, tuple(penalties)
