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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.payment import Limit, basic_points, han_limit
from scoring.engine.rules import RuleSet, get_rules
from scoring.engine.words import Catalogue, phrase, word
from scoring.engine.yaku import DORA_NAMES, REGISTRY

from .cells import table_cells
from .composition import fu_plans
from .options import check_options
from .recipes import NOT_SANMA, targets
from .yakuman import YAKUMAN_TARGETS

YAKU_NAMES = {y.id: y.english for y in REGISTRY}  # English, whatever the language now
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
    limit: limit.label
    for limit in (
        Limit.MANGAN,
        Limit.HANEMAN,
        Limit.BAIMAN,
        Limit.SANBAIMAN,
        Limit.YAKUMAN,
        Limit.DOUBLE_YAKUMAN,
    )
}
LIMIT_LEVEL = {  # the lowest level that asks each limit
    "mangan": "beginner",
    "haneman": "intermediate",
    "baiman": "intermediate",
    "sanbaiman": "advanced",
    "yakuman": "advanced",
    "double_yakuman": "advanced",
}
# The han each limit below 13 han spans (mangan 5, haneman 6–7, …), as payment counts them.
LIMIT_HAN: dict[str, tuple[int, int]] = {
    limit.value: (min(spans), max(spans))
    for limit in (Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN)
    if (spans := [han for han in range(1, 13) if han_limit(han) is limit])
}
DOUBLE_PATTERNS = ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii")
LEVEL_ORDER = ("beginner", "intermediate", "advanced")
HAN_SPAN, FU_SPAN = (1, 4), (20, 110)
KINDS = ("yaku", "fu_items", "waits", "limits", "cells")
# Each kind of focus and each option of its data as messages name them (never the field's id).
KIND_WORDS = {
    "yaku": "yaku",
    "fu_items": "fu items",
    "waits": "waits",
    "limits": "limit hands",
    "cells": "table cells",
    "counters": "honba and deposits",
    "han": "han",
    "fu": "fu",
}


# The labels in each language: a fu item's by its id, a wait's as "wait.<id>", a kind's as
# "kind.<name>" (English: the labels above).
WORDS = Catalogue(
    "focus",
    {
        **{k: label for k, (label, _) in FU_ITEMS.items()},
        **{f"wait.{k}": label for k, label in WAITS.items()},
        **{f"kind.{k}": label for k, label in KIND_WORDS.items()},
        "counters": "with honba and deposits",
        "none": "no focus",
        "cells": "{han_lo}–{han_hi} han with {fu_lo}–{fu_hi} fu",
        "sep": ", ",
        "kind_list": "{kind}: {items}",
    },
)


