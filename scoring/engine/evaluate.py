"""Score every reading of a checked request and pick the one that pays most.

A reading's value is what the winner is paid before honba and deposits; on equal value a real
yakuman beats a counted (kazoe) one, then the reading with more han wins, then the one with more
fu, as the game servers (and the `mahjong` library) do.

>>> from .request import parse_request
>>> request = parse_request({"hand": "111222333m456p77z", "win": "3m", "tsumo": True})
>>> best = score_readings(request)[0]
>>> [y.id for y in best.yaku], best.reading.wait.value
(['menzen_tsumo', 'sanankou'], 'shanpon')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .decompose import Reading, readings
from .errors import ScoringError
from .fu import FuItem, fu_items
from .payment import Settlement, hand_value, round_fu, settle_hand
from .request import Request
from .tiles import NORTH, TILE_INDEX, WINDS, dora_from_indicator, tile_index, tile_name
from .words import Catalogue, word
from .yaku import Situation, Tiles, YakuScore, view_of, yaku_of

# Why a checked request cannot be scored, per language.
WORDS = Catalogue(
    "evaluate",
    {
        "no_shape": "the hand is not a winning shape: it needs four sets and a pair, seven "
        "different pairs, or thirteen orphans",
        "no_yaku": "the hand has no yaku (dora and red fives are not yaku)",
    },
)


# DoraHit, DoraCount and Scored are values made for every hand or reading: plain classes
# that set their fields in their own `__init__` (compiled, about 50 ns; a NamedTuple's
# generated `__new__` runs as Python, about 300 ns, a frozen dataclass's `__init__` 1 µs).
# They are never changed once made.


class DoraHit:
    """One indicator and how many of the tile it points at the hand holds."""

    __slots__ = ("kind", "indicator", "tile", "held", "kita")

    def __init__(self, kind: str, indicator: str, tile: int, held: int, kita: int = 0) -> None:
        self.kind = kind  # "dora" or "ura_dora"
        self.indicator = indicator
        self.tile = tile
        self.held = held  # how many of the dora the hand holds (Norths set aside included)
        self.kita = kita  # three players: of those, the Norths set aside (nukidora)

    def __repr__(self) -> str:
        kita = f", kita={self.kita}" if self.kita else ""
        return f"DoraHit({self.kind!r}, {self.indicator!r}, {self.tile}, {self.held}{kita})"

    def to_json(self) -> dict[str, object]:
        found: dict[str, object] = {
            "kind": self.kind,
            "indicator": self.indicator,
            "tile": tile_name(self.tile),
            "count": self.held,
        }
        if self.kita:
            found["kita"] = self.kita
        return found


class DoraCount:
    """The hand's dora by indicator, and its red fives (and with three players the Norths set
    aside, each a dora of its own)."""

    __slots__ = ("hits", "aka", "scores", "han", "nukidora")

    def __init__(
        self,
        hits: tuple[DoraHit, ...],
        aka: int,
        scores: tuple[YakuScore, ...] = (),
        han: int = 0,
        nukidora: int = 0,
    ) -> None:
        self.hits = hits
        self.aka = aka
        self.scores = scores  # as entries of the yaku list (dora, aka dora, ura dora, nukidora)
        self.han = han  # all of them together
        self.nukidora = nukidora  # Norths set aside (three players)

    def total(self, kind: str) -> int:
        return sum(h.held for h in self.hits if h.kind == kind)


def count_dora(req: Request) -> DoraCount:
    """Dora from each indicator (ura only after riichi), and red fives when the rules use them.

    >>> from .request import parse_request
    >>> d = count_dora(parse_request({"hand": "123m406p789s11z234s", "win": "4s", "dora": "4p"}))
    >>> d.total("dora"), d.aka
    (1, 1)
    """
    if req.rules.players == 3:
        return count_sanma_dora(req)
    counts = req.counts
    hits = [DoraHit("dora", i, DORA_OF[i], counts[DORA_OF[i]]) for i in req.dora]
    dora = ura = 0
    for h in hits:
        dora += h.held
    if req.ura and req.riichi:
        for i in req.ura:
            hits.append(DoraHit("ura_dora", i, DORA_OF[i], counts[DORA_OF[i]]))
            ura += counts[DORA_OF[i]]
    aka = 0
    if req.rules.red_fives:
        # The red fives written `0` (at most one a suit: parse_request checks), unless a suit's
        # four fives are all held, which must include its red one however they are written.
        four_fives = 4 in (counts[4], counts[13], counts[22])
        aka = red_fives_held(req.tiles, counts) if four_fives else req.reds
    if not (dora or aka or ura):
        return DoraCount(tuple(hits), aka)
    return DoraCount(tuple(hits), aka, dora_scores(dora, aka, ura), dora + aka + ura)


def count_sanma_dora(req: Request) -> DoraCount:
    """A three-player hand's dora: indicators as the three-player set has them (1m points at
    9m), each North set aside a dora of its own (nukidora) and a dora again for each
    indicator that points at North.

    >>> from .request import parse_request
    >>> d = count_sanma_dora(parse_request({"hand": "111m999p123456s77z", "win": "7z",
    ...     "flags": ["riichi"], "dora": "3z 9m", "kita": 1, "rules": "tenhou_sanma"}))
    >>> d.total("dora"), d.nukidora, d.han
    (4, 1, 5)
    """
    counts, kita = req.counts, req.kita
    hits: list[DoraHit] = []
    dora = ura = 0
    for kind, indicators in (("dora", req.dora), ("ura_dora", req.ura if req.riichi else ())):
        for i in indicators:
            tile = SANMA_DORA_OF[i]
            extra = kita if tile == NORTH else 0
            hits.append(DoraHit(kind, i, tile, counts[tile] + extra, extra))
            if kind == "dora":
                dora += counts[tile] + extra
            else:
                ura += counts[tile] + extra
    aka = 0
    if req.rules.red_fives:  # as at four, with no red 5m in a three-player set
        four_fives = 4 in (counts[13], counts[22])
        aka = red_fives_held(req.tiles, counts) if four_fives else req.reds
    han = dora + aka + ura + kita
    if not han:
        return DoraCount(tuple(hits), aka)
    return DoraCount(tuple(hits), aka, dora_scores(dora, aka, ura, kita), han, kita)


@lru_cache(maxsize=256)
def dora_scores(dora: int, aka: int, ura: int, nukidora: int = 0) -> tuple[YakuScore, ...]:
    """Dora, nukidora (three players), aka dora and ura dora as entries of the yaku list
    (those above 0)."""
    counts = (("dora", dora), ("nukidora", nukidora), ("aka_dora", aka), ("ura_dora", ura))
    return tuple(YakuScore(k, n) for k, n in counts if n)


DORA_OF: Final = {name: dora_from_indicator(name) for name in TILE_INDEX}  # indicator → dora
SANMA_DORA_OF: Final = {name: dora_from_indicator(name, players=3) for name in TILE_INDEX}


FIVES: Final = {"m": 4, "p": 13, "s": 22}


def red_fives_held(tiles: tuple[str, ...], counts: tuple[int, ...]) -> int:
    """Red fives in the hand: those written `0`, and one for any suit whose four fives it
    holds (a quad of 5p must include the red 5p however it is written).

    >>> from .tiles import counts_of, tile_index
    >>> tiles = ("0m", "5p", "5p", "5p", "5p")
    >>> red_fives_held(tiles, tuple(counts_of(tile_index(t) for t in tiles)))
    2
    """
    return sum(1 for suit, five in FIVES.items() if counts[five] == 4 or "0" + suit in tiles)


class Scored:
    """One reading with its yaku (dora included), han, fu and payments."""

    __slots__ = (
        "reading", "yaku", "han", "fu_items", "yakuman", "settlement", "fu_total", "fu", "points"
    )  # fmt: skip

    def __init__(
        self,
        reading: Reading,
        yaku: tuple[YakuScore, ...],
        han: int,
        fu_items: tuple[FuItem, ...],
        yakuman: int,
        settlement: Settlement | None,
        fu_total: int,
        fu: int,
        points: int,
    ) -> None:
        self.reading = reading
        self.yaku = yaku  # empty when the reading has no yaku
        self.han = han
        self.fu_items = fu_items
        self.yakuman = yakuman
        self.settlement = settlement  # the chosen reading's payments; None for the others
        self.fu_total = fu_total  # the fu items added up, before rounding
        self.fu = fu  # rounded (seven pairs' 25 stays 25)
        self.points = points  # the hand's value before honba and deposits (0 without a yaku)

    def __repr__(self) -> str:
        return f"Scored({self.reading.summary()!r}, han={self.han}, fu={self.fu})"

    def settled(self, settlement: Settlement) -> Scored:
        """The same reading with its payments (the chosen one's)."""
        return Scored(
            self.reading, self.yaku, self.han, self.fu_items, self.yakuman, settlement,
            self.fu_total, self.fu, self.points,
        )  # fmt: skip

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
    item_list, fu = fu_items(view, pinfu=pinfu)
    items = tuple(item_list)
    if not yaku:
        return Scored(reading, (), 0, items, 0, None, fu, round_fu(fu), 0)
    if not units:
        yaku += dora.scores
        han += dora.han
    points = hand_value(han, fu, req.seat == "E", req.tsumo, req.rules, units)
    # The settlement (honba and deposits included) is made for the chosen reading only.
    return Scored(reading, tuple(yaku), han, items, units, None, fu, round_fu(fu), points)


def score_readings(req: Request, dora: DoraCount | None = None) -> list[Scored]:
    """Every reading scored, the best first; a ScoringError if none is a win with a yaku."""
    melds = tuple(m.group() for m in req.melds)
    found = readings(req.hand_counts, tile_index(req.win), melds, req.hand_suits)
    if not found:
        raise ScoringError(word(WORDS, "no_shape"))
    situation = situation_of(req)
    if dora is None:
        dora = count_dora(req)
    scored = [score_reading(r, situation, dora, req) for r in found]
    if len(scored) > 1:
        scored.sort(key=lambda s: s.rank, reverse=True)  # stable: the first found wins ties
    best = scored[0]
    if not best.yaku:
        raise ScoringError(word(WORDS, "no_yaku"))
    dealer = req.seat == "E"
    args = (best.han, best.fu_total, dealer, req.tsumo, req.honba, req.sticks, req.rules)
    scored[0] = best.settled(settle_hand(*args, best.yakuman))
    return scored
