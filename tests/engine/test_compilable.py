"""Two shapes of code mypyc cannot compile into a working engine, kept out of its sources:
either one left the whole engine pure Python (a failed build installs pure, said only in the
build's output) or the compiled package unable to import. `make test` would show neither."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"
SOURCES = sorted(ENGINE.rglob("*.py"))


def is_dataclass(node: ast.ClassDef) -> bool:
    names = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
    return any(
        isinstance(n, ast.Name | ast.Attribute) and "dataclass" in ast.unparse(n) for n in names
    )


def classvars_with_values(tree: ast.AST) -> list[str]:
    """`kind: ClassVar[str] = "ron"` in a dataclass: compiled, it becomes a field."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and is_dataclass(node):
            for item in node.body:
                if (
                    isinstance(item, ast.AnnAssign)
                    and item.value is not None
                    and "ClassVar" in ast.unparse(item.annotation)
                ):
                    found.append(f"{node.name}.{ast.unparse(item.target)} (line {item.lineno})")
    return found


def starred_in_membership_tests(tree: ast.AST) -> list[str]:
    """`k not in (*a, *b)`: mypyc turns a test against a literal into one comparison per item
    and fails on a starred one (an internal error)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators, strict=True):
                if (
                    isinstance(op, ast.In | ast.NotIn)
                    and isinstance(right, ast.Tuple | ast.List | ast.Set)
                    and any(isinstance(e, ast.Starred) for e in right.elts)
                ):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_checks_find_what_they_look_for():
    bad = ast.parse(
        "@dataclass(frozen=True)\nclass A:\n    kind: ClassVar[str] = 'a'\n    x: int\n"
        "y = {k for k in z if k not in (*a, *b)}\nfine = [*a, *(k for k in b)]\n"
    )
    assert classvars_with_values(bad) == ["A.kind (line 3)"]
    assert starred_in_membership_tests(bad) == ["line 5: k not in (*a, *b)"]


def test_the_engine_has_neither():
    assert SOURCES
    for source in SOURCES:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        assert classvars_with_values(tree) == [], source
        assert starred_in_membership_tests(tree) == [], source