def choices() -> dict[str, Any]:
    """What a focus can hold, for a form: ids with their labels, and the cells' bounds.

    >>> c = choices()
    >>> c["waits"][0], c["limits"][-1], c["han"], c["fu"]
    (('ryanmen', 'Two-sided (ryanmen)'), ('double_yakuman', 'Double yakuman'), (1, 4), (20, 110))
    """
    return {
        "yaku": tuple((y.id, y.name) for y in REGISTRY),
        "fu_items": tuple((k, word(WORDS, k)) for k in FU_ITEMS),
        "waits": tuple((k, word(WORDS, f"wait.{k}")) for k in WAITS),
        "limits": tuple((str(k), Limit(k).label) for k in LIMITS),
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
                    raise ScoringError(f"focus {KIND_WORDS[field]}: unknown {item!r}")
        for name, (low, high) in (("han", HAN_SPAN), ("fu", FU_SPAN)):
            span = getattr(self, name)
            if span is not None and not low <= span[0] <= span[1] <= high:
                raise ScoringError(
                    f"focus {name} range {span[0]}–{span[1]}: choose from {low} to {high}, "
                    "the lower bound first"
                )
        if len(self.kinds) > 1:
            raise ScoringError(
                "a focus is one kind of thing (yaku, fu items, waits, limits or table cells; "
                "honba/deposits go with any): this one has "
                + " and ".join(KIND_WORDS[k] for k in self.kinds)
            )

    @property
    def kinds(self) -> list[str]:
        return [k for k in KINDS if (self.han or self.fu if k == "cells" else getattr(self, k))]

    @property
    def kind(self) -> str:
        """yaku, fu_items, waits, limits, cells, or "" (honba/deposits alone, or nothing)."""
        return self.kinds[0] if self.kinds else ""

    def describe(self) -> str:
        """The focus in words: "fu items: Closed wait (kanchan, +2) · with honba and deposits"."""
        labels = {
            k: dict(v) for k, v in choices().items() if k in ("yaku", "fu_items", "waits", "limits")
        }
        parts = [
            phrase(
                WORDS,
                "kind_list",
                kind=word(WORDS, f"kind.{name}"),
                items=word(WORDS, "sep").join(labels[name].get(i, i) for i in getattr(self, name)),
            )
            for name in ("yaku", "fu_items", "waits", "limits")
            if getattr(self, name)
        ]
        if self.kind == "cells":
            parts.append(describe_cells(self))
        if self.counters:
            parts.append(word(WORDS, "counters"))
        return " · ".join(parts) or word(WORDS, "none")

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
        raise ScoringError(f"focus {KIND_WORDS[name]}: a list of ids")
    if not all(isinstance(v, str) for v in value):
        raise ScoringError(f"focus {KIND_WORDS[name]}: a list of ids")
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
        check_fu_item(item, level, rule_set)
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


SANMA_NOTE = "three-player hands have no 2m–8m and call no chi"


def check_yaku(item: str, level: str, mode: str, rules: RuleSet) -> None:
    name = f"focus yaku {YAKU_NAMES[item]}"
    if item in DORA_NAMES or item not in YAKU_NAMES:
        raise ScoringError(f"{name} is not a yaku a hand is built around")  # pragma: no cover
    recipe = YAKU_RECIPE.get(item, item)
    if rules.players == 3 and recipe in NOT_SANMA:
        raise ScoringError(f"{name}: no three-player hand has it ({SANMA_NOTE})")
    if recipe in YAKUMAN_TARGETS and mode in ("fu", "han"):
        raise ScoringError(f"{name}: a yakuman counts no fu or han; choose full hand mode")
    if recipe not in targets(level, mode):
        where = levels_with(recipe, mode)
        raise ScoringError(f"{name} is not asked at {level} level: choose {' or '.join(where)}")
    if item in DOUBLE_PATTERNS and not rules.double_yakuman:
        raise ScoringError(f"{name}: {rules.name} rules count it as a single yakuman")


OPEN_ITEMS = {k for k in FU_ITEMS if k.startswith("open_")}
QUAD_ITEMS = {k for k in FU_ITEMS if "_quad_" in k}


# Fu items no three-player hand shows: an open hand with no fu needs a called run (chi).
NOT_SANMA_FU = frozenset(("open_no_fu",))


def check_fu_item(item: str, level: str, rules: RuleSet | None = None) -> None:
    label = FU_ITEMS[item][0].lower()
    if rules is not None and rules.players == 3 and item in NOT_SANMA_FU:
        raise ScoringError(f"focus fu item {label!r}: no three-player hand has it ({SANMA_NOTE})")
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
    if mode == "fu" and level != "advanced":
        raise ScoringError(
            f"focus limit {item.replace('_', ' ')}: fu questions at {level} level stay under "
            "the limits, where fu change the payment; choose han or full hand mode, or "
            "advanced level"
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
    return phrase(WORDS, "cells", han_lo=han[0], han_hi=han[1], fu_lo=fu[0], fu_hi=fu[1])


Cell = tuple[bool, int, int]  # tsumo, han, fu


def focus_cells(focus: Focus, level: str, mode: str, rules: str) -> list[Cell]:
    """The table cells in the focus's ranges that a question of this level and mode can ask."""
    han_lo, han_hi = focus.han or HAN_SPAN
    fu_lo, fu_hi = focus.fu or FU_SPAN
    rule_set = get_rules(rules)
    under = mode == "fu" and level != "advanced"  # a fu question below advanced: no limit
    out = []
    for tsumo in (False, True):
        for han, fu in table_cells(tsumo=tsumo, rules=rules):
            in_range = han_lo <= han <= han_hi and fu_lo <= fu <= fu_hi
            if under and basic_points(han, fu, rules=rule_set).limit is not None:
                continue
            if in_range and (mode == "payment" or fu_plans(fu, tsumo, han, level, rule_set)):
                out.append((tsumo, han, fu))
    return out


__all__ = ["Focus", "check_focus", "choices", "focus_cells"]
