"""The engine as pure Python: what installs when it cannot be compiled (setup.py).

The suite runs the engine as `make test` built it, compiled when mypyc could; a compiled
module keeps no doctests, so the engine's docstring examples run here, on a copy of the
sources that imports as plain Python.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from scoring.compiled import engine_kind, stale_modules

ROOT = Path(__file__).resolve().parents[2]


def pure_copy(tmp_path: Path) -> Path:
    """scoring/__init__.py, scoring/engine/**/*.py and the compiled catalogues the engine
    ships (scoring/engine/locale/**/*.mo), and nothing compiled from code."""
    engine = tmp_path / "scoring" / "engine"
    engine.mkdir(parents=True)
    shutil.copy(ROOT / "scoring" / "__init__.py", engine.parent)
    for source in (ROOT / "scoring" / "engine").rglob("*.py"):
        copy = engine / source.relative_to(ROOT / "scoring" / "engine")
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(source, copy)
    for catalogue in (ROOT / "scoring" / "engine" / "locale").rglob("*.mo"):
        copy = engine / catalogue.relative_to(ROOT / "scoring" / "engine")
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(catalogue, copy)
    return engine


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_pure_python_engine_passes_every_doctest(tmp_path):
    engine = pure_copy(tmp_path)
    where = run(["-c", "import scoring.engine.yaku as m; print(m.__file__)"], tmp_path)
    assert where.stdout.strip() == str(engine / "yaku.py"), where.stderr
    result = run(
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:django", "-p", "no:playwright",
         "-p", "no:base_url", "--doctest-modules", "--rootdir", str(tmp_path), "-c", "/dev/null",
         str(engine)],
        tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout
    passed = int(result.stdout.strip().splitlines()[-1].split()[0])
    assert passed >= 40, result.stdout  # every module's examples, not just a few


def test_it_tells_a_compiled_module_older_than_its_source(tmp_path):
    for name in ("fu", "yaku", "tiles"):
        (tmp_path / f"{name}.py").write_text("")
        (tmp_path / f"{name}.cpython-311-x86_64-linux-gnu.so").write_text("")
    os.utime(tmp_path / "yaku.cpython-311-x86_64-linux-gnu.so", (1, 1))  # built long ago
    (tmp_path / "tiles.cpython-311-x86_64-linux-gnu.so").unlink()  # pure: never stale
    (tmp_path / "generate").mkdir()
    for name in ("cells", "draft"):
        (tmp_path / "generate" / f"{name}.py").write_text("")
        (tmp_path / "generate" / f"{name}.cpython-311-x86_64-linux-gnu.so").write_text("")
    os.utime(tmp_path / "generate" / "cells.cpython-311-x86_64-linux-gnu.so", (1, 1))
    assert stale_modules(tmp_path) == ["generate/cells.py", "yaku.py"]


def test_the_engine_built_for_the_tests_is_current():
    assert stale_modules() == []
    assert engine_kind() in ("compiled (mypyc)", "pure Python")
