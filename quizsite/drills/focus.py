"""A drill's focus as a form offers it and a page describes it; the generator meets it
(`scoring.engine.generate`: `Focus`, `check_focus`, `choices`)."""

from __future__ import annotations

from typing import Any

from scoring.engine.generate import choices

LISTS = {
    "yaku": "Yaku",
    "fu_items": "Fu items",
    "waits": "Waits",
    "limits": "Limit hands",
}


def describe(focus: dict[str, Any]) -> str:
    """ "Waits: Edge (penchan), Closed (kanchan) · with honba and deposits", or ""."""
    options = choices()
    parts = []
    for name, title in LISTS.items():
        if focus.get(name):
            labels = dict(options[name])
            parts.append(f"{title}: " + ", ".join(labels.get(i, i) for i in focus[name]))
    for name, unit in (("han", "han"), ("fu", "fu")):
        if focus.get(name):
            low, high = focus[name]
            parts.append(f"{low}–{high} {unit}" if low != high else f"{low} {unit}")
    if focus.get("counters"):
        parts.append("with honba and riichi deposits")
    return " · ".join(parts)
