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
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import DEFAULT_PRESET, SWITCHES

from . import api, tables
from .forms import PointsForm, TableForm

SEATS = {"both": (False, True), "non_dealer": (False,), "dealer": (True,)}


def render_page(
    request: HttpRequest, template: str, partial: str, context: dict[str, Any]
) -> HttpResponse:
    """The whole page, or `template#partial` for htmx (but the whole page when htmx restores
    history it has no snapshot of)."""
    fragment = request.htmx and not request.htmx.history_restore_request
    name = f"{template}#{partial}" if fragment else template
    return render(request, name, context)


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
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def points(request: HttpRequest) -> HttpResponse:
    form = PointsForm.from_query(request.GET)
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
    context = {"presets": PRESETS, "switches": switches, "default": PRESETS[DEFAULT_PRESET]}
    return render(request, "scoring/rules.html", context)


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    site = request.build_absolute_uri("/").rstrip("/")
    return render(request, "scoring/api.html", {"examples": api.examples(site), "site": site})
