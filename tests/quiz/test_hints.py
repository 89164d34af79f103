"""One test per verdict hint: its words for an answer that makes that slip, and none of them
for the same question answered right or wrong another way.

Each case finds a question where the slip gives an answer of its own, makes the slip, and
checks the words; then answers right, and wrong by a margin no slip explains."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from quizsite.quiz.public import diagnose
from quizsite.quiz.questions import Question, Solution
from quizsite.quiz.verdicts import (
    amounts,
    indicators_as_dora,
    judge,
    resettle,
    rounded_down,
    uncapped,
)
from scoring.engine import parse_rules
from scoring.engine.payment import round_fu
from tests.factory import find, right_answer

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


def honba() -> Case:
    def slip(q, s):
        st = s.settlement
        return amounts(resettle(st, rules_of(q), honba=0), q.kind) if st.honba else None

    return payment_case("payment", "ron", slip, level="intermediate")


def dealer_mix_up() -> Case:
    def slip(q, s):
        st = s.settlement
        return amounts(resettle(st, rules_of(q), dealer=not st.dealer), q.kind)

    return payment_case("payment", "ron", slip, level="beginner")


def split_reversed() -> Case:
    def slip(q, s):
        values = amounts(s.settlement, q.kind)
        return tuple(reversed(values)) if values[0] != values[1] else None

    return payment_case("payment", "split", slip, level="beginner")


def unrounded() -> Case:
    def slip(q, s):
        share = s.settlement.shares[0]
        return (share.raw,) if share.raw != share.rounded else None

    return payment_case("payment", "ron", slip, level="beginner")


def one_han_short() -> Case:
    def slip(q, s):
        b = s.settlement.basic
        if b.han < 2 or b.limit is not None or b.han >= 5:
            return None
        return amounts(resettle(s.settlement, rules_of(q), han=b.han - 1), q.kind)

    return payment_case("full", "ron", slip, level="beginner")


def indicator_taken_for_the_dora() -> Case:
    def fits(q: Question, s: Solution) -> bool:
        return s.yakuman == 0 and (indicators_as_dora(q.request, s.yaku) or 0) > s.han

    q, s = find("han", level="beginner", where=fits)
    return q, s, {"han": indicators_as_dora(q.request, s.yaku)}, far_off(q, s)


def items_of(s: Solution, start: str) -> list[dict[str, Any]]:
    return [i for i in s.fu_items if i["reason"].startswith(start)]


def no_item_gives(s: Solution, fu: int) -> bool:
    """Whether no single fu item missed gives this count (as counted or rounded up)."""
    return all(fu not in (s.fu_raw - i["fu"], round_fu(s.fu_raw - i["fu"])) for i in s.fu_items)


def fu_case(where: Callable[[Question, Solution], bool], slip: Callable[[Solution], int]) -> Case:
    def fits(q: Question, s: Solution) -> bool:
        return where(q, s) and slip(s) not in (s.fu, s.fu_raw) and no_item_gives(s, slip(s))

    q, s = find("fu", where=fits)
    return q, s, {"fu": slip(s)}, far_off(q, s)


def missed_fu_item() -> Case:
    def largest(s: Solution) -> int:
        return max(i["fu"] for i in s.fu_items if not i["reason"].startswith("base"))

    q, s = find("fu", where=lambda q, s: s.fu_raw - largest(s) >= 20 and len(s.fu_items) > 1)
    return q, s, {"fu": s.fu_raw - largest(s)}, far_off(q, s)


def ron_counted_as_tsumo() -> Case:
    return fu_case(
        lambda q, s: bool(items_of(s, "closed hand won on a discard")), lambda s: s.fu_raw - 8
    )


def tsumo_counted_as_ron() -> Case:
    return fu_case(lambda q, s: bool(items_of(s, "won by self-draw")), lambda s: s.fu_raw + 8)


def ron_triplet_counted_closed() -> Case:
    def triplet(s: Solution) -> list[dict[str, Any]]:
        return [i for i in s.fu_items if "completed on a discard" in i["reason"]]

    return fu_case(lambda q, s: bool(triplet(s)), lambda s: s.fu_raw + triplet(s)[0]["fu"])


def closed_ron_fu_on_an_open_hand() -> Case:
    def fits(q: Question, s: Solution) -> bool:
        is_open = any(not m.startswith("ankan") for m in q.request["melds"])
        return is_open and not q.tsumo and not items_of(s, "open hand won on a discard")

    return fu_case(fits, lambda s: s.fu_raw + 10)


def missed_dora() -> Case:
    def fits(q: Question, s: Solution) -> bool:
        kinds = [y["han"] for y in s.yaku if y["id"] in ("dora", "aka_dora", "ura_dora")]
        others = {y["han"] for y in s.yaku if y["id"] not in ("dora", "aka_dora", "ura_dora")}
        return s.yakuman == 0 and len(kinds) > 1 and sum(kinds) not in others

    q, s = find("han", where=fits)
    dora = sum(y["han"] for y in s.yaku if y["id"] in ("dora", "aka_dora", "ura_dora"))
    return q, s, {"han": s.han - dora}, far_off(q, s)


def missed_yaku_by_count() -> Case:
    def fits(q: Question, s: Solution) -> bool:
        return s.yakuman == 0 and any(y["han"] == 2 for y in s.yaku)

    q, s = find("han", where=fits)
    return q, s, {"han": s.han - 2}, far_off(q, s)


def open_hand_reduction() -> Case:
    q, s = find("han", where=lambda q, s: s.yakuman == 0 and any(y["open_reduced"] for y in s.yaku))
    reduced = sum(1 for y in s.yaku if y["open_reduced"])
    return q, s, {"han": s.han + reduced}, far_off(q, s)


def not_in_this_hand() -> Case:
    q, s = find("han", where=lambda q, s: not any(y["id"] == "chinitsu" for y in s.yaku))
    named = [y["id"] for y in s.yaku if y["id"] not in ("dora", "aka_dora", "ura_dora")]
    return q, s, {"han": s.han, "yaku": [*named, "chinitsu"]}, far_off(q, s)


LIMIT = "limit (mangan cap, kiriage)"
CASES: dict[str, tuple[Callable[[], Case], str, str]] = {  # case, hint words, diagnosis
    "honba": (honba, "You left out the honba", "honba left out"),
    "a dealer mix-up": (dealer_mix_up, "would get; this winner is", "dealer multiplier"),
    "a split reversed": (split_reversed, "the other way round", "dealer multiplier"),
    "no rounding": (unrounded, "rounded up to the next 100", "rounding"),
    "one han short": (one_han_short, "one han short", "one han short"),
    "an indicator for the dora": (
        indicator_taken_for_the_dora,
        "The dora is the tile after the indicator",
        "dora indicator taken as dora",
    ),
    "deposits": (
        deposits,
        "The riichi deposits go to the winner from the table",
        "riichi deposits",
    ),
    "rounding down": (rounding_down, "rounded up to the next 100, never down", "rounding"),
    "a tsumo total for a ron": (
        tsumo_total_for_a_ron,
        "what a tsumo of this hand brings in all",
        "ron and tsumo mixed up",
    ),
    "over the cap": (over_the_cap, "over the cap: the hand is a mangan", LIMIT),
    "kiriage": (kiriage, "Kiriage mangan rounds 4 han 30 fu and 3 han 60 fu up", LIMIT),
    "10 fu off": (ten_fu_short, "10 fu short: recount the fu", "10 fu short"),
    "one han too many": (
        one_han_too_many,
        "one han too many: check the yaku and the dora",
        "one han too many",
    ),
    "a multiple of 100": (not_a_multiple_of_100, "Every payment is a multiple of 100", "rounding"),
    "pinfu tsumo fu": (
        pinfu_tsumo_fu,
        "A pinfu tsumo does not add the 2 fu for tsumo",
        "pinfu tsumo fu",
    ),
    "a fu item missed": (missed_fu_item, "You may have missed “", "missed a fu item"),
    "a ron counted as a tsumo": (
        ron_counted_as_tsumo,
        "That is the count for a tsumo",
        "ron and tsumo fu mixed up",
    ),
    "a tsumo counted as a ron": (
        tsumo_counted_as_ron,
        "That is the count for a ron",
        "ron and tsumo fu mixed up",
    ),
    "a ron triplet counted closed": (
        ron_triplet_counted_closed,
        "A triplet completed by a ron counts as open",
        "ron triplet counted closed",
    ),
    "a closed ron on an open hand": (
        closed_ron_fu_on_an_open_hand,
        "An open hand never gets the 10 fu for a closed ron",
        "closed ron fu on an open hand",
    ),
    "the dora missed": (missed_dora, "Dora are not yaku, but each adds a han", "missed dora"),
    "a yaku missed": (missed_yaku_by_count, "2 han short: did you miss", "missed a yaku"),
    "the open-hand reduction": (open_hand_reduction, "is worth one han less", "open-hand han"),
    "not in this hand": (
        not_in_this_hand,
        "Not in this hand: Full flush (chinitsu).",
        "a yaku that is not there",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_hint_names_its_slip(name: str) -> None:
    make, words, diagnosis = CASES[name]
    q, s, slip, _ = make()
    verdict = judge(q, s, slip)
    assert not verdict.right
    assert any(words in hint for hint in verdict.hints), (q.url, slip, verdict.hints)
    assert diagnose(verdict) == diagnosis, (q.url, slip, verdict.hints)


@pytest.mark.parametrize("name", list(CASES))
def test_the_hint_is_absent_without_its_slip(name: str) -> None:
    make, words, diagnosis = CASES[name]
    q, s, _, other = make()
    assert judge(q, s, cleaned(q, s)).hints == []
    wrong = judge(q, s, other)
    assert not wrong.right
    assert not any(words in hint for hint in wrong.hints), (q.url, other, wrong.hints)
    # An answer no slip gives is diagnosed plainly: a wrong payment, fu or han count.
    plain = {"fu": "wrong fu", "han": "wrong han"}.get(q.kind, "wrong payment")
    assert diagnose(wrong) == plain, (q.url, other, wrong.hints)
