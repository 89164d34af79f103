"""Tiles as pictures in templates.

``{% load tiles %}`` then:

- ``{% tiles "123m406p11z" %}``: a row of tile pictures; spaces split it into groups
  (``"234m 567p 55s"``).
- ``{% tiles "chi 123m" %}``, ``"pon 777z"``, ``"kan 1111s"``, ``"ankan 9999p"``: one meld. An
  open meld draws its called tile sideways, by default the first (as if called from the left);
  ``sideways=N`` picks another, ``sideways=-1`` none. A closed kan shows its two outer tiles
  face down, the way it lies on the table, so it cannot be mistaken for an open kan; a red
  five in it goes to the middle, face up, so every tile that counts can be seen.
- ``win="5s"`` marks one tile, the last that matches, as the winning tile: it is lifted and
  underlined with a triangle (not only a colour), and its name ends in ", winning tile".
- ``size="sm" | "md" | "lg"`` (28, 36, 48 px wide).
- ``{{ code|tile_name }}`` → "5 of circles (red)"; ``{{ code|tile_src }}`` → the picture's URL:
  its view in the sheet of every tile (``img/tiles.svg#t0p``), so a page fetches one file.
- ``{{ text|tile_text }}``: an explanation with its tile codes drawn as small pictures ("read
  as 234m 678p 55s" → the three groups as tiles); the text is escaped first unless it is safe
  already (as ``{% glossed %}`` leaves it).

Every picture has ``alt`` and ``title``: the tile's name in the page's language (English
"5 of circles (red)", Japanese 赤5筒).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext_lazy

from scoring.engine import words
from scoring.engine.tiles import WORDS as TILE_WORDS
from scoring.engine.tiles import parse_tiles
from scoring.tile_art import view_id
from scoring.tile_catalog import BACK, kind_of
from scoring.tile_catalog import tile_name as catalog_tile_name

register = template.Library()

SIZES = {"sm": 28, "md": 36, "lg": 48}
MELD_KINDS = {
    "chi": pgettext_lazy("a meld's kind", "chi"),
    "pon": pgettext_lazy("a meld's kind", "pon"),
    "kan": pgettext_lazy("a meld's kind", "open kan"),
    "ankan": pgettext_lazy("a meld's kind", "closed kan"),
}


def meld_kind(kind: str) -> str:
    """A meld's kind as its label says it, in the page's language."""
    return str(MELD_KINDS[kind])


@register.filter
def tile_name(code: str) -> str:
    """``"0p"`` → ``"5 of circles (red)"``."""
    return catalog_tile_name(code)


@register.filter
def tile_src(code: str) -> str:
    """The URL of one tile's picture."""
    catalog_tile_name(code)  # an unknown code fails here, not as a broken image
    return picture(code)


def picture(code: str) -> str:
    """A tile's view in the sheet of every tile: one file for every tile of a page."""
    return f"{static('img/tiles.svg')}#{view_id(code)}"


def win_index(codes: list[str], win: str | None) -> int | None:
    """The position of the winning tile: the last exact match, else the last of its kind."""
    if not win:
        return None
    for matches in (lambda c: c == win, lambda c: kind_of(c) == kind_of(win)):
        found = [i for i, code in enumerate(codes) if matches(code)]
        if found:
            return found[-1]
    return None


def tile_html(
    code: str, *, width: int, win: bool = False, side: bool = False, down: bool = False
) -> SafeString:
    """One tile: a ``span.tile`` around its ``img``; made once for each code, size, mark
    and language (a page draws hundreds of the same few)."""
    return made_tile_html(code, width, win, side, down, get_language())


@lru_cache(maxsize=4096)
def made_tile_html(
    code: str, width: int, win: bool, side: bool, down: bool, language: str | None
) -> SafeString:
    name = catalog_tile_name(code)
    if down:
        name = words.phrase(TILE_WORDS, "face_down", name=name)
    if win:
        name = words.phrase(TILE_WORDS, "winning", name=name)
    classes = "tile" + (" tile--win" if win else "") + (" tile--side" if side else "")
    return format_html(
        '<span class="{}"><img src="{}" alt="{}" title="{}" width="{}" height="{}"></span>',
        classes,
        picture(BACK if down else code),
        name,
        name,
        width,
        width * 4 // 3,
    )


