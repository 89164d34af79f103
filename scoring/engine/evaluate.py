"""Score every reading of a checked request and pick the one that pays most.

A reading's value is what the winner is paid before honba and deposits; on equal value a real
yakuman beats a counted (kazoe) one, then the reading with more han wins, then the one with more
fu, as the game servers (and the `mahjong` library) do.

>>> from .contract import parse_request
>>> request = parse_request({"hand": "111222333m456p77z", "win": "3m", "tsumo": True})
>>> best = score_readings(request)[0]
>>> [y.id for y in best.yaku], best.reading.wait.value
(['menzen_tsumo', 'sanankou'], 'shanpon')
"""

from __future__ import annotations

from dataclasses import dataclass

from .contract import Request
from .decompose import Reading, readings
from .errors import ScoringError
from .fu import FuItem, fu_items
from .payment import Settlement, round_fu, settle
from .tiles import TILE_INDEX, WINDS, dora_from_indicator, tile_index, tile_name
from .yaku import DORA_NAMES, Situation, Tiles, YakuScore, view_of, yaku_of


@dataclass(frozen=True, slots=True)
class DoraHit:
    """One indicator and how many of the tile it points at the hand holds."""

    kind: str  # "dora" or "ura_dora"
    indicator: str
    tile: int
    count: int

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "indicator": self.indicator,
            "tile": tile_name(self.tile),
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class DoraCount:
    """The hand's dora by indicator, and its red fives."""

    hits: tuple[DoraHit, ...]
    aka: int
    scores: tuple[YakuScore, ...] = ()  # as entries of the yaku list: see `entries`
    han: int = 0  # all of them together

    def total(self, kind: str) -> int:
        return sum(h.count for h in self.hits if h.kind == kind)

    def entries(self) -> list[YakuScore]:
        """Dora, aka dora and ura dora as entries of the yaku list (those above 0)."""
        counts = {
            "dora": self.total("dora"),
            "aka_dora": self.aka,
            "ura_dora": self.total("ura_dora"),
        }
        return [YakuScore(k, DORA_NAMES[k], n) for k, n in counts.items() if n]

    @classmethod
    def of(cls, hits: tuple[DoraHit, ...], aka: int) -> DoraCount:
        """The count with its entries worked out once (every reading of the hand adds them)."""
        dora = ura = 0
        for h in hits:
            if h.kind == "dora":
                dora += h.count
            else:
                ura += h.count
        if not (dora or aka or ura):
            return cls(hits, aka)
        counts = (("dora", dora), ("aka_dora", aka), ("ura_dora", ura))
        scores = tuple(YakuScore(k, DORA_NAMES[k], n) for k, n in counts if n)
        return cls(hits, aka, scores, dora + aka + ura)


def count_dora(req: Request) -> DoraCount:
    """Dora from each indicator (ura only after riichi), and red fives when the rules use them.

    >>> from .contract import parse_request
    >>> d = count_dora(parse_request({"hand": "123m406p789s11z234s", "win": "4s", "dora": "4p"}))
    >>> d.total("dora"), d.aka
    (1, 1)
    """
    counts = req.counts
    hits = [DoraHit("dora", i, t, counts[t]) for i in req.dora for t in (DORA_OF[i],)]
    if req.riichi and req.ura:
        hits += [DoraHit("ura_dora", i, t, counts[t]) for i in req.ura for t in (DORA_OF[i],)]
    aka = red_fives_held(req.tiles, counts) if req.rules.red_fives else 0
    return DoraCount.of(tuple(hits), aka)


DORA_OF = {name: dora_from_indicator(name) for name in TILE_INDEX}  # indicator → dora


FIVES = {"m": 4, "p": 13, "s": 22}


def red_fives_held(tiles: tuple[str, ...], counts: tuple[int, ...]) -> int:
    """Red fives in the hand: those written `0`, and one for any suit whose four fives it
    holds (a quad of 5p must include the red 5p however it is written).

    >>> from .tiles import counts_of, tile_index
    >>> tiles = ("0m", "5p", "5p", "5p", "5p")
    >>> red_fives_held(tiles, tuple(counts_of(tile_index(t) for t in tiles)))
    2
    """
    return sum(1 for suit, five in FIVES.items() if counts[five] == 4 or "0" + suit in tiles)


@dataclass(frozen=True, slots=True)
class Scored:
    """One reading with its yaku (dora included), han, fu and payments."""

    reading: Reading
    yaku: tuple[YakuScore, ...]  # empty when the reading has no yaku
    han: int
    fu_items: tuple[FuItem, ...]
    yakuman: int
    settlement: Settlement | None  # None when the reading has no yaku

    fu_total: int  # the fu items added up, before rounding
    fu: int  # rounded (seven pairs' 25 stays 25)
    points: int  # the hand's value before honba and deposits (0 without a yaku)

    @property
    def rank(self) -> tuple[int, bool, int, int]:
        """What decides between readings: points, then a real yakuman over a counted one
        (Tenhou scores 33344405577799s won on 4s as suuankou, not a 15-han kazoe), then han,
        then fu."""
        return (self.points, self.yakuman > 0, self.han, self.fu)


def situation_of(req: Request) -> Situation:
    return Situation(
        Tiles.of(req.counts),
        req.concealed,
        req.tsumo,
        WINDS[req.seat],
        WINDS[req.round],
        req.flags,
        req.rules,
    )


def score_reading(reading: Reading, situation: Situation, dora: DoraCount, req: Request) -> Scored:
    view = view_of(reading, situation)
    yaku = yaku_of(view)
    # Plain loops, not sum() over generators: this runs for every reading of every hand.
    units = han = 0
    pinfu = False
    for y in yaku:
        units += y.yakuman
        han += y.han
        pinfu = pinfu or y.id == "pinfu"
    items = tuple(fu_items(view, pinfu=pinfu))
    fu = 0
    for item in items:
        fu += item.fu
    if not yaku:
        return Scored(reading, (), 0, items, 0, None, fu, round_fu(fu), 0)
    if not units:
        yaku += dora.scores
        han += dora.han
    settlement = settle(
        han,
        fu,
        dealer=req.dealer,
        tsumo=req.tsumo,
        honba=req.honba,
        sticks=req.sticks,
        rules=req.rules,
        yakuman=units,
    )
    return Scored(
        reading, tuple(yaku), han, items, units, settlement, fu, round_fu(fu), settlement.hand_value
    )


def score_readings(req: Request, dora: DoraCount | None = None) -> list[Scored]:
    """Every reading scored, the best first; a ScoringError if none is a win with a yaku."""
    melds = tuple(m.group() for m in req.melds)
    found = readings(req.hand_counts, tile_index(req.win), melds)
    if not found:
        raise ScoringError(
            "the hand is not a winning shape: it needs four sets and a pair, seven different "
            "pairs, or thirteen orphans"
        )
    situation = situation_of(req)
    dora = dora or count_dora(req)
    scored = [score_reading(r, situation, dora, req) for r in found]
    if len(scored) > 1:
        scored.sort(key=lambda s: s.rank, reverse=True)  # stable: the first found wins ties
    if scored[0].settlement is None:
        raise ScoringError("the hand has no yaku (dora and red fives are not yaku)")
    return scored
