"""The Japanese catalogue is complete and in step with the code: every string marked for
translation has a Japanese text, none is fuzzy, and none is missing from the catalogue."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"

pytestmark = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext")


def msgids(po: str) -> set[str]:
    """The message ids of a catalogue (their quoted lines joined and read), header excepted."""
    ids, current, in_id = set(), [], False
    for line in [*po.splitlines(), ""]:
        if line.startswith(("msgid ", "msgid_plural ")):
            if current and in_id:
                ids.add("".join(current))
            current, in_id = [ast.literal_eval(line.split(" ", 1)[1])], line.startswith("msgid ")
        elif line.startswith('"') and in_id:
            current.append(ast.literal_eval(line))
        else:
            if in_id:
                ids.add("".join(current))
            current, in_id = [], False
    return {i for i in ids if i}


def test_every_message_has_a_japanese_text_and_none_is_fuzzy() -> None:
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(CATALOGUE)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    counts = done.stderr.strip()
    assert re.fullmatch(r"\d+ translated messages?\.", counts), counts
    assert "#, fuzzy" not in re.sub(r'^#, fuzzy\nmsgid ""\n', "", CATALOGUE.read_text())


def test_every_marked_string_is_in_the_catalogue(tmp_path: Path) -> None:
    """makemessages over a copy of the code finds no message the catalogue lacks."""
    for name in ("manage.py", "quizsite", "scoring", "templates", "locale"):
        source = ROOT / name
        if source.is_dir():
            skip = shutil.ignore_patterns("*.so", "__pycache__", "*.mo")
            shutil.copytree(source, tmp_path / name, ignore=skip)
        else:
            shutil.copy2(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--locale", "ja", "--no-location"],
        cwd=tmp_path, check=True, capture_output=True,
    )  # fmt: skip
    found = msgids((tmp_path / "locale/ja/LC_MESSAGES/django.po").read_text())
    kept = msgids(CATALOGUE.read_text())
    missing = sorted(found - kept)
    assert not missing, f"marked but not in the catalogue (run `make messages`): {missing[:20]}"
    stale = sorted(kept - found)
    assert not stale, f"in the catalogue but no longer in the code: {stale[:20]}"
