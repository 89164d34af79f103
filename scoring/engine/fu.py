"""Fu, item by item with the reason, for one reading of a hand.

20 base; +10 for a closed hand won on a discard; each triplet or quad by a table; +2 for a
closed, edge or pair wait; +2 for a pair that is a yakuhai; +2 for a tsumo (not with pinfu).
Seven pairs are a flat 25 (or 50 under the Kansai rule); an open hand with no fu won on a
discard counts 30. The total is rounded up to 10 by the payment stage (25 stays 25).

>>> item = meld_item(True, 31, False, False)
>>> item.fu, item.reason
(8, 'concealed triplet of terminals/honours')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .decompose import Shape, Wait
from .tiles import DRAGONS, EAST, NAMES, format_indices, is_terminal_or_honour
from .yaku import View


@dataclass(frozen=True, slots=True)
class FuItem:
    """One reason for fu: how many, why, and the tiles it is about (None for the hand)."""

    fu: int
    reason: str
    tiles: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"fu": self.fu, "reason": self.reason, "tiles": self.tiles}


# (concealed, terminal or honour, quad) -> fu; a quad is 4× its triplet.
MELD_FU = {
    (concealed, edge, quad): 2 * (2 if concealed else 1) * (2 if edge else 1) * (4 if quad else 1)
    for concealed in (False, True)
    for edge in (False, True)
    for quad in (False, True)
}
WAIT_FU = {Wait.KANCHAN: 2, Wait.PENCHAN: 2, Wait.TANKI: 2}

BASE = FuItem(20, "base (fuutei)")
CLOSED_RON = FuItem(10, "closed hand won on a discard (menzen ron)")
TSUMO = FuItem(2, "won by self-draw (tsumo)")
PINFU_TSUMO = FuItem(2, "won by self-draw (tsumo): kept with pinfu under these rules")
OPEN_NO_FU = FuItem(10, "open hand won on a discard with no other fu: counted as 30")


def fu_items(v: View, *, pinfu: bool) -> tuple[list[FuItem], int]:
    """Every fu item of a reading (before rounding), and their sum.

    `pinfu` says whether the reading scores pinfu (which waives the tsumo's 2 fu, unless the
    rules' `pinfu_tsumo_fu` keeps them).
    """
    shape = v.reading.shape
    s = v.situation
    if shape is Shape.CHIITOITSU:
        item = seven_pairs_item(s.rules.seven_pairs)
        return [item], item.fu
    items = [BASE]
    fu = 20
    if s.concealed and not s.tsumo:
        items.append(CLOSED_RON)
        fu = 30
    if shape is Shape.STANDARD:
        for facts in v.set_facts:
            item = meld_item(*facts)
            items.append(item)
            fu += item.fu
        reading = v.reading
        if reading.wait in WAIT_FU:
            item = wait_item(reading.wait, reading.groups[reading.win_group].label)
            items.append(item)
            fu += item.fu
        if v.pair >= EAST:
            for item in pair_items_of(v.pair, s.seat, s.round, s.rules.double_wind_fu):
                items.append(item)
                fu += item.fu
    if s.tsumo and not pinfu:
        items.append(TSUMO)
        fu += 2
    elif s.tsumo and s.rules.pinfu_tsumo_fu:
        items.append(PINFU_TSUMO)
        fu += 2
    if fu == 20 and not s.concealed and not s.tsumo:
        items.append(OPEN_NO_FU)
        fu = 30
    return items, fu


@lru_cache(maxsize=4)
def seven_pairs_item(rule: str) -> FuItem:
    fixed = 50 if rule == "50fu" else 25
    return FuItem(fixed, f"seven pairs (chiitoitsu): a flat {fixed} fu")


# The items below are cached: there are few of each, and building their text is most of the
# time fu take.


@lru_cache(maxsize=512)
def meld_item(concealed: bool, tile: int, quad: bool, by_ron: bool) -> FuItem:
    edge = is_terminal_or_honour(tile)
    what = "quad" if quad else "triplet"
    kind = "terminals/honours" if edge else "simples"
    state = "concealed" if concealed else "open"
    name = NAMES[tile]
    tiles = name[0] * (4 if quad else 3) + name[1]
    reason = f"{state} {what} of {kind}"
    if by_ron:
        reason += " (completed on a discard, so it counts as open)"
    return FuItem(MELD_FU[(concealed, edge, quad)], reason, tiles)


@lru_cache(maxsize=512)
def wait_item(wait: Wait, tiles: str) -> FuItem:
    return FuItem(WAIT_FU[wait], f"{wait.value} wait", tiles)


@lru_cache(maxsize=256)
def pair_items_of(pair: int, seat: int, round: int, double_wind_fu: int) -> tuple[FuItem, ...]:
    tiles = format_indices((pair, pair))
    if pair in DRAGONS:
        return (FuItem(2, "pair of dragons", tiles),)
    if pair == seat and pair == round:
        fu = double_wind_fu
        return (FuItem(fu, "pair of the seat wind that is also the round wind", tiles),)
    if pair == seat:
        return (FuItem(2, "pair of the seat wind", tiles),)
    if pair == round:
        return (FuItem(2, "pair of the round wind", tiles),)
    return ()
