"""A verdict's explanation steps, one list item each, written in Python
(`{% load verdict_steps %}`, then `{% step_item step win=q.request.win %}` inside the loop over
the steps): a verdict shows a dozen steps, and each was a dozen template nodes. The item is
what `templates/quiz/verdict_steps.html` describes: the step's kind as a class, "Look here:"
before the step the slip shows in, its text with the glossary's words linked (each once per
list, as `{% glossed %}` links them) and its tile codes drawn, and its tiles when the text does
not name them (a reading's with the winning tile marked)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaultfilters import capfirst
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from quizsite.learn.templatetags.glossary import glossed
from scoring.templatetags.tiles import tile_text, tiles

register = template.Library()


@register.simple_tag(takes_context=True)
def step_item(context: Any, step: dict[str, Any], *, win: str = "") -> SafeString:
    """One step as the list shows it: `<li class="step step-{kind}">…</li>`."""
    kind, text, shown = step.get("kind", ""), step.get("text", ""), step.get("tiles", "")
    marked = step.get("marked")
    look = format_html('<strong class="look">{}</strong> ', gettext("Look here:")) if marked else ""
    drawn: Any = ""
    if shown and shown not in text:
        drawn = tiles(shown, win=win, size="sm") if kind == "reading" else tiles(shown, size="sm")
        drawn = format_html(" {}", drawn)
    return format_html(
        '<li class="step step-{}{}">{}{}{}</li>',
        kind,
        " step--marked" if marked else "",
        look,
        tile_text(glossed(context, capfirst(text))),
        drawn,
    )
