"""The learner's reference: the glossary, the yaku list and the fu sheet.

Every number on these pages is asked of the engine: the han of a yaku from its registry, an
example's yaku and fu items from scoring it, a preset's difference from scoring the same
hand under that preset.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.engine import PRESETS
from scoring.engine.fu import MELD_FU
from scoring.engine.payment import round_fu
from scoring.engine.rules import DEFAULT_PRESET, SWITCHES
from scoring.engine.yaku import REGISTRY, Yaku, YakuScore
from scoring.engine.yaku_about import ABOUT, YakuAbout

from .examples import FU_EXAMPLES, YAKU_EXAMPLES, Example
from .glossary import SECTIONS

# The switches that change what a yaku is worth, and those that change fu.
YAKU_SWITCHES = ("open_tanyao", "seven_pairs", "double_yakuman", "yakuman_stacking", "kazoe")
FU_SWITCHES = ("double_wind_fu", "seven_pairs")
FU_SECTIONS = {
    "base": "Where every hand starts",
    "sets": "Triplets and quads",
    "waits": "The wait",
    "pair": "The pair",
    "special": "The special cases",
}


def quiz_link(mode: str, level: str) -> str:
    return f"/quiz/next/?mode={mode}&level={level}"


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html")


@require_GET
def terms(request: HttpRequest) -> HttpResponse:
    context = {
        "sections": SECTIONS,
        "quizzes": [
            ("A whole hand, step by step, every word explained", quiz_link("full", "beginner")),
            ("Payments with honba and riichi deposits", quiz_link("payment", "intermediate")),
        ],
    }
    return render(request, "learn/terms.html", context)


@dataclass(frozen=True)
class YakuRow:
    """One yaku as the list shows it: the registry's entry, its example and what it scored."""

    yaku: Yaku
    example: Example
    scored: YakuScore
    others: tuple[YakuScore, ...]  # the example's other yaku and dora
    presets: tuple[str, ...]  # how the example scores differently under other presets

    @property
    def about(self) -> YakuAbout:
        """What the yaku is and when it counts."""
        return ABOUT[self.yaku.id]

    @property
    def worth_scored(self) -> str:
        return score_worth(self.scored)

    @property
    def worth_others(self) -> str:
        return ", ".join(f"{y.name} {score_worth(y)}" for y in self.others)

    @property
    def worth_closed(self) -> str:
        return worth(self.yaku, self.yaku.closed_han)

    @property
    def worth_open(self) -> str:
        if self.yaku.open_han is None:
            return "closed only"
        return worth(self.yaku, self.yaku.open_han)


def worth(yaku: Yaku, han: int) -> str:
    if yaku.yakuman:
        return "double yakuman" if yaku.yakuman == 2 else "yakuman"
    return f"{han} han"


def yaku_row(yaku: Yaku) -> YakuRow:
    example = YAKU_EXAMPLES[yaku.id]
    found = example.result.yaku
    scored = next(y for y in found if y.id == yaku.id)
    others = tuple(y for y in found if y.id != yaku.id)
    return YakuRow(yaku, example, scored, others, preset_notes(yaku, example, scored))


def preset_notes(yaku: Yaku, example: Example, scored: YakuScore) -> tuple[str, ...]:
    """Where other presets score this yaku in its example otherwise, presets that agree
    together: "Tenhou, M-League: yakuman"."""
    differ: dict[str, list[str]] = {}
    for name, preset in PRESETS.items():
        if name == DEFAULT_PRESET:
            continue
        there = next((y for y in example.scored(name).yaku if y.id == yaku.id), None)
        if there is None:
            differ.setdefault("does not count", []).append(preset.title)
        elif there.han != scored.han:
            differ.setdefault(score_worth(there), []).append(preset.title)
    return tuple(f"{', '.join(titles)}: {what}" for what, titles in differ.items())


def score_worth(y: YakuScore) -> str:
    """What a yaku scored in a hand: "2 han", "yakuman (13 han)"."""
    if y.yakuman:
        kind = "double yakuman" if y.yakuman == 2 else "yakuman"
        return f"{kind} ({y.han} han)"
    return f"{y.han} han"


def switch_rows(names: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each switch's meaning and the presets that set it other than the default."""
    default = PRESETS[DEFAULT_PRESET].rules
    rows = []
    for name in names:
        others = [
            (p.title, getattr(p.rules, name))
            for p in PRESETS.values()
            if getattr(p.rules, name) != getattr(default, name)
        ]
        rows.append(
            {
                "switch": SWITCHES[name],
                "default": getattr(default, name),
                "others": others,
            }
        )
    return rows


@lru_cache(maxsize=1)
def yaku_rows() -> tuple[YakuRow, ...]:
    """Every yaku's row, worked out once: the examples and the presets do not change."""
    return tuple(yaku_row(y) for y in REGISTRY)


@require_GET
def yaku(request: HttpRequest) -> HttpResponse:
    rows = yaku_rows()
    context = {
        "ordinary": [r for r in rows if not r.yaku.yakuman],
        "yakuman": [r for r in rows if r.yaku.yakuman],
        "default": PRESETS[DEFAULT_PRESET],
        "switches": switch_rows(YAKU_SWITCHES),
        "quizzes": [
            ("Count the han of beginner hands", quiz_link("han", "beginner")),
            ("Count the han of open hands and bigger yaku", quiz_link("han", "intermediate")),
            ("Yakuman, kazoe and rule switches", quiz_link("han", "advanced")),
        ],
    }
    return render(request, "learn/yaku.html", context)


@require_GET
def fu(request: HttpRequest) -> HttpResponse:
    meld_rows = [
        (what, kind, MELD_FU[(False, edge, quad)], MELD_FU[(True, edge, quad)])
        for quad, what in ((False, "Triplet"), (True, "Quad"))
        for edge, kind in ((False, "simples"), (True, "terminals or honours"))
    ]
    context = {
        "sections": [(key, FU_SECTIONS[key], FU_EXAMPLES[key]) for key in FU_SECTIONS],
        "meld_rows": meld_rows,
        "rounding": [(n, round_fu(n)) for n in (22, 24, 32, 38, 40, 25)],
        "default": PRESETS[DEFAULT_PRESET],
        "switches": switch_rows(FU_SWITCHES),
        "quizzes": [
            ("Count the fu of closed hands", quiz_link("fu", "beginner")),
            ("Fu of open hands, every wait", quiz_link("fu", "intermediate")),
            ("Fu with kans and ambiguous readings", quiz_link("fu", "advanced")),
        ],
    }
    return render(request, "learn/fu.html", context)
