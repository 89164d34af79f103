"""Pages of the scoring app: thin views that validate, call the engine and render.

Each interactive page renders its whole template, or only the partial htmx asked for
(named after the element it replaces) when the request comes from htmx.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scoring.engine import PRESETS, settle
from scoring.engine.end_words import place_word
from scoring.engine.explain import rounding_note, settlement_steps
from scoring.engine.game import game_end_of
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import ALL_PRESETS, DEFAULT_PRESET, SWITCHES, TABLE_SWITCHES, preset_of

from . import api, tables
from .forms import PointsForm, TableForm
from .live import is_typing
from .switch_controls import choices_of, describe, field_name, query_of, switches_for
from .table_forms import FinalForm, HandEndForm

SEAT_WIND_WORDS = (
    pgettext_lazy("seat wind", "East"),
    pgettext_lazy("seat wind", "South"),
    pgettext_lazy("seat wind", "West"),
    pgettext_lazy("seat wind", "North"),
)
SEATS = {"both": (False, True), "non_dealer": (False,), "dealer": (True,)}


def render_page(
    request: HttpRequest, template: str, partial: str, context: dict[str, Any]
) -> HttpResponse:
    """The whole page, or `template#partial` for htmx (but the whole page when htmx restores
    history it has no snapshot of)."""
    fragment = bool(request.htmx and not request.htmx.history_restore_request)
    name = f"{template}#{partial}" if fragment else template
    return render(request, name, {**context, "fragment": fragment})


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/home.html")


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def table(request: HttpRequest) -> HttpResponse:
    form = TableForm.from_query(request.GET)
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        rules = form.rule_set()
        counts = {"honba": form.cleaned_data["honba"], "sticks": form.cleaned_data["sticks"]}
        context |= {
            "rules": rules,
            "preset": preset_of(form.cleaned_data["rules"]),
            "hanfu": tables.build_table(rules, seats=SEATS[form.cleaned_data["seat"]], **counts),
            "limits": tables.build_limits(rules, **counts),
            "cell_query": form.query(seat=None),
            "honba_extra": tables.honba_extra(rules, counts["honba"]),
            "sanma_note": tables.sanma_note(rules),
            **counts,
        }
    return render_page(request, "scoring/table.html", "hanfu", context)


def derivation(form: PointsForm) -> dict[str, Any]:
    """What the cell page and the calculator show for a valid form."""
    d = form.cleaned_data
    rules = form.rule_set()
    settlement = form.settlement()
    ron, tsumo = (
        settle(d["han"], d["fu"] or 0, dealer=d["dealer"], tsumo=t, rules=rules)
        for t in (False, True)
    )
    below_limits = d["han"] < 5
    return {
        "rules": rules,
        "preset": preset_of(d["rules"]),
        "settlement": settlement,
        "steps": settlement_steps(settlement),
        "payment": tables.payment_text(settlement),
        "cell_title": tables.win_title(d["han"], d["fu"], dealer=d["dealer"], tsumo=d["tsumo"]),
        "win_words": tables.win_title(
            d["han"], d["fu"] if below_limits else None, dealer=d["dealer"], tsumo=d["tsumo"]
        ),
        "changes": tables.score_changes(settlement),
        "who_pays": tables.who_pays(settlement),
        "rounding_note": rounding_note(ron, tsumo) if below_limits else "",
        "impossible": impossible_reason(d["han"], d["fu"], tsumo=d["tsumo"], rules=rules)
        if below_limits
        else "",
        "other_query": form.query(tsumo=not d["tsumo"]),
        "query": form.query(),
    }


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def cell(request: HttpRequest) -> HttpResponse:
    query = tuple((key, tuple(values)) for key, values in request.GET.lists())
    key = (get_language(), get_script_prefix(), get_urlconf(), query)
    detail = cell_detail.__wrapped__(*key) if settings.DEBUG else cell_detail(*key)
    if request.htmx and not request.htmx.history_restore_request:
        return HttpResponse(detail["detail"])
    return render(request, "scoring/cell.html", {**detail, "fragment": False})


@lru_cache(maxsize=512)
def cell_detail(
    language: str | None, prefix: str, urlconf: Any, query: tuple[tuple[str, tuple[str, ...]], ...]
) -> dict[str, Any]:
    """What the cell page shows for a query: its detail (the part htmx swaps in), rendered,
    and the few values around it (the title's han and fu, the table's query). It depends on
    nothing but the query, the language and the addresses, so the last few hundred are kept
    (a lookup shows the same few dozen cells over and over; none with DEBUG on)."""
    data = QueryDict(mutable=True)
    for name, values in query:
        data.setlist(name, list(values))
    form = PointsForm.from_query(data)
    context: dict[str, Any] = {"form": form}
    valid = form.is_valid()
    if valid:
        context |= derivation(form)
    d = form.cleaned_data if valid else {}
    return {
        "detail": SafeString(render_to_string("scoring/cell_detail.html", context)),
        "valid": valid,
        "han": d.get("han"),
        "fu": d.get("fu"),
        "query": context.get("query"),
    }


def forget(**kwargs: Any) -> None:
    cell_detail.cache_clear()


setting_changed.connect(forget)


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request", "Tenbo-Typing")
def points(request: HttpRequest) -> HttpResponse:
    form = PointsForm.from_query(request.GET)
    if not form.is_valid() and is_typing(request):
        return HttpResponse(status=204)  # "2" on the way to "25": no message yet
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        context |= derivation(form)
    return render_page(request, "scoring/points.html", "result", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    default = PRESETS[DEFAULT_PRESET].rules.switches()
    by_preset = [preset.rules.switches() for preset in ALL_PRESETS.values()]
    switches = [
        (
            switch,
            [
                (value_said(name, v[name]), name in default and v[name] != default[name])
                if name in v
                else (NOT_USED, False)  # a three-player switch of four-player rules
                for v in by_preset
            ],
        )
        for name, switch in SWITCHES.items()
    ]
    table_default = PRESETS[DEFAULT_PRESET].table.switches()
    table_by_preset = [preset.table.switches() for preset in ALL_PRESETS.values()]
    table_switches = [
        (
            switch,
            [(shown(name, v[name]), v[name] != table_default[name]) for v in table_by_preset],
        )
        for name, switch in TABLE_SWITCHES.items()
    ]
    context = {
        "presets": ALL_PRESETS,
        "switches": switches,
        "table_switches": table_switches,
        "default": PRESETS[DEFAULT_PRESET],
        "game_ends": [
            (preset.title, game_end_of(name).note) for name, preset in ALL_PRESETS.items()
        ],
        "example_url": reverse("table_rules") + "?rules=tenhou&kiriage=1&uma=10-30",
    }
    return render(request, "scoring/rules.html", context)


# A switch's value in words on the rules page, by switch and value (English: the value itself).
VALUE_WORDS = {
    ("kazoe", "yakuman"): pgettext_lazy("kazoe", "yakuman"),
    ("kazoe", "sanbaiman"): pgettext_lazy("kazoe", "sanbaiman"),
    ("seven_pairs", "25fu"): pgettext_lazy("seven_pairs", "25fu"),
    ("seven_pairs", "50fu"): pgettext_lazy("seven_pairs", "50fu"),
    ("rounding", "exact"): pgettext_lazy("rounding", "exact"),
    ("rounding", "floor"): pgettext_lazy("rounding", "floor"),
    ("rounding", "toward_zero"): pgettext_lazy("rounding", "toward zero"),
    ("rounding", "half_down"): pgettext_lazy("rounding", "half down"),
    ("rounding", "half_up"): pgettext_lazy("rounding", "half up"),
    ("ties", "seat_order"): pgettext_lazy("ties", "seat order"),
    ("ties", "split"): pgettext_lazy("ties", "split"),
    ("leftover", "first"): pgettext_lazy("leftover", "first"),
    ("leftover", "lost"): pgettext_lazy("leftover", "lost"),
    ("multiple_ron", "triple"): pgettext_lazy("multiple_ron", "triple"),
    ("multiple_ron", "double"): pgettext_lazy("multiple_ron", "double"),
    ("multiple_ron", "head_bump"): pgettext_lazy("multiple_ron", "head bump"),
    ("multiple_ron_honba", "head"): pgettext_lazy("multiple_ron_honba", "head"),
    ("multiple_ron_honba", "each"): pgettext_lazy("multiple_ron_honba", "each"),
    ("pao", "daisangen"): pgettext_lazy("pao", "daisangen"),
    ("pao", "daisuushii"): pgettext_lazy("pao", "daisuushii"),
    ("pao", "suukantsu"): pgettext_lazy("pao", "suukantsu"),
    ("pao_scope", "whole"): pgettext_lazy("pao_scope", "whole"),
    ("pao_scope", "yakuman"): pgettext_lazy("pao_scope", "yakuman"),
    ("pao_honba", "liable"): pgettext_lazy("pao_honba", "liable"),
    ("pao_honba", "discarder"): pgettext_lazy("pao_honba", "discarder"),
    ("nagashi", "off"): pgettext_lazy("nagashi", "off"),
    ("nagashi", "draw"): pgettext_lazy("nagashi", "draw"),
    ("nagashi", "win"): pgettext_lazy("nagashi", "win"),
    ("abortive", "nine_terminals"): pgettext_lazy("abortive", "nine terminals"),
    ("abortive", "four_winds"): pgettext_lazy("abortive", "four winds"),
    ("abortive", "four_kans"): pgettext_lazy("abortive", "four kans"),
    ("abortive", "four_riichi"): pgettext_lazy("abortive", "four riichi"),
    ("abortive", "triple_ron"): pgettext_lazy("abortive", "triple ron"),
    ("chombo", "mangan"): pgettext_lazy("chombo", "mangan"),
    ("chombo", "deduction"): pgettext_lazy("chombo", "deduction"),
}


NOT_USED = pgettext_lazy("a three-player switch under four-player rules", "—")


def value_said(name: str, value: object) -> str:
    """A switch's value as the rules page shows it: "yes", "sanbaiman", 4."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str):
        return str(VALUE_WORDS.get((name, value), value))
    return str(value)


