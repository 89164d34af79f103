"""The page chrome's tags (`{% load chrome %}`, registered in settings' TEMPLATES): the parts
of every page that depend only on the page's language and where it is in the menu, rendered
once for each and then reused, so a page does not look up their ~20 addresses and ~60
sentences again on every request.

`{% once "chrome/footer.html" %}` renders a template that may use nothing but
`LANGUAGE_CODE` and `current`; `{% menu %}` is the main menu with the page's own entry marked
(`current`, found from the page's path by `MENU`). With DEBUG on, nothing is kept (templates
may change under `runserver`); a change of settings (in tests) forgets what was kept.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf
from django.utils import translation
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


@register.simple_tag
def once(template_name: str, current: str = "") -> SafeString:
    """`template_name` as rendered in this language (and with `current`), kept."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    key = (template_name, language, current, get_script_prefix(), str(get_urlconf() or ""))
    found = KEPT.get(key)
    if found is None:
        found = SafeString(
            render_to_string(template_name, {"LANGUAGE_CODE": language, "current": current})
        )
        if not settings.DEBUG:
            KEPT[key] = found
    return found


@register.simple_tag(takes_context=True)
def menu(context: Any) -> SafeString:
    """The main menu, the page's own entry marked."""
    return once("chrome/menu.html", current_entry(str(context.get("bare_path", ""))))


def forget(**kwargs: Any) -> None:
    KEPT.clear()


setting_changed.connect(forget)
