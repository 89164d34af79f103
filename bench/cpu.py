"""The CPU time of one quiz loop, per kind of request, through Django's test client in one
process: what the load check (`bench.load`) spends on each request, measured so that the
load of other programs on a shared machine disturbs it little (CPU time of this process, not
wall time).

The site runs with production settings (`DEBUG` off, the cached template loader, the static
files' manifest), on a throw-away SQLite database. One learner, an anonymous browser with
its cookies, repeats the load check's loop `--loops` times (after `--warm` untimed loops; a
new learner every 50 loops, as the load check's learners answer a few dozen each):
`/quiz/next/` with the default options, the question's page, an answer posted as htmx posts
it, a lookup (`/table/cell/`). It prints the median and the mean CPU milliseconds of each
kind and of a whole loop. `--profile N` prints cProfile's N most costly functions instead
(cumulative, then by their own time).

With `--old <commit>` (`bench.compare`'s builds, each compiled apart) it measures this tree
and the older commits in turn, `--rounds` times each, the order turning each round, each in
its own Python; `--new <commit>` measures a commit built the same way instead of this tree
(where this tree's engine is installed pure). Never fails on a figure: this is not a test.

    python -m bench.cpu [--loops 300] [--warm 30] [--old acb71be] [--new HEAD] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

KINDS = ("next", "question", "answer", "lookup")
TYPED = {"amount": "3900", "non_dealer": "1000", "dealer": "2000", "fu": "30", "han": "2"}
FIELD = re.compile(r'<input[^>]*\bname="(' + "|".join(TYPED) + r')"')
CELLS = [(han, fu) for han in (1, 2, 3, 4) for fu in (30, 40, 50, 60, 70)]


def setup(folder: Path) -> None:
    """Production settings on a new database in `folder`, migrated, the static files collected
    (as the load check's server runs)."""
    from bench.load import server_env

    os.environ.update(server_env(folder))
    os.environ["DJANGO_SETTINGS_MODULE"] = "quizsite.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("collectstatic", "--noinput", verbosity=0)
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


PER_LEARNER = 50  # loops of one learner, then a new one


def loops(count: int, *, warm: int) -> dict[str, list[float]]:
    """The CPU seconds of each request of `count` loops (after `warm` untimed ones)."""
    from django.test import Client

    times: dict[str, list[float]] = {k: [] for k in KINDS}
    clock = time.process_time
    for n in range(warm + count):
        if n % PER_LEARNER == 0:
            client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
        laps: dict[str, float] = {}
        began = clock()
        response = client.get("/quiz/next/")
        laps["next"] = clock() - began
        assert response.status_code == 302, response.status_code
        url = response["Location"]
        began = clock()
        page = client.get(url)
        laps["question"] = clock() - began
        fields = {name: TYPED[name] for name in FIELD.findall(page.content.decode())}
        assert page.status_code == 200 and fields, url
        began = clock()
        answer = client.post(url, fields, HTTP_HX_REQUEST="true")
        laps["answer"] = clock() - began
        assert answer.status_code == 200, answer.status_code
        han, fu = CELLS[n % len(CELLS)]
        began = clock()
        cell = client.get(f"/table/cell/?han={han}&fu={fu}")
        laps["lookup"] = clock() - began
        assert cell.status_code == 200, cell.status_code
        if n >= warm:
            for kind, seconds in laps.items():
                times[kind].append(seconds)
    return times


def figures(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """The median and mean milliseconds of each kind and of a whole loop."""
    whole = [sum(lap) for lap in zip(*(times[k] for k in KINDS), strict=True)]
    out = {}
    for kind, seconds in [*times.items(), ("loop", whole)]:
        ms = [s * 1000 for s in seconds]
        out[kind] = {"median": statistics.median(ms), "mean": statistics.fmean(ms)}
    return out


def measure(count: int, warm: int, profile: int, *, quiet: bool = True) -> None:
    """Run in the side's own Python: set up, loop, print the figures as JSON (or a profile)."""
    with tempfile.TemporaryDirectory(prefix="tenbo-cpu-") as folder:
        setup(Path(folder))
        try:
            from scoring.compiled import engine_kind
        except ImportError:  # an older tree

            def engine_kind() -> str:
                return "unknown"

        if profile:
            import cProfile
            import pstats

            loops(warm, warm=0)
            profiler = cProfile.Profile(time.process_time)
            profiler.runcall(loops, count, warm=0)
            stats = pstats.Stats(profiler)
            stats.sort_stats("cumulative").print_stats(profile)
            stats.sort_stats("tottime").print_stats(profile)
            return
        result = figures(loops(count, warm=warm))
        print(json.dumps({"engine": engine_kind(), "figures": result}))
        if not quiet:
            for kind, ms in result.items():
                print(f"{kind}: {ms['median']:.2f} ms (median), {ms['mean']:.2f} ms (mean)")


def run_side(python: Path, root: Path, harness: Path, count: int, warm: int) -> dict[str, object]:
    """One measurement in `python` on the tree at `root`, the harness first on the path."""
    code = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
        "from bench.cpu import measure; measure(int(sys.argv[3]), int(sys.argv[4]), 0)"
    )
    found = subprocess.run(
        [str(python), "-c", code, str(harness), str(root), str(count), str(warm)],
        cwd=root, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return dict(json.loads(found.stdout.strip().splitlines()[-1]))


def compare(args: argparse.Namespace) -> int:
    import shutil

    from bench.builds import build, here, say
    from bench.compare import HARNESS, short_head

    new = build(args.new) if args.new else here()
    if not args.new:
        new = type(new)(f"working tree ({short_head()})", new.root, new.python)
    sides = [new, *(build(ref) for ref in args.old)]
    runs: dict[str, list[dict[str, object]]] = {s.name: [] for s in sides}
    with tempfile.TemporaryDirectory(prefix="tenbo-harness-") as folder:
        harness = Path(folder)
        shutil.copytree(HARNESS, harness / "bench", ignore=shutil.ignore_patterns("__pycache__"))
        for n in range(args.rounds):
            for side in sides[n % len(sides) :] + sides[: n % len(sides)]:
                say(f"round {n + 1}: {side.name}")
                runs[side.name].append(
                    run_side(side.python, side.root, harness, args.loops, args.warm)
                )
    print(f"CPU ms per request (median of {args.loops} loops a run; test client, one process)")
    print("| side | engine | " + " | ".join(KINDS) + " | whole loop |")
    print("|---|---|" + "---:|" * (len(KINDS) + 1))
    for name, results in runs.items():
        for r in results:
            cells = r["figures"]
            assert isinstance(cells, dict)
            row = " | ".join(f"{cells[k]['median']:.2f}" for k in (*KINDS, "loop"))
            print(f"| {name} | {r['engine']} | {row} |")
    base = statistics.median(r["figures"]["loop"]["median"] for r in runs[new.name])  # type: ignore[index]
    for side in sides[1:]:
        old = statistics.median(r["figures"]["loop"]["median"] for r in runs[side.name])  # type: ignore[index]
        print(f"a loop's CPU, {new.name} / {side.name}: {base / old:.2f}×")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cpu", description=__doc__)
    parser.add_argument("--loops", type=int, default=300, help="timed loops a run (300)")
    parser.add_argument("--warm", type=int, default=30, help="untimed loops first (30)")
    parser.add_argument("--profile", type=int, default=0, help="cProfile's N top functions")
    parser.add_argument("--old", action="append", default=[], help="an older commit")
    parser.add_argument("--new", help="a commit for today's side (default: this tree)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side (3)")
    args = parser.parse_args(argv)
    if args.old:
        return compare(args)
    if args.profile:
        measure(args.loops, args.warm, args.profile)
        return 0
    measure(args.loops, args.warm, 0, quiet=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
