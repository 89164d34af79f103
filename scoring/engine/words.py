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
"""

from __future__ import annotations

from collections.abc import Iterator
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
