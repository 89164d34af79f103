"""The explanation as data: ordered steps that each say what happened and with which numbers.

Steps are built from the results of each stage; nothing here recomputes a score.

>>> from .payment import settle
>>> [s.kind for s in settlement_steps(settle(1, 30, dealer=False, tsumo=False))]
['fu_rounding', 'basic_points', 'payment', 'total']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .decompose import WAIT_NAMES
from .payment import Settlement, Share
from .tiles import tile_name
from .yaku import DORA_NAMES

if TYPE_CHECKING:
    from .evaluate import DoraCount, Scored
    from .request import Request

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
        f"{settlement.sticks} riichi deposit{'s' if settlement.sticks != 1 else ''} on the table: "
        f"+{settlement.deposits} to the winner"
    )
    return [Step("deposits", text, {"sticks": settlement.sticks, "points": settlement.deposits})]


def total_step(settlement: Settlement) -> Step:
    parts = " + ".join(
        f"{s.amount}" if s.count == 1 else f"{s.amount} × {s.count}" for s in settlement.shares
    )
    if settlement.deposits:
        parts += f" + {settlement.deposits}"
    single = len(settlement.shares) == 1 and settlement.shares[0].count == 1
    if single and not settlement.deposits:
        text = f"the winner gains {settlement.total}"
    else:
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


# The hand's own steps: which reading, its yaku, dora and fu. They read the scored reading
# (`evaluate.Scored`) and never score anything themselves.


def hand_steps(
    request: Request, best: Scored, others: Sequence[Scored], dora: DoraCount
) -> list[Step]:
    """Every step of a scored hand, in the order a person would work it out.

    >>> from .request import parse_request
    >>> from .evaluate import count_dora, score_readings
    >>> req = parse_request({"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]})
    >>> best, *others = score_readings(req)
    >>> [s.kind for s in hand_steps(req, best, others, count_dora(req))][:4]
    ['reading', 'yaku', 'yaku', 'han']
    """
    assert best.settlement is not None
    return [
        reading_step(request, best),
        *yaku_steps(best),
        *dora_steps(best, dora),
        han_step(best),
        *fu_steps(best),
        *settlement_steps(best.settlement),
        readings_step(best, others),
    ]


def reading_step(request: Request, best: Scored) -> Step:
    r = best.reading
    group = r.groups[r.win_group]
    text = f"read as {best_summary(best)}; {request.win} completes {group.text()}: "
    text += WAIT_NAMES[r.wait]
    return Step(
        "reading",
        text,
        {"shape": r.shape.value, "wait": r.wait.value},
        " ".join(g.text() for g in r.groups),
    )


def best_summary(s: Scored) -> str:
    return " ".join(g.text() for g in s.reading.groups)


def yaku_steps(best: Scored) -> list[Step]:
    steps = []
    for y in best.yaku:
        if y.id in DORA_NAMES:
            continue
        if y.yakuman:
            kind = "double yakuman" if y.yakuman == 2 else "yakuman"
            text = f"{y.name}: {kind} ({y.han} han)"
        else:
            text = f"{y.name}: {y.han} han"
            if y.open_reduced:
                text += " (one han less because the hand is open)"
        steps.append(Step("yaku", text, {"id": y.id, "han": y.han, "yakuman": y.yakuman}))
    return steps


def dora_steps(best: Scored, dora: DoraCount) -> list[Step]:
    if best.yakuman:
        return []
    steps = []
    for h in dora.hits:
        what = "ura dora" if h.kind == "ura_dora" else "dora"
        text = f"{what} indicator {h.indicator} points at {tile_name(h.tile)}: "
        text += f"{h.held} in the hand, {h.held} han" if h.held else "none in the hand"
        steps.append(Step("dora", text, {"kind": h.kind, "count": h.held}, h.indicator))
    if dora.aka:
        text = f"{dora.aka} red five{'s' if dora.aka > 1 else ''}: {dora.aka} han"
        steps.append(Step("dora", text, {"kind": "aka_dora", "count": dora.aka}))
    return steps


def han_text(han: int, *, kazoe: bool = False) -> str:
    """A hand's han in words; a counted yakuman is said as the 13 han it is paid as, with the
    han it counted beside them.

    >>> han_text(3), han_text(16, kazoe=True), han_text(13, kazoe=True)
    ('3 han', '13 han (counted yakuman; 16 han in all)', '13 han (counted yakuman)')
    """
    if not kazoe:
        return f"{han} han"
    return "13 han (counted yakuman" + (f"; {han} han in all)" if han > 13 else ")")


def han_step(best: Scored) -> Step:
    parts = " + ".join(str(y.han) for y in best.yaku)
    text = f"han: {parts} = {best.han}" if len(best.yaku) > 1 else f"han: {best.han}"
    kazoe = best.settlement is not None and best.settlement.basic.kazoe
    if kazoe:
        text += ": 13 or more, paid as 13 han (counted yakuman)"
    return Step("han", text, {"han": best.han, "yakuman": best.yakuman, "kazoe": kazoe})


def fu_steps(best: Scored) -> list[Step]:
    """Each fu item and the total; a limit hand's fu are counted all the same (a fu question
    asks them), with a word that they do not change its payment. A yakuman's are not."""
    if best.yakuman:
        return [Step("fu", "fu do not change the payment: a yakuman", {"fu": best.fu_total})]
    steps = [Step("fu", f"+{i.fu} fu: {i.reason}", {"fu": i.fu}, i.tiles) for i in best.fu_items]
    total = f"fu: {best.fu_total} in all"
    if best.han >= 5:
        if best.fu != best.fu_total:
            total += f", rounded up to {best.fu}"
        total += f"; they do not change the payment: {best.han} han is a limit hand"
    steps.append(Step("fu_total", total, {"fu": best.fu_total}))
    return steps


def reading_note(s: Scored, best: Scored) -> str:
    """Why a reading was or was not the one scored."""
    if s is best:
        return "the chosen reading: it pays the most" if best.points else "the chosen reading"
    if not s.yaku:
        return "no yaku"
    if s.points != best.points:
        return f"pays less ({s.points} against {best.points})"
    if not s.yakuman and best.yakuman:
        return "same points, but a real yakuman ranks above a counted (kazoe) one"
    if s.han != best.han:
        return f"same points, fewer han ({s.han} against {best.han})"
    if s.fu != best.fu:
        return f"same points and han, fewer fu ({s.fu} against {best.fu})"
    return "scores the same; the first found is shown"


def readings_step(best: Scored, others: Sequence[Scored]) -> Step:
    if not others:
        text = "this is the only way to read the hand"
    else:
        notes = "; ".join(f"{s.reading.summary()}: {reading_note(s, best)}" for s in others)
        text = f"{len(others)} other reading{'s' if len(others) > 1 else ''}: {notes}"
    return Step("readings", text, {"count": 1 + len(others)})
