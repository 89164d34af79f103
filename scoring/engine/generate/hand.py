"""A hand question: a recipe's hand dressed in its situation, written as an engine request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.rules import parse_rules
from scoring.engine.tiles import format_indices, tile_name

from .dora import aim_dora, under_limit
from .draft import NORTH_TILE, Context, Draft, Retry, is_sanma_tile
from .recipes import RECIPES
from .situation import (
    choose_win,
    draw_counters,
    draw_flags,
    draw_indicators,
    draw_rules,
    make_kans,
    meld_text,
    open_groups,
    place_reds,
)

HIT_CHANCE = {"beginner": 0.3, "intermediate": 0.55, "advanced": 0.5}


Shaper = Callable[[Context, Draft], None]


def build(
    ctx: Context,
    target: str,
    preset: str,
    *,
    before: Shaper | None = None,
    after: Shaper | None = None,
) -> dict[str, Any]:
    """Lay out the hand for `target`, then draw the situation around it. A focus may lay
    groups out `before` the recipe (which fills the rest) and set the draft `after` it."""
    d = Draft()
    if before is not None:
        before(ctx, d)
    RECIPES[target](ctx, d)
    if after is not None:
        after(ctx, d)
    if d.dealer is not None:
        ctx.seat = "E" if d.dealer else ctx.rng.choice(ctx.winds[1:])
    make_kans(ctx, d)
    open_groups(ctx, d)
    if d.tsumo is None:
        d.tsumo = ctx.rng.random() < 0.45
    if ctx.sanma and not all(is_sanma_tile(t) for t in d.all_tiles()):
        raise Retry  # a safety net: the three-player tile sets hold no 2m–8m
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
    rules = draw_rules(ctx, target, preset, tsumo)
    rule_set = parse_rules(rules)
    reds = place_reds(ctx, d, win, concealed) if rule_set.red_fives else {}
    melds = [
        meld_text(g, [f for f, at in reds.items() if at == i])
        for i, g in enumerate(d.groups)
        if g.called or g.kan
    ]
    honba, sticks = draw_counters(ctx, riichi)
    request = {
        "hand": format_indices(sorted(concealed), reds=[f for f, at in reds.items() if at == -1]),
        "win": tile_name(win),
        "melds": melds,
        "tsumo": tsumo,
        "seat": ctx.seat,
        "round": ctx.round,
        "dora": format_indices(sorted(dora)),
        "ura": format_indices(sorted(ura)),
        "flags": flags,
        "honba": honba,
        "sticks": sticks,
        "rules": rules,
    }
    if ctx.sanma:
        request["kita"] = draw_kita(ctx, counts[NORTH_TILE], flags) if rule_set.nukidora else 0
    if below_limits(ctx) and not fits_mode(request, ctx.level, ctx.mode):
        # The dora took it to a limit: indicators chosen again so that it stays under.
        request = aim_dora(ctx.rng, request, under_limit(rule_set), keep_reds=True)
    if not fits_mode(request, ctx.level, ctx.mode):
        raise Retry
    return request


# How many Norths a three-player winner has set aside, and how often (real three-player
# wins: 930 of 1,540 with at least one).
KITA_WEIGHTS = (4.0, 3.5, 1.5, 0.5, 0.2)


def draw_kita(ctx: Context, norths: int, flags: list[str]) -> int:
    """The Norths set aside beside a three-player hand (nukidora): none on a first-draw win
    (tenhou, chiihou) or with ippatsu (setting a North aside ends it), and never more than
    the copies the hand and indicators leave (`norths` shown already)."""
    if {"tenhou", "chiihou", "ippatsu"} & set(flags):
        return 0
    most = min(4, 4 - norths)
    return ctx.rng.choices(range(most + 1), weights=KITA_WEIGHTS[: most + 1])[0]


def below_limits(ctx: Context) -> bool:
    """Whether the question must stay under the limits: a fu question below advanced."""
    return ctx.mode == "fu" and ctx.level != "advanced"


def fits_mode(request: dict[str, Any], level: str, mode: str) -> bool:
    """Whether the hand asks what its mode asks: a fu question is no yakuman (whose fu are
    not counted), and below advanced level it stays under the limits, where its fu change
    the payment (a mangan or more would make them idle). Other questions may be anything."""
    if mode != "fu":
        return True
    from scoring.engine import score

    try:
        best = score(request).best
    except ScoringError:
        return False
    if best.yakuman:
        return False
    limited = best.settlement is not None and best.settlement.basic.limit is not None
    return not (mode == "fu" and level != "advanced" and limited)  # as `below_limits`
