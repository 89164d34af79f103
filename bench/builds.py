"""A commit of Tenbō built apart, for `make bench OLD=<commit>`: its files (`git archive`, so
the repository and its worktrees are left alone) in a scratch folder outside the repository,
with a venv of its own where it is installed as its own Makefile installs it (`pip install -e`,
the engine compiled with mypyc unless `pure`), and its translations compiled. A build is kept
by commit and reused; `rm -rf` the folder to build again.

    python -m bench.builds cffb83c [--pure]    # prints the build's folder
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = Path(os.environ.get("TENBO_BENCH_BUILDS", "/tmp/tenbo-bench-builds"))
# The deployment documented when none is found in a commit's docs (the README's, cffb83c).
DOCUMENTED = "gunicorn quizsite.wsgi --workers 3 --bind 127.0.0.1:8000"
COMMAND = re.compile(r"\s*(\S*/)?gunicorn\s.*\bquizsite\.wsgi\b")  # a command line, not prose


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a tree of Tenbō and the Python that runs it."""

    name: str  # what the tables call it: a short commit, or "working tree"
    root: Path
    python: Path

    def engine_kind(self) -> str:
        code = "from scoring.compiled import engine_kind; print(engine_kind())"
        found = subprocess.run(
            [str(self.python), "-c", code], cwd=self.root, capture_output=True, text=True
        )
        return found.stdout.strip() or "unknown"

    def gunicorn_command(self) -> list[str]:
        """The gunicorn command line the tree's own docs give for a deployment (its README
        or docs/), the program and its `--bind` left for the caller to set."""
        return deployment(self.root)


def deployment(root: Path) -> list[str]:
    """`gunicorn quizsite.wsgi ...` as the tree documents it, without the program, a `--bind`
    or `-b` and its value (a gunicorn.conf.py beside it is read by gunicorn itself)."""
    texts = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    line = next(
        (
            raw.strip()
            for path in texts
            if path.exists()
            for raw in path.read_text(encoding="utf-8").splitlines()
            if COMMAND.match(raw)
        ),
        DOCUMENTED,
    )
    words = shlex.split(line)
    words = words[next(i for i, w in enumerate(words) if w.endswith("gunicorn")) + 1 :]
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--bind", "-b"):
            skip = True
        elif not word.startswith("--bind="):
            out.append(word)
    return out


def resolve(ref: str) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--verify", f"{ref}^{{commit}}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip


def say(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def build(ref: str, *, pure: bool = False) -> Side:
    """The commit `ref` unpacked and installed in its own venv (kept and reused)."""
    commit = resolve(ref)
    folder = SCRATCH / (commit[:12] + ("-pure" if pure else ""))
    python = folder / ".venv" / "bin" / "python"
    done = folder / ".bench-built"
    if not done.exists():
        say(f"building {commit[:12]} in {folder} (once; the compiled engine takes a few minutes)")
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(folder / ".venv")], check=True)
        env = {k: v for k, v in os.environ.items() if k != "TENBO_PURE"}
        if pure:
            env["TENBO_PURE"] = "1"
        pip = [str(python), "-m", "pip", "install", "--quiet"]
        subprocess.run([*pip, "-e", ".[bench]"], cwd=folder, env=env, check=True)
        for po in folder.glob("locale/*/LC_MESSAGES/django.po"):
            subprocess.run(["msgfmt", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
        done.write_text(commit + "\n")
    return Side(commit[:7], folder, python)


def here() -> Side:
    """This working tree, with the Python running this script (its venv)."""
    return Side("working tree", ROOT, Path(sys.executable))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.builds", description=__doc__)
    parser.add_argument("ref", help="a commit (hash, branch, tag)")
    parser.add_argument("--pure", action="store_true", help="the engine as pure Python")
    args = parser.parse_args(argv)
    side = build(args.ref, pure=args.pure)
    print(side.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
