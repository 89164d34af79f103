"""Closed hands built to a fu total: concealed sets, the wait and the pair chosen so their fu
round to the cell's, the rest runs; riichi on a ron, menzen tsumo alone on a tsumo, pinfu
and seven pairs for 20, 25 and 30 fu."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine.payment import round_fu
from scoring.engine.rules import RuleSet
from scoring.engine.tiles import DRAGONS

from .draft import (
    TERMINALS,
    WINDS,
    Context,
    Draft,
)
from .hand import Shaper, build


@dataclass(frozen=True)
class FuPlan:
    """A closed hand's fu, part by part: its concealed sets, how it is won, and its pair."""

    sets: tuple[tuple[bool, bool], ...]  # (terminal or honour, quad) of each concealed set
    wait: str  # ryanmen kanchan penchan tanki shanpon
    shanpon_edge: bool  # the set a shanpon ron completes is of terminals or honours
    pair: int  # 0 plain, 2 a value pair, 4 (or 2 by the rules) a double wind
    base_han: int  # riichi (ron) or menzen tsumo, and pinfu when the plan is one


PINFU_RON = FuPlan((), "ryanmen", False, 0, 1)
SET_FU = {(False, False): 4, (True, False): 8, (False, True): 16, (True, True): 32}


def fu_plans(fu: int, tsumo: bool, han: int, level: str, rules: RuleSet) -> list[FuPlan]:
    """Every plan whose fu round to `fu` and whose yaku leave room for `han` (20 fu is a
    pinfu tsumo, 25 seven pairs: those are built by their recipes)."""
    if fu == 20:
        return [FuPlan((), "ryanmen", False, 0, 2)] if tsumo and han >= 2 else []
    if fu == 25:
        seven = rules.seven_pairs == "25fu" and han >= (3 if tsumo else 2)
        return [FuPlan((), "tanki", False, 0, 3 if tsumo else 2)] if seven else []
    kinds = [(e, q) for e in (False, True) for q in (False, True) if level == "advanced" or not q]
    set_choices: list[tuple[tuple[bool, bool], ...]] = [()]
    set_choices += [(k,) for k in kinds]
    set_choices += [(a, b) for i, a in enumerate(kinds) for b in kinds[i:]]
    out = []
    for sets in set_choices:
        for wait in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon"):
            for edge in (False, True) if wait == "shanpon" else (False,):
                if wait == "shanpon" and tsumo:
                    continue  # a tsumo'd triplet is concealed: a third would be sanankou
                for pair in (0, 2, 4):
                    pair_fu = rules.double_wind_fu if pair == 4 else pair
                    total = 20 + (2 if tsumo else 10) + sum(SET_FU[s] for s in sets)
                    total += 2 if wait in ("kanchan", "penchan", "tanki") else 0
                    total += (4 if edge else 2) if wait == "shanpon" else 0
                    total += pair_fu
                    is_pinfu = not sets and wait == "ryanmen" and pair == 0
                    if (is_pinfu and tsumo) or round_fu(total) != fu:
                        continue
                    out.append(FuPlan(sets, wait, edge, pair, 1))  # riichi, tsumo or pinfu
    return out


def lay_out_plan(plan: FuPlan, tsumo: bool) -> Shaper:
    """Lay a plan's sets, pair and winning group out before the riichi recipe fills the rest."""

    def before(ctx: Context, d: Draft) -> None:
        edges = TERMINALS + ctx.plain_honours
        for edge, quad in plan.sets:
            d.add("trip", ctx.pick(edges if edge else ctx.simples), kan=quad, keep_closed=True)
        if plan.wait == "shanpon":
            d.add("trip", ctx.pick(edges if plan.shanpon_edge else ctx.simples), for_win=True)
        elif plan.wait == "penchan":
            d.add("seq", ctx.pick(ctx.edge_seq_starts), for_win=True)
        elif plan.wait in ("ryanmen", "kanchan"):
            d.add("seq", ctx.pick(ctx.seq_starts), for_win=True)
        d.add("pair", pair_tile(ctx, plan.pair))
        while sum(g.kind != "pair" for g in d.groups) < 4:
            d.add("seq", ctx.pick(ctx.seq_starts))

    return before


def pair_tile(ctx: Context, kind: int) -> int:
    if kind == 4:
        ctx.seat = ctx.round
        return 27 + WINDS.index(ctx.round)
    if kind == 2:
        return ctx.pick(DRAGONS)
    return ctx.pick(TERMINALS + ctx.plain_honours)  # no fu, and no tanyao


def cell_hand(ctx: Context, plan: FuPlan, fu: int, tsumo: bool, rules: str) -> dict[str, Any]:
    """A closed hand of `fu` fu: riichi when won by ron, menzen tsumo alone when by tsumo."""
    if fu == 25:
        recipe, before = "chiitoitsu", None
    elif fu == 20 or plan == PINFU_RON:
        recipe, before = "pinfu", None
    else:
        recipe, before = "riichi", lay_out_plan(plan, tsumo)

    def after(c: Context, d: Draft) -> None:
        # The hand's one yaku: riichi on a ron, menzen tsumo on a tsumo, or the recipe's own.
        d.closed, d.tsumo, d.plain, d.no_kans, d.no_riichi = True, tsumo, True, True, True
        d.flags = ("riichi",) if recipe == "riichi" and not tsumo else ()
        d.waits = (plan.wait,)

    return build(ctx, recipe, rules, before=before, after=after)
