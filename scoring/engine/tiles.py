"""Tile notation: MPSZ text ⇄ tiles, red fives, and dora from an indicator.

A tile is an index 0–33: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s, 27–33 = 1z–7z
(East South West North White Green Red). A tile *name* is its two-character MPSZ form;
`0` is a red five (`0m` is a red 5m), which is the same index as `5m`.

>>> parse_tiles("406p 11z")
['4p', '0p', '6p', '1z', '1z']
>>> format_tiles(["1m", "2m", "3m", "0p", "7z"])
'123m0p7z'
>>> tile_name(dora_from_indicator("0s"))
'6s'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from functools import lru_cache
from typing import Final

from .errors import ScoringError
from .words import Catalogue, phrase, word

# Final: compiled, a module constant is then a C static (or its literal value) rather than a
# lookup in the module's dict every time it is read.
SUITS: Final = "mpsz"
HONOURS: Final = 27
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
DRAGONS: Final = (WHITE, GREEN, RED)
TERMINALS_AND_HONOURS: Final = (0, 8, 9, 17, 18, 26, *range(27, 34))
IS_TERMINAL_OR_HONOUR: Final = tuple(i in TERMINALS_AND_HONOURS for i in range(34))
GREEN_TILES: Final = frozenset({19, 20, 21, 23, 25, GREEN})  # 2 3 4 6 8 sou and Hatsu

TILE_INDEX: Final[dict[str, int]] = {
    f"{n}{suit}": 9 * s + n - 1
    for s, suit in enumerate(SUITS)
    for n in range(1, 10)
    if suit != "z" or n <= 7
}
TILE_INDEX.update({"0m": 4, "0p": 13, "0s": 22})
NAMES: Final = tuple(f"{i % 9 + 1}{SUITS[i // 9]}" for i in range(34))
WIND_NAMES = ("East", "South", "West", "North")
# The winds by letter, as a request writes them (seat and round): the one place they are named.
WIND_LABELS: dict[str, str] = {wind: WIND_NAMES[i] for i, wind in enumerate(WINDS)}
HONOUR_NAMES = (*WIND_NAMES, "White", "Green", "Red")

# Tiles and winds in words. English writes a tile as its MPSZ code in the engine's sentences
# ("points at 5m"); each other language as its scoring books do (Japanese: 5萬, 赤5筒, 東, 白),
# one entry per tile (`tile.<name>`, a red five `tile.0m`).
WORDS = Catalogue(
    "tiles",
    {
        **{f"wind_{i}": name for i, name in enumerate(WIND_NAMES)},
        **{f"tile.{name}": name for name in TILE_INDEX},
        "tile.back": "face-down tile",
        "face_down": "{name} (face down)",
        "winning": "{name}, winning tile",
        "not_digit": "{what} {text!r}: {ch!r} is not a digit 0–9",
        "no_digits": "{what} {text!r}: suit letter {ch!r} has no digits before it",
        "no_suit": "{what} {text!r}: digits {digits} have no suit letter",
        "not_suit": "{what} {text!r}: {ch!r} is not a suit letter (use m, p, s or z)",
        "not_honour": "{what} {text!r}: {name} is not a tile (honours are 1z–7z)",
        "not_zero": "{what} {text!r}: {name} is not a tile (a red five is 0, there is no other 0)",
        "what_tiles": "tiles",
        "what_hand": "hand",
        "what_win": "win",
        "what_dora": "dora",
        "what_ura": "ura",
        "what_meld": "meld",
    },
)


def tile_index(name: str) -> int:
    """The index 0–33 of a tile name (a red five is its five).

    >>> tile_index("0p"), tile_index("7z")
    (13, 33)
    """
    return TILE_INDEX[name]


def tile_name(index: int) -> str:
    """The plain MPSZ name of a tile index.

    >>> tile_name(0), tile_name(27)
    ('1m', '1z')
    """
    return NAMES[index]


def wind_name(seat: int) -> str:
    """The wind of seat 0–3 (0 = East) in the current language.

    >>> from .words import language
    >>> wind_name(1)
    'South'
    >>> with language("ja"):
    ...     wind_name(1)
    '南'
    """
    return word(WORDS, f"wind_{seat % 4}")


def said_tile_name(name: str) -> str:
    """A tile (an MPSZ name, "back" for a face-down tile) as the current language writes it
    in a sentence: its code in English, a scoring book's name in Japanese.

    >>> from .words import language
    >>> with language("ja"):
    ...     said_tile_name("1m"), said_tile_name("0s"), said_tile_name("6z")
    ('1萬', '赤5索', '發')
    """
    return word(WORDS, f"tile.{name}")


def is_red(name: str) -> bool:
    """Whether a tile name is a red five."""
    return name[0] == "0"


def is_honour(index: int) -> bool:
    return index >= HONOURS


def is_terminal_or_honour(index: int) -> bool:
    return IS_TERMINAL_OR_HONOUR[index]


WELL_FORMED = re.compile(r"\s*(?:[0-9]+[mps]\s*|[1-7]+z\s*)*")
GROUPS = re.compile(r"([0-9]+)([mpsz])")


def parse_tiles(text: str, *, what: str = "tiles") -> list[str]:
    """Tile names from MPSZ text (digits, then their suit letter; spaces between groups).

    >>> parse_tiles("123m 55z")
    ['1m', '2m', '3m', '5z', '5z']
    >>> parse_tiles("12x")
    Traceback (most recent call last):
    ...
    scoring.engine.errors.ScoringError: tiles '12x': 'x' is not a suit letter (use m, p, s or z)
    """
    return list(tile_names(text, what=what))


def tile_names(text: str, *, what: str = "tiles") -> tuple[str, ...]:
    """parse_tiles as a tuple (the engine's own form)."""
    if not text:
        return ()
    # Short texts (indicators, a win tile, a meld's tiles) recur from hand to hand and are
    # cached; a hand's text seldom recurs, and caching it would only churn the cache.
    names = (recurring_names if len(text) <= 5 else well_formed_names)(text)
    return names if names is not None else tuple(parse_slowly(text, what))


def well_formed_names(text: str) -> tuple[str, ...] | None:
    """The tile names of well-formed MPSZ text, or None when it is not well formed."""
    if WELL_FORMED.fullmatch(text):
        return tuple(d + suit for digits, suit in GROUPS.findall(text) for d in digits)
    return None


recurring_names = lru_cache(maxsize=4096)(well_formed_names)

SUIT_GROUP: Final = re.compile(r"[0-9]+[mpsz]")
NO_TILES: Final = ((0,) * 9, (0,) * 9, (0,) * 9, (0,) * 7)  # each suit's counts when it is absent


SuitCounts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def names_and_counts(
    text: str, *, what: str = "tiles"
) -> tuple[tuple[str, ...], tuple[int, ...], int, SuitCounts]:
    """tile_names, the 34 counts, the largest of them and the same counts suit by suit (m, p,
    s: 9 each, z: 7), from the text's suit groups (each cached: the same suit's tiles recur
    from hand to hand, and so do the suit counts' objects, which `decompose` reads).

    >>> names, counts, most, suits = names_and_counts("406p11z")
    >>> names, counts[13], counts[27], most, suits[1]
    (('4p', '0p', '6p', '1z', '1z'), 1, 2, 2, (0, 0, 0, 1, 1, 1, 0, 0, 0))
    """
    groups = SUIT_GROUP.findall(text)
    by_suit = list(NO_TILES)
    names: tuple[str, ...] = ()
    most = seen = 0
    for group in groups:
        part = suit_group(group)
        if part is None or seen & (1 << part[0]):
            return names_and_counts_slowly(text, what)  # a problem to report, or a suit twice
        seen |= 1 << part[0]  # not `is NO_TILES[...]`: compiled, tuples are not kept as objects
        suit, group_names, by_suit[suit], group_most = part
        names += group_names
        most = group_most if group_most > most else most
    if len(names) + len(groups) != len(text):  # not all groups: spaces, or a problem to report
        return names_and_counts_slowly(text, what)
    m, p, s, z = by_suit
    return names, (*m, *p, *s, *z), most, (m, p, s, z)


@lru_cache(maxsize=8192)  # about 4,500 suit groups in 10,000 generated hands
def suit_group(group: str) -> tuple[int, tuple[str, ...], tuple[int, ...], int] | None:
    """One suit's tiles as written together (`406p`): the suit (0–3), the tile names, the
    suit's counts and the largest; None when a digit is no tile of that suit (`8z`)."""
    suit = group[-1]
    names = tuple(d + suit for d in group[:-1])
    if not all(name in TILE_INDEX for name in names):
        return None
    s = SUITS.index(suit)
    counts = list(NO_TILES[s])
    for name in names:
        counts[TILE_INDEX[name] - 9 * s] += 1
    return s, names, tuple(counts), max(counts)


def names_and_counts_slowly(
    text: str, what: str
) -> tuple[tuple[str, ...], tuple[int, ...], int, SuitCounts]:
    names = tile_names(text, what=what)
    counts = tuple(counts_of(TILE_INDEX[name] for name in names))
    return names, counts, max(counts), suit_counts(counts)


def suit_counts(counts: tuple[int, ...]) -> SuitCounts:
    """The 34 counts suit by suit (m, p, s, z)."""
    return counts[0:9], counts[9:18], counts[18:27], counts[27:34]


ASCII_DIGITS = frozenset("0123456789")


def what_words(what: str) -> str:
    """What a tile text is (`hand`, `win`, `meld 'pon 12x':`…), in the current language."""
    head, space, rest = what.partition(" ")
    if f"what_{head}" not in WORDS.english:
        return what
    return word(WORDS, f"what_{head}") + space + rest


def tiles_error(key: str, what: str, text: str, **fields: object) -> ScoringError:
    return ScoringError(phrase(WORDS, key, what=what_words(what), text=text, **fields))


def parse_slowly(text: str, what: str) -> list[str]:
    """parse_tiles for text that is not well formed: find the first problem and say what."""
    names: list[str] = []
    digits: list[str] = []
    for ch in text:
        if ch in ASCII_DIGITS:
            digits.append(ch)
        elif ch.isdigit():  # "１", "²", "٣": digits, but not the 0–9 of MPSZ
            raise tiles_error("not_digit", what, text, ch=ch)
        elif ch in SUITS:
            if not digits:
                raise tiles_error("no_digits", what, text, ch=ch)
            names.extend(check_name(d + ch, text, what) for d in digits)
            digits.clear()
        elif ch.isspace():
            if digits:
                raise tiles_error("no_suit", what, text, digits="".join(digits))
        else:
            raise tiles_error("not_suit", what, text, ch=ch)
    if digits:
        raise tiles_error("no_suit", what, text, digits="".join(digits))
    return names


def check_name(name: str, text: str, what: str) -> str:
    if name not in TILE_INDEX:
        raise tiles_error("not_honour" if name[1] == "z" else "not_zero", what, text, name=name)
    return name


def format_tiles(names: Iterable[str]) -> str:
    """Compact MPSZ text: each run of one suit's digits followed by its letter.

    >>> format_tiles(["1m", "1m", "9p", "1s"])
    '11m9p1s'
    """
    out: list[str] = []
    suit = ""
    for name in names:
        if suit and name[1] != suit:
            out.append(suit)
        out.append(name[0])
        suit = name[1]
    if suit:
        out.append(suit)
    return "".join(out)


def format_indices(indices: Iterable[int], *, reds: Collection[int] = ()) -> str:
    """Compact MPSZ text for tile indices; the first five of a suit whose five is in `reds`
    is written as its red `0`.

    >>> format_indices([0, 1, 2, 27]), format_indices([12, 13, 14, 13], reds=[13])
    ('123m1z', '4065p')
    """
    if not reds:
        return format_tiles(NAMES[i] for i in indices)
    names, red = [], set(reds)
    for i in indices:
        names.append(f"0{SUITS[i // 9]}" if i in red else NAMES[i])
        red.discard(i)
    return format_tiles(names)


SANMA_CHARACTERS = (0, 8)  # the 1m and 9m: a three-player set has no other characters


def dora_from_indicator(indicator: int | str, *, players: int = 4) -> int:
    """The dora an indicator points at: the next tile, wrapping 9 → 1, North → East,
    Red → White (a red-five indicator points at the 6); with three players, whose set has
    no 2m–8m, 1m points at 9m and 9m at 1m.

    >>> [tile_name(dora_from_indicator(t)) for t in ("9m", "4z", "7z", "0p", "5z")]
    ['1m', '1z', '5z', '6p', '6z']
    >>> tile_name(dora_from_indicator("1m", players=3))
    '9m'
    """
    i = TILE_INDEX[indicator] if isinstance(indicator, str) else indicator
    if players == 3 and i in SANMA_CHARACTERS:
        return 8 - i
    if i < HONOURS:
        return i - i % 9 + (i % 9 + 1) % 9
    if i <= NORTH:
        return EAST + (i - EAST + 1) % 4
    return WHITE + (i - WHITE + 1) % 3


INDICATOR_OF = {dora_from_indicator(i): i for i in range(34)}


def indicator_of(dora: int) -> int:
    """The indicator that makes `dora` the dora (dora_from_indicator's inverse).

    >>> tile_name(indicator_of(tile_index("1m"))), tile_name(indicator_of(tile_index("5z")))
    ('9m', '7z')
    """
    return INDICATOR_OF[dora]


def counts_of(indices: Iterable[int]) -> list[int]:
    """How many of each of the 34 tiles.

    >>> counts_of([0, 0, 33])[0], counts_of([0, 0, 33])[33]
    (2, 1)
    """
    counts = [0] * 34
    for i in indices:
        counts[i] += 1
    return counts
