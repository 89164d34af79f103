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
import io
import json
import re
import zipfile
import zlib
from collections.abc import Callable
from importlib import import_module
from typing import Any

from . import LogError, LoggedGame

GZIP_MAGIC = b"\x1f\x8b"
CHUNK = 64 * 1024
DECLARATION = re.compile(rb"\A\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
PROLOGUE = re.compile(r"\A(?:\s|<\?xml[^>]*\?>|<!--.*?-->)*", re.S)
# Python's text codecs that are no character set: escapes, domain names, or none at all.
NOT_CHARSETS = frozenset({"idna", "punycode", "undefined", "unicode-escape", "raw-unicode-escape"})
SURROGATE = re.compile("[\ud800-\udfff]")
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
        not_a_log(data)
        text = decode(data)
    if SURROGATE.search(text):
        raise LogError("not_text", encoding="utf-8")
    if not text.strip().lstrip("\ufeff"):
        raise LogError("empty")
    return read_text(text, sanma=sanma)


# Files that are no log, by their first bytes: (magic, why, kind).
MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image", "PNG"),
    (b"\xff\xd8\xff", "image", "JPEG"),
    (b"GIF87a", "image", "GIF"),
    (b"GIF89a", "image", "GIF"),
    (b"%PDF-", "pdf", "PDF"),
    (b"PK\x03\x04", "zip", "zip"),
    (b"PK\x05\x06", "zip", "zip"),  # an empty zip
)
# A Tenhou game's id, as its replay's address and its log file name hold it.
TENHOU_ID = re.compile(r"\b(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})\b")
WEB_PAGE = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*<(?:!doctype\s+html|html|head|body)\b", re.I)


def not_a_log(data: bytes) -> None:
    """A LogError saying what the bytes are when they are a kind of file no log is: an image,
    a PDF, a zip (with the names it holds), a web page (with a Tenhou game's id when it names
    one), a link to a Tenhou game.

    >>> not_a_log(b"GIF89a...")
    Traceback (most recent call last):
    ...
    scoring.gamelog.LogError: not_a_log {} {'why': 'image', 'kind': 'GIF'}
    """
    for magic, why, kind in MAGIC:
        if data.startswith(magic):
            if why == "zip":
                raise LogError("not_a_log", why="zip", **zip_contents(data))
            if why == "image" and data[:4] == b"RIFF":
                kind = "WebP"
            raise LogError("not_a_log", why=why, kind=kind)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        raise LogError("not_a_log", why="image", kind="WebP")
    head = data[:4096]
    found = TENHOU_ID.search(head.decode("utf-8", "replace"))
    log_id = found.group(1) if found else ""
    if WEB_PAGE.match(head):
        raise LogError("not_a_log", why="web_page", log_id=log_id)
    if found and len(data) < 1000 and b"<" not in data and b"{" not in data:
        raise LogError("not_a_log", why="link", log_id=log_id)  # an address, not the log


def zip_contents(data: bytes) -> dict[str, Any]:
    """How many files a zip holds and the first few names (nothing is unpacked)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            names = [i.filename for i in packed.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        return {"files": 0, "names": ""}
    shown = ", ".join(n.rsplit("/", 1)[-1][:40] for n in names[:3])
    return {"files": len(names), "names": shown + (", …" if len(names) > 3 else "")}


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
        if encoding in NOT_CHARSETS:
            raise LogError("not_text", encoding=name)
        text = decoded(data, encoding)
        if not text.startswith(declared.group(0).decode("ascii")):
            raise LogError("not_text", encoding=name)  # not a text encoding of itself
        return text
    return decoded(data, "utf-8")


def decoded(data: bytes, encoding: str) -> str:
    """The bytes as text in `encoding`; a LogError when they are not, or when the encoding
    is none of text (rot13, base64, zlib, hex: LookupError; "undefined": UnicodeError)."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        raise LogError("not_text", encoding=encoding, at=e.start) from None
    except (LookupError, UnicodeError, ValueError, TypeError):
        raise LogError("not_text", encoding=encoding) from None
    surrogate = SURROGATE.search(text)
    if surrogate:  # half a UTF-16 pair, which no text holds (UTF-7 can write one)
        raise LogError("not_text", encoding=encoding, at=surrogate.start())
    return text


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


# A JSON escape that makes a character no text may hold: NUL, or half of a UTF-16 pair.
UNSAFE_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
UNSAFE = re.compile("[\x00\ud800-\udfff]")


def parse_json(text: str) -> Any:
    """The JSON's value; a NUL or a lone surrogate its escapes make in a string (which no
    database or page can hold) is replaced by U+FFFD."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError("bad_json", {"line": e.lineno, "column": e.colno}, why="syntax") from None
    except RecursionError:
        raise LogError("bad_json", {"line": 1}, why="too_deep") from None
    return safe_strings(value) if UNSAFE_ESCAPE.search(text) else value


def safe_strings(value: Any) -> Any:
    r"""`value` with every string (keys too) cleared of NUL and lone surrogates.

    >>> safe_strings({"title": "a\ud800b", "log": [["\x00", 1]]})
    {'title': 'a�b', 'log': [['�', 1]]}
    """
    if isinstance(value, str):
        return UNSAFE.sub("\ufffd", value)
    if isinstance(value, list):
        return [safe_strings(v) for v in value]
    if isinstance(value, dict):
        return {safe_strings(k): safe_strings(v) for k, v in value.items()}
    return value
