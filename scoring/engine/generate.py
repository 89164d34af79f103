"""Seeded quiz questions: realistic, legal winning hands built around a yaku, and payment cells.

Every hand is built to have a yaku by design: a recipe picks a target (pinfu, a dragon triplet,
three colour straight, a yakuman, ...) and lays the groups out so the target holds whichever
way the rest falls; hands whose only yaku needs a closed hand stay closed. The situation
(winds, tsumo or ron, riichi, flags, dora and ura indicators, red fives, honba, deposits) is
drawn after the hand, consistent with it. Nothing is scored here: generation is fast and the
engine stays the judge of what a hand is worth.

>>> request = generate(7, level="beginner", mode="full", rules="mahjongsoul")
>>> request == generate(7, level="beginner", mode="full", rules="mahjongsoul")
True
>>> sorted(generate(7, level="beginner", mode="payment", rules="wrc"))
['dealer', 'fu', 'han', 'honba', 'rules', 'sticks', 'tsumo']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ScoringError
from .payment import impossible_reason
from .rules import PRESETS, SWITCHES, parse_rules

LEVELS = ("beginner", "intermediate", "advanced")
MODES = ("payment", "fu", "han", "full")
LEVEL_NOTES = {
    "beginner": "Closed hands won by ron or tsumo, no kans, the common yaku (riichi, tsumo, "
    "pinfu, tanyao, yakuhai, iipeikou, seven pairs), one dora indicator, no honba or deposits.",
    "intermediate": "Open hands and calls, every wait, honba and riichi deposits, hands from a "
    "few han up to mangan, haneman and baiman (half flush, full flush, toitoi, ...).",
    "advanced": "Kans and their dora, rinshan and chankan, ambiguous readings, the kiriage "
    "boundary, counted yakuman (kazoe), yakuman and double yakuman, and every rule switch.",
}

WINDS = "ESWN"
EAST, WHITE = 27, 31
DRAGONS = (31, 32, 33)
HONOURS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONOURS
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))
GREENS = (19, 20, 21, 23, 25, 32)
SEQ_STARTS = tuple(s * 9 + n for s in range(3) for n in range(7))
SIMPLE_SEQ_STARTS = tuple(t for t in SEQ_STARTS if t % 9 in range(1, 6))
EDGE_SEQ_STARTS = tuple(t for t in SEQ_STARTS if t % 9 in (0, 6))
# A tuple, not a set: the recipes' weights are drawn in this order, and a set of strings
# iterates in an order that changes from process to process (PYTHONHASHSEED), which would
# make a seed's question differ between two web workers.
YAKUMAN_TARGETS = (
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chiihou",
)


class Retry(Exception):
    """A draw broke a constraint (a fifth copy of a tile, ...); the recipe starts over."""


def tile_name(tile: int) -> str:
    """The MPSZ name of a tile index 0–33.

    >>> tile_name(0), tile_name(31)
    ('1m', '5z')
    """
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def dora_of(indicator: int) -> int:
    """The dora an indicator points to: the next number, wind or dragon, wrapping round.

    >>> tile_name(dora_of(8)), tile_name(dora_of(30)), tile_name(dora_of(33))
    ('1m', '1z', '5z')
    """
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def indicator_of(dora: int) -> int:
    """The indicator that makes `dora` the dora (the inverse of `dora_of`)."""
    return next(i for i in range(34) if dora_of(i) == dora)


def format_tiles(tiles: Sequence[int], reds: Sequence[int] = ()) -> str:
    """MPSZ text, sorted, suits grouped; a tile listed in `reds` is written as its red 0.

    >>> format_tiles([13, 12, 14, 27, 27], reds=[13])
    '406p11z'
    """
    out = []
    for s, suit in enumerate("mpsz"):
        digits = [t % 9 + 1 for t in sorted(tiles) if t // 9 == s]
        if s < 3 and s * 9 + 4 in reds and 5 in digits:
            digits[digits.index(5)] = 0
        if digits:
            out.append("".join(str(d) for d in digits) + suit)
    return "".join(out)


@dataclass
class Group:
    """A set or the pair: `seq` (first tile), `trip` or `pair`; a trip may be a kan."""

    kind: str
    tile: int
    kan: bool = False
    called: bool = False
    keep_closed: bool = False  # the recipe's yaku needs it concealed

    @property
    def tiles(self) -> list[int]:
        if self.kind == "seq":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (2 if self.kind == "pair" else 4 if self.kan else 3)


@dataclass
class Context:
    """What a recipe may read: the random source, the level, the mode and the winds."""

    rng: random.Random
    level: str
    mode: str
    seat: str
    round: str

    @property
    def value_winds(self) -> tuple[int, ...]:
        return tuple({EAST + WINDS.index(self.seat), EAST + WINDS.index(self.round)})

    @property
    def value_tiles(self) -> tuple[int, ...]:
        return DRAGONS + self.value_winds

    @property
    def plain_honours(self) -> tuple[int, ...]:
        return tuple(t for t in HONOURS if t not in self.value_tiles)

    def pick(self, items: Sequence[int]) -> int:
        return items[self.rng.randrange(len(items))]


@dataclass
class Draft:
    """A hand being built: groups, or for seven pairs and thirteen orphans plain tiles."""

    groups: list[Group] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)  # irregular shapes only
    win: int | None = None
    closed: bool = False  # every yaku of the recipe needs a closed hand
    open_ok: bool = True
    tsumo: bool | None = None
    no_kans: bool = False  # no more kans than the recipe's
    dora_hit: float | None = None  # the chance a dora indicator points into the hand
    waits: tuple[str, ...] = ()  # allowed waits; () = any
    flags: tuple[str, ...] = ()
    dealer: bool | None = None
    no_riichi: bool = False
    kans: int = 0  # how many trips to make kans (advanced)

    def counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.all_tiles():
            counts[t] += 1
        return counts

    def all_tiles(self) -> list[int]:
        return self.tiles + [t for g in self.groups for t in g.tiles]

    def add(self, kind: str, tile: int, **options: Any) -> Group:
        group = Group(kind, tile, **options)
        self.groups.append(group)
        if max(self.counts()) > 4:
            raise Retry
        return group


def any_group(ctx: Context, draft: Draft, *, trips: float = 0.35) -> Group:
    """A random set: a run most often, else a triplet of any tile."""
    if ctx.rng.random() < trips:
        return draft.add("trip", ctx.rng.randrange(34))
    return draft.add("seq", ctx.pick(SEQ_STARTS))


def fill(ctx: Context, draft: Draft, *, trips: float = 0.35) -> None:
    """Random sets up to four, then a random pair if there is none."""
    while sum(g.kind != "pair" for g in draft.groups) < 4:
        any_group(ctx, draft, trips=trips)
    if not any(g.kind == "pair" for g in draft.groups):
        draft.add("pair", ctx.rng.randrange(34))


# Recipes: each lays out a hand whose yaku is guaranteed, the rest random.


def r_riichi(ctx: Context, d: Draft) -> None:
    d.closed, d.flags = True, ("riichi",)
    fill(ctx, d, trips=0.4)


def r_menzen_tsumo(ctx: Context, d: Draft) -> None:
    d.closed, d.tsumo = True, True
    fill(ctx, d)


def r_pinfu(ctx: Context, d: Draft) -> None:
    d.closed, d.waits = True, ("ryanmen",)
    for _ in range(4):
        d.add("seq", ctx.pick(SEQ_STARTS))
    d.add("pair", ctx.pick(tuple(range(27)) + ctx.plain_honours))


def r_tanyao(ctx: Context, d: Draft) -> None:
    for _ in range(4):
        if ctx.rng.random() < 0.3:
            d.add("trip", ctx.pick(SIMPLES))
        else:
            d.add("seq", ctx.pick(SIMPLE_SEQ_STARTS))
    d.add("pair", ctx.pick(SIMPLES))


def r_yakuhai(ctx: Context, d: Draft) -> None:
    d.add("trip", ctx.pick(ctx.value_tiles))
    fill(ctx, d)


def r_iipeikou(ctx: Context, d: Draft) -> None:
    d.closed = True
    start = ctx.pick(SEQ_STARTS)
    d.add("seq", start, keep_closed=True)
    d.add("seq", start, keep_closed=True)
    fill(ctx, d, trips=0.2)


def r_ryanpeikou(ctx: Context, d: Draft) -> None:
    d.closed = True
    for start in (ctx.pick(SEQ_STARTS), ctx.pick(SEQ_STARTS)):
        d.add("seq", start)
        d.add("seq", start)
    fill(ctx, d)


def r_three_alike(ctx: Context, d: Draft) -> None:
    """Three identical runs: read as three runs (iipeikou) or three triplets (sanankou)."""
    d.closed = True
    start = ctx.pick(SEQ_STARTS)
    for _ in range(3):
        d.add("seq", start)
    fill(ctx, d)


def r_chiitoitsu(ctx: Context, d: Draft) -> None:
    d.closed = True
    pool = list(range(34))
    ctx.rng.shuffle(pool)
    for tile in pool[:7]:
        d.add("pair", tile)


def r_honroutou_pairs(ctx: Context, d: Draft) -> None:
    d.closed = True
    for tile in ctx.rng.sample(ORPHANS, 7):
        d.add("pair", tile)


def outside_group(ctx: Context, d: Draft, *, honours: bool) -> None:
    pool = ORPHANS if honours else TERMINALS
    if ctx.rng.random() < 0.6:
        d.add("seq", ctx.pick(EDGE_SEQ_STARTS))
    else:
        d.add("trip", ctx.pick(pool))


def r_chanta(ctx: Context, d: Draft) -> None:
    d.add("seq", ctx.pick(EDGE_SEQ_STARTS))
    d.add("trip" if ctx.rng.random() < 0.5 else "pair", ctx.pick(HONOURS))
    while sum(g.kind != "pair" for g in d.groups) < 4:
        outside_group(ctx, d, honours=True)
    if not any(g.kind == "pair" for g in d.groups):
        d.add("pair", ctx.pick(ORPHANS))


def r_junchan(ctx: Context, d: Draft) -> None:
    d.add("seq", ctx.pick(EDGE_SEQ_STARTS))
    for _ in range(3):
        outside_group(ctx, d, honours=False)
    d.add("pair", ctx.pick(TERMINALS))


def r_ittsu(ctx: Context, d: Draft) -> None:
    suit = 9 * ctx.rng.randrange(3)
    for n in (0, 3, 6):
        d.add("seq", suit + n)
    fill(ctx, d)


def r_sanshoku(ctx: Context, d: Draft) -> None:
    n = ctx.rng.randrange(7)
    for suit in (0, 9, 18):
        d.add("seq", suit + n)
    fill(ctx, d)


def r_sanshoku_doukou(ctx: Context, d: Draft) -> None:
    n = ctx.rng.randrange(9)
    for suit in (0, 9, 18):
        d.add("trip", suit + n)
    fill(ctx, d, trips=0.2)


def r_toitoi(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 4):
        d.add("trip", tile)
    d.add("pair", ctx.rng.randrange(34))
    d.groups[ctx.rng.randrange(4)].called = True  # closed, it would be sanankou or more


def r_sanankou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 3):
        d.add("trip", tile, keep_closed=True)
    fill(ctx, d)


def r_sankantsu(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 3):
        d.add("trip", tile, kan=True)
    fill(ctx, d)


def r_shousangen(ctx: Context, d: Draft) -> None:
    dragons = list(DRAGONS)
    ctx.rng.shuffle(dragons)
    d.add("trip", dragons[0])
    d.add("trip", dragons[1])
    d.add("pair", dragons[2])
    fill(ctx, d)


def r_honroutou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ORPHANS, 5):
        d.add("trip" if len(d.groups) < 4 else "pair", tile)
    if ctx.level != "beginner":
        d.groups[ctx.rng.randrange(4)].called = True


def one_suit_group(ctx: Context, d: Draft, suit: int, *, honours: float) -> None:
    roll = ctx.rng.random()
    if roll < honours:
        d.add("trip", ctx.pick(HONOURS))
    elif roll < honours + 0.3:
        d.add("trip", suit + ctx.rng.randrange(9))
    else:
        d.add("seq", suit + ctx.rng.randrange(7))


def r_honitsu(ctx: Context, d: Draft) -> None:
    suit = 9 * ctx.rng.randrange(3)
    for _ in range(4):
        one_suit_group(ctx, d, suit, honours=0.25)
    honour_pair = not any(g.tile >= 27 for g in d.groups) or ctx.rng.random() < 0.4
    d.add("pair", ctx.pick(HONOURS) if honour_pair else suit + ctx.rng.randrange(9))


def r_chinitsu(ctx: Context, d: Draft) -> None:
    suit = 9 * ctx.rng.randrange(3)
    for _ in range(4):
        one_suit_group(ctx, d, suit, honours=0)
    d.add("pair", suit + ctx.rng.randrange(9))


def r_kazoe(ctx: Context, d: Draft) -> None:
    """A closed full flush with riichi, ippatsu and tsumo: dora push it to 13 han or near."""
    r_chinitsu(ctx, d)
    d.closed, d.tsumo, d.flags, d.dora_hit = True, True, ("riichi", "ippatsu"), 0.9


def r_fu_heavy(ctx: Context, d: Draft) -> None:
    """Terminal and honour triplets (kans at advanced) behind a single cheap yaku: high fu."""
    for tile in ctx.rng.sample(ctx.plain_honours + TERMINALS, ctx.rng.choice((2, 3))):
        d.add("trip", tile, kan=ctx.level == "advanced" and ctx.rng.random() < 0.5)
    fill(ctx, d, trips=0.1)
    d.closed, d.flags = True, ("riichi",)
    if ctx.rng.random() < 0.4:
        d.closed, d.flags = False, ("haitei" if ctx.rng.random() < 0.5 else "houtei",)
        d.tsumo = d.flags[0] == "haitei"


def r_high_fu(ctx: Context, d: Draft) -> None:
    """Closed quads and a single yaku: the 60–110 fu rows of the table."""
    if ctx.rng.random() < 0.5:
        ctx.seat = ctx.round  # a double wind pair is worth 4 fu under most rules
    edges = ctx.plain_honours + TERMINALS
    for _ in range(1 + (ctx.rng.random() < 0.75)):
        d.add("trip", ctx.pick(edges if ctx.rng.random() < 0.75 else SIMPLES), kan=True)
    d.dora_hit, d.no_kans = 0.15, True
    variant = ctx.rng.randrange(4)
    if variant == 0:  # riichi, ron on a shanpon
        d.add("trip", ctx.pick(TERMINALS if ctx.rng.random() < 0.6 else SIMPLES))
        d.closed, d.tsumo, d.waits, d.flags = True, False, ("shanpon",), ("riichi",)
    elif variant == 1:  # open, a dragon pon
        d.add("trip", ctx.pick(DRAGONS), called=True)
        d.waits = ("kanchan", "penchan", "tanki")
    elif variant == 2:  # closed, menzen tsumo
        d.closed, d.tsumo, d.no_riichi = True, True, True
        d.waits = ("kanchan", "penchan", "tanki")
    else:  # an open quad of dragons as well
        sankantsu = len(d.groups) == 2  # three quads are a yaku: the third may be any tile
        third = ctx.pick(TERMINALS + DRAGONS if sankantsu else DRAGONS)
        d.add("trip", third, kan=True, called=True)
        d.waits = ("kanchan", "penchan", "tanki")
    while len(d.groups) < 4:
        d.add("seq", ctx.pick(SIMPLE_SEQ_STARTS))
    value_pair = ctx.rng.random() < 0.6
    d.add(
        "pair",
        ctx.pick(ctx.value_winds if ctx.seat == ctx.round else ctx.value_tiles)
        if value_pair
        else ctx.pick(SIMPLES),
    )


def situational(flag: str, **draft: Any) -> Callable[[Context, Draft], None]:
    """A random closed hand that wins with `flag` (ippatsu, haitei, ...)."""

    def recipe(ctx: Context, d: Draft) -> None:
        fill(ctx, d)
        d.flags = (flag,)
        for name, value in draft.items():
            setattr(d, name, value)

    return recipe


def r_rinshan(ctx: Context, d: Draft) -> None:
    d.add("trip", ctx.rng.randrange(34), kan=True)
    fill(ctx, d)
    d.tsumo, d.flags = True, ("rinshan",)


# Yakuman.


def r_kokushi(ctx: Context, d: Draft) -> None:
    d.closed, d.tiles = True, list(ORPHANS) + [ctx.pick(ORPHANS)]
    d.win = ctx.pick([t for t in ORPHANS if d.tiles.count(t) == 1])


def r_kokushi_13(ctx: Context, d: Draft) -> None:
    d.closed, d.win = True, ctx.pick(ORPHANS)
    d.tiles = list(ORPHANS) + [d.win]


def r_suuankou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 4):
        d.add("trip", tile, keep_closed=True)
    d.add("pair", ctx.rng.randrange(34))
    d.closed, d.tsumo, d.waits = True, True, ("shanpon",)


def r_suuankou_tanki(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 5):
        d.add("trip" if len(d.groups) < 4 else "pair", tile, keep_closed=True)
    d.closed, d.waits = True, ("tanki",)


def r_daisangen(ctx: Context, d: Draft) -> None:
    for tile in DRAGONS:
        d.add("trip", tile)
    fill(ctx, d)


def r_shousuushii(ctx: Context, d: Draft) -> None:
    winds = list(range(27, 31))
    ctx.rng.shuffle(winds)
    for tile in winds[:3]:
        d.add("trip", tile)
    d.add("pair", winds[3])
    fill(ctx, d)


def r_daisuushii(ctx: Context, d: Draft) -> None:
    for tile in range(27, 31):
        d.add("trip", tile)
    d.add("pair", ctx.rng.randrange(34))


def r_tsuuiisou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(HONOURS, 5):
        d.add("trip" if len(d.groups) < 4 else "pair", tile)


def r_ryuuiisou(ctx: Context, d: Draft) -> None:
    while len(d.groups) < 4:
        if ctx.rng.random() < 0.3:
            d.add("seq", 19)  # 234s, the only all-green run
        else:
            d.add("trip", ctx.pick(GREENS))
    d.add("pair", ctx.pick(GREENS))


def r_chinroutou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(TERMINALS, 5):
        d.add("trip" if len(d.groups) < 4 else "pair", tile)


def r_chuuren(ctx: Context, d: Draft) -> None:
    """Nine gates, the win tile not the extra one (so not the pure nine-sided wait)."""
    suit = 9 * ctx.rng.randrange(3)
    extra = suit + ctx.rng.randrange(9)
    d.closed, d.tiles = True, [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
    d.win = ctx.pick([t for t in set(d.tiles) if t != extra])


def r_junsei_chuuren(ctx: Context, d: Draft) -> None:
    suit = 9 * ctx.rng.randrange(3)
    d.win = suit + ctx.rng.randrange(9)
    d.closed, d.tiles = True, [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [d.win]


def r_suukantsu(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(range(34), 4):
        d.add("trip", tile, kan=True)
    d.add("pair", ctx.rng.randrange(34))


def r_tenhou(ctx: Context, d: Draft) -> None:
    fill(ctx, d)
    d.closed, d.tsumo, d.dealer, d.flags = True, True, True, ("tenhou",)
    d.no_riichi = d.no_kans = True


def r_chiihou(ctx: Context, d: Draft) -> None:
    fill(ctx, d)
    d.closed, d.tsumo, d.dealer, d.flags = True, True, False, ("chiihou",)
    d.no_riichi = d.no_kans = True


RECIPES: dict[str, Callable[[Context, Draft], None]] = {
    "riichi": r_riichi,
    "menzen_tsumo": r_menzen_tsumo,
    "pinfu": r_pinfu,
    "tanyao": r_tanyao,
    "yakuhai": r_yakuhai,
    "iipeikou": r_iipeikou,
    "chiitoitsu": r_chiitoitsu,
    "chanta": r_chanta,
    "junchan": r_junchan,
    "ittsu": r_ittsu,
    "sanshoku": r_sanshoku,
    "sanshoku_doukou": r_sanshoku_doukou,
    "toitoi": r_toitoi,
    "sanankou": r_sanankou,
    "sankantsu": r_sankantsu,
    "shousangen": r_shousangen,
    "honroutou": r_honroutou,
    "honroutou_pairs": r_honroutou_pairs,
    "honitsu": r_honitsu,
    "chinitsu": r_chinitsu,
    "ryanpeikou": r_ryanpeikou,
    "three_alike": r_three_alike,
    "fu_heavy": r_fu_heavy,
    "high_fu": r_high_fu,
    "kazoe": r_kazoe,
    "double_riichi": situational("double_riichi", closed=True),
    "ippatsu": situational("ippatsu", closed=True),
    "haitei": situational("haitei", tsumo=True),
    "houtei": situational("houtei", tsumo=False),
    "chankan": situational("chankan", tsumo=False, waits=("ryanmen", "kanchan", "penchan")),
    "rinshan": r_rinshan,
    "kokushi": r_kokushi,
    "kokushi_13": r_kokushi_13,
    "suuankou": r_suuankou,
    "suuankou_tanki": r_suuankou_tanki,
    "daisangen": r_daisangen,
    "shousuushii": r_shousuushii,
    "daisuushii": r_daisuushii,
    "tsuuiisou": r_tsuuiisou,
    "ryuuiisou": r_ryuuiisou,
    "chinroutou": r_chinroutou,
    "chuuren": r_chuuren,
    "junsei_chuuren": r_junsei_chuuren,
    "suukantsu": r_suukantsu,
    "tenhou": r_tenhou,
    "chiihou": r_chiihou,
}

BEGINNER_WEIGHTS: dict[str, float] = {
    "riichi": 4,
    "menzen_tsumo": 2,
    "pinfu": 4,
    "tanyao": 4,
    "yakuhai": 4,
    "iipeikou": 2,
    "chiitoitsu": 2,
    "ittsu": 1,
    "sanshoku": 1,
}
INTERMEDIATE_WEIGHTS: dict[str, float] = {
    **BEGINNER_WEIGHTS,
    "riichi": 3,
    "chanta": 2,
    "junchan": 1.5,
    "ittsu": 2,
    "sanshoku": 2,
    "sanshoku_doukou": 1,
    "toitoi": 2,
    "sanankou": 2,
    "shousangen": 1.5,
    "honroutou": 1,
    "honroutou_pairs": 0.5,
    "honitsu": 3,
    "chinitsu": 2,
    "ryanpeikou": 1,
    "fu_heavy": 3,
    "double_riichi": 1,
    "ippatsu": 1.5,
    "haitei": 1,
    "houtei": 1,
}
ADVANCED_WEIGHTS: dict[str, float] = {
    **INTERMEDIATE_WEIGHTS,
    "fu_heavy": 4,
    "high_fu": 8,
    "three_alike": 2,
    "sankantsu": 1.5,
    "rinshan": 2,
    "chankan": 1.5,
    "kazoe": 2,
    **{name: 0.5 for name in YAKUMAN_TARGETS},
}
WEIGHTS = {
    "beginner": BEGINNER_WEIGHTS,
    "intermediate": INTERMEDIATE_WEIGHTS,
    "advanced": ADVANCED_WEIGHTS,
}
WAIT_WEIGHTS: dict[str, float] = {
    "ryanmen": 4,
    "kanchan": 2,
    "penchan": 1.5,
    "tanki": 2,
    "shanpon": 2,
}


def choose(rng: random.Random, weights: dict[str, float]) -> str:
    names = list(weights)
    return rng.choices(names, weights=[weights[n] for n in names])[0]


def targets(level: str, mode: str) -> dict[str, float]:
    """The recipes a question of this level and mode draws from, with their weights.

    Fu and han questions leave out yakuman, whose han and fu are not counted.
    """
    weights = WEIGHTS[level]
    if mode in ("fu", "han"):
        return {k: w for k, w in weights.items() if k not in YAKUMAN_TARGETS}
    return weights


# From a laid-out hand to the situation.


def open_groups(ctx: Context, d: Draft) -> None:
    """Call some sets (chi, pon, kan) when the recipe's yaku survives an open hand."""
    if d.closed or not d.open_ok or ctx.level == "beginner" or ctx.rng.random() < 0.45:
        return
    callable_ = [g for g in d.groups if g.kind != "pair" and not g.keep_closed]
    for g in callable_:
        g.called = g.called or ctx.rng.random() < 0.5
    if callable_ and not any(g.called for g in callable_):
        callable_[ctx.rng.randrange(len(callable_))].called = True


