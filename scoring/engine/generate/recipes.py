"""Recipes: each lays out a hand whose yaku is guaranteed, the rest random; and how often each
level draws each recipe."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.engine.tiles import DRAGONS

from .draft import (
    HONOURS,
    ORPHANS,
    TERMINALS,
    Context,
    Draft,
    fill,
)
from .yakuman import (
    YAKUMAN_TARGETS,
    r_chiihou,
    r_chinroutou,
    r_chuuren,
    r_daisangen,
    r_daisuushii,
    r_junsei_chuuren,
    r_kokushi,
    r_kokushi_13,
    r_ryuuiisou,
    r_shousuushii,
    r_suuankou,
    r_suuankou_tanki,
    r_suukantsu,
    r_tenhou,
    r_tsuuiisou,
)


def r_riichi(ctx: Context, d: Draft) -> None:
    d.closed, d.flags = True, ("riichi",)
    fill(ctx, d, trips=0.4)


def r_menzen_tsumo(ctx: Context, d: Draft) -> None:
    d.closed, d.tsumo = True, True
    fill(ctx, d)


def r_pinfu(ctx: Context, d: Draft) -> None:
    d.closed, d.waits = True, ("ryanmen",)
    for _ in range(4):
        d.add("seq", ctx.pick(ctx.seq_starts))
    d.add("pair", ctx.pick(ctx.suit_tiles + ctx.plain_honours))


def r_tanyao(ctx: Context, d: Draft) -> None:
    for _ in range(4):
        if ctx.rng.random() < 0.3:
            d.add("trip", ctx.pick(ctx.simples))
        else:
            d.add("seq", ctx.pick(ctx.simple_seq_starts))
    d.add("pair", ctx.pick(ctx.simples))


def r_yakuhai(ctx: Context, d: Draft) -> None:
    d.add("trip", ctx.pick(ctx.value_tiles))
    fill(ctx, d)


def r_iipeikou(ctx: Context, d: Draft) -> None:
    d.closed = True
    start = ctx.pick(ctx.seq_starts)
    d.add("seq", start, keep_closed=True)
    d.add("seq", start, keep_closed=True)
    fill(ctx, d, trips=0.2)


def r_ryanpeikou(ctx: Context, d: Draft) -> None:
    d.closed = True
    for start in (ctx.pick(ctx.seq_starts), ctx.pick(ctx.seq_starts)):
        d.add("seq", start)
        d.add("seq", start)
    fill(ctx, d)


def r_three_alike(ctx: Context, d: Draft) -> None:
    """Three identical runs: read as three runs (iipeikou) or three triplets (sanankou)."""
    d.closed = True
    start = ctx.pick(ctx.seq_starts)
    for _ in range(3):
        d.add("seq", start)
    fill(ctx, d)


def r_chiitoitsu(ctx: Context, d: Draft) -> None:
    d.closed = True
    pool = list(ctx.all_tiles)
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
        d.add("seq", ctx.pick(ctx.edge_seq_starts))
    else:
        d.add("trip", ctx.pick(pool))


def r_chanta(ctx: Context, d: Draft) -> None:
    d.add("seq", ctx.pick(ctx.edge_seq_starts))
    d.add("trip" if ctx.rng.random() < 0.5 else "pair", ctx.pick(HONOURS))
    while sum(g.kind != "pair" for g in d.groups) < 4:
        outside_group(ctx, d, honours=True)
    if not any(g.kind == "pair" for g in d.groups):
        d.add("pair", ctx.pick(ORPHANS))


def r_junchan(ctx: Context, d: Draft) -> None:
    d.add("seq", ctx.pick(ctx.edge_seq_starts))
    for _ in range(3):
        outside_group(ctx, d, honours=False)
    d.add("pair", ctx.pick(TERMINALS))


def r_ittsu(ctx: Context, d: Draft) -> None:
    suit = ctx.suit()
    for n in (0, 3, 6):
        d.add("seq", suit + n)
    fill(ctx, d)


def r_sanshoku(ctx: Context, d: Draft) -> None:
    n = ctx.rng.randrange(7)
    for suit in (0, 9, 18):
        d.add("seq", suit + n)
    fill(ctx, d)


def r_sanshoku_doukou(ctx: Context, d: Draft) -> None:
    n = ctx.pick((0, 8)) if ctx.sanma else ctx.rng.randrange(9)
    for suit in (0, 9, 18):
        d.add("trip", suit + n)
    fill(ctx, d, trips=0.2)


def r_toitoi(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 4):
        d.add("trip", tile)
    d.add("pair", ctx.any_tile())
    d.groups[ctx.rng.randrange(4)].called = True  # closed, it would be sanankou or more


def r_sanankou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 3):
        d.add("trip", tile, keep_closed=True)
    fill(ctx, d)


def r_sankantsu(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 3):
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
    suit = ctx.suit()
    for _ in range(4):
        one_suit_group(ctx, d, suit, honours=0.25)
    honour_pair = not any(g.tile >= 27 for g in d.groups) or ctx.rng.random() < 0.4
    d.add("pair", ctx.pick(HONOURS) if honour_pair else suit + ctx.rng.randrange(9))


def r_chinitsu(ctx: Context, d: Draft) -> None:
    suit = ctx.suit()
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
        d.add("trip", ctx.pick(edges if ctx.rng.random() < 0.75 else ctx.simples), kan=True)
    d.dora_hit, d.no_kans = 0.15, True
    variant = ctx.rng.randrange(4)
    if variant == 0:  # riichi, ron on a shanpon
        d.add("trip", ctx.pick(TERMINALS if ctx.rng.random() < 0.6 else ctx.simples))
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
        d.add("seq", ctx.pick(ctx.simple_seq_starts))
    value_pair = ctx.rng.random() < 0.6
    d.add(
        "pair",
        ctx.pick(ctx.value_winds if ctx.seat == ctx.round else ctx.value_tiles)
        if value_pair
        else ctx.pick(ctx.simples),
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
    d.add("trip", ctx.any_tile(), kan=True)
    fill(ctx, d)
    d.tsumo, d.flags = True, ("rinshan",)


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


# Recipes whose hands (nearly) always reach a limit, where fu no longer change the payment.
LIMIT_BOUND = ("shousangen", "honroutou", "chinitsu", "ryanpeikou")
YAKUMAN_OR_LIMIT_BOUND = frozenset((*YAKUMAN_TARGETS, *LIMIT_BOUND))  # one constant: mypyc
# cannot compile a starred tuple inside a comprehension


# Recipes no three-player hand can follow: three colour straight needs a run of characters.
NOT_SANMA = frozenset(("sanshoku",))


def targets(level: str, mode: str, *, players: int = 4) -> dict[str, float]:
    """The recipes a question of this level and mode draws from, with their weights.

    Fu and han questions leave out yakuman, whose han and fu are not counted; fu questions
    below advanced also leave out the recipes bound to a limit (such a question stays under
    the limits, where its fu change the payment: see `hand.fits_mode`). Three-player
    questions leave out the recipes of `NOT_SANMA`.
    """
    weights = WEIGHTS[level]
    if players == 3:
        weights = {k: w for k, w in weights.items() if k not in NOT_SANMA}
    if mode == "fu" and level != "advanced":
        return {k: w for k, w in weights.items() if k not in YAKUMAN_OR_LIMIT_BOUND}
    if mode in ("fu", "han"):
        return {k: w for k, w in weights.items() if k not in YAKUMAN_TARGETS}
    return weights
