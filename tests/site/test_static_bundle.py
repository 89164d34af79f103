"""The shared stylesheets served as one file: `css/all.css` is every part, in order, found by
the static files finders (so runserver, WhiteNoise and collectstatic all see it)."""

import gzip
import re
from pathlib import Path

from django.contrib.staticfiles import finders

from quizsite import static_bundle

PARTS = static_bundle.BUNDLES["css/all.css"]


def rules(css: str) -> list[str]:
    """A stylesheet's rules and declarations, comments and layout aside."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [" ".join(line.split()) for line in css.splitlines() if line.strip()]


def test_the_bundle_is_every_part_in_order_slimmed():
    text = Path(finders.find("css/all.css")).read_text(encoding="utf-8")
    parts = [Path("static", part).read_text(encoding="utf-8") for part in PARTS]
    at = [text.index(static_bundle.slim(part)) for part in parts]
    assert at == sorted(at) and len(PARTS) == 5
    assert rules(text) == [r for part in parts for r in rules(part)]  # every rule, in order
    assert len(gzip.compress(text.encode())) < 0.9 * sum(
        len(gzip.compress(p.encode())) for p in parts
    )


def test_slimming_keeps_what_a_rule_says():
    css = "/* a note */\n.a :focus,\n  .b > .c {\n    color: red; /* why */\n  margin: 0 auto;\n}\n"
    assert static_bundle.slim(css) == "\n.a :focus,\n.b > .c {\ncolor: red;\nmargin: 0 auto;\n}\n"


def test_collectstatic_lists_it(settings):
    listed = [path for finder in finders.get_finders() for path, _ in finder.list([])]
    assert "css/all.css" in listed and listed.count("css/all.css") == 1


def test_a_changed_part_shows_at_once(settings, tmp_path, monkeypatch):
    (tmp_path / "css").mkdir()
    part = tmp_path / "css" / "a.css"
    part.write_text("a { color: red; }", encoding="utf-8")
    settings.STATICFILES_DIRS = [tmp_path]
    settings.BASE_DIR = tmp_path
    monkeypatch.setitem(static_bundle.BUNDLES, "css/test.css", ["css/a.css"])
    finder = static_bundle.BundleFinder()
    assert "red" in Path(finder.find("css/test.css")).read_text(encoding="utf-8")
    part.write_text("a { color: blue; }", encoding="utf-8")
    assert "blue" in Path(finder.find("css/test.css")).read_text(encoding="utf-8")
    assert finder.find("css/nothing.css") is None and finder.find("x", find_all=True) == []
