"""How real wins fall on the 1–4 han table, counted from the shared real-win corpus.

The quiz's payment questions draw their han/fu cells with these frequencies (see
`scoring/engine/generate/frequencies.py`, which holds the counts: the corpus is not part of
the repository). Recount and rewrite that module with

    .venv/bin/python -m scoring.real_cells --write [path/to/real_wins.jsonl.gz]

and a test (tests/engine/test_frequencies.py) recounts it whenever the corpus is present.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scoring.engine.generate import frequencies
from scoring.engine.generate.cells import TABLE_FU

REAL_WINS = Path(__file__).resolve().parents[2] / "shared" / "data" / "real_wins.jsonl.gz"
MODULE = Path(frequencies.__file__).with_name("frequencies.py")
Cell = tuple[bool, bool, int, int]  # dealer, tsumo, han, fu


def count_cells(records: Iterable[dict[str, Any]]) -> dict[Cell, int]:
    """(dealer, tsumo, han, fu) → how many wins scored it, for the 1–4 han cells (yakuman
    and limits of 5 han and more left out), in a fixed order.

    >>> win = {"seat": "S", "tsumo": True, "expected": {"han": 2, "fu": 20, "yakuman": []}}
    >>> count_cells([win, win, {**win, "seat": "E"}])
    {(False, True, 2, 20): 2, (True, True, 2, 20): 1}
    """
    counts: Counter[Cell] = Counter()
    for record in records:
        e = record["expected"]
        if not e["yakuman"] and 1 <= e["han"] <= 4 and e["fu"] in TABLE_FU:
            counts[(record["seat"] == "E", record["tsumo"], e["han"], e["fu"])] += 1
    return dict(sorted(counts.items()))


def read_corpus(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def module_text(counts: dict[Cell, int], wins: int) -> str:
    """The source of `frequencies.py` holding `counts`."""
    lines = [f"    {cell!r}: {n}," for cell, n in counts.items()]
    return HEADER.format(wins=wins, cells=sum(counts.values())) + "\n".join(lines) + "\n}\n"


HEADER = '''"""How real wins fall on the 1–4 han table: the payment questions draw cells this way.

(dealer, tsumo, han, fu) → how many of the {wins:,} wins of the shared real-win corpus (Tenhou
server games) scored that cell; {cells:,} wins in all below 5 han and not yakuman. Written by
`python -m scoring.real_cells --write`; tests/engine/test_frequencies.py recounts it from the
corpus when the corpus is present. A cell no real win reached is not here.
"""

from __future__ import annotations

REAL_CELLS: dict[tuple[bool, bool, int, int], int] = {{
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=REAL_WINS)
    parser.add_argument("--write", action="store_true", help=f"rewrite {MODULE.name}")
    args = parser.parse_args(argv)
    records = read_corpus(args.corpus)
    text = module_text(count_cells(records), len(records))
    if args.write:
        MODULE.write_text(text, encoding="utf-8")
        print(f"wrote {MODULE}")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
