"""A drill's focus: what every question of a drill must show, met by how the hand is built.

A focus is one kind of thing to practise — chosen yaku, fu items, waits, limit hands, or table
cells (a han range and a fu range) — and, with any of them or alone, honba and deposits on
the table. Each question draws one of the chosen items and builds the hand around it: a yaku
becomes the recipe's target, a wait is laid out and chosen as the winning tile's, a fu item's
set, pair or win is laid out, a cell's fu is composed from sets, wait and pair, and a limit's
or cell's han is brought into range by choosing what the dora indicators point at. The engine
then checks the question (a few more draws at most when a reading it prefers hides the focus).

>>> focus = Focus.from_dict({"waits": ["kanchan"], "counters": True})
>>> focus.to_dict()
{'waits': ['kanchan'], 'counters': True}
>>> try:
...     check_focus(Focus(waits=("tanki",)), level="beginner", mode="payment", rules="wrc")
... except ScoringError as e:
...     print(e)
payment questions show no hand: a wait focus needs fu, han or full hand mode
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.payment import Limit, basic_points, round_fu
from scoring.engine.rules import RuleSet, get_rules
from scoring.engine.tiles import (
    DRAGONS,
    TILE_INDEX,
    dora_from_indicator,
    format_indices,
    tile_names,
)
from scoring.engine.yaku import DORA_NAMES, REGISTRY

from .cells import real_cells, table_cells
from .draft import (
    EDGE_SEQ_STARTS,
    SEQ_STARTS,
    SIMPLES,
    TERMINALS,
    WINDS,
    Context,
    Draft,
    Retry,
)
from .hand import Shaper, build
from .recipes import WEIGHTS, targets
from .yakuman import YAKUMAN_TARGETS

YAKU_NAMES = {y.id: y.name for y in REGISTRY}
YAKUHAI = {"yakuhai_haku": 31, "yakuhai_hatsu": 32, "yakuhai_chun": 33}
# The recipe that builds each yaku (a recipe of the same name unless listed).
YAKU_RECIPE = {**{k: "yakuhai" for k in YAKUHAI}, "seat_wind": "yakuhai", "round_wind": "yakuhai"}

# Fu items: (label, the start of the engine's reason).
FU_ITEMS: dict[str, tuple[str, str]] = {
    "closed_ron": ("Closed hand won on a discard (+10)", "closed hand won on a discard"),
    "tsumo": ("Won by self-draw (+2)", "won by self-draw"),
    "open_no_fu": (
        "Open hand with no fu won on a discard (30)",
        "open hand won on a discard with no other fu",
    ),
    "seven_pairs": ("Seven pairs (25)", "seven pairs"),
    **{
        f"{state}_{what}_{kind}": (
            f"{state.capitalize()} {what} of {kind.replace('_', '/')}",
            f"{state} {what} of {kind.replace('_', '/')}",
        )
        for state in ("open", "concealed")
        for what in ("triplet", "quad")
        for kind in ("simples", "terminals_honours")
    },
    "kanchan_wait": ("Closed wait (kanchan, +2)", "kanchan wait"),
    "penchan_wait": ("Edge wait (penchan, +2)", "penchan wait"),
    "tanki_wait": ("Pair wait (tanki, +2)", "tanki wait"),
    "dragon_pair": ("Pair of dragons (+2)", "pair of dragons"),
    "seat_wind_pair": ("Pair of the seat wind (+2)", "pair of the seat wind"),
    "round_wind_pair": ("Pair of the round wind (+2)", "pair of the round wind"),
    "double_wind_pair": (
        "Pair of a double wind (+4 or +2)",
        "pair of the seat wind that is also the round wind",
    ),
}
WAITS: dict[str, str] = {
    "ryanmen": "Two-sided (ryanmen)",
    "kanchan": "Closed (kanchan)",
    "penchan": "Edge (penchan)",
    "tanki": "Pair (tanki)",
    "shanpon": "Two pairs (shanpon)",
}
LIMITS: dict[str, str] = {
    Limit.MANGAN: "Mangan",
    Limit.HANEMAN: "Haneman",
    Limit.BAIMAN: "Baiman",
    Limit.SANBAIMAN: "Sanbaiman",
    Limit.YAKUMAN: "Yakuman",
    Limit.DOUBLE_YAKUMAN: "Double yakuman",
}
LIMIT_LEVEL = {  # the lowest level that asks each limit
    "mangan": "beginner",
    "haneman": "intermediate",
    "baiman": "intermediate",
    "sanbaiman": "advanced",
    "yakuman": "advanced",
    "double_yakuman": "advanced",
}
LIMIT_HAN = {"mangan": (5, 5), "haneman": (6, 7), "baiman": (8, 10), "sanbaiman": (11, 12)}
DOUBLE_PATTERNS = ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii")
LEVEL_ORDER = ("beginner", "intermediate", "advanced")
HAN_SPAN, FU_SPAN = (1, 4), (20, 110)
KINDS = ("yaku", "fu_items", "waits", "limits", "cells")


def choices() -> dict[str, Any]:
    """What a focus can hold, for a form: ids with their labels, and the cells' bounds.

    >>> c = choices()
    >>> c["waits"][0], c["limits"][-1], c["han"], c["fu"]
    (('ryanmen', 'Two-sided (ryanmen)'), ('double_yakuman', 'Double yakuman'), (1, 4), (20, 110))
    """
    return {
        "yaku": tuple((y.id, y.name) for y in REGISTRY),
        "fu_items": tuple((k, label) for k, (label, _) in FU_ITEMS.items()),
        "waits": tuple(WAITS.items()),
        "limits": tuple((str(k), v) for k, v in LIMITS.items()),
        "han": HAN_SPAN,
        "fu": FU_SPAN,
    }


@dataclass(frozen=True)
class Focus:
    """What a drill's questions must show; every field optional, one kind at a time (plus
    honba/deposits, which go with any). Ranges are inclusive (low, high) pairs."""

    yaku: tuple[str, ...] = ()
    fu_items: tuple[str, ...] = ()
    waits: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    counters: bool = False
    han: tuple[int, int] | None = None
    fu: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        for field, known in (
            ("yaku", YAKU_NAMES),
            ("fu_items", FU_ITEMS),
            ("waits", WAITS),
            ("limits", LIMITS),
        ):
            for item in getattr(self, field):
                if item not in known:
                    raise ScoringError(f"focus {field}: unknown {item!r}")
        for name, (low, high) in (("han", HAN_SPAN), ("fu", FU_SPAN)):
            span = getattr(self, name)
            if span is not None and not low <= span[0] <= span[1] <= high:
                raise ScoringError(
                    f"focus {name} range {span[0]}–{span[1]}: choose from {low} to {high}, "
                    "the lower bound first"
                )
        if len(self.kinds) > 1:
            raise ScoringError(
                f"a focus is one kind of thing (yaku, fu items, waits, limits or table cells; "
                f"honba/deposits go with any): this one has {' and '.join(self.kinds)}"
            )

    @property
    def kinds(self) -> list[str]:
        return [k for k in KINDS if (self.han or self.fu if k == "cells" else getattr(self, k))]

    @property
    def kind(self) -> str:
        """yaku, fu_items, waits, limits, cells, or "" (honba/deposits alone, or nothing)."""
        return self.kinds[0] if self.kinds else ""

    def __bool__(self) -> bool:
        return bool(self.kind) or self.counters

    def to_dict(self) -> dict[str, Any]:
        """The focus as JSON-ready data (only what is set), read back by `from_dict`."""
        out: dict[str, Any] = {}
        for name in ("yaku", "fu_items", "waits", "limits"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.counters:
            out["counters"] = True
        for name in ("han", "fu"):
            if getattr(self, name) is not None:
                out[name] = list(getattr(self, name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Focus:
        """A focus from `to_dict`'s data (or None/{} for no focus); ScoringError says what
        is wrong with bad data."""
        if not data:
            return cls()
        if not isinstance(data, Mapping):
            raise ScoringError('a focus is an object such as {"waits": ["kanchan"]}')
        unknown = set(data) - {"yaku", "fu_items", "waits", "limits", "counters", "han", "fu"}
        if unknown:
            raise ScoringError(f"focus: unknown option {sorted(unknown)[0]!r}")
        lists = {name: ids_of(data, name) for name in ("yaku", "fu_items", "waits", "limits")}
        counters = data.get("counters", False)
        if not isinstance(counters, bool):
            raise ScoringError("focus counters: true or false")
        return cls(**lists, counters=counters, han=span_of(data, "han"), fu=span_of(data, "fu"))


def ids_of(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name, [])
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ScoringError(f"focus {name}: a list of ids")
    if not all(isinstance(v, str) for v in value):
        raise ScoringError(f"focus {name}: a list of ids")
    return tuple(dict.fromkeys(value))


def span_of(data: Mapping[str, Any], name: str) -> tuple[int, int] | None:
    value = data.get(name)
    if value is None:
        return None
    if (
        isinstance(value, str)
        or not isinstance(value, Sequence)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ScoringError(f"focus {name}: a range [low, high] of whole numbers")
    return int(value[0]), int(value[1])


# ---- checking a focus against the other options ---------------------------------------------


def check_focus(focus: Focus, *, level: str, mode: str, rules: str) -> None:
    """Raise ScoringError saying which option conflicts when no question of this level, mode
    and rules can meet the focus (level, mode and rules themselves checked first)."""
    from . import check_options

    check_options(level, mode, rules)
    rule_set = get_rules(rules)
    if focus.counters and level == "beginner":
        raise ScoringError(
            "beginner questions have no honba or deposits: choose intermediate or advanced "
            "for a honba/deposits focus"
        )
    if mode == "payment" and focus.kind in ("yaku", "fu_items", "waits"):
        what = {"yaku": "yaku", "fu_items": "fu item", "waits": "wait"}[focus.kind]
        raise ScoringError(
            f"payment questions show no hand: a {what} focus needs fu, han or full hand mode"
        )
    for item in focus.yaku:
        check_yaku(item, level, mode, rule_set)
    for item in focus.fu_items:
        check_fu_item(item, level)
    for item in focus.limits:
        check_limit(item, level, mode, rule_set)
    if focus.kind == "cells" and not focus_cells(focus, level, mode, rules):
        advanced = level != "advanced" and focus_cells(focus, "advanced", mode, rules)
        raise ScoringError(
            f"no {'question' if mode == 'payment' else 'hand'} at {level} level scores "
            f"{describe_cells(focus)} under {rules} rules: widen the han or fu range"
            + (" or choose advanced (quads bring the fu)" if advanced else "")
        )


def levels_with(recipe: str, mode: str) -> list[str]:
    return [lv for lv in LEVEL_ORDER if recipe in targets(lv, mode)]


def check_yaku(item: str, level: str, mode: str, rules: RuleSet) -> None:
    name = f"focus yaku {item} ({YAKU_NAMES[item]})"
    if item in DORA_NAMES or item not in YAKU_NAMES:
        raise ScoringError(f"{name} is not a yaku a hand is built around")  # pragma: no cover
    recipe = YAKU_RECIPE.get(item, item)
    if recipe in YAKUMAN_TARGETS and mode in ("fu", "han"):
        raise ScoringError(f"{name}: a yakuman counts no fu or han; choose full hand mode")
    if recipe not in targets(level, mode):
        where = levels_with(recipe, mode)
        raise ScoringError(f"{name} is not asked at {level} level: choose {' or '.join(where)}")
    if item in DOUBLE_PATTERNS and not rules.double_yakuman:
        raise ScoringError(f"{name}: {rules.name} rules count it as a single yakuman")


OPEN_ITEMS = {k for k in FU_ITEMS if k.startswith("open_")}
QUAD_ITEMS = {k for k in FU_ITEMS if "_quad_" in k}


def check_fu_item(item: str, level: str) -> None:
    label = FU_ITEMS[item][0].lower()
    if item in QUAD_ITEMS and level != "advanced":
        raise ScoringError(f"focus fu item {label!r}: quads come only at advanced level")
    if item in OPEN_ITEMS and level == "beginner":
        raise ScoringError(
            f"focus fu item {label!r} needs an open hand: beginner hands are closed; "
            "choose intermediate or advanced"
        )


def check_limit(item: str, level: str, mode: str, rules: RuleSet) -> None:
    lowest = LIMIT_LEVEL[item]
    if LEVEL_ORDER.index(level) < LEVEL_ORDER.index(lowest):
        raise ScoringError(
            f"focus limit {item.replace('_', ' ')} is not asked at {level} level: choose "
            f"{' or '.join(LEVEL_ORDER[LEVEL_ORDER.index(lowest) :])}"
        )
    if item in ("yakuman", "double_yakuman") and mode in ("fu", "han"):
        raise ScoringError(
            f"focus limit {item.replace('_', ' ')}: a yakuman counts no fu or han; choose "
            "full hand or payment mode"
        )
    if item == "double_yakuman" and mode != "payment" and not rules.double_yakuman:
        raise ScoringError(
            f"focus limit double yakuman: {rules.name} rules have no double-yakuman hands; "
            "choose payment mode or other rules"
        )


def describe_cells(focus: Focus) -> str:
    han = focus.han or HAN_SPAN
    fu = focus.fu or FU_SPAN
    return f"{han[0]}–{han[1]} han with {fu[0]}–{fu[1]} fu"


Cell = tuple[bool, int, int]  # tsumo, han, fu


def focus_cells(focus: Focus, level: str, mode: str, rules: str) -> list[Cell]:
    """The table cells in the focus's ranges that a question of this level and mode can ask."""
    han_lo, han_hi = focus.han or HAN_SPAN
    fu_lo, fu_hi = focus.fu or FU_SPAN
    rule_set = get_rules(rules)
    out = []
    for tsumo in (False, True):
        for han, fu in table_cells(tsumo=tsumo, rules=rules):
            in_range = han_lo <= han <= han_hi and fu_lo <= fu <= fu_hi
            if in_range and (mode == "payment" or fu_plans(fu, tsumo, han, level, rule_set)):
                out.append((tsumo, han, fu))
    return out


