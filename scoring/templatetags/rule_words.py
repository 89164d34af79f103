"""The rules pages' filters: a preset's source text with its citations marked.

A source names where a rule comes from by its address (`tenhou.net/man`), a file's path or a
page's own title (「Tenhou.net rules」, “Tenhou.net rules”); those stay as they are in every
language, so a page in another language than English marks them `translate="no"` (they are not
words to translate).
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

CITATION = re.compile(
    r"(?:\.\./[\w./-]+)"  # a file's path
    r"|(?:[\w-]+\.)+(?:com|net|org|wiki|jp|club)(?:/[\w./?=&%-]*[\w/])?"  # an address
    r"|「[^」]*[A-Za-z][^」]*」"  # a page's own title, quoted
    r"|“[^”]*[A-Za-z][^”]*”"  # the same, as Chinese and Korean quote it
)


@register.filter
def citations(text: str) -> SafeString:
    """The text escaped, its addresses, paths and quoted page titles marked translate="no"
    (English pages: the text escaped, as it is)."""
    if (get_language() or "en").startswith("en"):
        return conditional_escape(text)
    out, end = [], 0
    for found in CITATION.finditer(text):
        out.append(conditional_escape(text[end : found.start()]))
        out.append(format_html('<span translate="no">{}</span>', found.group()))
        end = found.end()
    out.append(conditional_escape(text[end:]))
    return mark_safe("".join(out))  # noqa: S308 - every piece is escaped above
