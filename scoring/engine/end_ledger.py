"""A hand's settlement as it is written: the transfers, the steps that say them, and the
outcome they add up to (shared by every kind of end: `hand_end` and the `end_*` modules)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .end_words import END, wind_word
from .explain import Step
from .rules import RuleSet, TableRules
from .table import Counters, hand_name, seat_wind
from .table_request import Scores, Table, deposits_text
from .words import phrase, word


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
        s = self.table.scores
        deltas = [0] * len(s)
        for t in self.transfers:
            if t.payer is not None:
                deltas[t.payer] -= t.amount
            if t.payee is not None:
                deltas[t.payee] += t.amount
        object.__setattr__(self, "deltas", tuple(deltas))
        object.__setattr__(self, "scores", tuple(a + d for a, d in zip(s, deltas, strict=True)))

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
        wind = wind_word(seat_wind(seat, self.table.state.dealer, self.table.players))
        return phrase(END, "who", seat=seat, wind=wind)

    def say(self, kind: str, text: str, **numbers: Any) -> None:
        self.steps.append(Step(kind, text, dict(numbers)))

    def pay(
        self, payer: int, payee: int, amount: int, reason: str, *, doubled: bool = False
    ) -> None:
        """`payer` pays `payee`; with `doubled` the wareme rule may double it."""
        w = self.table.wareme
        if doubled and self.rules.wareme and w is not None and w in (payer, payee):
            reason = phrase(END, "wareme", reason=reason, amount=amount)
            amount *= 2
        self.transfers.append(Transfer(payer, payee, amount, reason))
        self.say(
            "payment",
            phrase(
                END,
                "payment",
                payer=self.who(payer),
                payee=self.who(payee),
                amount=amount,
                reason=reason,
            ),
            payer=payer,
            payee=payee,
            amount=amount,
        )


Settled = tuple[Counters, int, tuple[int, ...]]  # the next counters, deposits after, penalties


def on_table(ledger: Ledger) -> int:
    """Deposits on the table at the hand's end: those before it and this hand's riichi."""
    return ledger.table.state.sticks + len(ledger.table.riichi)


def take_deposits(ledger: Ledger, winner: int) -> None:
    n = on_table(ledger)
    if n:
        reason = word(END, "reason.deposits")
        ledger.transfers.append(Transfer(None, winner, 1000 * n, reason))
        ledger.say(
            "deposits",
            phrase(
                END, "deposits", who=ledger.who(winner), deposits=deposits_text(n), points=1000 * n
            ),
            seat=winner,
            sticks=n,
            points=1000 * n,
        )
