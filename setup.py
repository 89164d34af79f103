"""The build's extra steps: the engine's translations compiled, and the scoring engine compiled
with mypyc when it can be.

`scoring/engine/` is plain, strictly typed Python (`mypy --strict`). mypyc turns each of its
modules into a C extension that runs the same code faster (it checks the type hints at run
time too). Everything else about the package is in pyproject.toml.

When compiling cannot work — no C compiler or Python headers, a mypyc failure — or when
TENBO_PURE=1 is set, the engine installs as the pure Python it is, which answers the same,
only slower. `make test` builds it the way `make run` does, so the tests run what is served.

The engine's catalogues (`scoring/engine/locale/<ll>/LC_MESSAGES/engine.po`) are compiled to
the `.mo` files it reads, beside them, with Babel (a build requirement, pyproject.toml), so an
installed package speaks every language without GNU gettext; `make` compiles the same files
with msgfmt while the sources change.
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


def compile_catalogues() -> None:
    """Each engine .po to its .mo, unless the .mo is already newer."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(Path("scoring/engine/locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalogue = read_po(source, locale=po.parts[-3])
        with mo.open("wb") as target:
            write_mo(target, catalogue)
        say(f"compiled {mo}")


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


compile_catalogues()
setup(ext_modules=compiled_engine(), cmdclass={"build_ext": OptionalBuildExt})
