"""Judging answers: right and wrong per shape, and the slips the verdict can name."""

from __future__ import annotations

import pytest

from quizsite.quiz.public import diagnose
from quizsite.quiz.verdicts import expected_han, indicators_as_dora, judge, resettle
from scoring.engine import parse_rules
from tests.factory import find, right_answer
from tests.helpers import text_of


def cleaned(data: dict[str, str]) -> dict[str, object]:
    return {k: int(v) for k, v in data.items()}


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("payment", "ron"),
        ("payment", "all"),
        ("payment", "split"),
        ("full", "ron"),
        ("full", "split"),
        ("fu", "fu"),
        ("han", "han"),
    ],
)
def test_it_takes_the_right_answer(mode: str, kind: str) -> None:
    q, s = find(mode, kind=kind)
    verdict = judge(q, s, cleaned(right_answer(q, s)))
    assert verdict.right
    assert verdict.hints == []


@pytest.mark.parametrize("kind", ["ron", "all", "split"])
def test_it_turns_down_a_wrong_amount(kind: str) -> None:
    q, s = find("payment", kind=kind)
    answer = {k: v + 100 for k, v in cleaned(right_answer(q, s)).items()}
    verdict = judge(q, s, answer)
    assert not verdict.right
    assert verdict.given != verdict.expected


def test_it_names_the_forgotten_honba() -> None:
    q, s = find("payment", kind="ron", where=lambda q, s: s.settlement.honba > 0)
    forgot = s.payments["ron"] - 300 * s.settlement.honba
    verdict = judge(q, s, {"amount": forgot})
    assert "honba" in verdict.hints[0]
    assert "honba" in verdict.highlight


