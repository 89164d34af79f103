"""Coverage is designed: over 10,000 questions every yaku, fu item, wait and table cell appears.

Needs the engine to score each generated hand (the generator-only tests are in
tests/engine/test_generate.py).
"""

from __future__ import annotations

import pytest

from quizsite.quiz.coverage import QUESTIONS, Coverage, fu_item_key, measure
from scoring.engine.decompose import Wait
from scoring.engine.fu import BASE, CLOSED_RON, MELD_FU, OPEN_NO_FU, TSUMO
from scoring.engine.yaku import DORA_NAMES, REGISTRY


@pytest.fixture(scope="module")
def coverage() -> Coverage:
    return measure(QUESTIONS)


def test_it_asks_every_fu_item(coverage: Coverage) -> None:
    seen = set(coverage.fu_items)
    for item in (BASE, CLOSED_RON, TSUMO, OPEN_NO_FU):
        assert fu_item_key(item.to_json()) in seen
    for wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI):
        assert any(wait.value in k for k in seen), wait
    # Every cell of the engine's triplet-and-quad table: concealed or open, edge or not.
    for (concealed, edge, quad), fu in MELD_FU.items():
        words = (
            "concealed" if concealed else "open",
            "quad" if quad else "triplet",
            "terminals" if edge else "simples",
        )
        assert any(k.startswith(f"{fu} fu:") and all(w in k for w in words) for k in seen), words
    pairs = [k for k in seen if "pair of" in k]
    for what in ("dragons", "seat wind", "round wind"):
        assert any(what in k for k in pairs), what
    double_wind = {k.split(":")[0] for k in pairs if "also the round wind" in k}
    assert double_wind == {"2 fu", "4 fu"}  # both rules for the double wind pair
    assert {k.split(":")[0] for k in seen if "seven pairs" in k} == {"25 fu", "50 fu"}


def test_it_scores_every_generated_hand(coverage: Coverage) -> None:
    assert coverage.errors == []
    assert coverage.questions == QUESTIONS


def test_it_asks_every_yaku(coverage: Coverage) -> None:
    every = {y.id for y in REGISTRY} | set(DORA_NAMES)
    assert every - set(coverage.yaku) == set()


def test_it_asks_every_wait(coverage: Coverage) -> None:
    assert {w.value for w in Wait} - set(coverage.waits) == set()


def test_it_asks_every_cell_of_the_table(coverage: Coverage) -> None:
    # Hands alone reach every cell a hand can score (1 han 110 fu by tsumo is not one of them:
    # the engine's impossible_reason says why), and payment questions ask no other.
    assert coverage.missing_cells(coverage.cells) == []
    assert coverage.missing_cells(coverage.all_cells) == []


def test_no_cell_dominates(coverage: Coverage) -> None:
    total = sum(coverage.cells.values())
    _, largest = coverage.cells.most_common(1)[0]
    assert largest / total < 0.10
    assert total > QUESTIONS / 4  # enough hands land in the 1–4 han table to matter


def test_it_spreads_the_limits(coverage: Coverage) -> None:
    for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman"):
        assert coverage.limits[limit] > 0
