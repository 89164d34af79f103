"""Gather every message id into the catalogues of every language (`make messages`).

Two gettext domains, one list of languages (`scoring.engine.words.LANGUAGES`):

- the site's (`django`): Django's `makemessages` reads the templates and the site's Python
  into `locale/<ll>/LC_MESSAGES/django.po`;
- the engine's (`engine`): every `Catalogue` of the engine's modules (and of the command line
  that words its results) is written to `scoring/engine/locale/engine.pot`, each entry's context
  `<catalogue>.<key>` and its message id the English (the glossary's words are here too: its
  terms are data, keyed by term); GNU `msgmerge` then brings each
  language's `scoring/engine/locale/<ll>/LC_MESSAGES/engine.po` in step (`msginit` starts a new
  one). The catalogues are read from the code itself, not scanned from its text: a sentence
  made by the code (the rule registry's, the yaku's) is found like any other.

A changed English sentence comes back fuzzy, a new one empty: translate them, then compile
(`make`, or `msgfmt`). Needs GNU gettext (Debian: gettext).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
django.setup()  # the glossary's module is the site's

import scoring.engine  # noqa: E402
from scoring.engine import words  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ENGINE_LOCALE = ROOT / "scoring" / "engine" / "locale"
TEMPLATE = ENGINE_LOCALE / f"{words.DOMAIN}.pot"
SITE_LOCALE = ROOT / "locale"
# Outside the engine, the modules whose words are in its domain: the command line and the typed
# han and fu, which word the engine's results, and the glossary, whose terms are data keyed
# by term (its headwords, lines and linking words).
ALSO_ENGINE = ("scoring.cli", "scoring.han_fu", "quizsite.learn.glossary")

HEADER = """\
# The Tenbō engine's sentences: its explanations, messages and names (domain "engine").
# Made by `make messages` from the catalogues in the code; translate each language's .po.
# Each context is <catalogue>.<key>. Keep every {field} of the English: the code fills it in
# (a number, a tile, another sentence); {points:,} writes a number with thousands separators.
msgid ""
msgstr ""
"Project-Id-Version: Tenbō engine\\n"
"Report-Msgid-Bugs-To: \\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"""


def engine_modules() -> list[str]:
    """Every module whose catalogues are in the engine's domain."""
    found = pkgutil.walk_packages(scoring.engine.__path__, "scoring.engine.")
    return sorted({"scoring.engine", *(m.name for m in found), *ALSO_ENGINE})


def catalogues() -> Iterator[tuple[str, words.Catalogue]]:
    """(source file, catalogue) for every catalogue of the domain, by name."""
    where: dict[str, str] = {}
    for name in engine_modules():
        module = importlib.import_module(name)
        path = name.replace(".", "/") + ("/__init__.py" if hasattr(module, "__path__") else ".py")
        source = (ROOT / path).read_text(encoding="utf-8")
        for variable, value in vars(module).items():
            made_here = re.search(rf"^{variable}\b[^=\n]*= *(\w+\.)?Catalogue\(", source, re.M)
            if isinstance(value, words.Catalogue) and made_here:
                where[value.name] = path
    missing = sorted(set(words.CATALOGUES) - set(where))
    assert not missing, f"catalogues made outside the domain's modules: {missing}"
    for name in sorted(words.CATALOGUES):
        yield where[name], words.CATALOGUES[name]


def quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + escaped.replace("\n", "\\n") + '"'


def entry(context: str, english: str, source: str) -> str:
    lines = [f"#: {source}", f"msgctxt {quoted(context)}", f"msgid {quoted(english)}", 'msgstr ""']
    return "\n".join(lines) + "\n"


def template() -> str:
    """The domain's template (.pot): every entry of every catalogue, its translation empty."""
    entries = [
        entry(catalogue.context(key), english, source)
        for source, catalogue in catalogues()
        for key, english in catalogue.english.items()
        if english  # "" says nothing in any language (and is the header's id)
    ]
    return HEADER + "".join(f"\n{e}" for e in entries)


def run(*command: str, cwd: Path = ROOT) -> None:
    subprocess.run(command, cwd=cwd, check=True)


def engine_po(code: str) -> Path:
    return ENGINE_LOCALE / words.locale_name(code) / "LC_MESSAGES" / f"{words.DOMAIN}.po"


def update_engine() -> None:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(template(), encoding="utf-8")
    for code in words.LANGUAGES[1:]:
        po = engine_po(code)
        if po.exists():
            run("msgmerge", "--quiet", "--update", "--backup=none", str(po), str(TEMPLATE))
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            run("msginit", "--no-translator", "--no-wrap", f"--locale={words.locale_name(code)}",
                f"--input={TEMPLATE}", f"--output-file={po}")  # fmt: skip


def update_site() -> None:
    locales = [f"--locale={words.locale_name(code)}" for code in words.LANGUAGES[1:]]
    ignored = ("tests", "tools", "screenshots", "staticfiles", ".venv", "build")
    run(
        sys.executable, "manage.py", "makemessages", *locales, "--no-location",
        *(f"--ignore={i}" for i in ignored),
    )  # fmt: skip


def main() -> None:
    update_site()
    update_engine()


if __name__ == "__main__":
    main()
