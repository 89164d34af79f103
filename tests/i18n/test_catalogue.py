"""Every catalogue of every language is complete and in step with the code: the site's
(`locale/<ll>/LC_MESSAGES/django.po`) and the engine's (`scoring/engine/locale/...engine.po`).
Every string marked for translation has a text in each language, none is fuzzy, and none is
missing from a catalogue or left in one after the code dropped it."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import words
from tools import messages

ROOT = Path(__file__).resolve().parents[2]
OTHERS = words.LANGUAGES[1:]  # English is the source: every other language has catalogues


def site_po(code: str) -> Path:
    return ROOT / "locale" / words.locale_name(code) / "LC_MESSAGES" / "django.po"


CATALOGUES = [p for code in OTHERS for p in (site_po(code), messages.engine_po(code))]

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


def test_every_language_has_both_catalogues() -> None:
    missing = [str(p.relative_to(ROOT)) for p in CATALOGUES if not p.exists()]
    assert not missing, f"no catalogue (run `make messages`): {missing}"


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_has_a_text_and_none_is_fuzzy(catalogue: Path) -> None:
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    counts = done.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages?\.", counts), counts
    assert "#, fuzzy" not in re.sub(r'^#, fuzzy\nmsgid ""\n', "", catalogue.read_text())


def test_the_engine_template_is_the_code_s_catalogues() -> None:
    """scoring/engine/locale/engine.pot is what `make messages` writes from the code now."""
    assert messages.TEMPLATE.read_text(encoding="utf-8") == messages.template(), (
        "the engine's words changed: run `make messages` and translate what comes back"
    )


@pytest.mark.parametrize("code", OTHERS)
def test_every_engine_message_is_in_each_language_s_catalogue(code: str) -> None:
    template = msgids_with_context(messages.TEMPLATE.read_text(encoding="utf-8"))
    kept = msgids_with_context(messages.engine_po(code).read_text(encoding="utf-8"))
    assert not sorted(template - kept), "not in the catalogue (run `make messages`)"
    assert not sorted(kept - template), "in the catalogue but no longer in the code"


def msgids_with_context(po: str) -> set[tuple[str, str]]:
    """(context, message id) of each live entry of a catalogue."""
    entries = re.findall(r'^msgctxt (".*")\nmsgid ((?:".*"\n)+)', po, re.M)
    return {
        (ast.literal_eval(ctx), "".join(ast.literal_eval(line) for line in lines.splitlines()))
        for ctx, lines in entries
    }


@pytest.mark.parametrize("code", OTHERS)
def test_every_marked_string_is_in_the_site_catalogue(tmp_path: Path, code: str) -> None:
    """makemessages over a copy of the code finds no message the catalogue lacks."""
    for name in ("manage.py", "quizsite", "scoring", "templates", "locale"):
        source = ROOT / name
        if source.is_dir():
            skip = shutil.ignore_patterns("*.so", "__pycache__", "*.mo")
            shutil.copytree(source, tmp_path / name, ignore=skip)
        else:
            shutil.copy2(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--locale", words.locale_name(code),
         "--no-location", "--ignore=tools"],
        cwd=tmp_path, check=True, capture_output=True,
    )  # fmt: skip
    found = msgids((tmp_path / site_po(code).relative_to(ROOT)).read_text())
    kept = msgids(site_po(code).read_text())
    missing = sorted(found - kept)
    assert not missing, f"marked but not in the catalogue (run `make messages`): {missing[:20]}"
    stale = sorted(kept - found)
    assert not stale, f"in the catalogue but no longer in the code: {stale[:20]}"
