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

from scoring.engine.errors import ScoringError, shorten
from scoring.engine.payment import Limit, basic_points, han_limit
from scoring.engine.rules import ALL_PRESETS, RuleSet, get_rules
from scoring.engine.words import Catalogue, phrase, word
from scoring.engine.yaku import DORA_NAMES, REGISTRY

from .cells import table_cells
from .composition import fu_plans
from .focus_words import ERRORS
from .options import check_options, level_word, listed, mode_word
from .recipes import NOT_SANMA, targets
from .yakuman import YAKUMAN_TARGETS

YAKU = {y.id: y for y in REGISTRY}  # the yaku a focus can name, by id
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


def kind_word(name: str) -> str:
    """A kind of focus (or a field of one: han, fu, honba and deposits) in the current language."""
    return word(WORDS, f"kind.{name}")


def rules_word(rules: str) -> str:
    """A preset as a sentence names it: its title in the current language ("M-League")."""
    preset = ALL_PRESETS.get(rules)
    return preset.title if preset is not None else rules


def levels_word(levels: Sequence[str]) -> str:
    return listed([level_word(lv) for lv in levels])


def modes_word(modes: Sequence[str]) -> str:
    return listed([mode_word(m) for m in modes])


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
            ("yaku", YAKU),
            ("fu_items", FU_ITEMS),
            ("waits", WAITS),
            ("limits", LIMITS),
        ):
            for item in getattr(self, field):
                if item not in known:
                    raise ScoringError(
                        phrase(ERRORS, "unknown", kind=kind_word(field), id=shorten(repr(item)))
                    )
        for name, (low, high) in (("han", HAN_SPAN), ("fu", FU_SPAN)):
            span = getattr(self, name)
            if span is not None and not low <= span[0] <= span[1] <= high:
                raise ScoringError(
                    phrase(
                        ERRORS,
                        "range",
                        kind=kind_word(name),
                        low=span[0],
                        high=span[1],
                        least=low,
                        most=high,
                    )
                )
        if len(self.kinds) > 1:
            kinds = listed([kind_word(k) for k in self.kinds], "and")
            raise ScoringError(phrase(ERRORS, "kinds", kinds=kinds))

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
            raise ScoringError(phrase(ERRORS, "object", example='{"waits": ["kanchan"]}'))
        unknown = set(data) - {"yaku", "fu_items", "waits", "limits", "counters", "han", "fu"}
        if unknown:
            option = shorten(repr(sorted(map(str, unknown))[0]))
            raise ScoringError(phrase(ERRORS, "option", option=option))
        lists = {name: ids_of(data, name) for name in ("yaku", "fu_items", "waits", "limits")}
        counters = data.get("counters", False)
        if not isinstance(counters, bool):
            raise ScoringError(phrase(ERRORS, "counters", kind=kind_word("counters")))
        return cls(**lists, counters=counters, han=span_of(data, "han"), fu=span_of(data, "fu"))


def ids_of(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name, [])
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ScoringError(phrase(ERRORS, "ids", kind=kind_word(name)))
    if not all(isinstance(v, str) for v in value):
        raise ScoringError(phrase(ERRORS, "ids", kind=kind_word(name)))
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
        raise ScoringError(phrase(ERRORS, "span", kind=kind_word(name)))
    return int(value[0]), int(value[1])


# ---- checking a focus against the other options ---------------------------------------------


def check_focus(focus: Focus, *, level: str, mode: str, rules: str) -> None:
    """Raise ScoringError saying which option conflicts when no question of this level, mode
    and rules can meet the focus (level, mode and rules themselves checked first)."""
    check_options(level, mode, rules)
    rule_set = get_rules(rules)
    if focus.counters and level == "beginner":
        levels = levels_word(LEVEL_ORDER[1:])
        raise ScoringError(phrase(ERRORS, "counters_level", level=level_word(level), levels=levels))
    if mode == "payment" and focus.kind in ("yaku", "fu_items", "waits"):
        modes = modes_word(("fu", "han", "full"))
        raise ScoringError(
            phrase(ERRORS, f"no_hand.{focus.kind}", mode=mode_word(mode), modes=modes)
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
            phrase(
                ERRORS,
                "cells_quads" if advanced else "cells",
                level=level_word(level),
                mode=mode_word(mode),
                cells=describe_cells(focus),
                rules=rules_word(rules),
                advanced=level_word("advanced"),
            )
        )


