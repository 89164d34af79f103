"""Fu, item by item with the reason, for one reading of a hand.

20 base; +10 for a closed hand won on a discard; each triplet or quad by a table; +2 for a
closed, edge or pair wait; +2 for a pair that is a yakuhai; +2 for a tsumo (not with pinfu).
Seven pairs are a flat 25 (or 50 under the Kansai rule); an open hand with no fu won on a
discard counts 30. The total is rounded up to 10 by the payment stage (25 stays 25).

>>> [(i.fu, i.reason) for i in meld_items([(True, 31, False, False)])]
[(8, 'concealed triplet of terminals/honours')]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .decompose import GroupKind, Shape, Wait
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
OPEN_NO_FU = FuItem(10, "open hand won on a discard with no other fu: counted as 30")


def fu_items(v: View, *, pinfu: bool) -> list[FuItem]:
    """Every fu item of a reading (before rounding).

    `pinfu` says whether the reading scores pinfu (which waives the tsumo's 2 fu).
    """
    shape = v.reading.shape
    if shape is Shape.CHIITOITSU:
        fixed = 50 if v.situation.rules.seven_pairs == "50fu" else 25
        return [FuItem(fixed, f"seven pairs (chiitoitsu): a flat {fixed} fu")]
    s = v.situation
    items = [BASE]
    if s.concealed and not s.tsumo:
        items.append(CLOSED_RON)
    if shape is Shape.STANDARD:
        items += meld_items(triplet_facts(v))
        items += wait_items(v)
        items += pair_items(v)
    if s.tsumo and not pinfu:
        items.append(TSUMO)
    if not s.concealed and not s.tsumo and sum(i.fu for i in items) == 20:
        items.append(OPEN_NO_FU)
    return items


def triplet_facts(v: View) -> list[tuple[bool, int, bool, bool]]:
    """(concealed, tile, quad, completed on a discard) for each triplet and quad."""
    out: list[tuple[bool, int, bool, bool]] = []
    r = v.reading
    for j, g in enumerate(r.groups):
        if g.kind is GroupKind.TRIPLET or g.kind is GroupKind.QUAD:
            won_on_discard = j == r.win_group and not v.situation.tsumo
            concealed = not g.open and not won_on_discard
            out.append((concealed, g.tiles[0], g.kind is GroupKind.QUAD, won_on_discard))
    return out


def meld_items(facts: list[tuple[bool, int, bool, bool]]) -> list[FuItem]:
    return [meld_item(*f) for f in facts]


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


def wait_items(v: View) -> list[FuItem]:
    wait = v.reading.wait
    if wait not in WAIT_FU:
        return []
    return [wait_item(wait, v.reading.groups[v.reading.win_group].label)]


@lru_cache(maxsize=512)
def wait_item(wait: Wait, tiles: str) -> FuItem:
    return FuItem(WAIT_FU[wait], f"{wait.value} wait", tiles)


def pair_items(v: View) -> tuple[FuItem, ...]:
    if v.pair < EAST:
        return ()  # a pair of suit tiles (or no pair): no fu
    s = v.situation
    return pair_items_of(v.pair, s.seat, s.round, s.rules.double_wind_fu)


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