def shown(name: str, value: object) -> str:
    """A table switch's value as the rules page shows it: "+20/+10/−10/−20", "25,000"."""
    if name == "uma" and isinstance(value, list):
        return "/".join(f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        separator = pgettext("list separator", ", ")
        return separator.join(value_said(name, v) for v in value) or _("none")
    if isinstance(value, int):
        return f"{value:,}"
    return value_said(name, str(value))


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    site = request.build_absolute_uri("/").rstrip("/")
    switches = [
        {"name": s.name, "meaning": s.meaning, "keys": choices_of(s)[1:]}
        for s in switches_for("payment", sanma=True)
    ]
    context = {"examples": api.examples(site), "site": site, "switches": switches}
    return render(request, "scoring/api.html", context)


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def table_rules(request: HttpRequest) -> HttpResponse:
    """The table rules calculator: one hand's end, and final scores (one form, two results;
    htmx gets both results, the final scores' swapped out of band)."""
    hand = HandEndForm.from_query(request.GET)
    final = FinalForm.from_query(request.GET)
    context: dict[str, Any] = {
        "hand": hand,
        "final": final,
        "hand_scores": [hand[f"s{s}"] for s in range(4)],  # seat 3's drawn hidden at three
        "final_scores": [final[f"p{s}"] for s in range(4)],
        "hand_tiles": [hand[f"h{s}"] for s in range(4)],
        "query": request.GET.urlencode(),
        "house_rules_set": any(request.GET.get(field_name(n)) for n in TABLE_SWITCHES),
    }
    if hand.is_valid():
        context |= hand_end_context(hand)
    if final.is_valid():
        context |= final_context(final)
    return render_page(request, "scoring/table_rules.html", "htmx-results", context)


def hand_end_context(form: HandEndForm) -> dict[str, Any]:
    answer = form.answer
    rules = form.request(form.cleaned_data)["rules"]
    dealer = int(form.cleaned_data["dealer"])
    before = form.scores()
    players = len(before)
    rows = [
        {
            "seat": _("Seat %(seat)s") % {"seat": s},
            "wind": str(SEAT_WIND_WORDS[(s - dealer) % players]),
            "before": before[s],
            "delta": answer["deltas"][s],
            "change": f"{answer['deltas'][s]:+d}" if answer["deltas"][s] else "0",
            "after": answer["scores"][s],
        }
        for s in range(players)
    ]
    return {
        "settled": answer,
        "seat_rows": rows,
        "hand_preset": ALL_PRESETS[form.cleaned_data["rules"]],
        "rules_said": describe(rules),
        "rules_query": query_of(rules),
    }


def final_context(form: FinalForm) -> dict[str, Any]:
    answer = form.answer
    raw = form.request(form.cleaned_data)["scores"]
    rows = [
        {
            "place": place_word(answer["ranks"][seat] - 1),
            "seat": seat,
            "raw": raw[seat],
            "points": f"{answer['points'][seat]:+.1f}",
        }
        for seat in answer["order"]
    ]
    return {"final_answer": answer, "final_rows": rows}
