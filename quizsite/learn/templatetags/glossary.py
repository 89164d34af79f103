"""``{% load glossary %}`` then ``{{ step.text|glossary }}``: the text escaped, with the first
use of each mahjong word linked to its line in the glossary (or a yaku to the yaku list)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from quizsite.learn.glossary import link_terms

register = template.Library()


@register.filter(is_safe=False)
def glossary(text: object) -> SafeString:
    return link_terms(text)
