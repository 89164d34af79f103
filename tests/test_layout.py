"""The tests' own layout: a test module takes what it shares from tests/factory.py or
tests/helpers.py, never from another test module (importing one runs its tests' module code
twice and ties two files' tests together)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)


def imported_modules(source: str, module: str) -> list[str]:
    """Every module a file's source imports, relative imports resolved against `module`."""
    package = module.split(".")[:-1]
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            # `from . import test_x` names the module in the alias
            names += [f"{target}.{a.name}" for a in node.names] if not node.module else [target]
    return names


def imports_of_test_modules(source: str, module: str) -> list[str]:
    return [
        name
        for name in imported_modules(source, module)
        if name.split(".")[0] == "tests" and name.split(".")[-1].startswith("test_")
    ]


def test_no_test_module_imports_another():
    found = {
        str(path.relative_to(TESTS.parent)): bad
        for path in sorted(TESTS.rglob("*.py"))
        if (bad := imports_of_test_modules(path.read_text(), module_name(path)))
    }
    assert found == {}, f"test modules importing test modules: {found}"


def test_the_check_sees_every_form_of_such_an_import():
    module = "tests.games.test_new"
    for source in (
        "from tests.games.test_views import NEW\n",
        "from .test_views import start\n",
        "from ..site.test_hand import get\n",
        "from . import test_views\n",
        "import tests.site.test_deploy\n",
        "def f():\n    from tests.drills.test_take import join\n",
    ):
        assert imports_of_test_modules(source, module), source
    for source in (
        "from tests.factory import make_game\n",
        "from tests.helpers import text_of\n",
        "from .conftest import x\n",
        "import pytest\n",
    ):
        assert not imports_of_test_modules(source, module), source


def test_one_factory_module():
    assert [p.name for p in TESTS.rglob("factory.py")] == ["factory.py"]
    assert (TESTS / "factory.py").exists()
