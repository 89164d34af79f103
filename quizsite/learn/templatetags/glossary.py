"""Mahjong words in explanations, linked to the glossary (and yaku to the yaku list).

``{% load glossary %}`` then:

- ``{{ text|glossary }}``: the text escaped, the first use of each known word linked.
- ``{% glossed step.text|capfirst %}``: the same, but a word linked once per template drawn —
  the steps of one explanation link "fu" at its first use, not in every step.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from quizsite.learn.glossary import link_terms

register = template.Library()
SEEN = "learn.glossary.seen"  # the render context's key for the words linked so far


@register.filter(is_safe=False)
def glossary(text: object) -> SafeString:
    return link_terms(text)


@register.simple_tag(takes_context=True)
def glossed(context: Any, text: object) -> SafeString:
    render = context.render_context
    if SEEN not in render:
        render[SEEN] = set()
    return link_terms(text, seen=render[SEEN])
