"""A game log's problems (`scoring.gamelog.LogError`: a key, where, and numbers) in the page's
language: one message a key (a more exact one for the readers' own reasons, `why`), what value
was wrong (`what`), and where it is ("hand 3, line 12")."""

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
    "not_text": gettext_lazy(
        "This is not a game log: its bytes are not text (UTF-8, or the encoding an XML log "
        "declares)."
    ),
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
    "too_many_hands": gettext_lazy(
        "The log holds more hands than a game can: Tenbō reads logs of at most %(most)s hands "
        "(a game into West with every deal kept eight times has fewer)."
    ),
}
UNKNOWN = gettext_lazy("The log cannot be read (%(key)s).")

NOT_A_LOG = gettext_lazy(
    "This is neither a Tenbō game export nor a game log Tenbō reads (Tenhou's mjlog XML or a "
    "tenhou.net/6 JSON log)."
)

# The readers' reasons (`why`), each a whole sentence of its own.
EXACT = {
    ("bad_gzip", "not_gzip"): gettext_lazy("The file starts as a gzip file does, but is not one."),
    ("bad_gzip", "cut_short"): gettext_lazy("The gzip file is cut short: its contents break off."),
    ("bad_gzip", "trailing"): gettext_lazy("The gzip file has bytes after its end."),
    ("bad_json", "syntax"): gettext_lazy("The log's JSON does not parse."),
    ("bad_json", "too_deep"): gettext_lazy("The log's JSON is nested too deeply to be a log."),
    ("bad_xml", "cut_short"): gettext_lazy("The log's XML breaks off before its end."),
    ("bad_xml", "malformed"): gettext_lazy("The log's XML is not well-formed."),
    ("bad_xml", "dtd"): gettext_lazy(
        "The log's XML declares a document type, which a game log never does: it is not read."
    ),
    ("bad_xml", "entities"): gettext_lazy(
        "The log's XML declares entities, which a game log never does: it is not read."
    ),
    ("not_a_log", "neither"): NOT_A_LOG,
    ("not_a_log", "xml_not_mjlog"): gettext_lazy(
        "This XML is not a Tenhou game log (its outer tag is not mjloggm)."
    ),
    ("not_a_log", "json_without_log"): gettext_lazy(
        'This JSON is not a tenhou.net/6 game log: it has no "log" of hands.'
    ),
}
# A file that is no log, said as what it is (each with where to get a log: HOW_TO).
EXACT.update(
    {
        ("not_a_log", "image"): gettext_lazy("This is an image (%(kind)s), not a game log."),
        ("not_a_log", "pdf"): gettext_lazy("This is a PDF document, not a game log."),
        ("not_a_log", "zip"): gettext_lazy(
            "This is a zip of %(files)s files (%(names)s), none of them a game log Tenbō reads."
        ),
        ("not_a_log", "web_page"): gettext_lazy(
            "This is a web page (saved from a browser), not a game log."
        ),
        ("not_a_log", "link"): gettext_lazy(
            "This is the address of a Tenhou game (%(log_id)s), not its log."
        ),
    }
)
EXACT[("not_a_log", "not_mjlog")] = EXACT[("not_a_log", "xml_not_mjlog")]
# A problem of a file that is no log: the page then says where to get one (its template).
NOT_LOGS = ("not_a_log", "not_text", "empty", "bad_gzip")
EXACT[("not_a_log", "no_log")] = EXACT[("not_a_log", "json_without_log")]

# A log cut short, as the readers say it (a "bad_value" of these `what`): a sentence of its own.
CUT = {
    "cut": gettext_lazy("The hand breaks off."),
    "no_end": gettext_lazy("The last hand breaks off before its end."),
    "no_owari": gettext_lazy("The game's end (its final scores) is missing."),
}

# What value was wrong (`what` of a "bad_value"); a name not listed is one of the format's own
# (an XML attribute such as "ten" or "hai0"), quoted as it is.
WHAT = {
    "cut": gettext_lazy("the hand breaks off"),
    "names": gettext_lazy("the players' names"),
    "not_a_list": gettext_lazy('"log" is not a list of hands'),
    "no_end": gettext_lazy("a hand with no end"),
    "no_owari": gettext_lazy("the game's end is missing"),
    "order": gettext_lazy("the order of the hand's events"),
    "step": gettext_lazy("a step of the hand"),
    "type": gettext_lazy("the kind of a call or a result"),
    "tile": gettext_lazy("a tile"),
    "call": gettext_lazy("a call"),
    "changes": gettext_lazy("the score changes"),
    "dealt": gettext_lazy("a dealt hand"),
    "discard": gettext_lazy("a discard"),
    "flag": gettext_lazy("a win's circumstances (riichi, haitei, rinshan…)"),
    "points": gettext_lazy("a win's points"),
    "replay": gettext_lazy("the hand as its draws and discards play it out"),
    "result": gettext_lazy("the hand's result"),
    "round": gettext_lazy("the round, honba or deposits"),
    "score_text": gettext_lazy("the server's text of a win's score"),
    "scores": gettext_lazy("the scores"),
    "seat": gettext_lazy("a seat"),
    "win": gettext_lazy("a win"),
    "yaku": gettext_lazy("a win's yaku"),
    "yakuman": gettext_lazy("a win's yakuman"),
}


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


def what_text(what: Any, value: Any = None) -> str:
    said = WHAT.get(str(what))
    text = str(said) if said is not None else _("“%(name)s”") % {"name": what}
    if value not in (None, ""):
        text = _("%(what)s (%(value)s)") % {"what": text, "value": str(value)[:40]}
    return text


def message(
    key: str, where: dict[str, Any] | None = None, params: dict[str, Any] | None = None
) -> str:
    """A problem's message, with where it is when the reader said."""
    given = params or {}
    values = Params(
        {k: f"{v:,}" if isinstance(v, int) and not isinstance(v, bool) else v
         for k, v in given.items()}
    )  # fmt: skip
    values.setdefault("key", key)
    if key == "bad_value":
        values["what"] = what_text(given.get("what", "?"), given.get("value"))
    sentence = str(EXACT.get((key, str(given.get("why"))), MESSAGES.get(key, UNKNOWN)))
    if key == "not_a_log" and "why" not in given:
        sentence = str(NOT_A_LOG)
    if key == "bad_value" and str(given.get("what")) in CUT:
        sentence = str(CUT[str(given.get("what"))])
    place = where_text(where or {})
    if not place:
        return sentence % values
    # Where goes before the sentence's last stop (taken off the message, not off its values).
    problem = sentence.removesuffix(".").removesuffix("。") % values
    return _("%(problem)s (%(where)s).") % {"problem": problem, "where": place}


def error_text(error: LogError) -> str:
    return message(error.key, error.where, error.params)


def how_to(error: LogError) -> dict[str, Any]:
    """For a file that is no log (`how_to`), what the page adds: where to get a log, and the
    Tenhou game's id the file names, if any (`log_id`)."""
    if error.key not in NOT_LOGS:
        return {}
    return {"how_to": True, "log_id": str(error.params.get("log_id") or "")}


def stored(error: LogError | None) -> dict[str, Any] | None:
    """A LogError as a GameLog keeps it (`cut`), to be worded again in any language."""
    if error is None:
        return None
    return {"key": error.key, "where": error.where, "params": error.params}


def stored_text(kept: dict[str, Any] | None) -> str:
    if not kept:
        return ""
    return message(kept.get("key", ""), kept.get("where"), kept.get("params"))
