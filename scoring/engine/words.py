"""The language the engine words its explanations in, for the current request or command.

The engine's results are data (kinds and numbers); their sentences are made from that data in
one language at a time. Which one is a context variable, so that concurrent requests (threads)
each have their own: the site sets it per request from the page's language, the API from
`lang=`, the command line from `--lang`.

>>> current()
'en'
>>> with language("ja"):
...     current()
'ja'
>>> current()
'en'

Each module of the engine that words something keeps its own catalogue: for each language, the
sentence templates it uses, keyed by what they say, with `{fields}` for the numbers. A sentence
is made from data at the moment it is read (`phrase`), never assembled in English first:

>>> SAMPLE = {
...     "en": {"rounds": "{fu} fu rounds up to {to} fu"},
...     "ja": {"rounds": "{fu}符は切り上げて{to}符"},
... }
>>> phrase(SAMPLE, "rounds", fu=32, to=40)
'32 fu rounds up to 40 fu'
>>> with language("ja"):
...     phrase(SAMPLE, "rounds", fu=32, to=40)
'32符は切り上げて40符'
>>> mismatches(SAMPLE)
[]
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token

LANGUAGES = ("en", "ja")
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("tenbo_language", default=DEFAULT)


def known(code: str) -> str:
    """The language a code names ("ja", "ja-JP", "JA" → "ja"); the default for any other."""
    base = code.strip().lower().replace("_", "-").split("-", 1)[0]
    return base if base in LANGUAGES else DEFAULT


def current() -> str:
    """The language explanations are worded in now."""
    return _current.get()


def use(code: str) -> Token[str]:
    """Word explanations in `code` from now on (in this context); `reset` undoes it."""
    return _current.set(known(code))


def reset(token: Token[str]) -> None:
    _current.reset(token)


@contextmanager
def language(code: str) -> Iterator[str]:
    """Word explanations in `code` inside the block."""
    token = use(code)
    try:
        yield current()
    finally:
        reset(token)


Catalogue = Mapping[str, Mapping[str, str]]  # language → key → template with {fields}


def phrase(catalogue: Catalogue, entry: str, /, **fields: object) -> str:
    """The sentence `entry` of `catalogue` in the current language, its `{fields}` filled (a
    field may be called `key`: compiled, a positional-only name cannot also be a keyword)."""
    return template_of(catalogue, entry, current()).format(**fields)


def template_of(catalogue: Catalogue, key: str, code: str) -> str:
    """The template `key` of `catalogue` in language `code` (English when it has none)."""
    table = catalogue.get(code)
    template = table.get(key) if table is not None else None
    return template if template is not None else catalogue[DEFAULT][key]


def word(catalogue: Catalogue, key: str) -> str:
    """The word `key` of `catalogue` in the current language (a template with no fields)."""
    table = catalogue.get(current(), catalogue[DEFAULT])
    found = table.get(key)
    return found if found is not None else catalogue[DEFAULT][key]


def fields_of(template: str) -> frozenset[str]:
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def mismatches(catalogue: Catalogue) -> list[str]:
    """What a catalogue's languages disagree on: a key missing from one, or a template whose
    fields differ from English's. Empty when every language says everything."""
    problems = []
    english = catalogue[DEFAULT]
    for code in LANGUAGES:
        table = catalogue.get(code, {})
        for key, template in english.items():
            if key not in table:
                problems.append(f"{code}: no {key!r}")
            elif fields_of(table[key]) != fields_of(template):
                problems.append(f"{code}: {key!r} has other fields than English")
        problems.extend(f"{code}: {key!r} is not in English" for key in table if key not in english)
    return problems


class Words:
    """Something said, kept as data and worded in the current language only when read
    (`str()`): results are cached and shared across requests, so they hold no language."""

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError


class Said(Words):
    """The sentence `key` of `catalogue` with its fields (numbers, or `Words` worded in turn).

    >>> said = Said(SAMPLE_ROUNDS, "rounds", fu=32, to=40)
    >>> str(said)
    '32 fu rounds up to 40 fu'
    >>> with language("ja"):
    ...     str(said)
    '32符は切り上げて40符'
    >>> said == Said(SAMPLE_ROUNDS, "rounds", fu=32, to=40)
    True
    """

    __slots__ = ("catalogue", "key", "fields", "last")

    def __init__(self, catalogue: Catalogue, entry: str, /, **fields: object) -> None:
        self.catalogue = catalogue
        self.key = entry
        self.fields = fields
        # The last wording, with its language (one tuple, so that a thread never reads one
        # language's code with another's text): many are shared (a fu item's reason, a limit's
        # reason), and a site answers mostly in one language at a time.
        self.last = ("", "")

    def __str__(self) -> str:
        code = _current.get()
        last = self.last
        if last[0] == code:
            return last[1]
        fields = self.fields
        for value in fields.values():
            if isinstance(value, Words):
                fields = {k: str(v) if isinstance(v, Words) else v for k, v in fields.items()}
                break
        table = self.catalogue.get(code)
        template = table.get(self.key) if table is not None else None
        if template is None:
            template = self.catalogue[DEFAULT][self.key]
        text = template.format_map(fields)
        self.last = (code, text)
        return text

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Said)
            and self.catalogue is other.catalogue
            and self.key == other.key
            and self.fields == other.fields
        )

    def __hash__(self) -> int:
        return hash((self.key, tuple(self.fields.items())))


FIXED: dict[tuple[int, str], Said] = {}


def fixed(catalogue: Catalogue, key: str) -> Said:
    """The word `key` of `catalogue` (no fields) as one shared `Said`, worded once per
    language however many results say it (a yaku's name, a payer, a wait).

    >>> fixed(SAMPLE_ROUNDS, "and") is fixed(SAMPLE_ROUNDS, "and")
    True
    """
    found = FIXED.get((id(catalogue), key))
    if found is None:
        found = FIXED[(id(catalogue), key)] = Said(catalogue, key)
    return found


class Joined(Words):
    """Several things said, joined by the catalogue's word `separator` (", ", "、"…).

    >>> str(Joined(SAMPLE_ROUNDS, "and", (Said(SAMPLE_ROUNDS, "rounds", fu=22, to=30), "x")))
    '22 fu rounds up to 30 fu and x'
    """

    __slots__ = ("catalogue", "separator", "parts")

    def __init__(self, catalogue: Catalogue, separator: str, parts: tuple[object, ...]) -> None:
        self.catalogue = catalogue
        self.separator = separator
        self.parts = parts

    def __str__(self) -> str:
        return word(self.catalogue, self.separator).join(str(p) for p in self.parts)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Joined)
            and self.catalogue is other.catalogue
            and self.separator == other.separator
            and self.parts == other.parts
        )

    def __hash__(self) -> int:
        return hash((self.separator, self.parts))


Text = str | Words  # what a result holds where a sentence goes: fixed text, or words


SAMPLE_ROUNDS: Catalogue = {
    "en": {"rounds": "{fu} fu rounds up to {to} fu", "and": " and "},
    "ja": {"rounds": "{fu}符は切り上げて{to}符", "and": "と"},
}
