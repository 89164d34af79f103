"""A drill's focus as a form offers it and a page describes it; the generator meets it
(`scoring.engine.generate`: `Focus`, `check_focus`, `choices`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine.generate import choices

LISTS = {
    "yaku": gettext_lazy("Yaku"),
    "fu_items": gettext_lazy("Fu items"),
    "waits": gettext_lazy("Waits"),
    "limits": gettext_lazy("Limit hands"),
}
# A han or fu range, and a single value.
RANGES = {
    "han": (gettext_lazy("%(low)s–%(high)s han"), gettext_lazy("%(n)s han")),
    "fu": (gettext_lazy("%(low)s–%(high)s fu"), gettext_lazy("%(n)s fu")),
}


def describe(focus: dict[str, Any]) -> str:
    """ "Waits: Edge (penchan), Closed (kanchan) · with honba and deposits", or ""."""
    options = choices()
    parts = []
    for name, title in LISTS.items():
        if focus.get(name):
            labels = dict(options[name])
            chosen = _(", ").join(str(labels.get(i, i)) for i in focus[name])
            parts.append(_("%(list)s: %(chosen)s") % {"list": title, "chosen": chosen})
    for name, (span, one) in RANGES.items():
        if focus.get(name):
            low, high = focus[name]
            parts.append(span % {"low": low, "high": high} if low != high else one % {"n": low})
    if focus.get("counters"):
        parts.append(_("with honba and riichi deposits"))
    return " · ".join(parts)
