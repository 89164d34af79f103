"""From the bytes given to the log inside: size limit, gzip, text encoding, which format.

`read_any` takes what was pasted (text) or uploaded (bytes): gzip is unpacked in chunks and
stops at `limit` (a zip bomb is refused as soon as it passes the limit, never unpacked whole);
XML is decoded as its declaration says (UTF-8 when it says nothing), JSON as UTF-8; then
`<mjloggm` (after any declaration, BOM or whitespace) is Tenhou's XML and a JSON object with
"log" the tenhou.net/6 JSON. Anything else is a LogError, as data: "empty"; "too_large"
(size, limit; unpacked=True when gzip unpacked past it); "bad_gzip" (why: "not_gzip",
"cut_short", "trailing"); "not_text" (encoding, and the byte `at` where it failed);
"bad_json" (where: line, column; why: "syntax", "too_deep"); "not_a_log" (why: "neither",
"xml_not_mjlog", "json_without_log").
"""

from __future__ import annotations

import codecs
import json
import re
import zlib
from collections.abc import Callable
from importlib import import_module
from typing import Any

from . import LogError, LoggedGame

GZIP_MAGIC = b"\x1f\x8b"
CHUNK = 64 * 1024
DECLARATION = re.compile(rb"\A\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
PROLOGUE = re.compile(r"\A(?:\s|<\?xml[^>]*\?>|<!--.*?-->)*", re.S)
BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def read_any(data: bytes | str, *, limit: int, sanma: bool = False) -> LoggedGame:
    """The game in `data`, whichever format it is (a LogError saying what is wrong if none).

    >>> read_any(b"", limit=10)
    Traceback (most recent call last):
    ...
    scoring.gamelog.LogError: empty {} {}
    """
    if isinstance(data, str):
        size = len(data.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise LogError("too_large", size=size, limit=limit)
        text = data
    else:
        if len(data) > limit:
            raise LogError("too_large", size=len(data), limit=limit)
        if data.startswith(GZIP_MAGIC):
            data = gunzip(data, limit)
        text = decode(data)
    if not text.strip().lstrip("\ufeff"):
        raise LogError("empty")
    return read_text(text, sanma=sanma)


def gunzip(data: bytes, limit: int) -> bytes:
    """The gzip's contents (every member), refused as soon as they pass `limit` bytes."""
    out = bytearray()
    rest = data
    while rest:
        unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
        pending = rest
        try:
            while pending:
                out += unpacker.decompress(pending, limit + 1 - len(out))
                if len(out) > limit:
                    raise LogError("too_large", size=len(out), limit=limit, unpacked=True)
                pending = unpacker.unconsumed_tail
            out += unpacker.flush()
        except zlib.error:
            raise LogError("bad_gzip", why="not_gzip") from None
        if len(out) > limit:
            raise LogError("too_large", size=len(out), limit=limit, unpacked=True)
        if not unpacker.eof:
            raise LogError("bad_gzip", why="cut_short")
        rest = unpacker.unused_data.lstrip(b"\0")  # another member, or padding
        if rest and not rest.startswith(GZIP_MAGIC):
            raise LogError("bad_gzip", why="trailing")
    return bytes(out)


def decode(data: bytes) -> str:
    """The text of the bytes: a BOM's encoding, else the XML declaration's, else UTF-8."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return decoded(data[len(bom) :], encoding)
    declared = DECLARATION.match(data[:200])
    if declared:
        name = declared.group(1).decode("ascii")
        try:
            encoding = codecs.lookup(name).name
        except LookupError:
            raise LogError("not_text", encoding=name) from None
        return decoded(data, encoding)
    return decoded(data, "utf-8")


def decoded(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        raise LogError("not_text", encoding=encoding, at=e.start) from None


def read_text(text: str, *, sanma: bool = False) -> LoggedGame:
    """The format of the text, and the game read by its reader (three-player games only
    when `sanma`)."""
    body = text.lstrip("\ufeff")
    start = PROLOGUE.match(body)
    head = body[start.end() if start else 0 :]
    if head.startswith("<mjloggm"):
        from .tenhou_xml import read_tenhou_xml

        return read_tenhou_xml(body, sanma=sanma)
    if head.startswith("<"):
        raise LogError("not_a_log", why="xml_not_mjlog")
    if head.startswith(("{", "[")):
        obj = parse_json(head)
        if isinstance(obj, dict) and "log" in obj:
            reader: Callable[..., LoggedGame] = import_module(".tenhou6", __package__).read_tenhou6
            return reader(obj, sanma=sanma)
        raise LogError("not_a_log", why="json_without_log")
    raise LogError("not_a_log", why="neither")


def parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError("bad_json", {"line": e.lineno, "column": e.colno}, why="syntax") from None
    except RecursionError:
        raise LogError("bad_json", {"line": 1}, why="too_deep") from None
