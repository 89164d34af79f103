"""The page chrome's tags (`{% load chrome %}`, registered in settings' TEMPLATES): the parts
of every page that depend only on the page's language and where it is in the menu, rendered
once for each and then reused, so a page does not look up their ~20 addresses and ~60
sentences again on every request.

`{% once "chrome/footer.html" %}` renders a template that may use nothing but
`LANGUAGE_CODE`, `current` and `switch_languages` (the language switch's languages);
`{% menu %}` is the brand and the main menu with the page's own entry marked (`current`,
found from the page's path by `MENU`).

`{% kept "quiz/progress_row.html" url=h.url right=h.right %}` is a small fragment that
recurs from page to page (a row of the session's history): rendered once for each language
and values (plain strings, numbers, booleans: its whole context), without the whitespace
around it, the last few thousand kept.

With DEBUG on, nothing is kept (templates may change under `runserver`); a change of
settings (in tests) forgets what was kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

register = template.Library()

# The menu's entries whose pages a path belongs to: (entry, the paths' beginning or the path
# itself when it ends with "$"), first match wins.
MENU = (
    ("table", "/table/"),
    ("points", "/points/$"),
    ("hand", "/hand/"),
    ("table_rules", "/table-rules/$"),
    ("quiz", "/quiz/"),
    ("tiles", "/tiles/"),
    ("learn", "/learn/"),
    ("drills", "/drills/"),
    ("games", "/games/"),
    ("practice", "/practice/"),
    ("practice", "/progress/"),
)
KEPT: dict[tuple[str, ...], SafeString] = {}


def current_entry(path: str) -> str:
    """The menu's entry a page (its path without the language prefix) belongs to, or "".

    >>> current_entry("/table/cell/"), current_entry("/points/"), current_entry("/points/x")
    ('table', 'points', '')
    """
    for entry, start in MENU:
        if path == start[:-1] if start.endswith("$") else path.startswith(start):
            return entry
    return ""


def switch_languages() -> list[tuple[str, str]]:
    """The language switch's languages, each named in its own words: the others first, the
    site's own (English) last."""
    return sorted(settings.LANGUAGES, key=lambda lang: lang[0] == settings.LANGUAGE_CODE)


@register.simple_tag
def once(template_name: str, current: str = "") -> SafeString:
    """`template_name` as rendered in this language (and with `current`), kept."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    key = (template_name, language, current, get_script_prefix(), str(get_urlconf() or ""))
    found = KEPT.get(key)
    if found is None:
        found = SafeString(
            render_to_string(
                template_name,
                {
                    "LANGUAGE_CODE": language,
                    "current": current,
                    "switch_languages": switch_languages(),
                },
            )
        )
        if not settings.DEBUG:
            KEPT[key] = found
    return found


@register.simple_tag(takes_context=True)
def menu(context: Any) -> SafeString:
    """The brand and the main menu, the page's own entry marked."""
    return once("chrome/menu.html", current_entry(str(context.get("bare_path", ""))))


@register.simple_tag
def kept(template_name: str, **values: str | int | bool | None) -> SafeString:
    """`template_name` rendered with only `values` in this language, kept (the same values
    give the same fragment)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    # text escaped first (as the template would), so a text and its markup never share a key
    key = tuple((k, conditional_escape(v) if isinstance(v, str) else v) for k, v in values.items())
    if settings.DEBUG:
        return made_fragment.__wrapped__(template_name, language, key)
    return made_fragment(template_name, language, key)


@lru_cache(maxsize=4096)
def made_fragment(
    template_name: str, language: str, values: tuple[tuple[str, Any], ...]
) -> SafeString:
    return SafeString(render_to_string(template_name, dict(values)).strip())


def forget(**kwargs: Any) -> None:
    KEPT.clear()
    made_fragment.cache_clear()


setting_changed.connect(forget)
