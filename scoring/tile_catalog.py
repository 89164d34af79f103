"""Every tile the site draws: its MPSZ code, name and Japanese reading.

Parsing MPSZ text is the engine's (`scoring.engine.tiles.parse_tiles`); this module adds
the words people read. Codes are MPSZ: a digit and a suit letter, ``0`` for a red five
("0p" is the red 5 of circles), ``1z``–``7z`` for East, South, West, North, White, Green, Red.
``back`` is the face-down tile.

`tile_name` and `tile_reading` speak the page's language ("9 of characters", "kyuu-wan" in
English; 9萬, キューワン in Japanese); `english_tile_name` is the name the tile pictures carry
(they are static files, and are made without Django).

>>> tile_name("0p")
'5 of circles (red)'
>>> tile_name("5z")
'White dragon'
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from scoring.engine import words
from scoring.engine.tiles import said_tile_name, tile_index
from scoring.engine.tiles import tile_name as engine_tile_name

SUITS = {"m": "characters", "p": "circles", "s": "bamboo"}
SUIT_JAPANESE = {"m": "manzu", "p": "pinzu", "s": "souzu"}
HONORS = {
    "1z": ("East wind", "ton"),
    "2z": ("South wind", "nan"),
    "3z": ("West wind", "shaa"),
    "4z": ("North wind", "pei"),
    "5z": ("White dragon", "haku"),
    "6z": ("Green dragon", "hatsu"),
    "7z": ("Red dragon", "chun"),
}
# The number words players say: "ryan-pin", "chuu-sou". Nine of characters is "kyuu-wan".
NUMBER_READINGS = ["ii", "ryan", "san", "suu", "uu", "roo", "chii", "paa", "chuu"]
SUIT_READINGS = {"m": "wan", "p": "pin", "s": "sou"}
# The readings in the page's language (in Latin letters in English, in kana in Japanese).
SAID_HONOR_READINGS = {
    "1z": pgettext_lazy("a tile's reading", "ton"),
    "2z": pgettext_lazy("a tile's reading", "nan"),
    "3z": pgettext_lazy("a tile's reading", "shaa"),
    "4z": pgettext_lazy("a tile's reading", "pei"),
    "5z": pgettext_lazy("a tile's reading", "haku"),
    "6z": pgettext_lazy("a tile's reading", "hatsu"),
    "7z": pgettext_lazy("a tile's reading", "chun"),
}
SAID_NUMBERS = [
    pgettext_lazy("a tile's reading", "ii"),
    pgettext_lazy("a tile's reading", "ryan"),
    pgettext_lazy("a tile's reading", "san"),
    pgettext_lazy("a tile's reading", "suu"),
    pgettext_lazy("a tile's reading", "uu"),
    pgettext_lazy("a tile's reading", "roo"),
    pgettext_lazy("a tile's reading", "chii"),
    pgettext_lazy("a tile's reading", "paa"),
    pgettext_lazy("a tile's reading", "chuu"),
]
SAID_SUIT_READINGS = {
    "m": pgettext_lazy("a tile's reading", "wan"),
    "p": pgettext_lazy("a tile's reading", "pin"),
    "s": pgettext_lazy("a tile's reading", "sou"),
}
BACK = "back"

SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
CODES = SUITED + list(HONORS)  # the 34 kinds
RED_FIVES = ["0m", "0p", "0s"]
ALL_FACES = CODES + RED_FIVES  # 37 pictures with a face, plus BACK


@dataclass(frozen=True)
class TileInfo:
    """What the reference page shows for one tile."""

    code: str
    name: str
    reading: str


def english_tile_name(code: str) -> str:
    """The English name of one tile code (the pictures' own; no Django needed).

    >>> english_tile_name("9m")
    '9 of characters'
    """
    if code == BACK:
        return "face-down tile"
    if code in HONORS:
        return HONORS[code][0]
    if len(code) == 2 and code[0] in "0123456789" and code[1] in SUITS:
        number = "5" if code[0] == "0" else code[0]
        red = " (red)" if code[0] == "0" else ""
        return f"{number} of {SUITS[code[1]]}{red}"
    raise ValueError(f"{code!r} is not a tile")


def tile_name(code: str) -> str:
    """The name of one tile code in the page's language (the engine's words: 9萬, 赤5筒, 東
    in Japanese).

    >>> tile_name("9m"), tile_name("back")
    ('9 of characters', 'face-down tile')
    >>> with words.language("ja"):
    ...     tile_name("0p"), tile_name("1z"), tile_name("back")
    ('赤5筒', '東', '伏せ牌')
    """
    english = english_tile_name(code)  # refuses what is not a tile, in any language
    if words.current() == words.DEFAULT:
        return english  # a name a newcomer reads ("9 of characters"), not the code
    return said_tile_name("back" if code == BACK else code)


def tile_reading(code: str) -> str:
    """The Japanese reading of one tile code: in Latin letters in English, in kana in Japanese.

    >>> tile_reading("9m"), tile_reading("0s"), tile_reading("6z")
    ('kyuu-wan', 'aka uu-sou', 'hatsu')
    """
    if code in SAID_HONOR_READINGS:
        return str(SAID_HONOR_READINGS[code])
    english_tile_name(code)  # validates
    if code == "9m":
        return pgettext("a tile's reading", "kyuu-wan")
    number = 5 if code[0] == "0" else int(code[0])
    reading = pgettext("a tile's reading: number, suit", "%(number)s-%(suit)s") % {
        "number": SAID_NUMBERS[number - 1],
        "suit": SAID_SUIT_READINGS[code[1]],
    }
    return _("aka %(reading)s") % {"reading": reading} if code[0] == "0" else reading


def tile_info(code: str) -> TileInfo:
    return TileInfo(code=code, name=tile_name(code), reading=tile_reading(code))


def kind_of(code: str) -> str:
    """The kind a tile counts as: a red five is a five.

    >>> kind_of("0s")
    '5s'
    """
    return engine_tile_name(tile_index(code))


@dataclass(frozen=True)
class Section:
    """A group of tiles on the reference page."""

    title: str
    note: str
    tiles: list[TileInfo]


def sections() -> list[Section]:
    """The reference page's groups, in the order players learn them."""

    def infos(codes: list[str]) -> list[TileInfo]:
        return [tile_info(c) for c in codes]

    return [
        Section(
            _("Characters — manzu (m)"),
            _("The numeral over the red character man (ten thousand)."),
            infos(SUITED[:9]),
        ),
        Section(_("Circles — pinzu (p)"), _("Count the circles."), infos(SUITED[9:18])),
        Section(
            _("Bamboo — souzu (s)"), _("Count the sticks; the 1 is a bird."), infos(SUITED[18:27])
        ),
        Section(_("Winds (z)"), _("East, South, West, North: 1z to 4z."), infos(CODES[27:31])),
        Section(_("Dragons (z)"), _("White, Green, Red: 5z to 7z."), infos(CODES[31:])),
        Section(
            _("Red fives (0)"),
            _("One red five per suit; each is a dora. Written 0 in MPSZ."),
            infos(RED_FIVES),
        ),
    ]