def test_it_names_a_dealer_mix_up() -> None:
    q, s = find(
        "payment",
        kind="ron",
        level="beginner",
        where=lambda q, s: not q.dealer and s.settlement.basic.limit is None,
    )
    as_dealer = s.settlement.basic.points * 6
    verdict = judge(q, s, {"amount": -(-as_dealer // 100) * 100})
    assert "dealer" in verdict.hints[0]


def test_it_points_at_the_rounding() -> None:
    q, s = find(
        "payment",
        kind="ron",
        level="beginner",
        where=lambda q, s: s.settlement.shares[0].raw % 100 != 0,
    )
    verdict = judge(q, s, {"amount": s.settlement.shares[0].raw})
    assert "rounded up" in verdict.hints[0]
    assert "payment" in verdict.highlight


def test_it_swaps_back_a_split_the_wrong_way_round() -> None:
    q, s = find("payment", kind="split", level="beginner")
    p = s.payments
    verdict = judge(q, s, {"non_dealer": p["dealer"], "dealer": p["non_dealer"]})
    assert "other way round" in verdict.hints[0]


def test_it_says_a_full_hand_is_a_han_short() -> None:
    q, s = find(
        "full",
        kind="ron",
        level="beginner",
        where=lambda q, s: 2 <= s.han <= 3 and s.settlement.basic.limit is None,
    )
    fewer = s.settlement.basic.points // 2 * 4
    verdict = judge(q, s, {"amount": -(-fewer // 100) * 100 + 300 * s.settlement.honba})
    assert "one han short" in verdict.hints[0]
    marked = [step for step in s.steps if verdict.marks(step)]
    assert marked and all(step["text"].endswith("1 han") for step in marked), marked
    one_han = [y["name"] for y in s.yaku if y["han"] == 1]
    assert all(name in verdict.hints[0] for name in one_han)


def test_it_takes_fu_rounded_or_not() -> None:
    q, s = find("fu", where=lambda q, s: s.fu != s.fu_raw)
    assert judge(q, s, {"fu": s.fu}).right
    assert judge(q, s, {"fu": s.fu_raw}).right


def test_it_names_a_missed_fu_item() -> None:
    q, s = find("fu", where=lambda q, s: any(i["fu"] == 8 for i in s.fu_items))
    verdict = judge(q, s, {"fu": s.fu_raw - 8})
    assert not verdict.right
    assert "missed" in verdict.hints[0]
    assert verdict.highlight_items


def test_it_names_the_missed_yaku() -> None:
    q, s = find("han", where=lambda q, s: len([y for y in s.yaku if y["id"] != "dora"]) >= 2)
    named = [y["id"] for y in s.yaku if y["id"] not in ("dora", "aka_dora", "ura_dora")]
    verdict = judge(q, s, {"han": s.han - s.yaku[0]["han"], "yaku": named[1:]})
    assert not verdict.right
    assert s.yaku[0]["name"] in verdict.hints[0]


def dora_of(s) -> int:
    return sum(y["han"] for y in s.yaku if y["id"] in ("dora", "aka_dora", "ura_dora"))


def dora_apart(q, s) -> bool:
    """Dora from two or more steps, their sum no yaku's han: leaving all out is one slip."""
    steps = [st for st in s.steps if st["kind"] == "dora" and st["numbers"]["count"]]
    return (
        s.yakuman == 0
        and len(steps) >= 2
        and all(y["han"] != dora_of(s) for y in s.yaku)
        and indicators_as_dora(q.request, s.yaku) != s.han - dora_of(s)
    )


def test_it_says_dora_count_as_han() -> None:
    q, s = find("han", where=dora_apart)
    verdict = judge(q, s, {"han": s.han - dora_of(s)})
    assert verdict.hints == [f"Dora are not yaku, but each adds a han: {dora_of(s)} here."]
    marked = [step for step in s.steps if verdict.marks(step)]
    assert marked and all(step["kind"] == "dora" and step["numbers"]["count"] for step in marked)


def took_an_indicator_for_the_dora(q, s) -> bool:
    return s.yakuman == 0 and (indicators_as_dora(q.request, s.yaku) or 0) > s.han


def test_it_says_the_dora_is_the_tile_after_the_indicator() -> None:
    q, s = find("han", level="beginner", where=took_an_indicator_for_the_dora)
    verdict = judge(q, s, {"han": indicators_as_dora(q.request, s.yaku)})
    assert not verdict.right
    assert "tile after the indicator" in verdict.hints[0]
    assert any("indicator" in t for t in verdict.highlight_items)


def test_a_full_hand_names_an_indicator_taken_for_the_dora() -> None:
    q, s = find(
        "full",
        kind="ron",
        level="beginner",
        where=lambda q, s: took_an_indicator_for_the_dora(q, s) and s.han < 5,
    )
    han = indicators_as_dora(q.request, s.yaku)
    rules = parse_rules(q.request["rules"])
    mistaken = resettle(s.settlement, rules, han=han).payments["ron"]
    verdict = judge(q, s, {"amount": mistaken})
    assert "tile after the indicator" in verdict.hints[0]
    marked = [step for step in s.steps if verdict.marks(step)]
    assert marked and all("dora indicator" in step["text"] for step in marked)


def test_it_says_a_han_count_is_too_high() -> None:
    q, s = find("han", where=lambda q, s: s.yakuman == 0)
    verdict = judge(q, s, {"han": s.han + 3})
    assert not verdict.right
    assert "3 han too many" in verdict.hints[0]


def a_yakuman(q, s) -> bool:
    return s.yakuman == 1


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["13", "yakuman"])
def test_a_yakuman_hand_takes_13_han_or_yakuman_with_the_yakuman_named(client, typed) -> None:
    q, s = find("han", where=a_yakuman)
    named = [y["id"] for y in s.yaku]
    response = client.post(q.url, {"han": typed, "yaku": named})
    page = text_of(response)
    assert "Right!" in page, page[:2000]
    assert f"a yakuman (13 han): {s.yaku[0]['name']}" in page


def test_a_yakuman_hand_says_why_a_lower_count_is_wrong() -> None:
    q, s = find("han", where=a_yakuman)
    verdict = judge(q, s, {"han": 8})
    assert not verdict.right
    assert "a yakuman counts as 13 han" in verdict.hints[0]
    assert judge(q, s, {"han": 13}).hints == []


def test_a_counted_yakuman_shows_its_han_as_counted_as_a_yakuman() -> None:
    q, s = find("han", level="advanced", where=lambda q, s: s.kazoe)
    verdict = judge(q, s, {"han": s.han})
    assert verdict.right
    counted = f"; {s.han} han in all" if s.han > 13 else ""
    assert verdict.expected.startswith(f"13 han (counted yakuman{counted}): ")
    han_step = next(step for step in s.steps if step["kind"] == "han")
    assert han_step["text"].endswith(f"= {s.han}: 13 or more, paid as 13 han (counted yakuman)")
    ordinary = find("han", where=lambda q, s: s.yakuman == 0 and s.han < 13)[1]
    assert "counted yakuman" not in expected_han(ordinary)


def red_five_and_an_empty_indicator(q, s) -> bool:
    counts = [st["numbers"] for st in s.steps if st["kind"] == "dora"]
    return (
        s.yakuman == 0
        and {"kind": "aka_dora", "count": 1} in counts
        and any(n["kind"] == "dora" and n["count"] == 0 for n in counts)
        and not any(
            y["han"] == 1 and y["id"] not in ("dora", "aka_dora", "ura_dora") for y in s.yaku
        )
        and indicators_as_dora(q.request, s.yaku) != s.han - 1
    )


def test_a_missed_red_five_marks_only_the_red_five() -> None:
    q, s = find("han", where=red_five_and_an_empty_indicator)
    verdict = judge(q, s, {"han": s.han - 1})
    assert verdict.hints == ["You missed a red five: each red five is a dora, worth 1 han."]
    marked = [step["text"] for step in s.steps if verdict.marks(step)]
    assert marked == ["1 red five: 1 han"]
    assert not any("Dora are not yaku" in h for h in verdict.hints)


@pytest.mark.django_db
def test_the_explanation_draws_tiles_not_codes(client) -> None:
    import re

    from tests.factory import find

    q, s = find("full", level="intermediate", where=lambda q, s: q.kind == "ron")
    page = client.post(q.url, {"amount": str(s.payments["ron"] + 1000)}).content.decode()
    steps = page[
        page.index('<ol class="steps quiz-steps">') : page.index("</ol>", page.index("quiz-steps"))
    ]
    words = re.sub(r"<[^>]+>", " ", steps)  # the text, without the pictures' markup
    assert "Read as" in words
    assert not re.search(r"\b\d+[mpsz]\b", words), words  # no "234m" left as text
    reading = re.search(r'<li class="step step-reading[^"]*">(.*?)</li>', steps, re.S)[1]
    assert reading.count('class="tiles tiles--sm"') >= 3  # the reading, the winner, its group


def test_a_fu_answer_no_slip_gives_is_a_plain_wrong_fu() -> None:
    # 30 fu on a 44-fu tsumo: no ron/tsumo swap (52, so 60) nor any item missed gives it.
    q, s = find(
        "fu",
        where=lambda q, s: q.tsumo and s.fu_raw == 44 and all(i["fu"] != 14 for i in s.fu_items),
    )
    verdict = judge(q, s, {"fu": 30})
    assert not verdict.right and diagnose(verdict) == "wrong fu", verdict.hints
    assert judge(q, s, {"fu": 52}).slips == ("ron and tsumo fu mixed up",)
    assert judge(q, s, {"fu": 60}).slips == ("ron and tsumo fu mixed up",)


def far_from_20(q, s) -> bool:
    """A hand whose count no single slip takes down to 20 (each moves it by 10 at most, or
    by one item's fu)."""
    return s.fu_raw - max([10, *(i["fu"] for i in s.fu_items if i["fu"] != 20)]) > 20


def test_a_blind_20_fu_guess_is_a_plain_wrong_fu() -> None:
    for offset in range(8):
        q, s = find("fu", where=far_from_20, start=300_001 + 17 * offset)
        verdict = judge(q, s, {"fu": 20})
        assert diagnose(verdict) == "wrong fu", (q.url, verdict.hints)
        assert not any("tsumo" in h and "ron" in h and "count for" in h for h in verdict.hints)
