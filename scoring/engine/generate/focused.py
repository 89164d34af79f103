"""The focused question: one of the focus's items drawn, the hand built around it, and the
engine's check that the question shows it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.rules import RuleSet, get_rules
from scoring.engine.tiles import DRAGONS
from scoring.engine.words import phrase

from .cells import real_cells
from .composition import cell_hand, fu_plans
from .dora import aim_dora, cell_allows, limit_allows
from .draft import (
    TERMINALS,
    WINDS,
    Context,
    Draft,
    Retry,
)
from .focus import (
    DOUBLE_PATTERNS,
    FU_ITEMS,
    FU_SPAN,
    HAN_SPAN,
    LIMIT_HAN,
    YAKU_RECIPE,
    YAKUHAI,
    Cell,
    Focus,
    focus_cells,
)
from .focus_words import ERRORS
from .hand import Shaper, build, fits_mode
from .options import level_word, mode_word
from .recipes import targets
from .yakuman import YAKUMAN_TARGETS

ATTEMPTS = 60
ROUNDS = "EESS"  # East rounds most, then South (as the quiz draws them)


def focused_question(
    rng: random.Random, focus: Focus, *, level: str, mode: str, rules: str
) -> dict[str, Any]:
    """A question meeting `focus` (checked already): payment cells drawn in range, hands
    built around one of the focus's items."""
    if mode == "payment":
        return with_counters(rng, focus, focused_payment(rng, focus, level, rules))
    players = get_rules(rules).players
    for _attempt in range(ATTEMPTS):
        seat, round_ = rng.choice(WINDS[:players]), rng.choice(ROUNDS)
        ctx = Context(rng, level, mode, seat, round_, focused=True, players=players)
        try:
            request = focused_hand(ctx, focus, rules)
        except Retry:
            continue
        request = with_counters(rng, focus, request)
        if meets(request, focus) and fits_mode(request, level, mode):
            return request
    raise ScoringError(
        phrase(
            ERRORS,
            "gave_up",
            level=level_word(level),
            mode=mode_word(mode),
            focus=focus.describe(),
        )
    )


def focused_hand(ctx: Context, focus: Focus, rules: str) -> dict[str, Any]:
    rng, rule_set = ctx.rng, get_rules(rules)
    if focus.kind == "yaku":
        item = rng.choice(focus.yaku)
        return build(ctx, YAKU_RECIPE.get(item, item), rules, before=yaku_setup(item))
    if focus.kind == "waits":
        return wait_hand(ctx, rng.choice(focus.waits), rules)
    if focus.kind == "fu_items":
        return fu_item_hand(ctx, rng.choice(focus.fu_items), rules)
    if focus.kind == "limits":
        limit = rng.choice(focus.limits)
        if limit in ("yakuman", "double_yakuman"):
            pool = DOUBLE_PATTERNS if limit == "double_yakuman" else single_yakuman(rule_set)
            return build(ctx, rng.choice(pool), rules)
        drawn = targets(ctx.level, ctx.mode, players=ctx.players)
        recipe = rng.choice([r for r in LIMIT_RECIPES[limit] if r in drawn])
        request = build(ctx, recipe, rules, after=no_extra_kans)
        return aim_dora(rng, request, limit_allows(limit, rule_set))
    if focus.kind == "cells":
        tsumo, han, fu = draw_focus_cell(rng, focus, ctx.level, ctx.mode, rules)
        plans = fu_plans(fu, tsumo, han, ctx.level, rule_set)
        plan = plans[rng.randrange(len(plans))]
        request = cell_hand(ctx, plan, fu, tsumo, rules)
        return aim_dora(rng, request, cell_allows(han, han))
    return build(ctx, rng.choice(list(targets(ctx.level, ctx.mode, players=ctx.players))), rules)


def single_yakuman(rules: RuleSet) -> tuple[str, ...]:
    """Yakuman recipes that score one yakuman under `rules` (a double pattern counts single
    without double_yakuman; stacked ones would count more)."""
    doubles = () if rules.double_yakuman else DOUBLE_PATTERNS
    stacking = ("daisuushii", "tsuuiisou", "daisangen", "suuankou", "tenhou")
    return tuple(
        t
        for t in YAKUMAN_TARGETS
        if (t not in DOUBLE_PATTERNS or t in doubles)
        and not (rules.yakuman_stacking and t in stacking)
    )


def yaku_setup(item: str) -> Shaper | None:
    """The specific yakuhai a yakuhai focus asks for, laid out before the recipe's own."""
    if item not in YAKUHAI and item not in ("seat_wind", "round_wind"):
        return None

    def before(ctx: Context, d: Draft) -> None:
        if item in YAKUHAI:
            tile = YAKUHAI[item]
        else:
            tile = 27 + WINDS.index(ctx.seat if item == "seat_wind" else ctx.round)
        d.add("trip", tile)

    return before


