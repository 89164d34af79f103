"""The README and docs/ stay honest: the README is short and says the two commands, every
relative link (a file, and a heading's `#anchor`) leads somewhere, and the rules doc's tables
say what the engine's presets set. (What each doc shows of the API, the CLI, the settings and
the limits is checked by the tests of those parts.)"""

from __future__ import annotations

import re
from dataclasses import fields
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from tests.import_graph import import_graph, imported_names, modules_under

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def prose(markdown: str) -> str:
    """The text outside fenced code blocks and inline code, where links are links."""
    text = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, markup and punctuation dropped
    (letters of any script, digits, `_` and `-` kept), each space a `-`.

    >>> slug("The limits"), slug("日本語 — languages"), slug("A hand: `POST /api/v1/score`")
    ('the-limits', '日本語--languages', 'a-hand-post-apiv1score')
    """
    text = re.sub(r"[`*]|<[^>]+>", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor in a file (a repeated heading gets `-1`, `-2`, … as on GitHub)."""
    text = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", text, flags=re.M):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def leads_nowhere(path: Path, target: str) -> bool:
    """Whether a relative link of the file at `path` names a missing file, or an anchor that no
    heading of its file makes."""
    file, _, anchor = target.partition("#")
    linked = (path.parent / file).resolve() if file else path
    if not linked.exists():
        return True
    return bool(anchor) and (linked.suffix != ".md" or anchor not in anchors(linked.read_text()))


def broken_links(path: Path) -> list[str]:
    """The relative links of a Markdown file that lead nowhere (a scheme's are not checked)."""
    targets = LINK.findall(prose(path.read_text()))
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t) and leads_nowhere(path, t)]


def test_every_relative_link_leads_somewhere():
    assert len(DOCS) >= 15
    found = {
        str(path.relative_to(ROOT)): bad
        for path in [ROOT / "README.md", *DOCS]
        if (bad := broken_links(path))
    }
    assert found == {}


def test_the_checker_finds_a_missing_file_or_anchor(tmp_path):
    (tmp_path / "other.md").write_text("# Other\n\n## The limits\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n[ok](other.md#the-limits) [ok](#page) [web](https://example.org/x)\n"
        "`[code](nowhere.md)`\n\n```\n[code](nowhere.md)\n```\n"
        "[gone](gone.md) [no anchor](other.md#limits) ![img](img/none.png) [here](#nothing)\n"
        "[gone too](gone.md#page)\n"
    )
    expected = ["gone.md", "other.md#limits", "img/none.png", "#nothing", "gone.md#page"]
    assert broken_links(page) == expected


def test_a_repeated_heading_gets_its_number():
    assert anchors("# A\n\n## Code\n\n### Code\n") == {"a", "code", "code-1"}


def test_the_readme_is_short_and_says_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 250
    assert "make run" in readme and "make test" in readme
    for path in DOCS:
        assert f"(docs/{path.name})" in readme, f"the README does not lead to {path.name}"


def test_the_readme_pictures_are_small():
    pictures = re.findall(r"!\[[^\]]*\]\((docs/img/[^)]+\.png)\)", (ROOT / "README.md").read_text())
    assert len(pictures) >= 4
    for picture in pictures:
        assert (ROOT / picture).stat().st_size <= 150_000, picture


def test_every_doc_opens_with_its_title_and_its_reader():
    for path in DOCS:
        title, blank, first, *_ = path.read_text().splitlines()
        assert title.startswith("# ") and blank == "" and first.startswith("For "), path.name


# The rules doc's presets, as the engine's registry has them.


def said(value: Any) -> str:
    """A switch's value as the rules doc writes it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ", ".join(said(v) for v in value) or "none"
    return str(value)


def every_preset() -> dict[str, Any]:
    """The four-player presets, then the three-player ones."""
    from scoring.engine.rules import PRESETS, SANMA_PRESETS

    return {**PRESETS, **SANMA_PRESETS}


def presets_table() -> str:
    """Every switch, hand and table, by preset (the three-player ones last): the table
    `docs/rules.md` shows."""
    from scoring.engine.rules import RuleSet, TableRules

    presets = every_preset()
    names = list(presets)
    lines = [
        "| Switch | " + " | ".join(f"`{name}`" for name in names) + " |",
        "| --- |" + " --- |" * len(names),
    ]
    for kind, of in ((RuleSet, "rules"), (TableRules, "table")):
        for f in fields(kind):
            if f.name == "name" or f.name.startswith("_"):
                continue
            values = [said(getattr(getattr(presets[n], of), f.name)) for n in names]
            lines.append(f"| `{f.name}` | " + " | ".join(values) + " |")
    return "\n".join(lines) + "\n"


def presets_sources() -> str:
    """Each preset's title, source, notes and the sources of its table rules, in English."""
    parts = []
    for name, preset in every_preset().items():
        lines = [f"- {line}\n" for line in (*preset.notes_en, *preset.table_sources_en)]
        parts.append(f"### {preset.title_en} (`{name}`)\n\n{preset.source_en}\n\n" + "".join(lines))
    return "\n".join(parts)


