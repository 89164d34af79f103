"""The build's one extra step: the scoring engine compiled with mypyc when it can be.

`scoring/engine/` is plain, strictly typed Python (`mypy --strict`). mypyc turns each of its
modules into a C extension that runs the same code faster (it checks the type hints at run
time too). Everything else about the package is in pyproject.toml.

When compiling cannot work — no C compiler or Python headers, a mypyc failure — or when
TENBO_PURE=1 is set, the engine installs as the pure Python it is, which answers the same,
only slower. `make test` builds it the way `make run` does, so the tests run what is served.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = sorted(str(p) for p in Path("scoring/engine").rglob("*.py"))  # subpackages too


def say(message: str) -> None:
    print(f"tenbo build: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Build the compiled engine, or leave it out (pure Python) if any part of it fails:
    half a compiled engine would not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 — any failure means: install pure Python
            say(f"compiling the engine failed ({e}); it stays pure Python (slower, same answers)")
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.extensions = []


def compiled_engine() -> list:
    if os.environ.get("TENBO_PURE") == "1":
        say("TENBO_PURE=1: the engine stays pure Python (compiled copies removed)")
        for built in [*Path("scoring/engine").rglob("*.so"), *Path(".").glob("tenbo_engine*.so")]:
            built.unlink()
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(ENGINE, opt_level="3", group_name="tenbo_engine")
    except (Exception, SystemExit) as e:  # mypyc missing, or it refused the code
        say(f"mypyc could not prepare the engine ({e!r}); it stays pure Python")
        return []


setup(ext_modules=compiled_engine(), cmdclass={"build_ext": OptionalBuildExt})