def make_kans(ctx: Context, d: Draft) -> None:
    if ctx.level != "advanced" or d.no_kans:
        return
    for g in d.groups:
        if g.kind == "trip" and not g.kan and ctx.rng.random() < 0.15:
            g.kan = True
    if max(d.counts()) > 4:
        raise Retry


def wait_of(group: Group, tile: int) -> str:
    """The wait a group was completed by when `tile` was the win."""
    if group.kind == "pair":
        return "tanki"
    if group.kind == "trip":
        return "shanpon"
    pos, n = tile - group.tile, group.tile % 9
    if pos == 1:
        return "kanchan"
    if (pos == 2 and n == 0) or (pos == 0 and n == 6):
        return "penchan"
    return "ryanmen"


def choose_win(ctx: Context, d: Draft) -> tuple[Group | None, int]:
    """Pick the winning tile's group and tile, among the concealed sets and the pair."""
    if d.win is not None:
        return None, d.win
    has_pair = any(g.kind == "pair" for g in d.groups)
    options: dict[str, list[tuple[Group, int]]] = {}
    for g in d.groups:
        if g.called or g.kan or (g.kind == "trip" and not has_pair):
            continue
        if g.kind == "trip" and g.keep_closed and not d.tsumo:
            continue  # a ron would open the triplet the yaku counts on
        for tile in sorted(set(g.tiles)):
            options.setdefault(wait_of(g, tile), []).append((g, tile))
    allowed = {w: WAIT_WEIGHTS[w] for w in options if not d.waits or w in d.waits}
    if not allowed:
        raise Retry
    return ctx.rng.choice(options[choose(ctx.rng, allowed)])