@receiver(setting_changed)
def static_changed(**kwargs: Any) -> None:
    """A changed setting (the static files' address or storage) makes the pictures anew."""
    made_tile_html.cache_clear()
    made_tiles.cache_clear()
    drawn_text.cache_clear()


def row_html(
    codes: list[str], *, width: int, win: int | None, side: int | None, down: set[int]
) -> SafeString:
    return format_html_join(
        "",
        "{}",
        (
            (tile_html(c, width=width, win=i == win, side=i == side, down=i in down),)
            for i, c in enumerate(codes)
        ),
    )


@register.simple_tag
def tiles(
    value: str, *, win: str | None = None, size: str = "md", sideways: int | None = None
) -> SafeString:
    """Render an MPSZ string or a meld as a row of tile pictures (made once for each value,
    marks and language: the same hands and groups recur on every page)."""
    return made_tiles(str(value), win, size, sideways, get_language())


@lru_cache(maxsize=4096)
def made_tiles(
    value: str, win: str | None, size: str, sideways: int | None, language: str | None
) -> SafeString:
    size = size if size in SIZES else "md"
    width = SIZES[size]
    words = str(value).split()
    if words and words[0] in MELD_KINDS:
        return meld_html(words[0], "".join(words[1:]), size=size, win=win, sideways=sideways)
    groups = [parse_tiles(word) for word in words]
    win_at = win_index([c for g in groups for c in g], win)
    parts, offset = [], 0
    for group in groups:
        local_win = None if win_at is None else win_at - offset
        row = row_html(group, width=width, win=local_win, side=None, down=set())
        parts.append(format_html('<span class="tile-group">{}</span>', row))
        offset += len(group)
    return format_html(
        '<span class="tiles tiles--{}">{}</span>',
        size,
        format_html_join("", "{}", ((p,) for p in parts)),
    )


def face_up_reds(codes: list[str]) -> list[str]:
    """A closed kan's tiles with its red fives in the middle, where they lie face up:
    ``0555s`` → ``5055s`` (a red five counts a han, so it must stay in view)."""
    reds = [c for c in codes if c.startswith("0")]
    plain = [c for c in codes if not c.startswith("0")]
    if not reds or not plain:
        return codes
    return [plain[0], *reds, *plain[1:]]


def meld_html(
    kind: str, mpsz: str, *, size: str, win: str | None, sideways: int | None
) -> SafeString:
    width = SIZES[size]
    codes = parse_tiles(mpsz)
    closed = kind == "ankan"
    if closed:
        codes = face_up_reds(codes)
    if sideways is None:
        sideways = -1 if closed else 0
    down = {0, len(codes) - 1} if closed else set()
    side = sideways if 0 <= sideways < len(codes) else None
    row = row_html(codes, width=width, win=win_index(codes, win), side=side, down=down)
    return format_html(
        '<span class="tiles tiles--{} tiles--meld" role="group" aria-label="{}">'
        '<span class="tile-group">{}</span></span>',
        size,
        f"{meld_kind(kind)} {mpsz}",
        row,
    )


# A run of tile codes in a text: "9s", "234m 678p 11z" (groups split by single spaces). Digits
# inside a Latin word, an entity (&#39;) or an address are left alone; a code touching a
# Japanese, Chinese or Korean character is a tile all the same ("中で77zが完成", "7z로"): those
# languages put no spaces around it (so word characters here are ASCII ones).
TILE_RUN = re.compile(
    r"(?<![\w&#/.-])((?:[0-9]+[mpsz])+(?: (?:[0-9]+[mpsz])+)*)(?![\w-])", re.ASCII
)


@register.filter(is_safe=True)
def tile_text(text: object) -> SafeString:
    """``text`` (escaped unless safe) with each run of tile codes drawn as small tiles."""
    return drawn_text(str(conditional_escape(text)), get_language())


@lru_cache(maxsize=4096)
def drawn_text(markup: str, language: str | None) -> SafeString:
    """The escaped text with its tile codes drawn, made once for each text and language (an
    explanation's sentences recur from hand to hand)."""

    def draw(match: re.Match[str]) -> str:
        try:
            return str(tiles(match.group(1), size="sm"))
        except ValueError:
            return match.group(0)

    return mark_safe(TILE_RUN.sub(draw, markup))  # noqa: S308 (escaped above, tiles escape)
