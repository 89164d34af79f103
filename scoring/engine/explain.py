"""The explanation as data: ordered steps that each say what happened and with which numbers.

Steps are built from the results of each stage; nothing here recomputes a score.

>>> from .payment import settle
>>> [s.kind for s in settlement_steps(settle(1, 30, dealer=False, tsumo=False))]
['fu_rounding', 'basic_points', 'payment', 'total']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .payment import Settlement, Share

PAYER_NAMES = {
    "discarder": "the discarder",
    "dealer": "the dealer",
    "non_dealer": "each non-dealer",
    "each": "each other player",
}


@dataclass(frozen=True)
class Step:
    """One step of an explanation: its kind, a sentence, its numbers and the tiles it is about."""

    kind: str
    text: str
    numbers: dict[str, Any] = field(default_factory=dict)
    tiles: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "numbers": self.numbers, "tiles": self.tiles}


def settlement_steps(settlement: Settlement) -> list[Step]:
    """Rounding, basic points, the limit, each payer, honba, deposits and the total."""
    return [
        *basic_point_steps(settlement),
        *(share_step(s, settlement) for s in settlement.shares),
        *honba_steps(settlement),
        *deposit_steps(settlement),
        total_step(settlement),
    ]


def basic_point_steps(settlement: Settlement) -> list[Step]:
    b = settlement.basic
    steps: list[Step] = []
    if b.yakuman == 0 and b.han < 5 and not b.kazoe:
        if b.fu == b.fu_rounded:
            text = f"{b.fu} fu needs no rounding" + (
                " (seven pairs stay at 25)" if b.fu == 25 else ""
            )
        else:
            text = f"{b.fu} fu rounds up to {b.fu_rounded} fu"
        steps.append(Step("fu_rounding", text, {"fu": b.fu, "rounded": b.fu_rounded}))
    if b.formula:
        text = f"basic points = fu × 2^(2 + han) = {b.fu_rounded} × 2^{2 + b.han} = {b.formula}"
        steps.append(
            Step(
                "basic_points",
                text,
                {"fu": b.fu_rounded, "han": b.han, "formula": b.formula, "basic_points": b.points},
            )
        )
    if b.limit is not None:
        text = f"{b.limit.label}: {b.reason}; basic points are {b.points}"
        steps.append(
            Step(
                "limit",
                text,
                {
                    "limit": b.limit.value,
                    "basic_points": b.points,
                    "kazoe": b.kazoe,
                    "yakuman": b.yakuman,
                },
            )
        )
    return steps


def share_step(share: Share, settlement: Settlement) -> Step:
    who = PAYER_NAMES[share.payer]
    base = settlement.basic.points
    text = f"{who} pays {base} × {share.multiplier} = {share.raw}"
    text += (
        f", rounded up to {share.rounded}" if share.rounded != share.raw else " (a multiple of 100)"
    )
    return Step(
        "payment",
        text,
        {
            "payer": share.payer,
            "count": share.count,
            "multiplier": share.multiplier,
            "raw": share.raw,
            "rounded": share.rounded,
        },
    )


def honba_steps(settlement: Settlement) -> list[Step]:
    if not settlement.honba:
        return []
    each = settlement.shares[0].honba
    per = "100 from each payer" if settlement.tsumo else "300 from the discarder"
    text = f"{settlement.honba} honba: {per} per counter, +{each} on each payment"
    return [
        Step(
            "honba",
            text,
            {
                "honba": settlement.honba,
                "per_payer": each,
                "total": each * sum(s.count for s in settlement.shares),
            },
        )
    ]


def deposit_steps(settlement: Settlement) -> list[Step]:
    if not settlement.sticks:
        return []
    text = (
        f"{settlement.sticks} riichi deposit(s) on the table: +{settlement.deposits} to the winner"
    )
    return [Step("deposits", text, {"sticks": settlement.sticks, "points": settlement.deposits})]


def total_step(settlement: Settlement) -> Step:
    parts = " + ".join(
        f"{s.amount}" if s.count == 1 else f"{s.amount} × {s.count}" for s in settlement.shares
    )
    if settlement.deposits:
        parts += f" + {settlement.deposits}"
    text = f"the winner gains {parts} = {settlement.total}"
    return Step("total", text, {"total": settlement.total, "deltas": list(settlement.deltas)})


def rounding_note(ron: Settlement, tsumo: Settlement) -> str:
    """Why a tsumo of the same hand brings more than a ron, or "" when both come to the same.

    Each tsumo payment is rounded up to 100 on its own, a ron payment only once.

    >>> from .payment import settle
    >>> def both(han, fu, dealer):
    ...     return [settle(han, fu, dealer=dealer, tsumo=t) for t in (False, True)]
    >>> print(rounding_note(*both(1, 30, False)))  # doctest: +NORMALIZE_WHITESPACE
    Before rounding both are 960. A ron is rounded once: 1000. A tsumo rounds each payment:
    500 + 300 × 2 = 1100, so it brings 100 more.
    >>> rounding_note(*both(1, 30, True))
    ''
    """
    if ron.hand_value == tsumo.hand_value:
        return ""
    raw = sum(s.raw * s.count for s in ron.shares)
    parts = " + ".join(
        f"{s.rounded}" if s.count == 1 else f"{s.rounded} × {s.count}" for s in tsumo.shares
    )
    return (
        f"Before rounding both are {raw}. A ron is rounded once: {ron.hand_value}. "
        f"A tsumo rounds each payment: {parts} = {tsumo.hand_value}, "
        f"so it brings {tsumo.hand_value - ron.hand_value} more."
    )