@dataclass
class Situation:
    tsumo: bool
    flags: list[str]
    dealer: bool


def draw_flags(ctx: Context, d: Draft, closed: bool, tsumo: bool) -> list[str]:
    flags = list(d.flags)
    rng, level = ctx.rng, ctx.level
    riichi_flag = {"riichi", "double_riichi"} & set(flags)
    if closed and not d.no_riichi and not riichi_flag and rng.random() < 0.5:
        double = level != "beginner" and rng.random() < 0.05
        flags.insert(0, "double_riichi" if double else "riichi")
    elif "ippatsu" in flags and not {"riichi", "double_riichi"} & set(flags):
        flags.insert(0, "riichi")
    if level == "beginner" or set(flags) & {"tenhou", "chiihou", "rinshan", "chankan"}:
        return flags
    kans = any(g.kan for g in d.groups)
    extra = rng.random()
    if {"riichi", "double_riichi"} & set(flags) and "ippatsu" not in flags and extra < 0.1:
        flags.append("ippatsu")
    elif tsumo and kans and extra < 0.3 and "haitei" not in flags:
        flags.append("rinshan")
    elif extra > 0.96 and not {"haitei", "houtei"} & set(flags):
        flags.append("haitei" if tsumo else "houtei")
    if "ippatsu" in flags and "rinshan" in flags:
        flags.remove("ippatsu")
    return flags


