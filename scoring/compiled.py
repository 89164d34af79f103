"""Whether the scoring engine runs compiled (mypyc: see setup.py) or as pure Python, and
whether a compiled copy is older than its source (imports would then run the old code).

>>> engine_kind() in ("compiled (mypyc)", "pure Python")
True
"""

from __future__ import annotations

from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent / "engine"


def engine_kind() -> str:
    from scoring.engine import yaku

    return "pure Python" if yaku.__file__.endswith(".py") else "compiled (mypyc)"


def stale_modules(engine_dir: Path = ENGINE_DIR) -> list[str]:
    """The engine's sources changed since they were compiled (`make` rebuilds them)."""
    stale = []
    for source in sorted(engine_dir.rglob("*.py")):  # subpackages (generate/) too
        built = list(source.parent.glob(f"{source.stem}.*.so"))
        if any(b.stat().st_mtime < source.stat().st_mtime for b in built):
            stale.append(source.relative_to(engine_dir).as_posix())
    return stale
