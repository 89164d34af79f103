"""Hand-checked textbook hands (tests/engine/hands/*.jsonl): one case a line, the arithmetic
in its `why`. Every yaku, fu item, wait, limit and rule switch has at least one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import score_json

HANDS = Path(__file__).parent / "hands"
CASES = [
    pytest.param(case, id=f"{path.stem}:{case['name']}")
    for path in sorted(HANDS.glob("*.jsonl"))
    for case in map(json.loads, path.read_text(encoding="utf-8").splitlines())
]


def observed(answer: dict[str, Any], key: str) -> Any:
    """The part of an answer that an `expect` key is about."""
    if key == "yaku":
        return {y["id"]: y["han"] for y in answer["yaku"]}
    if key == "wait":
        return answer["reading"]["wait"]
    if key == "open_reduced":
        return [y["id"] for y in answer["yaku"] if y["open_reduced"]]
    if key == "readings":
        return len(answer["readings"])
    return answer[key]


@pytest.mark.parametrize("case", CASES)
def test_it_scores_the_textbook_hand(case):
    answer = score_json(case["request"])
    assert "error" not in answer, answer
    got = {key: observed(answer, key) for key in case["expect"]}
    assert got == case["expect"], case["why"]


@pytest.mark.parametrize("case", CASES)
def test_it_lists_fu_items_that_add_up(case):
    answer = score_json(case["request"])
    total = sum(item["fu"] for item in answer["fu_items"])
    assert answer["fu"] == (
        total if total in (25, 50) and len(answer["fu_items"]) == 1 else -(-total // 10) * 10
    )


def test_every_yaku_has_a_textbook_hand():
    from scoring.engine.yaku import REGISTRY

    covered = {yaku for c in CASES for yaku in c.values[0]["expect"].get("yaku", {})}
    missing = {y.id for y in REGISTRY} - covered
    assert not missing


def test_every_wait_has_a_textbook_hand():
    waits = {score_json(c.values[0]["request"])["reading"]["wait"] for c in CASES}
    assert waits == {"ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13"}
