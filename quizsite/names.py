"""Names people type (students, players, clubs, drills, saved rule sets, a class, a learner's
name on a drill): the one place that says what a name may hold and when two names are one.

A name is kept with its spaces collapsed. It may not hold a control character (NUL, a tab,
escape…) nor an invisible *format* character (Unicode category Cf: zero-width spaces and
joiners, the byte-order mark, the bidi controls that turn text around, tags…): "Bob" plus a
zero-width space would sit beside "Bob" looking the same, and a right-to-left override would
show a name backwards. `check` refuses both, `NameField` is the form field every name form
uses.

Two names are compared as people read them:

- `name_key`: NFKC (full-width Ａ is A, ｶ is カ, ﬁ is fi, ² is 2) then case folded, spaces
  collapsed. What a club matches players by, and what a key stored in the database holds.
- `look_key`: that, with every character that looks like another (Cyrillic а and Latin a,
  digit 0 and letter O, rn and m) replaced by one of its kind, as Unicode's confusables list
  (UTS #39) pairs them, through the `confusable-homoglyphs` package's copy of that list. What a
  class checks a new member's name against: a stranger cannot join as a second "Aiko" that
  only a font tells apart. Never shown, never stored.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from confusable_homoglyphs.confusables import confusables_data
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

CONTROL = frozenset({"Cc", "Cs"})  # control characters; lone surrogates (never text)
FORMAT = "Cf"  # invisible format characters: bidi controls, zero-width ones, BOM, tags

CONTROL_MESSAGE = gettext_lazy("A name cannot hold control characters (such as NUL or a tab).")
FORMAT_MESSAGE = gettext_lazy(
    "A name cannot hold invisible formatting characters (such as a zero-width space or a "
    "right-to-left mark): type it again without them."
)


def collapse(value: str) -> str:
    """The name with its runs of spaces (any kind: tabs, no-break spaces) made one space.

    >>> collapse("  Aiko \\u3000 Tanaka ")
    'Aiko Tanaka'
    """
    return " ".join(value.split())


def printable(value: str) -> str:
    """Text that came from elsewhere (a log's title), shown as it is but without the control
    and format characters a typed name may not hold.

    >>> printable("Phoenix\\u202e room\\u0000")
    'Phoenix room'
    """
    return "".join(c for c in value if unicodedata.category(c) not in CONTROL | {FORMAT})


def problem(value: str) -> str:
    """What is wrong with the characters of this name: "control", "format" or ""."""
    categories = {unicodedata.category(c) for c in value}
    if categories & CONTROL:
        return "control"
    if FORMAT in categories:
        return "format"
    return ""


def check(value: str) -> str:
    """The name collapsed, or ValidationError (code "control" or "format") when it holds a
    character no name may hold. Blank and length are the caller's (each says them its way).

    >>> check(" Bob ")
    'Bob'
    >>> problem("Bob\\u200b"), problem("\\u202eboB"), problem("Bob\\x00")
    ('format', 'format', 'control')
    """
    code = problem(value)
    if code:
        message = CONTROL_MESSAGE if code == "control" else FORMAT_MESSAGE
        raise ValidationError(message, code=code)
    return collapse(value)


def name_key(name: str) -> str:
    """The name as two names are compared: NFKC, case folded, spaces collapsed.

    >>> name_key("ＡＩＫＯ  tanaka") == name_key("Aiko Tanaka")
    True
    """
    return collapse(unicodedata.normalize("NFKC", name).casefold())


def look_key(name: str) -> str:
    """`name_key`, with look-alike characters folded to one of their kind (UTS #39's
    confusables): two names with the same `look_key` read the same to a person.

    >>> look_key("Аiko") == look_key("aiko")  # a Cyrillic А
    True
    >>> look_key("B0b") == look_key("Bob"), look_key("Aiko") == look_key("Aika")
    (True, False)
    """
    folded = "".join(_prototype(c) for c in unicodedata.normalize("NFD", name_key(name)))
    return name_key(unicodedata.normalize("NFD", folded))


@lru_cache(maxsize=4096)
def _prototype(character: str) -> str:
    """The character a look-alike stands for. The package's list pairs each character with its
    look-alikes: a prototype with all the characters that look like it, each of those with its
    prototype alone (so a pair that names only each other is one class: the smaller stands)."""
    alikes = confusables_data.get(character)
    if not alikes or len(alikes) != 1:
        return character
    other = _visible(alikes[0]["c"])
    back = confusables_data.get(other, [])
    return other if len(back) > 1 or other < character else character


def _visible(text: str) -> str:
    """The package writes right-to-left characters between two left-to-right marks."""
    return text.replace("\u200e", "")


class NameField(forms.CharField):
    """A name a person types: collapsed, and refused (with the message of `check`) when it
    holds a control or format character. Blank is refused as any required field is."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("strip", True)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        return collapse(text) if isinstance(text, str) else text

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value:
            check(value)