def draw_indicators(
    ctx: Context, d: Draft, counts: list[int], n: int, hit: float, avoid: int | None
) -> list[int]:
    """`n` dora indicators, each pointing into the hand with chance `hit`."""
    out = []
    in_hand = sorted({t for t in d.all_tiles()})
    for _ in range(n):
        for _attempt in range(20):
            if ctx.rng.random() < hit:
                tile = indicator_of(ctx.pick(in_hand))
            else:
                tile = ctx.rng.randrange(34)
            if counts[tile] < 4 and tile != avoid:
                break
        else:
            raise Retry
        counts[tile] += 1
        out.append(tile)
    return out


def place_reds(ctx: Context, d: Draft, win: int, concealed: list[int]) -> dict[int, int]:
    """Where each suit's red five sits: -1 for the concealed hand, else a group's index.

    The winning tile itself is never the red one, so `win` stays a plain name.
    """
    places: dict[int, int] = {}
    for five in (4, 13, 22):
        spots = [-1] * (concealed.count(five) - (five == win))
        spots += [
            i for i, g in enumerate(d.groups) if (g.called or g.kan) for t in g.tiles if t == five
        ]
        if spots and ctx.rng.random() < 0.3 * len(spots):
            places[five] = ctx.pick(spots)
    return places


def meld_text(group: Group, reds: Sequence[int]) -> str:
    kind = "chi" if group.kind == "seq" else "pon"
    if group.kan:
        kind = "kan" if group.called else "ankan"
    return f"{kind} {format_tiles(group.tiles, reds)}"


