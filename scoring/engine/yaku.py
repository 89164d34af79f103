"""The yaku registry: one entry per yaku (id, English name, han closed/open, yakuman units)
and one small predicate per yaku, all with the same signature: `(View) -> bool`.

A `View` is one reading of the hand in its situation, with the facts the predicates share
(runs, triplets, the pair, concealed triplets) worked out once.

>>> YAKU["sanshoku"].closed_han, YAKU["sanshoku"].open_han
(2, 1)
>>> YAKU["pinfu"].open_han is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from .decompose import GroupKind, Reading, Shape, Wait
from .rules import RuleSet
from .tiles import (
    DRAGONS,
    EAST,
    GREEN,
    GREEN_TILES,
    HONOURS,
    NORTH,
    RED,
    TERMINALS_AND_HONOURS,
    WHITE,
    is_terminal_or_honour,
)

EDGES = frozenset(TERMINALS_AND_HONOURS)
HONOUR_SET = frozenset(range(HONOURS, 34))
SUIT_EDGES = EDGES - HONOUR_SET  # the 1s and 9s
MAN, PIN, SOU = (frozenset(range(b, b + 9)) for b in (0, 9, 18))


# Tiles, Situation and View are NamedTuples, not frozen dataclasses: they are made for every
# hand and every reading, and on Python 3.11 a frozen dataclass's __init__ costs about three
# times as much. They are as immutable.


class Tiles(NamedTuple):
    """Facts about every tile of the hand (melds included), the same for every reading."""

    counts: tuple[int, ...]  # a quad counts 4
    kinds: frozenset[int]  # the tiles present
    suits: int  # how many of the three suits appear
    honours: bool  # any honour
    terminals: bool  # any 1 or 9
    simples: bool  # any 2–8

    @classmethod
    def of(cls, counts: tuple[int, ...]) -> Tiles:
        """The facts of 34 tile counts.

        >>> t = Tiles.of(tuple(4 if i in (0, 8, 27) else 0 for i in range(34)))
        >>> t.suits, t.honours, t.terminals, t.simples
        (1, True, True, False)
        """
        kinds = frozenset(compress(range(34), counts))
        # Set operations (in C) rather than loops over the 34 counts.
        return cls(
            counts,
            kinds,
            (not kinds.isdisjoint(MAN)) + (not kinds.isdisjoint(PIN)) + (not kinds.isdisjoint(SOU)),
            not kinds.isdisjoint(HONOUR_SET),
            not kinds.isdisjoint(SUIT_EDGES),
            not kinds <= EDGES,
        )


class Situation(NamedTuple):
    """What the hand's yaku depend on besides its reading."""

    tiles: Tiles
    concealed: bool  # no chi, pon or open kan (a closed kan keeps the hand closed)
    tsumo: bool
    seat: int  # the seat wind's tile index (East = dealer)
    round: int
    flags: frozenset[str]
    rules: RuleSet


class View(NamedTuple):
    """A reading in its situation, with the facts several yaku share."""

    reading: Reading
    situation: Situation
    sequences: tuple[int, ...]  # first tile of each run
    triplets: tuple[int, ...]  # tile of each triplet or quad
    quads: int
    pair: int  # the pair's tile (-1 for seven pairs and thirteen orphans)
    concealed_triplets: int  # a triplet completed on a discard counts as open

    @property
    def standard(self) -> bool:
        return self.reading.shape is Shape.STANDARD


def view_of(reading: Reading, situation: Situation) -> View:
    """The facts of one reading.

    >>> from .decompose import Group
    >>> r = Reading(Shape.STANDARD, (Group(GroupKind.PAIR, (0, 0)),), 0, Wait.TANKI, 0)
    >>> tiles = Tiles.of(tuple(2 if i == 0 else 0 for i in range(34)))
    >>> view_of(r, Situation(tiles, True, False, 27, 27, frozenset(), RuleSet())).pair
    0
    """
    sequences: list[int] = []
    triplets: list[int] = []
    quads = concealed = 0
    pair = -1
    for j, g in enumerate(reading.groups):
        kind = g.kind
        if kind is GroupKind.SEQUENCE:
            sequences.append(g.tiles[0])
        elif kind is GroupKind.PAIR:
            pair = g.tiles[0]
        elif kind is not GroupKind.ORPHANS:
            triplets.append(g.tiles[0])
            quads += kind is GroupKind.QUAD
            won_on_discard = j == reading.win_group and not situation.tsumo
            concealed += not g.open and not won_on_discard
    if reading.shape is not Shape.STANDARD:
        pair = -1
    return View(reading, situation, tuple(sequences), tuple(triplets), quads, pair, concealed)