def no_extra_kans(ctx: Context, d: Draft) -> None:
    d.no_kans = True


# Recipes whose yaku stand with little luck behind each limit (dora make up the rest).
LIMIT_RECIPES = {
    "mangan": ("riichi", "tanyao", "pinfu", "yakuhai", "iipeikou", "ittsu", "sanshoku"),
    "haneman": ("honitsu", "chinitsu", "ittsu", "sanshoku", "toitoi", "chanta"),
    "baiman": ("chinitsu", "honitsu", "ryanpeikou"),
    "sanbaiman": ("chinitsu", "kazoe"),
}

# Recipes that can be won on each wait, and those that lay out the rest with `fill` (so a
# group for the wait can be laid out first).
WAIT_RECIPES = {
    "ryanmen": ("riichi", "pinfu", "tanyao", "iipeikou", "sanshoku", "ittsu"),
    "kanchan": ("riichi", "menzen_tsumo", "tanyao", "yakuhai", "iipeikou", "ittsu"),
    "penchan": ("riichi", "menzen_tsumo", "yakuhai", "ittsu", "chanta"),
    "tanki": ("riichi", "yakuhai", "chiitoitsu", "tanyao", "toitoi"),
    "shanpon": ("riichi", "yakuhai", "toitoi", "sanshoku_doukou", "shousangen"),
}
FILLS = {"riichi", "menzen_tsumo", "yakuhai", "iipeikou", "ittsu", "sanshoku", "chanta"}
FILLS |= {"sanshoku_doukou", "shousangen"}


def wait_hand(ctx: Context, wait: str, rules: str) -> dict[str, Any]:
    pool = [r for r in WAIT_RECIPES[wait] if r in targets(ctx.level, ctx.mode, players=ctx.players)]
    recipe = ctx.rng.choice(pool)

    def before(c: Context, d: Draft) -> None:
        if recipe in FILLS:
            lay_wait_group(c, d, wait)

    def after(c: Context, d: Draft) -> None:
        if d.waits and wait not in d.waits:
            raise Retry  # pragma: no cover — the pools hold recipes that allow the wait
        d.waits = (wait,)

    return build(ctx, recipe, rules, before=before, after=after)


def lay_wait_group(ctx: Context, d: Draft, wait: str) -> None:
    if wait == "penchan":
        d.add("seq", ctx.pick(ctx.edge_seq_starts), for_win=True)
    elif wait in ("ryanmen", "kanchan"):
        d.add("seq", ctx.pick(ctx.seq_starts), for_win=True)
    elif wait == "shanpon":
        d.add("trip", ctx.pick(ctx.simples + TERMINALS), for_win=True)


def fu_item_hand(ctx: Context, item: str, rules: str) -> dict[str, Any]:
    if item == "seven_pairs":
        return build(ctx, "chiitoitsu", rules)
    if item in ("kanchan_wait", "penchan_wait", "tanki_wait"):
        return wait_hand(ctx, item.removesuffix("_wait"), rules)
    if item == "open_no_fu":
        return build(ctx, "sanshoku", rules, after=open_plain)
    if item.endswith("_pair"):
        recipe, before, after = pair_setup(ctx, item)
    elif item in ("closed_ron", "tsumo"):
        recipe, before, after = win_setup(ctx, item)
    else:
        recipe, before, after = set_setup(ctx, item)
    return build(ctx, recipe, rules, before=before, after=after)


Setup = tuple[str, Shaper | None, Shaper | None]


def win_setup(ctx: Context, item: str) -> Setup:
    def after(c: Context, d: Draft) -> None:
        d.closed, d.tsumo = True, item == "tsumo"
        if item == "tsumo":
            d.waits, d.no_riichi = ("kanchan", "penchan", "tanki"), True

    return ("riichi" if item == "closed_ron" else "menzen_tsumo"), None, after


def set_setup(ctx: Context, item: str) -> Setup:
    state, what, kind = item.split("_", 2)
    is_open = state == "open"

    def before(c: Context, d: Draft) -> None:
        pool = c.simples if kind == "simples" else TERMINALS + c.plain_honours
        d.add("trip", c.pick(pool), kan=what == "quad", called=is_open, keep_closed=not is_open)

    def after(c: Context, d: Draft) -> None:
        d.no_kans = True
        if is_open:
            d.closed, d.open_ok = False, True

    return ("yakuhai" if is_open else "riichi"), before, after


def pair_setup(ctx: Context, item: str) -> Setup:
    def before(c: Context, d: Draft) -> None:
        if item == "dragon_pair":
            tile = c.pick(DRAGONS)
        elif item == "double_wind_pair":
            c.seat = c.round
            tile = 27 + WINDS.index(c.round)
        else:
            if c.seat == c.round:
                c.seat = c.rng.choice([w for w in c.winds if w != c.round])
            tile = 27 + WINDS.index(c.seat if item == "seat_wind_pair" else c.round)
        d.add("pair", tile)

    return "riichi", before, None


