"""Settling an abortive draw: nothing paid, the dealer stays, the deposits stay on the table."""

from __future__ import annotations

from .end_ledger import Ledger, Settled, on_table
from .end_words import END
from .rules import RuleSet
from .table import Counters
from .table_request import End
from .words import phrase


def settle_abortive(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    assert end.reason is not None
    state = ledger.table.state
    up = ledger.rules.abortive_honba
    ledger.say(
        "abortive",
        phrase(END, "abortive.up" if up else "abortive.same", what=end.reason.description),
        reason=end.reason.value,
    )
    counters = Counters(state.dealer, state.round, state.dealer + 1, state.honba + up, False)
    return counters, on_table(ledger), ()