def test_the_rules_doc_shows_every_switch_of_every_preset():
    rules = (ROOT / "docs" / "rules.md").read_text()
    assert presets_table() in rules, "docs/rules.md's table differs from the engine's presets"
    assert presets_sources() in rules, "docs/rules.md's sources differ from the engine's"


def test_values_are_written_as_words():
    from scoring.engine.rules import Rounding

    assert [said(True), said(False), said(Rounding.EXACT), said(20)] == ["on", "off", "exact", "20"]
    assert said((10, 5, -5, -10)) == "10, 5, -5, -10" and said(()) == "none"


# The architecture doc's drawing of the apps, as the code imports.


def drawn_layers() -> dict[str, int]:
    """Each app and its layer in docs/architecture.md's drawing (`layer 2   practice   drills`)."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    found = re.findall(r"^layer (\d+) +(.+)$", text, flags=re.M)
    return {app: int(n) for n, apps in found for app in apps.split()}


def app_imports() -> dict[str, set[str]]:
    """Each of the site's apps and the other apps it imports (migrations left out)."""
    apps = sorted(p.parent.name for p in (ROOT / "quizsite").glob("*/apps.py"))
    uses: dict[str, set[str]] = {app: set() for app in apps}
    for app in apps:
        for name, path in modules_under(f"quizsite.{app}").items():
            if ".migrations" in name:
                continue
            for imported in imported_names(name, path):
                parts = imported.split(".")
                if parts[0] == "quizsite" and len(parts) > 1 and parts[1] in uses:
                    uses[app].add(parts[1])
            uses[app].discard(app)
    return uses


def against_drawing(layers: dict[str, int], uses: dict[str, set[str]]) -> list[str]:
    """The imports that do not go down the drawing's layers."""
    return sorted(f"{a} → {b}" for a, used in uses.items() for b in used if layers[b] <= layers[a])


def test_the_architecture_drawing_is_how_the_apps_import():
    layers, uses = drawn_layers(), app_imports()
    assert set(layers) == set(uses), "every app, and only the apps, in the drawing"
    assert uses["practice"] and uses["classes"]  # imports are seen
    assert against_drawing(layers, uses) == []


def drawn_modules(app: str) -> dict[str, int]:
    """Each module of `app` and its line in docs/architecture.md's drawing of its modules
    (`quiz 5       forms  table_questions  verdicts`: line 1 on top)."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    found = re.findall(rf"^{app} (\d+) +(.+)$", text, flags=re.M)
    return {name: int(n) for n, names in found for name in names.split()}


@pytest.mark.parametrize("app", ["quiz", "practice"])
def test_the_drawing_of_an_apps_modules_is_how_they_import(app):
    layers, prefix = drawn_modules(app), f"quizsite.{app}."
    graph = {
        name.removeprefix(prefix): {m.removeprefix(prefix) for m in used}
        for name, used in import_graph(f"quizsite.{app}").items()
    }
    uses = {name: used & set(layers) for name, used in graph.items() if name in layers}
    assert len(layers) >= 8 and set(uses) == set(layers), "every module drawn exists"
    assert against_drawing(layers, uses) == []


def test_an_import_up_or_across_is_found():
    layers = {"a": 1, "b": 2, "c": 2}
    assert against_drawing(layers, {"a": {"b"}, "b": {"a", "c"}, "c": set()}) == ["b → a", "b → c"]


def test_the_deploying_doc_lists_every_setting_the_site_reads():
    settings = (ROOT / "quizsite" / "settings.py").read_text()
    names = set(re.findall(r'"((?:DJANGO|TENBO)_[A-Z_]+|[A-Z]+_URL|DEFAULT_FROM_EMAIL)"', settings))
    doc = (ROOT / "docs" / "deploying.md").read_text()
    assert len(names) >= 20
    assert sorted(name for name in names if f"`{name}`" not in doc) == []
