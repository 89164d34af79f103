"""The yaku registry: one entry per yaku (id, English name, han closed/open, yakuman units),
and how a reading's yaku are found. Each yaku's name in every language is in `YAKU_NAMES`;
`name` reads it in the current language.

A `View` is one reading of the hand in its situation, with the facts the yaku share (runs,
triplets, the pair, concealed triplets) worked out once. The ordinary yaku are recognised
together in one pass over those facts (`ordinary_yaku_of`); each yakuman has a predicate of
its own, `(View) -> bool`, behind a quick gate that rules out most hands.

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
from typing import Final, NamedTuple

from .decompose import GroupKind, MeldKind, Reading, Shape, Wait
from .rules import RuleSet
from .tiles import (
    DRAGONS,
    EAST,
    GREEN,
    GREEN_TILES,
    HONOURS,
    IS_TERMINAL_OR_HONOUR,
    NORTH,
    RED,
    TERMINALS_AND_HONOURS,
    WHITE,
)
from .words import Catalogue, word

EDGES: Final = frozenset(TERMINALS_AND_HONOURS)
HONOUR_SET: Final = frozenset(range(HONOURS, 34))
SUIT_EDGES: Final = EDGES - HONOUR_SET  # the 1s and 9s
MAN: Final = frozenset(range(0, 9))
PIN: Final = frozenset(range(9, 18))
SOU: Final = frozenset(range(18, 27))


# Tiles, Situation and View are plain classes that set their fields in their own `__init__`:
# they are made for every hand and every reading, and compiled, that costs about 50 ns, where
# a NamedTuple's generated `__new__` (run as Python) costs 300 ns and a frozen dataclass's
# `__init__` 1 µs. They are values all the same: never changed once made.


class Tiles:
    """Facts about every tile of the hand (melds included), the same for every reading."""

    __slots__ = ("counts", "kinds", "suits", "honours", "terminals", "simples")

    def __init__(
        self,
        counts: tuple[int, ...],
        kinds: frozenset[int],
        suits: int,
        honours: bool,
        terminals: bool,
        simples: bool,
    ) -> None:
        self.counts = counts  # a quad counts 4
        self.kinds = kinds  # the tiles present
        self.suits = suits  # how many of the three suits appear
        self.honours = honours  # any honour
        self.terminals = terminals  # any 1 or 9
        self.simples = simples  # any 2–8

    @staticmethod
    def of(counts: tuple[int, ...]) -> Tiles:
        """The facts of 34 tile counts.

        >>> t = Tiles.of(tuple(4 if i in (0, 8, 27) else 0 for i in range(34)))
        >>> t.suits, t.honours, t.terminals, t.simples
        (1, True, True, False)
        """
        kinds = frozenset(compress(range(34), counts))
        # Set operations (in C) rather than loops over the 34 counts.
        return Tiles(
            counts,
            kinds,
            (not kinds.isdisjoint(MAN)) + (not kinds.isdisjoint(PIN)) + (not kinds.isdisjoint(SOU)),
            not kinds.isdisjoint(HONOUR_SET),
            not kinds.isdisjoint(SUIT_EDGES),
            not kinds <= EDGES,
        )


class Situation:
    """What the hand's yaku depend on besides its reading."""

    __slots__ = ("tiles", "concealed", "tsumo", "seat", "round", "flags", "rules")

    def __init__(
        self,
        tiles: Tiles,
        concealed: bool,
        tsumo: bool,
        seat: int,
        round: int,
        flags: frozenset[str],
        rules: RuleSet,
    ) -> None:
        self.tiles = tiles
        self.concealed = concealed  # no chi, pon or open kan (a closed kan keeps it closed)
        self.tsumo = tsumo
        self.seat = seat  # the seat wind's tile index (East = dealer)
        self.round = round
        self.flags = flags
        self.rules = rules


