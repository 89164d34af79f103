"""Pages of the scoring app: thin views that validate, call the engine and render.

Each interactive page renders its whole template, or only the partial htmx asked for
(named after the element it replaces) when the request comes from htmx.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scoring.engine import PRESETS, settle
from scoring.engine.explain import rounding_note, settlement_steps
from scoring.engine.game import game_end_of
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import DEFAULT_PRESET, SWITCHES, TABLE_SWITCHES
from scoring.engine.tiles import wind_name

from . import api, tables
from .forms import PointsForm, TableForm
from .live import is_typing
from .switch_controls import choices_of, describe, field_name, query_of, switches_for
from .table_forms import FinalForm, HandEndForm

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
            "preset": PRESETS[form.cleaned_data["rules"]],
            "hanfu": tables.build_table(rules, seats=SEATS[form.cleaned_data["seat"]], **counts),
            "limits": tables.build_limits(rules, **counts),
            "cell_query": form.query(seat=None),
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
        "preset": PRESETS[d["rules"]],
        "settlement": settlement,
        "steps": settlement_steps(settlement),
        "payment": tables.payment_text(settlement),
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
    form = PointsForm.from_query(request.GET)
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        context |= derivation(form)
    return render_page(request, "scoring/cell.html", "cell-detail", context)


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
    by_preset = [preset.rules.switches() for preset in PRESETS.values()]
    switches = [
        (switch, [(values[name], values[name] != default[name]) for values in by_preset])
        for name, switch in SWITCHES.items()
    ]
    table_default = PRESETS[DEFAULT_PRESET].table.switches()
    table_by_preset = [preset.table.switches() for preset in PRESETS.values()]
    table_switches = [
        (
            switch,
            [(shown(name, v[name]), v[name] != table_default[name]) for v in table_by_preset],
        )
        for name, switch in TABLE_SWITCHES.items()
    ]
    context = {
        "presets": PRESETS,
        "switches": switches,
        "table_switches": table_switches,
        "default": PRESETS[DEFAULT_PRESET],
        "game_ends": [(preset.title, game_end_of(name).note) for name, preset in PRESETS.items()],
    }
    return render(request, "scoring/rules.html", context)


def shown(name: str, value: object) -> str:
    """A table switch's value as the rules page shows it: "+20/+10/−10/−20", "25,000"."""
    if name == "uma" and isinstance(value, list):
        return "/".join(f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v).replace("_", " ") for v in value) or "none"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value).replace("_", " ")


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    site = request.build_absolute_uri("/").rstrip("/")
    switches = [
        {"name": s.name, "meaning": s.meaning, "keys": choices_of(s)[1:]}
        for s in switches_for("payment")
    ]
    context = {"examples": api.examples(site), "site": site, "switches": switches}
    return render(request, "scoring/api.html", context)


PLACE_NAMES = ("1st", "2nd", "3rd", "4th")


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
        "hand_scores": [hand[f"s{s}"] for s in range(4)],
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
    rows = [
        {
            "seat": f"Seat {s}",
            "wind": wind_name(s - dealer),
            "before": before[s],
            "delta": answer["deltas"][s],
            "change": f"{answer['deltas'][s]:+d}" if answer["deltas"][s] else "0",
            "after": answer["scores"][s],
        }
        for s in range(4)
    ]
    return {
        "settled": answer,
        "seat_rows": rows,
        "hand_preset": PRESETS[form.cleaned_data["rules"]],
        "rules_said": describe(rules),
        "rules_query": query_of(rules),
    }


def final_context(form: FinalForm) -> dict[str, Any]:
    answer = form.answer
    raw = form.request(form.cleaned_data)["scores"]
    rows = [
        {
            "place": PLACE_NAMES[answer["ranks"][seat] - 1],
            "seat": seat,
            "raw": raw[seat],
            "points": f"{answer['points'][seat]:+.1f}",
        }
        for seat in answer["order"]
    ]
    return {"final_answer": answer, "final_rows": rows}