def levels_with(recipe: str, mode: str) -> list[str]:
    return [lv for lv in LEVEL_ORDER if recipe in targets(lv, mode)]


def check_yaku(item: str, level: str, mode: str, rules: RuleSet) -> None:
    if item in DORA_NAMES or item not in YAKU:  # pragma: no cover (Focus refuses them)
        raise ScoringError(phrase(ERRORS, "yaku_built", yaku=shorten(repr(item))))
    yaku = YAKU[item].name
    recipe = YAKU_RECIPE.get(item, item)
    if rules.players == 3 and recipe in NOT_SANMA:
        raise ScoringError(phrase(ERRORS, "yaku_sanma", yaku=yaku, why=word(ERRORS, "sanma")))
    if recipe in YAKUMAN_TARGETS and mode in ("fu", "han"):
        raise ScoringError(phrase(ERRORS, "yaku_yakuman", yaku=yaku, full=mode_word("full")))
    if recipe not in targets(level, mode):
        levels = levels_word(levels_with(recipe, mode))
        raise ScoringError(
            phrase(ERRORS, "yaku_level", yaku=yaku, level=level_word(level), levels=levels)
        )
    if item in DOUBLE_PATTERNS and not rules.double_yakuman:
        raise ScoringError(phrase(ERRORS, "yaku_double", yaku=yaku, rules=rules_word(rules.name)))


OPEN_ITEMS = {k for k in FU_ITEMS if k.startswith("open_")}
QUAD_ITEMS = {k for k in FU_ITEMS if "_quad_" in k}


# Fu items no three-player hand shows: an open hand with no fu needs a called run (chi).
NOT_SANMA_FU = frozenset(("open_no_fu",))


def check_fu_item(item: str, level: str, rules: RuleSet | None = None) -> None:
    label = word(WORDS, item)
    if rules is not None and rules.players == 3 and item in NOT_SANMA_FU:
        raise ScoringError(phrase(ERRORS, "fu_sanma", item=label, why=word(ERRORS, "sanma")))
    if item in QUAD_ITEMS and level != "advanced":
        raise ScoringError(phrase(ERRORS, "fu_quads", item=label, advanced=level_word("advanced")))
    if item in OPEN_ITEMS and level == "beginner":
        levels = levels_word(LEVEL_ORDER[1:])
        raise ScoringError(
            phrase(ERRORS, "fu_open", item=label, beginner=level_word("beginner"), levels=levels)
        )


def check_limit(item: str, level: str, mode: str, rules: RuleSet) -> None:
    lowest = LIMIT_LEVEL[item]
    limit = Limit(item).label
    said = level_word(level)
    if LEVEL_ORDER.index(level) < LEVEL_ORDER.index(lowest):
        levels = levels_word(LEVEL_ORDER[LEVEL_ORDER.index(lowest) :])
        raise ScoringError(phrase(ERRORS, "limit_level", limit=limit, level=said, levels=levels))
    if mode == "fu" and level != "advanced":
        raise ScoringError(
            phrase(
                ERRORS,
                "limit_fu",
                limit=limit,
                fu=mode_word("fu"),
                level=said,
                modes=modes_word(("han", "full")),
                advanced=level_word("advanced"),
            )
        )
    if item in ("yakuman", "double_yakuman") and mode in ("fu", "han"):
        modes = modes_word(("full", "payment"))
        raise ScoringError(phrase(ERRORS, "limit_yakuman", limit=limit, modes=modes))
    if item == "double_yakuman" and mode != "payment" and not rules.double_yakuman:
        raise ScoringError(
            phrase(
                ERRORS,
                "limit_double",
                limit=limit,
                rules=rules_word(rules.name),
                payment=mode_word("payment"),
            )
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
