"""Every tile the site draws: its MPSZ code, English name and Japanese reading.

Parsing MPSZ text is the engine's (`scoring.engine.tiles.parse_tiles`); this module adds
the words people read. Codes are MPSZ: a digit and a suit letter, ``0`` for a red five
("0p" is the red 5 of circles), ``1z``–``7z`` for East, South, West, North, White, Green, Red.
``back`` is the face-down tile.

>>> tile_name("0p")
'5 of circles (red)'
>>> tile_name("5z")
'White dragon'
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import words
from scoring.engine.tiles import japanese_tile_name, tile_index
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


def tile_name(code: str) -> str:
    """The name of one tile code in the current language (Japanese as a scoring book writes
    it: 9萬, 赤5筒, 東).

    >>> tile_name("9m")
    '9 of characters'
    >>> with words.language("ja"):
    ...     tile_name("0p"), tile_name("1z"), tile_name("back")
    ('赤5筒', '東', '伏せ牌')
    """
    english = english_tile_name(code)  # refuses what is not a tile, in any language
    if words.current() == "ja":
        return "伏せ牌" if code == BACK else japanese_tile_name(code)
    return english


def english_tile_name(code: str) -> str:
    if code == BACK:
        return "face-down tile"
    if code in HONORS:
        return HONORS[code][0]
    if len(code) == 2 and code[0] in "0123456789" and code[1] in SUITS:
        number = "5" if code[0] == "0" else code[0]
        red = " (red)" if code[0] == "0" else ""
        return f"{number} of {SUITS[code[1]]}{red}"
    raise ValueError(f"{code!r} is not a tile")


def tile_reading(code: str) -> str:
    """The Japanese reading of one tile code.

    >>> tile_reading("9m"), tile_reading("0s"), tile_reading("6z")
    ('kyuu-wan', 'aka uu-sou', 'hatsu')
    """
    if code in HONORS:
        return HONORS[code][1]
    tile_name(code)  # validates
    if code == "9m":
        return "kyuu-wan"
    number = 5 if code[0] == "0" else int(code[0])
    reading = f"{NUMBER_READINGS[number - 1]}-{SUIT_READINGS[code[1]]}"
    return f"aka {reading}" if code[0] == "0" else reading


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
            "Characters — manzu (m)",
            "The numeral over the red character man (ten thousand).",
            infos(SUITED[:9]),
        ),
        Section("Circles — pinzu (p)", "Count the circles.", infos(SUITED[9:18])),
        Section("Bamboo — souzu (s)", "Count the sticks; the 1 is a bird.", infos(SUITED[18:27])),
        Section("Winds (z)", "East, South, West, North: 1z to 4z.", infos(CODES[27:31])),
        Section("Dragons (z)", "White, Green, Red: 5z to 7z.", infos(CODES[31:])),
        Section(
            "Red fives (0)",
            "One red five per suit; each is a dora. Written 0 in MPSZ.",
            infos(RED_FIVES),
        ),
    ]