Check = Callable[[View], bool]


@dataclass(frozen=True)
class Yaku:
    """A yaku: its id (the API's vocabulary), name, han and how to recognise it."""

    id: str
    name: str
    closed_han: int
    open_han: int | None  # None: counts only on a closed hand
    check: Check
    yakuman: int = 0  # yakuman units when double yakuman are on (0 for an ordinary yaku)
    flag: str | None = None  # the request flag that tells this yaku, if one does


# Situation yaku: declared or told by flags.


def flag(name: str) -> Check:
    def has_flag(v: View) -> bool:
        return name in v.situation.flags

    has_flag.__name__ = f"has_{name}"
    return has_flag


def by_flag(id: str, name: str, closed_han: int, open_han: int | None, yakuman: int = 0) -> Yaku:
    """A yaku the request's flags tell (its flag is its id)."""
    return Yaku(id, name, closed_han, open_han, flag(id), yakuman, flag=id)


def is_menzen_tsumo(v: View) -> bool:
    return v.situation.concealed and v.situation.tsumo


def is_pinfu(v: View) -> bool:
    s = v.situation
    return (
        s.concealed
        and len(v.sequences) == 4
        and v.standard
        and v.reading.wait is Wait.RYANMEN
        and v.pair not in DRAGONS
        and v.pair != s.seat
        and v.pair != s.round
    )


def is_tanyao(v: View) -> bool:
    t = v.situation.tiles
    return not t.terminals and not t.honours


def run_pairs(v: View) -> int:
    """How many pairs of identical runs (2 for ryanpeikou)."""
    starts = sorted(v.sequences)
    count = i = 0
    while i < len(starts) - 1:
        if starts[i] == starts[i + 1]:
            count += 1
            i += 2
        else:
            i += 1
    return count


def has_twin_runs(v: View) -> bool:
    """A quick gate for the two below: two runs alike."""
    return len(set(v.sequences)) < len(v.sequences)


def is_iipeikou(v: View) -> bool:
    return v.situation.concealed and has_twin_runs(v) and run_pairs(v) == 1


def is_ryanpeikou(v: View) -> bool:
    return (
        v.situation.concealed and len(v.sequences) == 4 and has_twin_runs(v) and run_pairs(v) == 2
    )


def has_triplet_of(tile: int) -> Check:
    def has_triplet(v: View) -> bool:
        return tile in v.triplets

    return has_triplet


def has_seat_wind(v: View) -> bool:
    return v.situation.seat in v.triplets


def has_round_wind(v: View) -> bool:
    return v.situation.round in v.triplets


def is_chiitoitsu(v: View) -> bool:
    return v.reading.shape is Shape.CHIITOITSU


def every_group_has(v: View, test: Callable[[int], bool]) -> bool:
    """Every run, triplet and the pair includes a tile passing `test`."""
    return (
        all(test(s) or test(s + 2) for s in v.sequences)
        and all(test(t) for t in v.triplets)
        and test(v.pair)
    )


def is_terminal(i: int) -> bool:
    return i < HONOURS and i % 9 in (0, 8)


def has_honour(v: View) -> bool:
    return v.situation.tiles.honours


def is_chanta(v: View) -> bool:
    return (
        v.standard
        and is_terminal_or_honour(v.pair)  # the cheapest test first: most hands fail it
        and bool(v.sequences)
        and all(s % 9 in (0, 6) for s in v.sequences)
        and has_honour(v)
        and every_group_has(v, is_terminal_or_honour)
    )


def is_junchan(v: View) -> bool:
    return (
        v.standard
        and is_terminal(v.pair)  # the cheapest test first: most hands fail it
        and bool(v.sequences)
        and all(s % 9 in (0, 6) for s in v.sequences)
        and not v.situation.tiles.honours
        and every_group_has(v, is_terminal)
    )


def is_ittsu(v: View) -> bool:
    runs = v.sequences
    if len(runs) < 3:
        return False
    # A loop, not any(<generator>), which costs more on the many readings that get here.
    for s in runs:  # noqa: SIM110
        if s % 9 == 0 and s + 3 in runs and s + 6 in runs:
            return True
    return False


