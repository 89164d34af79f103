"""Yakuman recipes: each lays out a hand that is the yakuman whatever else is drawn."""

from __future__ import annotations

from scoring.engine.tiles import DRAGONS

from .draft import GREENS, HONOURS, ORPHANS, TERMINALS, Context, Draft, fill

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


def r_kokushi(ctx: Context, d: Draft) -> None:
    d.closed, d.tiles = True, list(ORPHANS) + [ctx.pick(ORPHANS)]
    d.win = ctx.pick([t for t in ORPHANS if d.tiles.count(t) == 1])


def r_kokushi_13(ctx: Context, d: Draft) -> None:
    d.closed, d.win = True, ctx.pick(ORPHANS)
    d.tiles = list(ORPHANS) + [d.win]


def r_suuankou(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 4):
        d.add("trip", tile, keep_closed=True)
    d.add("pair", ctx.any_tile())
    d.closed, d.tsumo, d.waits = True, True, ("shanpon",)


def r_suuankou_tanki(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 5):
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
    d.add("pair", ctx.any_tile())


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
    suit = ctx.suit()
    extra = suit + ctx.rng.randrange(9)
    d.closed, d.tiles = True, [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
    d.win = ctx.pick([t for t in set(d.tiles) if t != extra])


def r_junsei_chuuren(ctx: Context, d: Draft) -> None:
    suit = ctx.suit()
    d.win = suit + ctx.rng.randrange(9)
    d.closed, d.tiles = True, [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [d.win]


def r_suukantsu(ctx: Context, d: Draft) -> None:
    for tile in ctx.rng.sample(ctx.all_tiles, 4):
        d.add("trip", tile, kan=True)
    d.add("pair", ctx.any_tile())


def r_tenhou(ctx: Context, d: Draft) -> None:
    fill(ctx, d)
    d.closed, d.tsumo, d.dealer, d.flags = True, True, True, ("tenhou",)
    d.no_riichi = d.no_kans = True


def r_chiihou(ctx: Context, d: Draft) -> None:
    fill(ctx, d)
    d.closed, d.tsumo, d.dealer, d.flags = True, True, False, ("chiihou",)
    d.no_riichi = d.no_kans = True
