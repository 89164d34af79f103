"""What an import was given: the uploaded files (a zip's members each a file of its own), the
pasted text, or a log kept for this visitor while the page asked about it (a log cut short to
confirm, one whose rules are asked for), so that nothing is chosen or pasted again.

A kept log waits in the cache for an hour under this visitor's session key and its digest:
another visitor cannot name it, and it is gone once imported."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine import ScoringError
from scoring.gamelog import LogError

from .batch import Item, items_of

KEPT_FOR = 3600  # seconds


def given(request: HttpRequest, cleaned: dict[str, Any], limit: int) -> list[Item]:
    """The files to import, in the order given; LogError "too_large" for one past `limit`,
    ScoringError for nothing given (or a kept log gone)."""
    files = cleaned.get("file") or []
    text = cleaned.get("text") or ""
    items: list[Item] = []
    for upload in files:
        if upload.size > limit:
            raise LogError("too_large", size=upload.size, limit=limit)
        raw = bytes(upload.read(limit + 1))
        if len(raw) > limit:
            raise LogError("too_large", size=len(raw), limit=limit)
        items += items_of(str(upload.name), raw, limit)
    if not files and text.strip():
        raw = text.encode("utf-8")
        if len(raw) > limit:
            raise LogError("too_large", size=len(raw), limit=limit)
        items.append(Item(_("the pasted text"), raw))
    if not files and not text.strip() and cleaned.get("kept"):
        raw = cache.get(kept_key(request, cleaned["kept"]))
        if not isinstance(raw, bytes):
            raise ScoringError(str(GONE))
        items.append(Item(_("the log kept"), raw))
    if not items or len(items) == 1 and items[0].raw is not None and not items[0].raw.strip():
        raise ScoringError(_("choose a game's file (a Tenbō export or a game log), or paste it"))
    return items


GONE = gettext_lazy(
    "The log kept for you while this page asked is gone (after an hour): choose it again."
)


def kept_key(request: HttpRequest, digest: str) -> str:
    return f"games:kept-log:{request.session.session_key}:{digest}"


def keep_for_now(request: HttpRequest, digest: str, raw: bytes) -> None:
    """Keep the log for this visitor while the page asks about it."""
    if request.session.session_key is None:
        request.session.save()
    cache.set(kept_key(request, digest), raw, KEPT_FOR)


def forget(request: HttpRequest, digest: str) -> None:
    if request.session.session_key is not None:
        cache.delete(kept_key(request, digest))