# ---- hands built to a fu total --------------------------------------------------------------


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
            d.add("trip", ctx.pick(edges if edge else SIMPLES), kan=quad, keep_closed=True)
        if plan.wait == "shanpon":
            d.add("trip", ctx.pick(edges if plan.shanpon_edge else SIMPLES), for_win=True)
        elif plan.wait == "penchan":
            d.add("seq", ctx.pick(EDGE_SEQ_STARTS), for_win=True)
        elif plan.wait in ("ryanmen", "kanchan"):
            d.add("seq", ctx.pick(SEQ_STARTS), for_win=True)
        d.add("pair", pair_tile(ctx, plan.pair))
        while sum(g.kind != "pair" for g in d.groups) < 4:
            d.add("seq", ctx.pick(SEQ_STARTS))

    return before


def pair_tile(ctx: Context, kind: int) -> int:
    if kind == 4:
        ctx.seat = ctx.round
        return 27 + WINDS.index(ctx.round)
    if kind == 2:
        return ctx.pick(DRAGONS)
    return ctx.pick(TERMINALS + ctx.plain_honours)  # no fu, and no tanyao


# ---- han brought into range by the dora indicators ------------------------------------------


def aim_dora(
    rng: random.Random, request: dict[str, Any], allowed: Callable[[int, int], bool]
) -> dict[str, Any]:
    """The request with dora and ura indicators chosen (red fives written plain) so that its
    han `h` satisfies `allowed(h, fu)`; Retry when no choice of indicators can."""
    from scoring.engine import score

    request = {
        **request,
        "hand": request["hand"].replace("0", "5"),
        "melds": [m.replace("0", "5") for m in request["melds"]],
    }
    result = score(request)
    if result.best.yakuman:
        raise Retry
    base = result.han - sum(y.han for y in result.yaku if y.id in DORA_NAMES)
    fu = result.fu
    counts = [0] * 34
    for text in (request["hand"], *(m.split()[1] for m in request["melds"])):
        for name in tile_names(text):
            counts[TILE_INDEX[name]] += 1
    slots = len(tile_names(request["dora"]))
    riichi = bool({"riichi", "double_riichi"} & set(request["flags"]))
    avoid = TILE_INDEX[request["win"]] if "chankan" in request["flags"] else -1
    picks = pick_indicators(rng, counts, slots * (2 if riichi else 1), avoid, base, fu, allowed)
    if picks is None:
        raise Retry
    request["dora"] = format_indices(sorted(picks[:slots]))
    request["ura"] = format_indices(sorted(picks[slots:])) if riichi else ""
    return request


