"""`make test` and `make test-db` spread the tests over the cores (pytest-xdist), a test file's
tests on one worker, and every worker runs on a test database of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.db import connection

from tests.helpers import ROOT, base_env


def pytest_commands(target: str, *variables: str) -> list[str]:
    """The pytest commands `make <target>` would run (make --dry-run: nothing is run)."""
    run = subprocess.run(
        ["make", "--dry-run", target, *variables],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    script = " ".join(run.stdout.replace("\\\n", " ").split())
    return [part.strip() for part in re.split(r"[;&|]+", script) if "bin/pytest" in part]


def test_make_runs_the_tests_one_worker_per_core_then_those_marked_alone_by_themselves():
    for target in ("test", "test-db"):
        others, alone = pytest_commands(target)
        assert ' -n auto --dist loadfile -m "not alone"' in others, others
        assert " -n 0 -m alone" in alone, alone
        others, alone = pytest_commands(target, "WORKERS=3")
        assert " -n 3 " in others and " -n 0 " in alone
        assert " -n 0 " in pytest_commands(target, "WORKERS=0")[0]
    for command in pytest_commands("test-db"):  # both parts skip the same folders
        assert "--ignore=tests/engine --ignore=tests/e2e" in command


def test_the_concurrency_tests_are_the_ones_run_alone():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
         "-m", "alone", "tests/drills", "tests/classes"],
        cwd=ROOT, env=base_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    chosen = [line for line in run.stdout.splitlines() if "::" in line]
    files = {line.split("::")[0] for line in chosen}
    assert files == {"tests/drills/test_concurrency.py", "tests/classes/test_class_concurrency.py"}
    assert any("two_hundred_students" in line for line in chosen), chosen
    assert any("two_hundred_members" in line for line in chosen), chosen


def test_each_worker_has_a_test_database_of_its_own():
    name = str(connection.settings_dict["NAME"])
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:  # gw0, gw1, ...: pytest-django names the database after the worker
        assert re.fullmatch(r"gw\d+", worker)
        assert name.endswith(f"_{worker}"), name
    else:
        assert not re.search(r"_gw\d+$", name), name
    stem = name.removesuffix(f"_{worker}") if worker else name
    if connection.vendor == "sqlite":  # settings.py's test database, beside the site's
        assert stem == str(Path(settings.BASE_DIR) / "test-db.sqlite3") and Path(name).is_file()
    else:  # PostgreSQL's: "test_" and the site's database's name
        assert stem.startswith("test_"), name