class View:
    """A reading in its situation, with the facts several yaku share."""

    __slots__ = (
        "reading", "situation", "sequences", "triplets", "quads", "pair", "concealed_triplets",
        "set_facts",
    )  # fmt: skip

    def __init__(
        self,
        reading: Reading,
        situation: Situation,
        sequences: tuple[int, ...],
        triplets: tuple[int, ...],
        quads: int,
        pair: int,
        concealed_triplets: int,
        set_facts: tuple[tuple[bool, int, bool, bool], ...],
    ) -> None:
        self.reading = reading
        self.situation = situation
        self.sequences = sequences  # first tile of each run
        self.triplets = triplets  # tile of each triplet or quad
        self.quads = quads
        self.pair = pair  # the pair's tile (-1 for seven pairs and thirteen orphans)
        self.concealed_triplets = concealed_triplets  # one completed on a discard is open
        # (concealed, tile, quad, completed on a discard) for each triplet and quad, for fu
        self.set_facts = set_facts

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
    set_facts: list[tuple[bool, int, bool, bool]] = []
    quads = concealed = 0
    pair = -1
    ron_group = -1 if situation.tsumo else reading.win_group
    for j, g in enumerate(reading.groups):
        kind = g.kind
        if kind is GroupKind.SEQUENCE:
            sequences.append(g.tiles[0])
        elif kind is GroupKind.PAIR:
            pair = g.tiles[0]
        elif kind is not GroupKind.ORPHANS:
            tile = g.tiles[0]
            quad = kind is GroupKind.QUAD
            by_ron = j == ron_group
            closed = (g.called is None or g.called is MeldKind.ANKAN) and not by_ron
            triplets.append(tile)
            set_facts.append((closed, tile, quad, by_ron))
            quads += quad
            concealed += closed
    if reading.shape is not Shape.STANDARD:
        pair = -1
    return View(
        reading,
        situation,
        tuple(sequences),
        tuple(triplets),
        quads,
        pair,
        concealed,
        tuple(set_facts),
    )


Check = Callable[[View], bool]


@dataclass(frozen=True)
class Yaku:
    """A yaku: its id (the API's vocabulary), name, han and how to recognise it."""

    id: str
    english: str  # the name in English (`name` is in the current language)
    closed_han: int
    open_han: int | None  # None: counts only on a closed hand
    check: Check | None = None  # a yakuman's test (ordinary yaku: see `ordinary_yaku_of`)
    yakuman: int = 0  # yakuman units when double yakuman are on (0 for an ordinary yaku)
    flag: str | None = None  # the request flag that tells this yaku, if one does

    @property
    def name(self) -> str:
        return word(YAKU_NAMES, self.id)


def is_chinitsu(v: View) -> bool:
    t = v.situation.tiles
    return t.suits == 1 and not t.honours


# Yakuman: each by its own test, after a quick gate (`may_be_yakuman`).


def flag_set(name: str) -> Check:
    def has_flag(v: View) -> bool:
        return name in v.situation.flags

    has_flag.__name__ = f"has_{name}"
    return has_flag


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


NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


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


REGISTRY: Final[tuple[Yaku, ...]] = (
    Yaku("riichi", "Riichi", 1, None, flag="riichi"),
    Yaku("double_riichi", "Double riichi", 2, None, flag="double_riichi"),
    Yaku("ippatsu", "Ippatsu", 1, None, flag="ippatsu"),
    Yaku("menzen_tsumo", "Fully concealed hand (menzen tsumo)", 1, None),
    Yaku("pinfu", "Pinfu", 1, None),
    Yaku("tanyao", "All simples (tanyao)", 1, 1),
    Yaku("iipeikou", "Pure double run (iipeikou)", 1, None),
    Yaku("yakuhai_haku", "White dragon (haku)", 1, 1),
    Yaku("yakuhai_hatsu", "Green dragon (hatsu)", 1, 1),
    Yaku("yakuhai_chun", "Red dragon (chun)", 1, 1),
    Yaku("seat_wind", "Seat wind", 1, 1),
    Yaku("round_wind", "Round wind", 1, 1),
    Yaku("chankan", "Robbing a kan (chankan)", 1, 1, flag="chankan"),
    Yaku("rinshan", "After a kan (rinshan kaihou)", 1, 1, flag="rinshan"),
    Yaku("haitei", "Last tile drawn (haitei)", 1, 1, flag="haitei"),
    Yaku("houtei", "Last discard (houtei)", 1, 1, flag="houtei"),
    Yaku("chiitoitsu", "Seven pairs (chiitoitsu)", 2, None),
    Yaku("chanta", "Outside hand (chanta)", 2, 1),
    Yaku("ittsu", "Pure straight (ittsu)", 2, 1),
    Yaku("sanshoku", "Mixed triple run (sanshoku)", 2, 1),
    Yaku("sanshoku_doukou", "Triple triplets (sanshoku doukou)", 2, 2),
    Yaku("toitoi", "All triplets (toitoi)", 2, 2),
    Yaku("sanankou", "Three concealed triplets (sanankou)", 2, 2),
    Yaku("sankantsu", "Three quads (sankantsu)", 2, 2),
    Yaku("shousangen", "Little three dragons (shousangen)", 2, 2),
    Yaku("honroutou", "All terminals and honours (honroutou)", 2, 2),
    Yaku("honitsu", "Half flush (honitsu)", 3, 2),
    Yaku("junchan", "Terminals in every set (junchan)", 3, 2),
    Yaku("ryanpeikou", "Twice pure double run (ryanpeikou)", 3, None),
    Yaku("chinitsu", "Full flush (chinitsu)", 6, 5),
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
    Yaku("tenhou", "Blessing of heaven (tenhou)", 13, None, flag_set("tenhou"), 1, "tenhou"),
    Yaku("chiihou", "Blessing of earth (chiihou)", 13, None, flag_set("chiihou"), 1, "chiihou"),
)
YAKU: Final[dict[str, Yaku]] = {y.id: y for y in REGISTRY}
ORDINARY: Final = tuple(y for y in REGISTRY if not y.yakuman)
YAKUMAN: Final = tuple(y for y in REGISTRY if y.yakuman)

