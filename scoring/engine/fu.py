"""Fu, item by item with the reason, for one reading of a hand.

20 base; +10 for a closed hand won on a discard; each triplet or quad by a table; +2 for a
closed, edge or pair wait; +2 for a pair that is a yakuhai; +2 for a tsumo (not with pinfu).
Seven pairs are a flat 25 (or 50 under the Kansai rule); an open hand with no fu won on a
discard counts 30. The total is rounded up to 10 by the payment stage (25 stays 25).

>>> item = meld_item(True, 31, False, False)
>>> item.fu, item.reason
(8, 'concealed triplet of terminals/honours')
>>> from .words import language
>>> with language("ja"):
...     item.reason
'幺九牌の暗刻'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .decompose import Shape, Wait
from .sanma_words import SANMA
from .tiles import DRAGONS, EAST, NAMES, NORTH, format_indices, is_terminal_or_honour
from .words import Catalogue, Said, Text, fixed
from .yaku import View


@dataclass(frozen=True, slots=True)
class FuItem:
    """One reason for fu: how many, why (worded in the current language when read: items
    are cached and shared), and the tiles it is about (None for the hand)."""

    fu: int
    why: Text
    tiles: str | None = None

    @property
    def reason(self) -> str:
        return str(self.why)

    def to_json(self) -> dict[str, object]:
        return {"fu": self.fu, "reason": self.reason, "tiles": self.tiles}


# (concealed, terminal or honour, quad) -> fu; a quad is 4× its triplet.
MELD_FU: Final = {
    (concealed, edge, quad): 2 * (2 if concealed else 1) * (2 if edge else 1) * (4 if quad else 1)
    for concealed in (False, True)
    for edge in (False, True)
    for quad in (False, True)
}
WAIT_FU: Final = {Wait.KANCHAN: 2, Wait.PENCHAN: 2, Wait.TANKI: 2}

# Each fu item's reason, per language: Japanese as a scoring book names the fu.
WORDS = Catalogue(
    "fu",
    {
        "base": "base (fuutei)",
        "closed_ron": "closed hand won on a discard (menzen ron)",
        "tsumo": "won by self-draw (tsumo)",
        "pinfu_tsumo": "won by self-draw (tsumo): kept with pinfu under these rules",
        "open_no_fu": "open hand won on a discard with no other fu: counted as 30",
        "seven_pairs": "seven pairs (chiitoitsu): a flat {fu} fu",
        "edge": "terminals/honours",
        "simple": "simples",
        "concealed_triplet": "concealed triplet of {kind}",
        "open_triplet": "open triplet of {kind}",
        "concealed_quad": "concealed quad of {kind}",
        "open_quad": "open quad of {kind}",
        "by_ron": "{meld} (completed on a discard, so it counts as open)",
        **{f"wait_{w.value}": f"{w.value} wait" for w in WAIT_FU},
        "pair_dragons": "pair of dragons",
        "pair_double_wind": "pair of the seat wind that is also the round wind",
        "pair_seat_wind": "pair of the seat wind",
        "pair_round_wind": "pair of the round wind",
    },
)

BASE: Final = FuItem(20, Said(WORDS, "base"))
CLOSED_RON: Final = FuItem(10, Said(WORDS, "closed_ron"))
TSUMO: Final = FuItem(2, Said(WORDS, "tsumo"))
PINFU_TSUMO: Final = FuItem(2, Said(WORDS, "pinfu_tsumo"))
OPEN_NO_FU: Final = FuItem(10, Said(WORDS, "open_no_fu"))


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
            north = s.rules.north_value and s.rules.players == 3
            for item in pair_items_of(v.pair, s.seat, s.round, s.rules.double_wind_fu, north):
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
    return FuItem(fixed, Said(WORDS, "seven_pairs", fu=fixed))


# The items below are cached: there are few of each, and building their text is most of the
# time fu take.


@lru_cache(maxsize=512)
def meld_item(concealed: bool, tile: int, quad: bool, by_ron: bool) -> FuItem:
    edge = is_terminal_or_honour(tile)
    what = "quad" if quad else "triplet"
    state = "concealed" if concealed else "open"
    name = NAMES[tile]
    tiles = name[0] * (4 if quad else 3) + name[1]
    reason = Said(WORDS, f"{state}_{what}", kind=fixed(WORDS, "edge" if edge else "simple"))
    if by_ron:
        reason = Said(WORDS, "by_ron", meld=reason)
    return FuItem(MELD_FU[(concealed, edge, quad)], reason, tiles)


@lru_cache(maxsize=512)
def wait_item(wait: Wait, tiles: str) -> FuItem:
    return FuItem(WAIT_FU[wait], Said(WORDS, f"wait_{wait.value}"), tiles)


@lru_cache(maxsize=256)
def pair_items_of(
    pair: int, seat: int, round: int, double_wind_fu: int, north_value: bool = False
) -> tuple[FuItem, ...]:
    tiles = format_indices((pair, pair))
    if pair in DRAGONS:
        return (FuItem(2, Said(WORDS, "pair_dragons"), tiles),)
    if pair == NORTH and north_value:  # three players, where the rules make North a value tile
        return (FuItem(2, Said(SANMA, "pair_north"), tiles),)
    if pair == seat and pair == round:
        fu = double_wind_fu
        return (FuItem(fu, Said(WORDS, "pair_double_wind"), tiles),)
    if pair == seat:
        return (FuItem(2, Said(WORDS, "pair_seat_wind"), tiles),)
    if pair == round:
        return (FuItem(2, Said(WORDS, "pair_round_wind"), tiles),)
    return ()
