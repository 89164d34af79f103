"""Settling a chombo: paid now as a mangan, or taken off the final score, and the hand replayed."""

from __future__ import annotations

from collections.abc import Sequence

from .end_ledger import Ledger, Settled, Transfer
from .rules import Chombo, RuleSet
from .table import Counters, turn_order
from .table_request import CHOMBO_CAUSES, End, deposits_text


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
    honba = "one more honba (these rules add one after a chombo)" if up else "honba"
    ledger.say(
        "counters",
        f"the hand is replayed: {state.name} again, with the same dealer and {honba}; {kept}",
    )
    counters = Counters(state.dealer, state.round, state.dealer + 1, state.honba + up, False)
    return counters, state.sticks, tuple(penalties)
