"""Coverage is designed: over 10,000 questions every yaku, fu item, wait and table cell appears.

Needs the engine to score each generated hand (the generator-only tests are in
tests/engine/test_generate.py).
"""

from __future__ import annotations

import pytest

from quizsite.quiz.coverage import QUESTIONS, Coverage, fu_item_key, measure
from scoring.engine.decompose import Wait
from scoring.engine.fu import BASE, CLOSED_RON, OPEN_NO_FU, TSUMO, meld_items
from scoring.engine.yaku import DORA_NAMES, REGISTRY

# No hand scores 1 han 110 fu by tsumo: a closed tsumo with three concealed sets of
# triplets is sanankou, three quads are sankantsu, four triplets toitoi — each adds han.
UNREACHABLE_BY_HAND = {(1, 110, True)}


@pytest.fixture(scope="module")
def coverage() -> Coverage:
    return measure(QUESTIONS)


def expected_fu_items() -> set[str]:
    """Every fu item the engine can give, built from the engine's own tables."""
    items = [BASE, CLOSED_RON, TSUMO, OPEN_NO_FU]
    items += meld_items([(c, t, q) for c in (False, True) for t in (1, 0) for q in (False, True)])
    keys = {fu_item_key(i.to_json()) for i in items}
    keys |= {f"2 fu: {w.value} wait" for w in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI)}
    return keys


def test_it_scores_every_generated_hand(coverage: Coverage) -> None:
    assert coverage.errors == []
    assert coverage.questions == QUESTIONS


def test_it_asks_every_yaku(coverage: Coverage) -> None:
    every = {y.id for y in REGISTRY} | set(DORA_NAMES)
    assert every - set(coverage.yaku) == set()


def test_it_asks_every_fu_item(coverage: Coverage) -> None:
    assert expected_fu_items() - set(coverage.fu_items) == set()
    pairs = [k for k in coverage.fu_items if "pair of" in k]
    for what in ("dragons", "seat wind", "round wind"):
        assert any(what in k for k in pairs), what
    double_wind = {k.split(":")[0] for k in pairs if "also the round wind" in k}
    assert double_wind == {"2 fu", "4 fu"}  # both rules for the double wind pair
    assert {k.split(":")[0] for k in coverage.fu_items if "seven pairs" in k} == {"25 fu", "50 fu"}


def test_it_asks_every_wait(coverage: Coverage) -> None:
    assert {w.value for w in Wait} - set(coverage.waits) == set()


def test_it_asks_every_cell_of_the_table(coverage: Coverage) -> None:
    assert coverage.missing_cells(coverage.all_cells) == []
    assert set(coverage.missing_cells(coverage.cells)) <= UNREACHABLE_BY_HAND


def test_no_cell_dominates(coverage: Coverage) -> None:
    total = sum(coverage.cells.values())
    _, largest = coverage.cells.most_common(1)[0]
    assert largest / total < 0.10
    assert total > QUESTIONS / 4  # enough hands land in the 1–4 han table to matter


def test_it_spreads_the_limits(coverage: Coverage) -> None:
    for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman"):
        assert coverage.limits[limit] > 0
