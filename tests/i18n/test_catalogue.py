"""Every catalogue of locale/ (Japanese, Simplified Chinese, Korean…) is complete and in step with
the code: every string marked for translation has a text in it, none is fuzzy or empty, and none
is missing from it."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/django.po"))

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


def language(catalogue: Path) -> str:
    return catalogue.parents[1].name


def test_the_site_has_a_catalogue_for_every_language_but_english() -> None:
    assert {language(c) for c in CATALOGUES} == {"ja", "zh_Hans", "ko"}


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=language)
def test_every_message_has_a_text_and_none_is_fuzzy(catalogue: Path) -> None:
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    counts = done.stderr.strip()
    assert re.fullmatch(r"\d+ translated messages?\.", counts), counts
    assert "#, fuzzy" not in re.sub(r'^#, fuzzy\nmsgid ""\n', "", catalogue.read_text())


def test_every_marked_string_is_in_every_catalogue(tmp_path: Path) -> None:
    """makemessages over a copy of the code finds no message a catalogue lacks."""
    for name in ("manage.py", "quizsite", "scoring", "templates", "locale"):
        source = ROOT / name
        if source.is_dir():
            skip = shutil.ignore_patterns("*.so", "__pycache__", "*.mo")
            shutil.copytree(source, tmp_path / name, ignore=skip)
        else:
            shutil.copy2(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--all", "--no-location"],
        cwd=tmp_path, check=True, capture_output=True,
    )  # fmt: skip
    for catalogue in CATALOGUES:
        found = msgids((tmp_path / catalogue.relative_to(ROOT)).read_text())
        kept = msgids(catalogue.read_text())
        missing = sorted(found - kept)
        where = language(catalogue)
        assert not missing, f"{where}: marked but not in it (run `make messages`): {missing[:20]}"
        stale = sorted(kept - found)
        assert not stale, f"{where}: in it but no longer in the code: {stale[:20]}"