# The names and han of the dora entries in a hand's yaku list (not yaku: a hand needs one
# real yaku first).
DORA_NAMES = {"dora": "Dora", "aka_dora": "Red fives (aka dora)", "ura_dora": "Ura dora"}

# Three players only, kept out of the registry and DORA_NAMES that the four-player pages and
# questions list: North as a value tile (where the rules say so), and the Norths set aside.
NORTH_YAKU: Final = Yaku("yakuhai_north", "North wind (value tile)", 1, 1)
SANMA_DORA_NAMES = {"nukidora": "North set aside (nukidora)"}
DORA_IDS = frozenset({*DORA_NAMES, *SANMA_DORA_NAMES})  # every entry of the list that is no yaku

# Every yaku's name (and the dora entries'), by id, in each language: the standard Japanese
# names a scoring book uses.
YAKU_NAMES = Catalogue(
    "yaku",
    {
        **{y.id: y.english for y in REGISTRY},
        **DORA_NAMES,
        NORTH_YAKU.id: NORTH_YAKU.english,
        **SANMA_DORA_NAMES,
    },
)


def yaku_name(yaku_id: str) -> str:
    """A yaku's (or dora entry's) name in the current language; an unknown id as it is.

    >>> from .words import language
    >>> yaku_name("pinfu"), yaku_name("aka_dora")
    ('Pinfu', 'Red fives (aka dora)')
    >>> with language("ja"):
    ...     yaku_name("menzen_tsumo"), yaku_name("kokushi_13")
    ('門前清自摸和', '国士無双十三面待ち')
    """
    return word(YAKU_NAMES, yaku_id) if yaku_id in YAKU_NAMES.english else yaku_id


@dataclass(frozen=True, slots=True)
class YakuScore:
    """A yaku as scored in one hand: han after any open reduction, or yakuman units. Its
    `name` is worded in the current language when read (scores are cached and shared)."""

    id: str
    han: int
    open_reduced: bool = False
    yakuman: int = 0

    @property
    def name(self) -> str:
        return word(YAKU_NAMES, self.id)

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


class ScoreTable(NamedTuple):
    """The ordinary yaku that can count in a hand, as scored there: those a flag tells
    (before and after the ones the tiles tell, in the registry's order), and the rest by id."""

    early: tuple[YakuScore, ...]  # riichi, double riichi, ippatsu
    late: tuple[YakuScore, ...]  # chankan, rinshan, haitei, houtei
    by_id: dict[str, YakuScore]  # every ordinary yaku that counts open/closed under the rules


EARLY_FLAGS: Final = ("riichi", "double_riichi", "ippatsu")
LATE_FLAGS: Final = ("chankan", "rinshan", "haitei", "houtei")


@lru_cache(maxsize=1024)
def score_table(concealed: bool, rules: RuleSet, flags: frozenset[str]) -> ScoreTable:
    """The scores are made here once: the same for every hand that has the yaku."""
    by_id = {}
    for y in ORDINARY:
        han = han_for(y, concealed, rules)
        if han is not None:
            by_id[y.id] = YakuScore(y.id, han, han < y.closed_han)
    if rules.players == 3 and rules.north_value:
        by_id[NORTH_YAKU.id] = YakuScore(NORTH_YAKU.id, 1)
    early = tuple(by_id[f] for f in EARLY_FLAGS if f in flags and f in by_id)
    late = tuple(by_id[f] for f in LATE_FLAGS if f in flags and f in by_id)
    return ScoreTable(early, late, by_id)


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
        if (v.situation.concealed or y.open_han is not None) and y.check and y.check(v):
            found.append(yakuman_score(y, rules.double_yakuman))
    if found and not rules.yakuman_stacking:
        found = [max(found, key=lambda s: s.yakuman)]
    return found


@lru_cache(maxsize=64)
def yakuman_score(y: Yaku, double_yakuman: bool) -> YakuScore:
    units = y.yakuman if double_yakuman else 1
    return YakuScore(y.id, 13 * units, yakuman=units)


