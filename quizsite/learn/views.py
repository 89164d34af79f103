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
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from django.views.decorators.http import require_GET

from scoring.engine import PRESETS
from scoring.engine.fu import MELD_FU
from scoring.engine.payment import (
    BASIC_POINTS_CAP,
    HAN_LIMITS,
    LIMIT_BASIC_POINTS,
    Limit,
    Settlement,
    amount_text,
    basic_points,
    round_fu,
    settle,
)
from scoring.engine.rules import DEFAULT_PRESET, SWITCHES
from scoring.engine.yaku import REGISTRY, Yaku, YakuScore
from scoring.engine.yaku_about import ABOUT, YakuAbout

from .examples import FU_EXAMPLES, YAKU_EXAMPLES, Example, list_of
from .glossary import SECTIONS

# The switches that change what a yaku is worth, and those that change fu.
YAKU_SWITCHES = ("open_tanyao", "seven_pairs", "double_yakuman", "yakuman_stacking", "kazoe")
FU_SWITCHES = ("double_wind_fu", "seven_pairs")
FU_SECTIONS = {
    "base": gettext_lazy("Where every hand starts"),
    "sets": gettext_lazy("Triplets and quads"),
    "waits": gettext_lazy("The wait"),
    "pair": gettext_lazy("The pair"),
    "special": gettext_lazy("The special cases"),
}


def quiz_link(mode: str, level: str) -> str:
    """A quiz of this mode and level, at its address in the page's language."""
    return f"{reverse('quiz:next')}?mode={mode}&level={level}"


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html")


# The first lesson's hand: 3 han 30 fu, a common win below every limit.
LESSON_HAN, LESSON_FU = 3, 30


def number(n: int) -> str:
    """Points as the page's language writes them, as the engine's explanations do ("1920" in
    English, "1,920" in Japanese)."""
    return amount_text(n)


WINS = {  # (dealer, tsumo): the win, as the lesson's table names it
    (False, False): gettext_lazy("A non-dealer wins by ron"),
    (True, False): gettext_lazy("The dealer wins by ron"),
    (False, True): gettext_lazy("A non-dealer wins by tsumo"),
    (True, True): gettext_lazy("The dealer wins by tsumo"),
}
PAYERS = {
    "discarder": gettext_lazy("the discarder"),
    "dealer": gettext_lazy("the dealer"),
    "non_dealer": gettext_lazy("each of the other two"),
    "each": gettext_lazy("each of the other three"),
}


@dataclass(frozen=True)
class Paid:
    """One payer's part of the lesson's example: who, × basic points, the product, rounded up."""

    who: str
    multiplier: int
    raw: str
    amount: str


def paid(settlement: Settlement) -> list[Paid]:
    return [
        Paid(str(PAYERS[s.payer]), s.multiplier, number(s.raw), number(s.rounded))
        for s in settlement.shares
    ]


@require_GET
def lesson(request: HttpRequest) -> HttpResponse:
    """The first lesson: han and fu, basic points, the limits, who pays — every number of its
    example worked out by the engine."""
    han, fu = LESSON_HAN, LESSON_FU
    context = {
        "han": han,
        "fu": fu,
        "basic": number(basic_points(han, fu).points),
        "power": 2 + han,
        "times": 2 ** (2 + han),
        "cap": number(BASIC_POINTS_CAP),
        "limits": limit_rows(),
        "wins": [
            (WINS[dealer, tsumo], paid(settle(han, fu, dealer=dealer, tsumo=tsumo)))
            for dealer, tsumo in WINS
        ],
        "honba_ron": number(settle(han, fu, dealer=False, tsumo=False, honba=1).payments["ron"]),
        "quiz": f"{reverse('quiz:next')}?mode=payment&level=beginner&rules=mahjongsoul",
    }
    return render(request, "learn/lesson.html", context)


LAST_LIMIT_HAN = 12  # from 13 han the rules decide: a counted yakuman or a sanbaiman


def limit_rows() -> list[tuple[str, str, str]]:
    """Each limit: its name, the han that reach it, its basic points (the engine's)."""
    ascending = sorted(HAN_LIMITS)
    rows = []
    for n, (low, limit) in enumerate(ascending):
        high = ascending[n + 1][0] - 1 if n + 1 < len(ascending) else LAST_LIMIT_HAN
        reach = _("%(han)s han") % {"han": low}
        if high > low:
            reach = _("%(low)s–%(high)s han") % {"low": low, "high": high}
        if limit is Limit.MANGAN:
            reach = _("%(han)s, or fewer han whose basic points reach %(cap)s") % {
                "han": reach,
                "cap": number(BASIC_POINTS_CAP),
            }
        rows.append((limit.label, reach, number(LIMIT_BASIC_POINTS[limit])))
    yakuman = number(LIMIT_BASIC_POINTS[Limit.YAKUMAN])
    rows.append((Limit.YAKUMAN.label, _("a yakuman hand"), yakuman))
    return rows