def pick_indicators(
    rng: random.Random,
    counts: list[int],
    slots: int,
    avoid: int,
    base: int,
    fu: int,
    allowed: Callable[[int, int], bool],
) -> list[int] | None:
    """`slots` indicators, each pointing at a tile the hand holds some copies of (or none),
    adding up with `base` to an allowed han; None when no choice does."""
    by_count: dict[int, list[int]] = {}
    for indicator in range(34):
        dora = dora_from_indicator(indicator)
        if counts[indicator] < 4 and indicator != avoid:
            by_count.setdefault(counts[dora], []).append(indicator)
    options = list(by_count)
    rng.shuffle(options)

    def search(left: int, han: int, seen: list[int]) -> list[int] | None:
        if left == 0:
            return [] if allowed(han, fu) else None
        for n in options:
            usable = [i for i in by_count[n] if counts[i] + seen.count(i) < 4]
            if not usable:
                continue
            indicator = usable[rng.randrange(len(usable))]
            rest = search(left - 1, han + n, [*seen, indicator])
            if rest is not None:
                return [indicator, *rest]
        return None

    return search(slots, base, [])


def limit_allows(limit: str, rules: RuleSet) -> Callable[[int, int], bool]:
    return lambda han, fu: basic_points(han, fu, rules=rules).limit == limit


