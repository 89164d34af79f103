"""The site's part of `make bench` is not a test, but it must keep running: its quick form on
a throw-away database, each table printed with a time, the queries and the ratio."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_site_bench_prints_its_tables(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    env["DJANGO_SETTINGS_MODULE"] = "quizsite.settings"
    run = subprocess.run(
        [sys.executable, "-m", "bench.site", "--quick", "--repeat", "1",
         "--only", "drill,league,board"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    for title in ("A drill's results", "A club's league", "A game's board"):
        assert title in out
    for page in ("results", "poll", "league", "board", "watch"):
        ratio = re.search(rf"  {page}: largest/smallest (\d+\.\d\d)×", out)
        assert ratio and float(ratio.group(1)) > 0
    # the league's and the board's queries do not grow with their size
    for page in ("league", "board", "watch"):
        counts = re.search(rf"  {page}: .* queries (\d+) / (\d+)\n", out)
        assert counts and counts.group(1) == counts.group(2) != "0", out
    assert re.search(r"CSV: time per line largest/smallest \d+\.\d\d×", out)
    assert not (ROOT / "bench.sqlite3").exists()  # the database was thrown away


def test_the_site_bench_times_a_game_logs_import():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    env["DJANGO_SETTINGS_MODULE"] = "quizsite.settings"
    run = subprocess.run(
        [sys.executable, "-m", "bench.site", "--repeat", "1", "--only", "log"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert "Importing a game log" in out
    rows = re.findall(r"^\s+(\d+)\s+(\d+\.\d)ms\s+(\d+\.\d)ms\s+(\d+)", out, re.M)
    assert [r[0] for r in rows] == ["6", "14"] and all(float(r[1]) > 0 for r in rows), out
    assert re.search(r"import: 14 hands take \d+\.\d× the time of 6", out)
