"""Payment questions draw their han/fu cells as real wins fall, and never a cell no hand scores.

The counts (`REAL_CELLS`) come from the shared real-win corpus (../shared/data), which is not
in the repository: they are recounted here whenever the corpus is present (always in CI).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from scoring.engine.generate import LEVELS, generate, table_cells
from scoring.engine.generate.frequencies import REAL_CELLS
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import PRESETS, parse_rules
from scoring.real_cells import count_cells, module_text, read_corpus

CORPUS = next(
    (
        p / "shared" / "data" / "real_wins.jsonl.gz"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "data" / "real_wins.jsonl.gz").exists()
    ),
    None,
)
SEEDS = range(2000)


def rounded(fu: int) -> int:
    return fu if fu == 25 else -(-fu // 10) * 10


def test_the_table_is_the_corpus_counted() -> None:
    if CORPUS is None:
        if os.environ.get("CI") == "true":
            pytest.fail("real_wins.jsonl.gz is missing in CI (../shared/data)")
        pytest.skip("real_wins.jsonl.gz is not here (it lives in ../shared/data)")
    records = read_corpus(CORPUS)
    assert count_cells(records) == REAL_CELLS
    module = Path(__file__).resolve().parents[2] / "scoring/engine/generate/frequencies.py"
    assert module.read_text(encoding="utf-8") == module_text(REAL_CELLS, len(records))


def test_real_wins_never_land_on_a_cell_no_hand_scores() -> None:
    tenhou = parse_rules("tenhou")  # the corpus's rules
    for _dealer, tsumo, han, fu in REAL_CELLS:
        assert not impossible_reason(han, fu, tsumo=tsumo, rules=tenhou), (han, fu, tsumo)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_payment_question_asks_a_cell_no_hand_scores(level: str, preset: str) -> None:
    rules = parse_rules(preset)
    for seed in SEEDS:
        q = generate(seed, level=level, mode="payment", rules=preset)
        if q["han"] <= 4 and "yakuman" not in q:
            reason = impossible_reason(q["han"], rounded(q["fu"]), tsumo=q["tsumo"], rules=rules)
            assert not reason, (seed, q, reason)


def test_beginner_cells_fall_as_real_wins_do() -> None:
    asked: Counter[tuple[bool, bool, int, int]] = Counter()
    for seed in range(4000):
        q = generate(seed, level="beginner", mode="payment", rules="tenhou")
        asked[(q["dealer"], q["tsumo"], q["han"], q["fu"])] += 1
    assert set(asked) <= set(REAL_CELLS)  # only cells real wins reached
    total = sum(REAL_CELLS.values())
    for cell, share in ((c, n / total) for c, n in REAL_CELLS.items() if n / total > 0.02):
        assert abs(asked[cell] / 4000 - share) < 0.02, (cell, asked[cell], share)
    tsumo_share = sum(n for (_, tsumo, *_), n in REAL_CELLS.items() if tsumo) / total
    assert abs(sum(n for (_, t, *_), n in asked.items() if t) / 4000 - tsumo_share) < 0.03


@pytest.mark.parametrize("level", ["intermediate", "advanced"])
def test_higher_levels_still_ask_every_possible_cell(level: str) -> None:
    asked = set()
    for seed in range(3000):
        q = generate(seed, level=level, mode="payment", rules="mahjongsoul")
        asked.add((q["han"], q["fu"], q["tsumo"]))
    for tsumo in (False, True):
        missing = [c for c in table_cells(tsumo=tsumo) if (*c, tsumo) not in asked]
        assert not missing, f"tsumo={tsumo}: {missing}"
