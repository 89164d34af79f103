"""A fu question's answer key counts the fu item by item, at a limit too; below advanced a fu
question stays under the limits, where its fu change the payment."""

from __future__ import annotations

import pytest

from quizsite.quiz.public import check_key
from tests.factory import find


def fu_lines(steps: list[dict]) -> list[str]:
    return [s["text"] for s in steps if s["kind"] == "fu" and s["text"].startswith("+")]


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_fu_question_below_advanced_is_no_limit_hand(level: str) -> None:
    for offset in range(25):
        q, s = find("fu", level=level, start=900_001 + 13 * offset)
        assert s.settlement.basic.limit is None and not s.yakuman, q.request
        key = check_key(q)
        assert key.expected.startswith(f"{s.fu} fu")
        assert fu_lines(key.steps) and all(" fu: " in t for t in fu_lines(key.steps))


def test_a_limit_hands_fu_key_lists_its_fu_items() -> None:
    q, s = find(
        "fu",
        level="advanced",
        where=lambda q, s: s.settlement.basic.limit is not None and not s.yakuman,
    )
    key = check_key(q)
    assert key.expected.startswith(f"{s.fu} fu")
    assert fu_lines(key.steps) == [f"+{i['fu']} fu: {i['reason']}" for i in s.fu_items]
    (total,) = [st["text"] for st in key.steps if st["kind"] == "fu_total"]
    assert total.startswith(f"fu: {s.fu_raw} in all") and "do not change the payment" in total