HIT_CHANCE = {"beginner": 0.3, "intermediate": 0.55, "advanced": 0.5}


def build(ctx: Context, target: str, preset: str) -> dict[str, Any]:
    """Lay out the hand for `target`, then draw the situation around it."""
    d = Draft()
    RECIPES[target](ctx, d)
    if d.dealer is not None:
        ctx.seat = "E" if d.dealer else ctx.rng.choice("SWN")
    make_kans(ctx, d)
    open_groups(ctx, d)
    if d.tsumo is None:
        d.tsumo = ctx.rng.random() < 0.45
    win_group, win = choose_win(ctx, d)
    closed = not any(g.called for g in d.groups)
    tsumo = bool(d.tsumo)
    flags = draw_flags(ctx, d, closed, tsumo)
    if "rinshan" in flags and not any(g.kan for g in d.groups):
        raise Retry
    chankan = "chankan" in flags
    concealed = d.tiles + [t for g in d.groups if not (g.called or g.kan) for t in g.tiles]
    counts = d.counts()
    if chankan and (counts[win] != 1 or (win_group and win_group.kind != "seq")):
        raise Retry
    kans = sum(g.kan for g in d.groups)
    hit = HIT_CHANCE[ctx.level] if d.dora_hit is None else d.dora_hit
    avoid = win if chankan else None
    dora = draw_indicators(ctx, d, counts, 1 + kans, hit, avoid)
    riichi = bool({"riichi", "double_riichi"} & set(flags))
    ura = draw_indicators(ctx, d, counts, 1 + kans, hit / 2, avoid) if riichi else []
    rules = draw_rules(ctx, target, preset)
    reds = place_reds(ctx, d, win, concealed) if parse_rules(rules).red_fives else {}
    melds = [
        meld_text(g, [f for f, at in reds.items() if at == i])
        for i, g in enumerate(d.groups)
        if g.called or g.kan
    ]
    honba, sticks = draw_counters(ctx, riichi)
    return {
        "hand": format_tiles(concealed, [f for f, at in reds.items() if at == -1]),
        "win": tile_name(win),
        "melds": melds,
        "tsumo": tsumo,
        "seat": ctx.seat,
        "round": ctx.round,
        "dora": format_tiles(dora),
        "ura": format_tiles(ura),
        "flags": flags,
        "honba": honba,
        "sticks": sticks,
        "rules": rules,
    }