def open_plain(ctx: Context, d: Draft) -> None:
    """Sanshoku opened, its other set a run and its pair plain, won by ron on a two-sided
    wait: no fu beyond the base, so the open hand counts 30."""
    d.groups = [g for g in d.groups if g.kind == "seq"][:3]
    d.add("seq", ctx.pick(ctx.seq_starts))
    d.add("pair", ctx.pick(ctx.simples + TERMINALS + ctx.plain_honours))
    d.groups[0].called = True
    d.closed, d.tsumo, d.waits, d.no_kans = False, False, ("ryanmen",), True


def draw_focus_cell(rng: random.Random, focus: Focus, level: str, mode: str, rules: str) -> Cell:
    """A cell in the focus's ranges, the common ones (as real wins fall) most often."""
    cells = focus_cells(focus, level, mode, rules)
    real, counts = real_cells(rules)
    seen = {(t, h, f): 0 for t, h, f in cells}
    for (_dealer, t, h, f), n in zip(real, counts, strict=True):
        if (t, h, f) in seen:
            seen[(t, h, f)] += n
    weights = [seen[c] + 10 for c in cells]  # every cell now and then, however rare
    return rng.choices(cells, weights=weights)[0]


def focused_payment(rng: random.Random, focus: Focus, level: str, rules: str) -> dict[str, Any]:
    dealer = rng.random() < 0.3
    question: dict[str, Any]
    if focus.kind == "limits":
        limit = rng.choice(focus.limits)
        tsumo = rng.random() < 0.4
        if limit in ("yakuman", "double_yakuman"):
            count = 2 if limit == "double_yakuman" else 1
            question = {"han": 13, "fu": 30, "yakuman": count}
        else:
            low, high = LIMIT_HAN[limit]
            question = {"han": rng.randint(low, high), "fu": rng.choice((30, 40, 50))}
    elif focus.kind == "cells":
        tsumo, han, fu = draw_focus_cell(rng, focus, level, "payment", rules)
        question = {"han": han, "fu": fu}
    else:
        from .cells import payment_question

        return payment_question(rng, level, rules)
    question.update(dealer=dealer, tsumo=tsumo, honba=0, sticks=0, rules=rules)
    return question


def with_counters(rng: random.Random, focus: Focus, question: dict[str, Any]) -> dict[str, Any]:
    """Honba and riichi deposits both on the table when the focus asks for them."""
    if focus.counters:
        question["honba"] = rng.choices((1, 2, 3, 4, 5), weights=(5, 4, 3, 2, 1))[0]
        question["sticks"] = max(question.get("sticks", 0), rng.choice((1, 1, 2, 3)))
    return question


def meets(request: dict[str, Any], focus: Focus) -> bool:
    """Whether the engine's reading of a hand question shows the focus."""
    from scoring.engine import score_json

    answer = score_json(request)
    if "error" in answer:
        return False
    return FOCUS_TESTS[focus.kind](answer, focus) if focus.kind else True


def has_yaku(answer: dict[str, Any], focus: Focus) -> bool:
    return any(y["id"] in focus.yaku for y in answer["yaku"])


def has_fu_item(answer: dict[str, Any], focus: Focus) -> bool:
    reasons = [str(i["reason"]) for i in answer["fu_items"]]
    return any(is_reason(r, FU_ITEMS[k][1]) for k in focus.fu_items for r in reasons)


def is_reason(reason: str, item: str) -> bool:
    """Whether an engine fu reason is the item's (an aside in brackets or after a colon
    allowed: "open triplet of simples (completed on a discard, ...)")."""
    return reason == item or reason.startswith((f"{item} (", f"{item}:"))


def has_wait(answer: dict[str, Any], focus: Focus) -> bool:
    return answer["reading"]["wait"] in focus.waits


def has_limit(answer: dict[str, Any], focus: Focus) -> bool:
    return answer["limit"] in focus.limits


def in_cells(answer: dict[str, Any], focus: Focus) -> bool:
    han_lo, han_hi = focus.han or HAN_SPAN
    fu_lo, fu_hi = focus.fu or FU_SPAN
    return (
        not answer["yakuman"]
        and han_lo <= answer["han"] <= han_hi
        and (fu_lo <= answer["fu"] <= fu_hi)
    )


FOCUS_TESTS: dict[str, Callable[[dict[str, Any], Focus], bool]] = {
    "yaku": has_yaku,
    "fu_items": has_fu_item,
    "waits": has_wait,
    "limits": has_limit,
    "cells": in_cells,
}

__all__ = ["focused_question"]
