"""A game log's problems (`scoring.gamelog.LogError`: a key, where, and numbers) in the page's
language: one message a key, and where it is ("hand 3, line 12")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.gamelog import LogError

MESSAGES = {
    "empty": gettext_lazy("The log is empty: paste a game log or choose its file."),
    "too_large": gettext_lazy(
        "The log is larger than a log may be: %(size)s bytes (or more), and the limit is "
        "%(limit)s bytes, counted after a gzipped file is unpacked."
    ),
    "bad_gzip": gettext_lazy("The file looks gzipped but does not unpack: %(why)s."),
    "not_text": gettext_lazy("The log is not text (UTF-8, or the encoding its XML declares)."),
    "not_a_log": gettext_lazy(
        "This is neither a Tenbō game export nor a game log Tenbō reads (Tenhou's mjlog XML "
        "or a tenhou.net/6 JSON log): %(why)s."
    ),
    "bad_xml": gettext_lazy("The log's XML does not parse: %(why)s."),
    "bad_json": gettext_lazy("The log's JSON does not parse: %(why)s."),
    "sanma": gettext_lazy(
        "This is a three-player (sanma) game: Tenbō scores four-player games only, for now."
    ),
    "unknown_rule": gettext_lazy("The log's rule %(rule)s is not one Tenbō knows."),
    "bad_value": gettext_lazy("A value in the log is not what its format says: %(what)s."),
    "no_hands": gettext_lazy("The log has no complete hand."),
}
UNKNOWN = gettext_lazy("The log cannot be read (%(key)s).")


class Params(dict[str, Any]):
    """A message's numbers, sizes written with thousands separators; one the reader did not
    give reads as "?" rather than failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def where_text(where: dict[str, Any]) -> str:
    """ "hand 3, line 12, key log[2][16]" from a LogError's `where` (empty for the whole file)."""
    parts = []
    if "hand" in where:
        parts.append(_("hand %(hand)s") % {"hand": where["hand"]})
    if "line" in where:
        parts.append(_("line %(line)s") % {"line": where["line"]})
    if "key" in where:
        parts.append(_("key %(key)s") % {"key": where["key"]})
    return pgettext("between names in a list", ", ").join(parts)


def message(
    key: str, where: dict[str, Any] | None = None, params: dict[str, Any] | None = None
) -> str:
    """A problem's message, with where it is when the reader said."""
    values = Params(
        {
            k: f"{v:,}" if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in (params or {}).items()
        }
    )
    values.setdefault("key", key)
    sentence = str(MESSAGES.get(key, UNKNOWN))
    place = where_text(where or {})
    if not place:
        return sentence % values
    # Where goes before the sentence's last stop (taken off the message, not off its values).
    problem = sentence.removesuffix(".").removesuffix("。") % values
    return _("%(problem)s (%(where)s).") % {"problem": problem, "where": place}


def error_text(error: LogError) -> str:
    return message(error.key, error.where, error.params)


def stored(error: LogError | None) -> dict[str, Any] | None:
    """A LogError as a GameLog keeps it (`cut`), to be worded again in any language."""
    if error is None:
        return None
    return {"key": error.key, "where": error.where, "params": error.params}


def stored_text(kept: dict[str, Any] | None) -> str:
    if not kept:
        return ""
    return message(kept.get("key", ""), kept.get("where"), kept.get("params"))