def is_sanshoku(v: View) -> bool:
    runs = v.sequences
    if len(runs) < 3:
        return False
    for s in runs:  # noqa: SIM110 (as in is_ittsu)
        if s < 9 and s + 9 in runs and s + 18 in runs:
            return True
    return False


def is_sanshoku_doukou(v: View) -> bool:
    sets = v.triplets
    return len(sets) >= 3 and any(t < 9 and t + 9 in sets and t + 18 in sets for t in sets)


def is_toitoi(v: View) -> bool:
    return v.standard and len(v.triplets) == 4


def is_sanankou(v: View) -> bool:
    return v.concealed_triplets == 3


def is_sankantsu(v: View) -> bool:
    return v.quads == 3


def is_shousangen(v: View) -> bool:
    return v.pair in DRAGONS and sum(d in v.triplets for d in DRAGONS) == 2


def is_honroutou(v: View) -> bool:
    t = v.situation.tiles
    return not t.simples and t.honours and t.terminals and v.reading.shape is not Shape.KOKUSHI


def is_honitsu(v: View) -> bool:
    t = v.situation.tiles
    return t.suits == 1 and t.honours


def is_chinitsu(v: View) -> bool:
    t = v.situation.tiles
    return t.suits == 1 and not t.honours


# Yakuman.


def is_kokushi(v: View) -> bool:
    return v.reading.wait is Wait.KOKUSHI


def is_kokushi_13(v: View) -> bool:
    return v.reading.wait is Wait.KOKUSHI_13


def is_suuankou(v: View) -> bool:
    return v.concealed_triplets == 4 and v.reading.wait is not Wait.TANKI


def is_suuankou_tanki(v: View) -> bool:
    return v.concealed_triplets == 4 and v.reading.wait is Wait.TANKI


def is_daisangen(v: View) -> bool:
    return all(d in v.triplets for d in DRAGONS)


def wind_triplets(v: View) -> int:
    return sum(EAST <= t <= NORTH for t in v.triplets)


def is_shousuushii(v: View) -> bool:
    return wind_triplets(v) == 3 and EAST <= v.pair <= NORTH


def is_daisuushii(v: View) -> bool:
    return wind_triplets(v) == 4


def is_tsuuiisou(v: View) -> bool:
    return v.situation.tiles.suits == 0


def is_ryuuiisou(v: View) -> bool:
    return v.situation.tiles.kinds <= GREEN_TILES


def is_chinroutou(v: View) -> bool:
    t = v.situation.tiles
    return not t.simples and not t.honours


NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates_extra(v: View) -> int:
    """The suit tile beyond 1112345678999 in a closed one-suit hand, or -1."""
    if not v.situation.concealed or v.quads or not v.standard or not is_chinitsu(v):
        return -1
    counts = v.situation.tiles.counts
    suit = min(v.situation.tiles.kinds) // 9 * 9
    extra = [c - n for c, n in zip(counts[suit : suit + 9], NINE_GATES, strict=True)]
    if min(extra) < 0:
        return -1
    return suit + extra.index(1)


def is_chuuren(v: View) -> bool:
    extra = nine_gates_extra(v)
    return extra >= 0 and extra != v.reading.win


def is_junsei_chuuren(v: View) -> bool:
    extra = nine_gates_extra(v)
    return extra >= 0 and extra == v.reading.win


def is_suukantsu(v: View) -> bool:
    return v.quads == 4