def draw_counters(ctx: Context, riichi: bool) -> tuple[int, int]:
    """Honba and riichi deposits on the table (the winner's own stick among them)."""
    if ctx.level == "beginner":
        return 0, 0
    honba = ctx.rng.choices((0, 1, 2, 3, 4), weights=(5, 3, 2, 1, 0.5))[0]
    sticks = ctx.rng.choices((0, 1, 2, 3), weights=(5, 3, 1.5, 0.5))[0]
    return honba, max(sticks, int(riichi))


# A switch that changes the score of hands built by these targets (advanced level only).
SWITCH_TARGETS: dict[str, tuple[str, ...]] = {
    "seven_pairs": ("chiitoitsu", "honroutou_pairs"),
    "kazoe": ("kazoe",),
    "kiriage": ("riichi", "pinfu", "yakuhai", "fu_heavy", "three_alike", "tanyao"),
    "double_yakuman": ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"),
    "yakuman_stacking": ("tsuuiisou", "daisuushii", "daisangen", "suuankou", "tenhou"),
    "double_wind_fu": ("yakuhai", "fu_heavy", "riichi"),
    "open_tanyao": ("yakuhai", "honitsu", "toitoi"),
    "red_fives": ("tanyao", "pinfu", "sanshoku", "chinitsu"),
}