def cell_allows(han_lo: int, han_hi: int) -> Callable[[int, int], bool]:
    return lambda han, fu: han_lo <= han <= han_hi


# ---- the focused question -------------------------------------------------------------------

ATTEMPTS = 60
ROUNDS = "EESS"  # East rounds most, then South (as the quiz draws them)


def focused_question(
    rng: random.Random, focus: Focus, *, level: str, mode: str, rules: str
) -> dict[str, Any]:
    """A question meeting `focus` (checked already): payment cells drawn in range, hands
    built around one of the focus's items."""
    if mode == "payment":
        return with_counters(rng, focus, focused_payment(rng, focus, level, rules))
    for _attempt in range(ATTEMPTS):
        ctx = Context(rng, level, mode, rng.choice(WINDS), rng.choice(ROUNDS), focused=True)
        try:
            request = focused_hand(ctx, focus, rules)
        except Retry:
            continue
        request = with_counters(rng, focus, request)
        if meets(request, focus):
            return request
    raise ScoringError(f"no {level} {mode} question met the focus {focus.to_dict()}")


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
        recipe = rng.choice([r for r in LIMIT_RECIPES[limit] if r in WEIGHTS[ctx.level]])
        request = build(ctx, recipe, rules, after=no_extra_kans)
        return aim_dora(rng, request, limit_allows(limit, rule_set))
    if focus.kind == "cells":
        tsumo, han, fu = draw_focus_cell(rng, focus, ctx.level, ctx.mode, rules)
        plans = fu_plans(fu, tsumo, han, ctx.level, rule_set)
        plan = plans[rng.randrange(len(plans))]
        request = cell_hand(ctx, plan, fu, tsumo, rules)
        return aim_dora(rng, request, cell_allows(han, han))
    return build(ctx, rng.choice(list(targets(ctx.level, ctx.mode))), rules)


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
    pool = [r for r in WAIT_RECIPES[wait] if r in WEIGHTS[ctx.level]]
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
        d.add("seq", ctx.pick(EDGE_SEQ_STARTS), for_win=True)
    elif wait in ("ryanmen", "kanchan"):
        d.add("seq", ctx.pick(SEQ_STARTS), for_win=True)
    elif wait == "shanpon":
        d.add("trip", ctx.pick(SIMPLES + TERMINALS), for_win=True)


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
        pool = SIMPLES if kind == "simples" else TERMINALS + c.plain_honours
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
                c.seat = c.rng.choice([w for w in WINDS if w != c.round])
            tile = 27 + WINDS.index(c.seat if item == "seat_wind_pair" else c.round)
        d.add("pair", tile)

    return "riichi", before, None


def open_plain(ctx: Context, d: Draft) -> None:
    """Sanshoku opened, its other set a run and its pair plain, won by ron on a two-sided
    wait: no fu beyond the base, so the open hand counts 30."""
    d.groups = [g for g in d.groups if g.kind == "seq"][:3]
    d.add("seq", ctx.pick(SEQ_STARTS))
    d.add("pair", ctx.pick(SIMPLES + TERMINALS + ctx.plain_honours))
    d.groups[0].called = True
    d.closed, d.tsumo, d.waits, d.no_kans = False, False, ("ryanmen",), True


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


# ---- whether a question meets its focus -----------------------------------------------------


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

__all__ = ["Focus", "check_focus", "choices", "focused_question"]
