"""Settling an abortive draw: nothing paid, the dealer stays, the deposits stay on the table."""

from __future__ import annotations

from .end_ledger import Ledger, Settled, on_table
from .rules import RuleSet
from .table import Counters
from .table_request import End


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