def draw_rules(ctx: Context, target: str, preset: str) -> str | dict[str, Any]:
    """The preset by name; at advanced level sometimes with one switch flipped."""
    if ctx.level != "advanced" or ctx.rng.random() < 0.7:
        return preset
    names = [n for n, ts in SWITCH_TARGETS.items() if target in ts]
    if not names:
        return preset
    name = ctx.rng.choice(names)
    current = getattr(PRESETS[preset].rules, name)
    other = next(v for v in SWITCHES[name].values if v != current)
    return {"preset": preset, name: other}


def check_options(level: str, mode: str, rules: str) -> None:
    if level not in LEVELS:
        raise ScoringError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if mode not in MODES:
        raise ScoringError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    if rules not in PRESETS:
        raise ScoringError(f"unknown rules preset {rules!r}: choose one of {', '.join(PRESETS)}")


def generate(seed: int, *, level: str, mode: str, rules: str) -> dict[str, Any]:
    """The question for `seed`: an engine request (a hand), or for payment mode a table cell.

    >>> request = generate(1, level="advanced", mode="full", rules="tenhou")
    >>> sorted(request)[:4]
    ['dora', 'flags', 'hand', 'honba']
    """
    check_options(level, mode, rules)
    rng = random.Random(f"{seed}:{level}:{mode}:{rules}")
    if mode == "payment":
        return payment_question(rng, level, rules)
    target = choose(rng, targets(level, mode))
    for _attempt in range(200):
        ctx = Context(rng, level, mode, rng.choice(WINDS), round_wind(rng, level))
        try:
            return build(ctx, target, rules)
        except Retry:
            continue
    raise AssertionError(f"no hand for {target} after 200 draws")  # pragma: no cover