REGISTRY: tuple[Yaku, ...] = (
    by_flag("riichi", "Riichi", 1, None),
    by_flag("double_riichi", "Double riichi", 2, None),
    by_flag("ippatsu", "Ippatsu", 1, None),
    Yaku("menzen_tsumo", "Fully concealed hand (menzen tsumo)", 1, None, is_menzen_tsumo),
    Yaku("pinfu", "Pinfu", 1, None, is_pinfu),
    Yaku("tanyao", "All simples (tanyao)", 1, 1, is_tanyao),
    Yaku("iipeikou", "Pure double run (iipeikou)", 1, None, is_iipeikou),
    Yaku("yakuhai_haku", "White dragon (haku)", 1, 1, has_triplet_of(WHITE)),
    Yaku("yakuhai_hatsu", "Green dragon (hatsu)", 1, 1, has_triplet_of(GREEN)),
    Yaku("yakuhai_chun", "Red dragon (chun)", 1, 1, has_triplet_of(RED)),
    Yaku("seat_wind", "Seat wind", 1, 1, has_seat_wind),
    Yaku("round_wind", "Round wind", 1, 1, has_round_wind),
    by_flag("chankan", "Robbing a kan (chankan)", 1, 1),
    by_flag("rinshan", "After a kan (rinshan kaihou)", 1, 1),
    by_flag("haitei", "Last tile drawn (haitei)", 1, 1),
    by_flag("houtei", "Last discard (houtei)", 1, 1),
    Yaku("chiitoitsu", "Seven pairs (chiitoitsu)", 2, None, is_chiitoitsu),
    Yaku("chanta", "Outside hand (chanta)", 2, 1, is_chanta),
    Yaku("ittsu", "Pure straight (ittsu)", 2, 1, is_ittsu),
    Yaku("sanshoku", "Mixed triple run (sanshoku)", 2, 1, is_sanshoku),
    Yaku("sanshoku_doukou", "Triple triplets (sanshoku doukou)", 2, 2, is_sanshoku_doukou),
    Yaku("toitoi", "All triplets (toitoi)", 2, 2, is_toitoi),
    Yaku("sanankou", "Three concealed triplets (sanankou)", 2, 2, is_sanankou),
    Yaku("sankantsu", "Three quads (sankantsu)", 2, 2, is_sankantsu),
    Yaku("shousangen", "Little three dragons (shousangen)", 2, 2, is_shousangen),
    Yaku("honroutou", "All terminals and honours (honroutou)", 2, 2, is_honroutou),
    Yaku("honitsu", "Half flush (honitsu)", 3, 2, is_honitsu),
    Yaku("junchan", "Terminals in every set (junchan)", 3, 2, is_junchan),
    Yaku("ryanpeikou", "Twice pure double run (ryanpeikou)", 3, None, is_ryanpeikou),
    Yaku("chinitsu", "Full flush (chinitsu)", 6, 5, is_chinitsu),
    # Yakuman: han is 13 per unit.
    Yaku("kokushi", "Thirteen orphans (kokushi musou)", 13, None, is_kokushi, 1),
    Yaku("kokushi_13", "Thirteen orphans, 13-sided wait", 26, None, is_kokushi_13, 2),
    Yaku("suuankou", "Four concealed triplets (suuankou)", 13, None, is_suuankou, 1),
    Yaku("suuankou_tanki", "Four concealed triplets, pair wait", 26, None, is_suuankou_tanki, 2),
    Yaku("daisangen", "Big three dragons (daisangen)", 13, 13, is_daisangen, 1),
    Yaku("shousuushii", "Little four winds (shousuushii)", 13, 13, is_shousuushii, 1),
    Yaku("daisuushii", "Big four winds (daisuushii)", 26, 26, is_daisuushii, 2),
    Yaku("tsuuiisou", "All honours (tsuuiisou)", 13, 13, is_tsuuiisou, 1),
    Yaku("ryuuiisou", "All green (ryuuiisou)", 13, 13, is_ryuuiisou, 1),
    Yaku("chinroutou", "All terminals (chinroutou)", 13, 13, is_chinroutou, 1),
    Yaku("chuuren", "Nine gates (chuuren poutou)", 13, None, is_chuuren, 1),
    Yaku("junsei_chuuren", "Pure nine gates (junsei chuuren)", 26, None, is_junsei_chuuren, 2),
    Yaku("suukantsu", "Four quads (suukantsu)", 13, 13, is_suukantsu, 1),
    by_flag("tenhou", "Blessing of heaven (tenhou)", 13, None, 1),
    by_flag("chiihou", "Blessing of earth (chiihou)", 13, None, 1),
)
YAKU: dict[str, Yaku] = {y.id: y for y in REGISTRY}
ORDINARY = tuple(y for y in REGISTRY if not y.yakuman)
YAKUMAN = tuple(y for y in REGISTRY if y.yakuman)
# Yaku that hide a weaker one they contain.
SUPERSEDES = {
    "chinitsu": "honitsu",
    "junchan": "chanta",
    "ryanpeikou": "iipeikou",
    "double_riichi": "riichi",
}

# The names and han of the dora entries in a hand's yaku list (not yaku: a hand needs one
# real yaku first).
DORA_NAMES = {"dora": "Dora", "aka_dora": "Red fives (aka dora)", "ura_dora": "Ura dora"}