@require_GET
def terms(request: HttpRequest) -> HttpResponse:
    context = {
        "sections": SECTIONS,
        "quizzes": [
            (
                _("A whole hand, step by step, every word explained"),
                quiz_link("full", "beginner"),
            ),
            (_("Payments with honba and riichi deposits"), quiz_link("payment", "intermediate")),
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
    presets: tuple[PresetNote, ...]  # how the example scores differently under other presets

    @property
    def about(self) -> YakuAbout:
        """What the yaku is and when it counts."""
        return ABOUT[self.yaku.id]

    @property
    def worth_scored(self) -> str:
        return score_worth(self.scored)

    @property
    def worth_others(self) -> str:
        return list_of(
            _("%(yaku)s %(worth)s") % {"yaku": y.name, "worth": score_worth(y)} for y in self.others
        )

    @property
    def preset_text(self) -> str:
        """The presets that score the example otherwise, in the page's language: "Tenhou,
        M-League: yakuman"."""
        return pgettext("between sentences", "; ").join(note.said() for note in self.presets)

    @property
    def worth_closed(self) -> str:
        return worth(self.yaku, self.yaku.closed_han)

    @property
    def worth_open(self) -> str:
        if self.yaku.open_han is None:
            return _("closed only")
        return worth(self.yaku, self.yaku.open_han)


def han_of(han: int) -> str:
    return _("%(han)s han") % {"han": han}


def worth(yaku: Yaku, han: int) -> str:
    if yaku.yakuman:
        return _("double yakuman") if yaku.yakuman == 2 else _("yakuman")
    return han_of(han)


@dataclass(frozen=True)
class PresetNote:
    """Presets that score a yaku's example otherwise: their titles and what they score (None:
    the yaku does not count there). Worded when read, as the rows are kept across requests."""

    presets: tuple[str, ...]  # their names: their titles are worded when read
    scored: YakuScore | None

    def said(self) -> str:
        """ "Tenhou, M-League: yakuman" in the page's language."""
        what = _("does not count") if self.scored is None else score_worth(self.scored)
        titles = [str(PRESETS[name].title) for name in self.presets]
        return _("%(presets)s: %(what)s") % {"presets": list_of(titles), "what": what}


def yaku_row(yaku: Yaku) -> YakuRow:
    example = YAKU_EXAMPLES[yaku.id]
    found = example.result.yaku
    scored = next(y for y in found if y.id == yaku.id)
    others = tuple(y for y in found if y.id != yaku.id)
    return YakuRow(yaku, example, scored, others, preset_notes(yaku, example, scored))


def preset_notes(yaku: Yaku, example: Example, scored: YakuScore) -> tuple[PresetNote, ...]:
    """Where other presets score this yaku in its example otherwise, presets that agree
    together: "Tenhou, M-League: yakuman"."""
    differ: dict[tuple[int, int] | None, tuple[YakuScore | None, list[str]]] = {}
    for name in PRESETS:
        if name == DEFAULT_PRESET:
            continue
        there = next((y for y in example.scored(name).yaku if y.id == yaku.id), None)
        if there is None:
            differ.setdefault(None, (None, []))[1].append(name)
        elif there.han != scored.han:
            differ.setdefault((there.han, there.yakuman), (there, []))[1].append(name)
    return tuple(PresetNote(tuple(titles), there) for there, titles in differ.values())


def score_worth(y: YakuScore) -> str:
    """What a yaku scored in a hand: "2 han", "yakuman (13 han)"."""
    if y.yakuman:
        if y.yakuman == 2:
            return _("double yakuman (%(han)s han)") % {"han": y.han}
        return _("yakuman (%(han)s han)") % {"han": y.han}
    return han_of(y.han)


# The values of the switches these pages show, in the page's language.
SWITCH_VALUES = {
    True: gettext_lazy("yes"),
    False: gettext_lazy("no"),
    "yakuman": pgettext_lazy("rule value", "yakuman"),
    "sanbaiman": pgettext_lazy("rule value", "sanbaiman"),
    "25fu": pgettext_lazy("rule value", "25fu"),
    "50fu": pgettext_lazy("rule value", "50fu"),
}


def switch_value(value: object) -> str:
    """A switch's value as these pages say it: yes/no, a limit, a number."""
    if isinstance(value, (bool, str)) and value in SWITCH_VALUES:
        return str(SWITCH_VALUES[value])
    return str(value)


def switch_rows(names: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each switch's meaning and the presets that set it other than the default, said in the
    page's language ("Otherwise in: Tenhou (no), M-League (no).")."""
    default = PRESETS[DEFAULT_PRESET].rules
    rows = []
    for name in names:
        others = [
            _("%(preset)s (%(value)s)")
            % {"preset": p.title, "value": switch_value(getattr(p.rules, name))}
            for p in PRESETS.values()
            if getattr(p.rules, name) != getattr(default, name)
        ]
        rows.append(
            {
                "switch": SWITCHES[name],
                "default": getattr(default, name),
                "others": _("Otherwise in: %(presets)s.") % {"presets": list_of(others)}
                if others
                else "",
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
            (_("Count the han of beginner hands"), quiz_link("han", "beginner")),
            (_("Count the han of open hands and bigger yaku"), quiz_link("han", "intermediate")),
            (_("Yakuman, kazoe and rule switches"), quiz_link("han", "advanced")),
        ],
    }
    return render(request, "learn/yaku.html", context)


@require_GET
def fu(request: HttpRequest) -> HttpResponse:
    meld_rows = [
        (what, MELD_FU[(False, edge, quad)], MELD_FU[(True, edge, quad)])
        for quad, edge, what in (
            (False, False, _("Triplet of simples")),
            (False, True, _("Triplet of terminals or honours")),
            (True, False, _("Quad of simples")),
            (True, True, _("Quad of terminals or honours")),
        )
    ]
    context = {
        "sections": [(key, FU_SECTIONS[key], FU_EXAMPLES[key]) for key in FU_SECTIONS],
        "meld_rows": meld_rows,
        "rounding": [(n, round_fu(n)) for n in (22, 24, 32, 38, 40, 25)],
        "default": PRESETS[DEFAULT_PRESET],
        "switches": switch_rows(FU_SWITCHES),
        "quizzes": [
            (_("Count the fu of closed hands"), quiz_link("fu", "beginner")),
            (_("Fu of open hands, every wait"), quiz_link("fu", "intermediate")),
            (_("Fu with kans and ambiguous readings"), quiz_link("fu", "advanced")),
        ],
    }
    return render(request, "learn/fu.html", context)
