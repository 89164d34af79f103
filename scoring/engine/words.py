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


def phrase(catalogue: Catalogue, key: str, /, **fields: object) -> str:
    """The sentence `key` of `catalogue` in the current language, its `{fields}` filled."""
    table = catalogue.get(current(), catalogue[DEFAULT])
    template = table.get(key)
    if template is None:
        template = catalogue[DEFAULT][key]
    return template.format(**fields)


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