@dataclass(frozen=True, slots=True)
class YakuScore:
    """A yaku as scored in one hand: han after any open reduction, or yakuman units."""

    id: str
    name: str
    han: int
    open_reduced: bool = False
    yakuman: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "han": self.han,
            "open_reduced": self.open_reduced,
        }


def han_for(yaku: Yaku, concealed: bool, rules: RuleSet) -> int | None:
    """The yaku's han in this hand under these rules, None when it does not count.

    >>> from .rules import get_rules
    >>> han_for(YAKU["tanyao"], False, get_rules("mahjongsoul"))
    1
    >>> han_for(YAKU["chiitoitsu"], True, RuleSet(seven_pairs="50fu"))
    1
    """
    if yaku.id == "tanyao" and not concealed and not rules.open_tanyao:
        return None
    if yaku.id == "chiitoitsu" and rules.seven_pairs == "50fu":
        return 1
    return yaku.closed_han if concealed else yaku.open_han


# Quick gates: yaku made of runs cannot count on a reading without a run, nor yaku made of
# triplets on one without a triplet or quad, so their predicates are not even called.
NEEDS_RUNS = frozenset(
    {"pinfu", "iipeikou", "ryanpeikou", "chanta", "junchan", "ittsu", "sanshoku"}
)
NEEDS_SETS = frozenset(
    {
        "yakuhai_haku",
        "yakuhai_hatsu",
        "yakuhai_chun",
        "seat_wind",
        "round_wind",
        "sanshoku_doukou",
        "toitoi",
        "sanankou",
        "sankantsu",
        "shousangen",
    }
)


@lru_cache(maxsize=1024)
def candidates(
    concealed: bool, rules: RuleSet, flags: frozenset[str], runs: bool = True, sets: bool = True
) -> tuple[tuple[YakuScore, Check | None], ...]:
    """The ordinary yaku that can count in this hand: (its score, its check), the check None
    for a yaku its flag tells (it counts whenever the flag is given).

    Yaku told by a flag are left out unless the flag is given; without `runs` (`sets`) on the
    reading, those made of runs (triplets) are left out.
    """
    out = []
    for y in ORDINARY:
        han = han_for(y, concealed, rules)
        if han is None or (y.flag is not None and y.flag not in flags):
            continue
        if (not runs and y.id in NEEDS_RUNS) or (not sets and y.id in NEEDS_SETS):
            continue
        # The score is made here once: the same for every hand that has this yaku.
        out.append((YakuScore(y.id, y.name, han, han < y.closed_han), None if y.flag else y.check))
    return tuple(out)


def may_be_yakuman(v: View) -> bool:
    """A quick test that rules out most hands before the yakuman are checked one by one."""
    t = v.situation.tiles
    return (
        len(v.triplets) >= 3
        or not t.simples
        or (t.suits == 1 and not t.honours)
        or t.kinds <= GREEN_TILES
        or v.reading.shape is Shape.KOKUSHI
        or "tenhou" in v.situation.flags
        or "chiihou" in v.situation.flags
    )


def yakuman_of(v: View) -> list[YakuScore]:
    """The yakuman of a reading, each counted 1, or 2 for a double when the rules say so."""
    if not may_be_yakuman(v):
        return []
    rules = v.situation.rules
    found: list[YakuScore] = []
    for y in YAKUMAN:
        if (v.situation.concealed or y.open_han is not None) and y.check(v):
            found.append(yakuman_score(y, rules.double_yakuman))
    if found and not rules.yakuman_stacking:
        found = [max(found, key=lambda s: s.yakuman)]
    return found


@lru_cache(maxsize=64)
def yakuman_score(y: Yaku, double_yakuman: bool) -> YakuScore:
    units = y.yakuman if double_yakuman else 1
    return YakuScore(y.id, y.name, 13 * units, yakuman=units)


def ordinary_yaku_of(v: View) -> list[YakuScore]:
    """The ordinary yaku of a reading with their han (open reductions applied)."""
    s = v.situation
    found = [
        score
        for score, check in candidates(
            s.concealed, s.rules, s.flags, bool(v.sequences), bool(v.triplets)
        )
        if check is None or check(v)
    ]
    hidden = {SUPERSEDES[f.id] for f in found if f.id in SUPERSEDES}
    return [f for f in found if f.id not in hidden] if hidden else found


def yaku_of(v: View) -> list[YakuScore]:
    """Yakuman if the reading has any, else its ordinary yaku (dora are added later)."""
    return yakuman_of(v) or ordinary_yaku_of(v)
