"""One stylesheet for every page, made of the site's shared ones: `css/all.css`.

The sources stay separate files (each area edits its own); this static files finder joins them,
in the order given, into one file that `base.html` links, so a page makes one request for its
styles instead of five. `runserver` and WhiteNoise (in debug) find it here on each request, so
an edit shows at once; `collectstatic` collects it like any other file (and WhiteNoise
compresses and fingerprints it). Pages with styles of their own (the reference, keeping score,
the table questions) still link their own file after it.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder, FileSystemFinder
from django.core.files.storage import FileSystemStorage

BUNDLES = {
    "css/all.css": [
        "css/site.css",
        "css/tiles.css",
        "css/quiz.css",
        "css/drills.css",
        "css/practice.css",
    ],
}


def build_dir() -> Path:
    return Path(settings.BASE_DIR) / "build" / "static"


COMMENT = re.compile(r"/\*.*?\*/", re.S)
INDENT = re.compile(r"[ \t]*\n\s*")


def slim(css: str) -> str:
    r"""A stylesheet without its comments and indentation: the rules as written, about a fifth
    lighter gzipped (nothing inside a rule is touched, so nothing changes meaning).

    >>> slim("a {\n  color: red; /* why */\n}\n")
    'a {\ncolor: red;\n}\n'
    """
    return INDENT.sub("\n", COMMENT.sub("", css))


def joined(parts: list[str]) -> str:
    """The sources' text slimmed (`slim`), each under a comment naming it."""
    sources = FileSystemFinder()
    texts = []
    for part in parts:
        found = sources.find(part)
        if not found:
            raise FileNotFoundError(f"{part}, a part of a stylesheet bundle, is not in static/")
        texts.append(f"/* {part} */\n{slim(Path(found).read_text(encoding='utf-8'))}")
    return "\n".join(texts)


def build(name: str) -> Path:
    """Write the bundle `name` when its text changed (atomically: several servers may build)."""
    path = build_dir() / name
    text = joined(BUNDLES[name])
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temp, path)
    return path


class BundleFinder(BaseFinder):
    """Finds `BUNDLES`, built from their parts when asked for."""

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        if path not in BUNDLES:
            return [] if find_all or kwargs.get("all") else None
        found = str(build(path))
        return [found] if find_all or kwargs.get("all") else found

    def list(self, ignore_patterns: Any) -> Any:
        storage = FileSystemStorage(location=build_dir())
        for name in BUNDLES:
            build(name)
            yield name, storage
