"""One test per verdict hint: its words for an answer that makes that slip, and none of them
for the same question answered right or wrong another way.

Each case finds a question where the slip gives an answer of its own, makes the slip, and
checks the words; then answers right, and wrong by a margin no slip explains."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from quizsite.quiz.questions import Question, Solution
from quizsite.quiz.verdicts import amounts, judge, resettle, rounded_down, uncapped
from scoring.engine import parse_rules

from .factory import find, right_answer

Case = tuple[Question, Solution, dict[str, Any], dict[str, Any]]


def cleaned(q: Question, s: Solution) -> dict[str, Any]:
    return {k: int(v) for k, v in right_answer(q, s).items()}


def as_answer(q: Question, values: tuple[int, ...]) -> dict[str, Any]:
    if q.kind == "split":
        return {"non_dealer": values[0], "dealer": values[1]}
    return {"amount": values[0]}


def far_off(q: Question, s: Solution) -> dict[str, Any]:
    """A wrong answer no slip explains."""
    if q.kind == "fu":
        return {"fu": 190}
    if q.kind == "han":
        return {"han": 77}
    return {k: v + 97_000 for k, v in cleaned(q, s).items()}


def rules_of(q: Question):
    return parse_rules(q.request["rules"])


def payment_case(
    mode: str, kind: str, slip: Callable[[Question, Solution], tuple[int, ...] | None], **find_args
) -> Case:
    def fits(q: Question, s: Solution) -> bool:
        value = slip(q, s)
        return value is not None and value != amounts(s.settlement, q.kind)

    q, s = find(mode, kind=kind, where=fits, **find_args)
    return q, s, as_answer(q, slip(q, s)), far_off(q, s)


def deposits() -> Case:
    def slip(q, s):
        d = s.settlement.deposits
        return (s.payments["ron"] + d,) if d else None

    return payment_case("payment", "ron", slip, level="intermediate")


def rounding_down() -> Case:
    return payment_case("payment", "ron", lambda q, s: rounded_down(s.settlement, q.kind))


def tsumo_total_for_a_ron() -> Case:
    def slip(q, s):
        st = s.settlement
        value = resettle(st, rules_of(q), tsumo=True).total - st.deposits
        other = amounts(resettle(st, rules_of(q), dealer=not st.dealer), "ron")[0]
        return (value,) if value != other else None

    return payment_case("payment", "ron", slip, level="beginner")


def over_the_cap() -> Case:
    def slip(q, s):
        b = s.settlement.basic
        return uncapped(s.settlement, q.kind) if b.formula > 2000 and b.han < 5 else None

    return payment_case("payment", "ron", slip, level="intermediate")


def kiriage() -> Case:
    def slip(q, s):
        b = s.settlement.basic
        if (b.han, b.fu_rounded) not in ((4, 30), (3, 60)):
            return None
        flipped = replace(rules_of(q), kiriage=not rules_of(q).kiriage)
        return amounts(resettle(s.settlement, flipped), q.kind)

    return payment_case("payment", "ron", slip, level="advanced")


def ten_fu_short() -> Case:
    def slip(q, s):
        b = s.settlement.basic
        if b.han >= 4 or b.fu_rounded <= 30 or b.limit is not None:
            return None
        return amounts(resettle(s.settlement, rules_of(q), fu=b.fu_rounded - 10), q.kind)

    return payment_case("full", "ron", slip, level="intermediate")


def one_han_too_many() -> Case:
    def slip(q, s):
        b = s.settlement.basic
        if b.han >= 3 or b.limit is not None:
            return None
        return amounts(resettle(s.settlement, rules_of(q), han=b.han + 1), q.kind)

    return payment_case("full", "ron", slip, level="beginner")


def not_a_multiple_of_100() -> Case:
    q, s = find("payment", kind="ron")
    return q, s, {"amount": s.payments["ron"] + 50}, far_off(q, s)


def pinfu_tsumo_fu() -> Case:
    q, s = find(
        "fu",
        where=lambda q, s: q.tsumo and any(y["id"] == "pinfu" for y in s.yaku),
        level="beginner",
    )
    return q, s, {"fu": 22}, far_off(q, s)


def too_many_fu() -> Case:
    q, s = find("fu", where=lambda q, s: not any(y["id"] == "pinfu" for y in s.yaku))
    return q, s, {"fu": s.fu_raw + 8}, far_off(q, s)


def open_hand_reduction() -> Case:
    q, s = find("han", where=lambda q, s: s.yakuman == 0 and any(y["open_reduced"] for y in s.yaku))
    reduced = sum(1 for y in s.yaku if y["open_reduced"])
    return q, s, {"han": s.han + reduced}, far_off(q, s)


def not_in_this_hand() -> Case:
    q, s = find("han", where=lambda q, s: not any(y["id"] == "chinitsu" for y in s.yaku))
    named = [y["id"] for y in s.yaku if y["id"] not in ("dora", "aka_dora", "ura_dora")]
    return q, s, {"han": s.han, "yaku": [*named, "chinitsu"]}, far_off(q, s)


CASES: dict[str, tuple[Callable[[], Case], str]] = {
    "deposits": (deposits, "The riichi deposits go to the winner from the table"),
    "rounding down": (rounding_down, "rounded up to the next 100, never down"),
    "a tsumo total for a ron": (tsumo_total_for_a_ron, "what a tsumo of this hand brings in all"),
    "over the cap": (over_the_cap, "over the cap: the hand is a mangan"),
    "kiriage": (kiriage, "Kiriage mangan rounds 4 han 30 fu and 3 han 60 fu up"),
    "10 fu off": (ten_fu_short, "10 fu short: recount the fu"),
    "one han too many": (one_han_too_many, "one han too many: check the yaku and the dora"),
    "a multiple of 100": (not_a_multiple_of_100, "Every payment is a multiple of 100"),
    "pinfu tsumo fu": (pinfu_tsumo_fu, "A pinfu tsumo does not add the 2 fu for tsumo"),
    "too many fu": (too_many_fu, "fu too many. A triplet completed by a ron counts as open"),
    "the open-hand reduction": (open_hand_reduction, "is worth one han less"),
    "not in this hand": (not_in_this_hand, "Not in this hand: Full flush (chinitsu)."),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_hint_names_its_slip(name: str) -> None:
    make, words = CASES[name]
    q, s, slip, _ = make()
    verdict = judge(q, s, slip)
    assert not verdict.right
    assert any(words in hint for hint in verdict.hints), (q.url, slip, verdict.hints)


@pytest.mark.parametrize("name", list(CASES))
def test_the_hint_is_absent_without_its_slip(name: str) -> None:
    make, words = CASES[name]
    q, s, _, other = make()
    assert judge(q, s, cleaned(q, s)).hints == []
    wrong = judge(q, s, other)
    assert not wrong.right
    assert not any(words in hint for hint in wrong.hints), (q.url, other, wrong.hints)
