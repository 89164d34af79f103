"""One hand's end at the table: who pays whom, the riichi deposits and honba, and the next hand.

A hand ends in a win by ron (one discarder, up to three winners), a win by tsumo, an
exhaustive draw, an abortive draw or a chombo. Every point moved is a `Transfer` with its
reason; the steps (`explain.Step`, as for a scored hand) say each in order, and the score
changes are the transfers added up, so they always sum to zero with the deposits.

This module is the entry point (`settle_end`, `settle_json`); each kind of end is settled in
its own module: `end_wins` (ron and tsumo, pao), `end_draws` (exhaustive draws, nagashi),
`end_abortive` and `end_chombo`, all writing to the `end_ledger`. The settle request, its
types (`End`, `Win`, `Table`) and its checks, is `table_request`'s (re-exported here).

>>> out = settle_json({"rules": "tenhou", "scores": [25000] * 4, "dealer": 0, "round": "E",
...     "honba": 0, "sticks": 0, "riichi": [],
...     "end": {"kind": "draw", "tenpai": [1]}})
>>> out["deltas"], out["next"]["name"]
([-1000, 3000, -1000, -1000], 'East 2, 1 honba')
"""

from __future__ import annotations

from typing import Any

from .end_abortive import settle_abortive
from .end_chombo import settle_chombo
from .end_draws import settle_draw
from .end_ledger import Ledger, Next, Outcome, Transfer
from .end_wins import settle_ron, settle_tsumo
from .end_words import END, joined
from .errors import ScoringError
from .explain import Step
from .request import load_object
from .rules import Abort, RuleSet, TableRules
from .table import Counters
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
    parse_count,
    parse_end,
    parse_scores,
    parse_seat,
    parse_settle_request,
    parse_table,
    seated_request,
)
from .words import phrase, word

ABORT_NAMES = {a: a.description for a in Abort}  # the labels are the enum's own

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
        phrase(END, "hand.riichi", seats=joined([ledger.who(s) for s in table.riichi]))
        if table.riichi
        else ""
    )
    sticks_text = (
        phrase(END, "hand.counters.n" if state.honba > 1 else "hand.counters.1", honba=state.honba)
        if state.honba
        else ""
    )
    ledger.say(
        "hand",
        phrase(
            END,
            "hand",
            name=state.name,
            dealer=ledger.who(state.dealer),
            honba=state.honba,
            sticks_text=sticks_text,
            deposits=deposits_text(state.sticks),
            riichi_text=riichi_text,
        ),
        honba=state.honba,
        sticks=state.sticks,
        dealer=state.dealer,
    )
    riichi_deposits(ledger)
    counters, sticks, penalties = SETTLERS[end.kind](ledger, end, rules)
    nxt = finish(ledger, counters, sticks)
    outcome = Outcome(table, tuple(ledger.transfers), nxt, (), penalties)
    return busting(ledger, outcome)


def riichi_deposits(ledger: Ledger) -> None:
    for seat in ledger.table.riichi:
        ledger.transfers.append(Transfer(seat, None, 1000, word(END, "reason.riichi")))
        ledger.say(
            "riichi",
            phrase(END, "riichi", who=ledger.who(seat)),
            seat=seat,
            amount=1000,
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
        word(END, "next.over.reason") if counters.game_over else "",
    )
    if counters.game_over:
        text = word(END, "next.over")
    else:
        how = (
            word(END, "next.renchan")
            if renchan
            else phrase(END, "next.passes", who=ledger.who(counters.dealer))
        )
        text = phrase(END, "next", name=nxt.name, how=how, deposits=deposits_text(sticks))
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
    below = tuple(s for s in range(len(outcome.scores)) if outcome.scores[s] < 0)
    steps = ledger.steps
    nxt = outcome.next
    if below and ledger.rules.busting:
        names = joined([ledger.who(s) for s in below])
        text = phrase(END, "busting", seats=names)
        steps.append(Step("busting", text, {"seats": list(below)}))
        nxt = Next(
            nxt.dealer, nxt.round, nxt.hand, nxt.honba, nxt.sticks, False, True,
            word(END, "busting.reason"),
        )  # fmt: skip
    return Outcome(outcome.table, outcome.transfers, nxt, tuple(steps), outcome.penalties)


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
