"""The pseudo-language in the tests: made once in a temporary folder (tools/pseudo.py), spoken
inside `speaking_pseudo` (the site's settings and the engine's list both name it), and read
with `plain_words`: what a visitor reads that did not come through a catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.test import override_settings

from scoring.engine import words
from tests.i18n.english import ALLOWED, VOID, _Reader
from tools.pseudo import CODE, NAME, make

__all__ = ["CODE", "make", "plain_words", "speaking_pseudo"]


@contextmanager
def speaking_pseudo(folder: Path) -> Iterator[None]:
    """The site and the engine speak the pseudo-language (made in `folder`) inside the block."""
    languages = [*settings.LANGUAGES, (CODE, NAME)]
    saved = words.LANGUAGES, list(words.LOCALE_DIRS)
    with override_settings(LANGUAGES=languages, LOCALE_PATHS=[folder, *settings.LOCALE_PATHS]):
        words.LANGUAGES = (*words.LANGUAGES, CODE)
        words.LOCALE_DIRS.insert(0, str(folder))
        words.forget()
        try:
            yield
        finally:
            words.LANGUAGES = saved[0]
            words.LOCALE_DIRS[:] = saved[1]
            words.forget()


class _Reader_(_Reader):
    """The visitor's reading, less what is marked as another language on purpose (the switch's
    日本語, a term's Japanese beside its English)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        lang = dict(attrs).get("lang") or ""
        if lang and not lang.startswith(CODE) and tag not in VOID:
            self.stack.append((tag, True))
            return
        super().handle_starttag(tag, attrs)


# A word of plain Latin letters (the pseudo-language's are all accented), not part of a tile
# code or a number ("5mr", "2p"); a run of kana or kanji (a catalogue's Japanese would be
# pseudo too).
PLAIN = re.compile(r"(?<![0-9A-Za-z])[A-Za-z][A-Za-z'’-]*[A-Za-z](?![0-9])")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
ADDRESS = re.compile(r"https?://\S+")


def plain_words(html: str, *, allowed: frozenset[str] = frozenset()) -> list[str]:
    """What a visitor reads in plain English or Japanese (names and codes aside)."""
    reader = _Reader_()
    reader.feed(html)
    reader.close()
    found = []
    for text in reader.read:
        text = ADDRESS.sub("", text)
        found += [w for w in PLAIN.findall(text) if not w.isupper()]
        found += KANA_KANJI.findall(text)
    return [w for w in found if w not in ALLOWED and w not in allowed]
