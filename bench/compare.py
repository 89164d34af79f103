"""`make bench OLD=<commit>`: today's Tenbō beside an older commit, measured alternately in one
sitting, so that a busy machine slows both alike and only the ratios count.

The older commit is built apart (`bench.builds`: its files from git, its own venv, the engine
compiled as its Makefile compiles it). The same harness (this folder, copied beside the older
tree) measures both:

- the load check (`bench.load`): each side's site on gunicorn as that side's own docs deploy
  it, `--rounds` times each, the order turning round by round;
- the engine against the `mahjong` library (`bench.engine`): hands a second for the brief and
  the explained answer and the library end to end, in each side's own Python, in turn.

It prints one table for each and the ratios of today's figures to the older ones'. Nothing
fails on a figure: this is not a test.

    python -m bench.compare --old cffb83c [--old 2546bc4] [--new HEAD] [--rounds 2]
        [--seconds 30] [--learners 50] [--hands 3000]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench import load
from bench.builds import ROOT, Side, build, here, say

HARNESS = ROOT / "bench"


def engine_rates(side: Side, hands: int, harness: Path) -> dict[str, float]:
    """`bench.engine`'s rates for one side, run in that side's Python on its own engine (the
    harness first on the path, the side's tree next)."""
    code = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
        "from bench.engine import main; main(sys.argv[3:])"
    )
    found = subprocess.run(
        [str(side.python), "-c", code, str(harness), str(side.root)]
        + ["--hands", str(hands), "--chunk", "100", "--json"],
        cwd=side.root, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return dict(json.loads(found.stdout.strip().splitlines()[-1]))


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def load_table(results: dict[str, list[load.Result]]) -> list[str]:
    lines = load.table([r for runs in results.values() for r in runs])
    lines.append("")
    lines.append("| side | answered/s (median) | answer p95 / lookup p95 (median) | errors |")
    lines.append("|---|---:|---:|---:|")
    for name, runs in results.items():
        errors = sum(sum(r.errors.values()) for r in runs)
        rate = median([r.rate for r in runs])
        ratio = median([r.answer_over_lookup for r in runs])
        lines.append(f"| {name} | {rate:.1f} | {ratio:.2f}× | {errors} |")
    return lines


def engine_table(rates: dict[str, list[dict[str, float]]]) -> list[str]:
    lines = [
        "| side | engine | brief hands/s | explained hands/s | mahjong end to end | "
        "brief / mahjong | explained / mahjong |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, runs in rates.items():
        for r in runs:
            lines.append(
                f"| {name} | {r.get('engine', '')} | {r['brief']:,.0f} | {r['explained']:,.0f} "
                f"| {r['library']:,.0f} | {r['brief_ratio']:.2f}× | {r['explained_ratio']:.2f}× |"
            )
    return lines


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__)
    parser.add_argument("--old", action="append", required=True, help="an older commit")
    parser.add_argument("--new", help="a commit for today's side (default: this tree)")
    parser.add_argument("--rounds", type=int, default=2, help="load runs of each side (2)")
    parser.add_argument("--seconds", type=float, default=30, help="each load run (30 s)")
    parser.add_argument("--learners", type=int, default=50, help="clients at once (50)")
    parser.add_argument("--hands", type=int, default=3000, help="hands per engine run (3,000)")
    parser.add_argument("--no-load", action="store_true", help="the engine only")
    parser.add_argument("--no-engine", action="store_true", help="the load check only")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    new = build(args.new) if args.new else here()
    sides = [new, *(build(ref) for ref in args.old)]
    if new.name == "working tree":
        new = Side(f"working tree ({short_head()})", new.root, new.python)
        sides[0] = new
    for side in sides:
        say(f"{side.name}: {side.root}, the engine {side.engine_kind()}")
    loads: dict[str, list[load.Result]] = {s.name: [] for s in sides}
    engines: dict[str, list[dict[str, float]]] = {s.name: [] for s in sides}
    with tempfile.TemporaryDirectory(prefix="tenbo-harness-") as folder:
        harness = Path(folder)
        shutil.copytree(HARNESS, harness / "bench", ignore=shutil.ignore_patterns("__pycache__"))
        for n in range(args.rounds):
            turn = sides[n % len(sides) :] + sides[: n % len(sides)]
            for side in turn:
                if not args.no_load:
                    say(f"round {n + 1}: load on {side.name}")
                    result = load.run(side, learners=args.learners, seconds=args.seconds)
                    loads[side.name].append(result)
                if not args.no_engine:
                    say(f"round {n + 1}: engine of {side.name}")
                    engines[side.name].append(engine_rates(side, args.hands, harness))
    print(f"Tenbō: {' beside '.join(s.name for s in sides)}, measured in turn in one sitting")
    if not args.no_load:
        commands = {s.name: s.gunicorn_command() for s in sides}
        print(f"\nThe load check: {args.learners} learners, {args.seconds:.0f} s a run, SQLite")
        for name, command in commands.items():
            print(f"  {name}: gunicorn {' '.join(command)}")
        print("\n".join(load_table(loads)))
        base = median([r.rate for r in loads[new.name]])
        for side in sides[1:]:
            old = median([r.rate for r in loads[side.name]])
            if old:
                print(f"answered/s, {new.name} / {side.name}: {base / old:.2f}×")
    if not args.no_engine:
        print(f"\nThe engine against the mahjong library, {args.hands:,} generated hands a run")
        print("\n".join(engine_table(engines)))
    return 0


def short_head() -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True)
    return found.stdout.strip() + ("+" if dirty.stdout.strip() else "")


if __name__ == "__main__":
    sys.exit(main())
