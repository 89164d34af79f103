"""The pseudo-language: every message of both domains wrapped in ⟦ ⟧ and its letters accented
(`Ŧĥé ŵàîţ`), made from the catalogues, never shipped.

A page or an explanation shown in it reads as accented, bracketed text wherever a sentence came
from a catalogue; whatever still reads as plain English (or as Japanese) escaped the catalogues.
The tests make it in a temporary folder (tests/i18n/pseudo.py) and walk the pages and the
explanations in it. By hand:

    python -m tools.pseudo /tmp/pseudo   # then LOCALE_PATHS and words.LOCALE_DIRS may add it

The placeholders a message carries (`{points:,}`, `%(name)s`, `%s`, an HTML tag, an entity, a
web address) stay as they are, so the pseudo-language formats like any other.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from django.utils import translation
from django.utils.translation import trans_real

from scoring.engine import words
from tools import messages

CODE = "en-xa"  # a private-use region of English, as other projects name their pseudo-locale
NAME = "Ƥšéûđö"
OPEN, CLOSE = "⟦", "⟧"

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àƀçđéƒğĥíĵķľḿñöṕʠřšţüṽŵẋýžÅƁÇĎÉƑĜĤÎĴĶĹṀÑÖṖǪŔŠŤÛṼŴẌÝŽ"
ACCENT = str.maketrans(PLAIN, ACCENTED)
PLACEHOLDER = re.compile(
    r"\{[^{}]*\}"  # a field: {points:,}
    r"|%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]"  # %(name)s
    r"|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]"  # %s, %d, %%
    r"|<[^<>]*>|&#?\w+;"  # a tag, an entity
    r"|https?://[^\s)）」]+"  # an address
)


def pseudo(text: str) -> str:
    """`text` wrapped and accented, its placeholders kept.

    >>> pseudo("{fu} fu rounds up to %(to)s <b>fu</b>")
    '⟦{fu} ƒü řöüñđš üṕ ţö %(to)s <b>ƒü</b>⟧'
    >>> pseudo("")
    ''
    """
    if not text:
        return text
    kept = PLACEHOLDER.split(text)
    found = PLACEHOLDER.findall(text)
    said = "".join(
        part.translate(ACCENT) + (found[i] if i < len(found) else "") for i, part in enumerate(kept)
    )
    return OPEN + said + CLOSE


HEADER = f"""\
msgid ""
msgstr ""
"Project-Id-Version: Tenbō pseudo-language (made by tools/pseudo.py, never shipped)\\n"
"Language: {words.locale_name(CODE)}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def engine_entries() -> Iterator[tuple[str | None, str, str | None]]:
    """(context, message id, plural id) of every engine message."""
    for _source, catalogue in messages.catalogues():
        for key, english in catalogue.english.items():
            if english:
                yield catalogue.context(key), english, None


def site_entries() -> Iterator[tuple[str | None, str, str | None]]:
    """(context, message id, plural id) of every message the site's pages can show: its own
    catalogue's and Django's (a form's "This field is required."), read from the messages
    Japanese pages are made of (the catalogues tests/i18n keeps complete)."""
    with translation.override("ja"):
        merged = trans_real.translation("ja")._catalog  # type: ignore[attr-defined]
    keys = list(dict.fromkeys(merged.keys()))  # the site's and Django's catalogues, merged
    # A plural's singular id names both its forms here, and answers gettext too.
    plurals = {key[0] for key in keys if isinstance(key, tuple) and key[1] == 0}
    for key in keys:
        if isinstance(key, tuple):
            if key[1] == 0:
                context, _, msgid = key[0].rpartition("\x04")
                yield context or None, msgid, msgid
        elif key and key not in plurals:
            context, _, msgid = key.rpartition("\x04")
            yield context or None, msgid, None


def po(entries: Iterator[tuple[str | None, str, str | None]]) -> str:
    out = [HEADER]
    for context, msgid, plural in entries:
        lines = [] if context is None else [f"msgctxt {messages.quoted(context)}"]
        lines.append(f"msgid {messages.quoted(msgid)}")
        if plural is None:
            lines.append(f"msgstr {messages.quoted(pseudo(msgid))}")
        else:
            lines += [f"msgid_plural {messages.quoted(plural)}",
                      f"msgstr[0] {messages.quoted(pseudo(msgid))}",
                      f"msgstr[1] {messages.quoted(pseudo(plural))}"]  # fmt: skip
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def make(folder: Path) -> Path:
    """Write and compile both domains' pseudo catalogues under `folder` (a locale folder)."""
    where = folder / words.locale_name(CODE) / "LC_MESSAGES"
    where.mkdir(parents=True, exist_ok=True)
    for domain, entries in ((words.DOMAIN, engine_entries()), ("django", site_entries())):
        source = where / f"{domain}.po"
        source.write_text(po(entries), encoding="utf-8")
        subprocess.run(["msgfmt", "-o", str(source.with_suffix(".mo")), str(source)], check=True)
    return folder


if __name__ == "__main__":
    print(make(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("pseudo-locale")))
