"""`make test` and `make test-db` spread the tests over the cores (pytest-xdist), a test file's
tests on one worker, and every worker runs on a test database of its own."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connection

from tests.helpers import ROOT


def pytest_command(target: str, *variables: str) -> str:
    """The pytest command `make <target>` would run (make --dry-run: nothing is run)."""
    run = subprocess.run(
        ["make", "--dry-run", target, *variables],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.replace("\\\n", " ").splitlines()
    [command] = [line for line in lines if "bin/pytest" in line]
    return " ".join(command.split())


def test_make_test_and_test_db_run_one_worker_per_core_a_file_on_one_worker():
    for target in ("test", "test-db"):
        command = pytest_command(target)
        assert " -n auto --dist loadfile" in command, command
        assert " -n 0 " in pytest_command(target, "WORKERS=0") + " "
        assert " -n 3 " in pytest_command(target, "WORKERS=3") + " "
    assert "--ignore=tests/e2e" in pytest_command("test-db")


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