def round_wind(rng: random.Random, level: str) -> str:
    weights = (6, 4, 0, 0) if level == "beginner" else (6, 4, 1, 0.3)
    return rng.choices(WINDS, weights=weights)[0]


# Payment questions: a han/fu cell, dealer or not, ron or tsumo, honba and deposits.

TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def table_cells(*, tsumo: bool) -> list[tuple[int, int]]:
    """Every (han, fu) of the 1–4 han table a real hand can score, by ron or tsumo.

    >>> (1, 20) in table_cells(tsumo=True), (2, 20) in table_cells(tsumo=True)
    (False, True)
    """
    return [
        (han, fu)
        for han in range(1, 5)
        for fu in TABLE_FU
        if not impossible_reason(han, fu, tsumo=tsumo)
    ]


LIMIT_HAN = {"intermediate": (5, 6, 7, 8, 9, 10), "advanced": (5, 6, 8, 11, 12, 13, 14)}


def payment_question(rng: random.Random, level: str, rules: str) -> dict[str, Any]:
    dealer, tsumo = rng.random() < 0.4, rng.random() < 0.5
    han, fu = rng.choice(table_cells(tsumo=tsumo))
    question: dict[str, Any] = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo}
    if level != "beginner" and rng.random() < 0.25:
        question.update(han=rng.choice(LIMIT_HAN[level]), fu=rng.choice((30, 40, 50)))
    if level == "advanced":
        roll = rng.random()
        if roll < 0.2:
            question.update(han=rng.choice((3, 4)), fu=60 if rng.random() < 0.5 else 30)
            question["han"] = 4 if question["fu"] == 30 else 3  # the kiriage cells
        elif roll < 0.3 and question["fu"] not in (20, 25) and question["han"] < 5:
            # Unrounded fu, as a hand counts them: every fu item is even, so the total is too.
            question["fu"] -= rng.choice((2, 4, 6, 8))
            question["fu"] = max(question["fu"], 22)
        elif roll < 0.36:
            question.update(han=13, fu=30, yakuman=rng.choice((1, 1, 2)))
    if level == "beginner":
        question.update(honba=0, sticks=0)
    else:
        question["honba"] = rng.choices((0, 1, 2, 3), weights=(5, 3, 2, 1))[0]
        question["sticks"] = rng.choices((0, 1, 2), weights=(5, 3, 1))[0]
    question["rules"] = rules
    return question
