"""Who imports whom, read from the source with `ast` (nothing is imported): the graph the
import-cycle tests walk. Every import counts, wherever it is written: at the top, under
`if TYPE_CHECKING:` or inside a function."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_under(package: str) -> dict[str, Path]:
    """Every module of a package (subpackages included), by dotted name."""
    folder = ROOT.joinpath(*package.split("."))
    return {module_name(p): p for p in sorted(folder.rglob("*.py"))}


def imported_names(name: str, path: Path) -> Iterator[str]:
    """The dotted names a module imports (relative imports made absolute); for `from X import
    y`, both X and X.y (which may be a submodule)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of the package → the package's modules it imports."""
    modules = modules_under(package)
    return {
        name: {m for m in imported_names(name, path) if m in modules and m != name}
        for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm), each
    sorted: every group of nodes that reach one another through their edges."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
