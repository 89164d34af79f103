"""The benchmarks live in their own folder (`bench/`), outside the packages that ship: no module
of `scoring` or `quizsite` imports them, and the install does not carry them."""

from __future__ import annotations

import tomllib

from tests.import_graph import ROOT, imported_names, modules_under


def test_no_shipped_module_imports_a_benchmark():
    found = {
        name: sorted(n for n in imported_names(name, path) if n.split(".")[0] == "bench")
        for package in ("scoring", "quizsite")
        for name, path in modules_under(package).items()
    }
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_the_benchmarks_are_not_installed():
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = found["packages"]["find"]["include"]
    assert patterns and not any(p.startswith("bench") for p in patterns)
    assert not list((ROOT / "scoring").glob("bench*.py"))
    assert not list((ROOT / "quizsite").glob("bench*.py"))