def ordinary_yaku_of(v: View) -> list[YakuScore]:
    """The ordinary yaku of a reading with their han (open reductions applied), in the
    registry's order.

    One pass over the reading's facts rather than a predicate per yaku: this runs for every
    reading of every hand, and most yaku are ruled out by a fact or two.
    """
    s = v.situation
    t = s.tiles
    table = score_table(s.concealed, s.rules, s.flags)
    score = table.by_id
    found = list(table.early)
    add = found.append
    reading = v.reading
    shape = reading.shape
    standard = shape is Shape.STANDARD
    runs, sets, pair = v.sequences, v.triplets, v.pair
    n_runs = len(runs)
    if s.concealed:
        if s.tsumo:
            add(score["menzen_tsumo"])
        # Pinfu: four runs, a two-sided wait, a pair that is no yakuhai.
        if (
            n_runs == 4
            and reading.wait is Wait.RYANMEN
            and standard
            and pair not in DRAGONS
            and pair != s.seat
            and pair != s.round
            and not (pair == NORTH and NORTH_YAKU.id in score)
        ):
            add(score["pinfu"])
    if not t.terminals and not t.honours and "tanyao" in score:
        add(score["tanyao"])  # all simples (left out when open and the rules say so)
    # Pairs of identical runs on a closed hand: 1 is iipeikou, 2 ryanpeikou.
    twins = run_pairs(runs) if s.concealed and len(set(runs)) < n_runs else 0
    if twins == 1:
        add(score["iipeikou"])
    if sets:
        if WHITE in sets:
            add(score["yakuhai_haku"])
        if GREEN in sets:
            add(score["yakuhai_hatsu"])
        if RED in sets:
            add(score["yakuhai_chun"])
        if s.seat in sets:
            add(score["seat_wind"])
        if s.round in sets:
            add(score["round_wind"])
        if NORTH in sets and NORTH_YAKU.id in score:
            add(score[NORTH_YAKU.id])  # three players, where North is a value tile
    found += table.late
    if shape is Shape.CHIITOITSU:
        add(score["chiitoitsu"])
    junchan = False
    if n_runs and standard:
        # Every set and the pair hold a terminal or honour, with at least one run:
        # chanta with honours, junchan without.
        if (
            IS_TERMINAL_OR_HONOUR[pair]
            and all(r % 9 == 0 or r % 9 == 6 for r in runs)
            and all(IS_TERMINAL_OR_HONOUR[x] for x in sets)
        ):
            if t.honours:
                add(score["chanta"])
            else:
                junchan = True
        if n_runs >= 3:
            for r in runs:
                if r % 9 == 0 and r + 3 in runs and r + 6 in runs:
                    add(score["ittsu"])  # 123 456 789 of one suit
                    break
            for r in runs:
                if r < 9 and r + 9 in runs and r + 18 in runs:
                    add(score["sanshoku"])  # the same run in all three suits
                    break
    if len(sets) >= 3:
        for x in sets:
            if x < 9 and x + 9 in sets and x + 18 in sets:
                add(score["sanshoku_doukou"])  # the same triplet in all three suits
                break
        if len(sets) == 4 and standard:
            add(score["toitoi"])
    if v.concealed_triplets == 3:
        add(score["sanankou"])
    if v.quads == 3:
        add(score["sankantsu"])
    if pair in DRAGONS and (WHITE in sets) + (GREEN in sets) + (RED in sets) == 2:
        add(score["shousangen"])
    if not t.simples and t.honours and t.terminals and shape is not Shape.KOKUSHI:
        add(score["honroutou"])
    if t.suits == 1 and t.honours:
        add(score["honitsu"])
    if junchan:
        add(score["junchan"])
    if twins == 2:
        add(score["ryanpeikou"])
    if t.suits == 1 and not t.honours:
        add(score["chinitsu"])
    return found


def run_pairs(runs: tuple[int, ...]) -> int:
    """How many pairs of identical runs (2 for ryanpeikou).

    >>> run_pairs((0, 0, 9, 9)), run_pairs((0, 0, 0, 9)), run_pairs((0, 1, 2))
    (2, 1, 0)
    """
    starts = sorted(runs)
    count = i = 0
    while i < len(starts) - 1:
        if starts[i] == starts[i + 1]:
            count += 1
            i += 2
        else:
            i += 1
    return count


def yaku_of(v: View) -> list[YakuScore]:
    """Yakuman if the reading has any, else its ordinary yaku (dora are added later)."""
    return yakuman_of(v) or ordinary_yaku_of(v)
