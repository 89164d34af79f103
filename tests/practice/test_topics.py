"""What a question touches, and which topics a wrong answer is charged to (from the verdict's
diagnosis): one row per slip."""

from __future__ import annotations

import pytest

from quizsite.practice.topics import TOPICS, charged, fu_topic, touched
from quizsite.quiz.public import check, solve
from tests.factory import find


@pytest.mark.parametrize(
    ("reason", "topic"),
    [
        ("base (fuutei)", None),
        ("closed hand won on a discard (menzen ron)", "fu:menzen_ron"),
        ("won by self-draw (tsumo)", "fu:tsumo"),
        ("open quad of terminals/honours", "fu:open_quad_terminals"),
        ("concealed triplet of simples", "fu:closed_triplet_simples"),
        (
            "concealed triplet of simples (completed on a discard, so it counts as open)",
            "fu:closed_triplet_simples",
        ),
        ("kanchan wait", "wait:kanchan"),
        ("pair of the seat wind that is also the round wind", "fu:pair_double_wind"),
        ("pair of dragons", "fu:pair_dragon"),
        ("seven pairs (chiitoitsu): a flat 25 fu", "fu:seven_pairs"),
        ("open hand won on a discard with no other fu: counted as 30", "fu:open_pinfu"),
    ],
)
def test_it_reads_each_fu_item(reason, topic):
    assert fu_topic(reason) == topic
    assert topic is None or topic in TOPICS


def judged(q, answer):
    return check(q, answer).verdict


def topics_and_charge(q, answer):
    topics = touched(q, solve(q))
    return topics, charged(q, topics, judged(q, answer), answer)


def has_item(reason_start, fu):
    def where(q, s):
        items = [i for i in s.fu_items if i["reason"].startswith(reason_start)]
        return len([i for i in s.fu_items if i["fu"] == fu]) == 1 and len(items) == 1

    return where


def test_a_missed_fu_item_is_charged_to_that_item_alone():
    q, s = find("fu", level="intermediate", where=has_item("concealed triplet of terminals", 8))
    topics, charge = topics_and_charge(q, {"fu": s.fu_raw - 8})
    assert "fu:closed_triplet_terminals" in topics
    assert charge == ["fu:closed_triplet_terminals"]


def test_a_fu_count_that_names_no_item_is_charged_to_the_hands_fu():
    q, s = find("fu", level="intermediate", where=lambda q, s: len(s.fu_items) > 2)
    topics, charge = topics_and_charge(q, {"fu": s.fu + 30})
    assert charge and all(t.startswith(("fu:", "wait:")) for t in charge)
    assert set(charge) <= set(topics)


def test_a_right_answer_is_charged_nothing_and_touches_its_topics():
    q, s = find("full", kind="ron")
    topics, charge = topics_and_charge(q, {"amount": s.payments["ron"]})
    assert charge == []
    assert "pay:ron" in topics and any(t.startswith("yaku:") for t in topics)


def test_honba_left_out_is_charged_to_the_honba():
    q, s = find("payment", kind="ron", where=lambda q, s: s.settlement.honba > 0)
    amount = s.payments["ron"] - 300 * s.settlement.honba
    topics, charge = topics_and_charge(q, {"amount": amount})
    assert "count:honba" in topics and charge == ["count:honba"]


def test_deposits_added_to_a_ron_are_charged_to_the_deposits():
    q, s = find("payment", kind="ron", where=lambda q, s: s.settlement.deposits > 0)
    topics, charge = topics_and_charge(q, {"amount": s.payments["ron"] + s.settlement.deposits})
    assert charge == ["count:deposits"]


def test_the_dealers_share_for_a_non_dealer_is_charged_to_the_payment_side():
    q, s = find(
        "payment",
        kind="ron",
        where=lambda q, s: not q.dealer and s.settlement.basic.han < 5 and not s.settlement.honba,
    )
    dealer = -(-s.settlement.basic.formula * 6 // 100) * 100
    topics, charge = topics_and_charge(q, {"amount": dealer})
    assert charge == ["pay:non_dealer"]


def test_a_missed_yaku_named_is_charged_to_that_yaku():
    def two_yaku(q, s):
        return len([y for y in s.yaku if y["id"] not in ("dora", "ura_dora", "aka_dora")]) >= 2

    q, s = find("han", where=two_yaku)
    ordinary = [y["id"] for y in s.yaku if y["id"] not in ("dora", "ura_dora", "aka_dora")]
    left_out = ordinary[-1]
    answer = {
        "han": s.han - next(y["han"] for y in s.yaku if y["id"] == left_out),
        "yaku": ordinary[:-1],
    }
    topics, charge = topics_and_charge(q, answer)
    assert charge == [f"yaku:{left_out}"]


def test_a_yaku_claimed_that_is_not_there_is_charged_to_it():
    q, s = find("han", where=lambda q, s: all(y["id"] != "chinitsu" for y in s.yaku))
    ordinary = [y["id"] for y in s.yaku if y["id"] not in ("dora", "ura_dora", "aka_dora")]
    topics, charge = topics_and_charge(q, {"han": s.han + 6, "yaku": [*ordinary, "chinitsu"]})
    assert "yaku:chinitsu" in charge and "yaku:chinitsu" not in topics


def test_a_limit_paid_uncapped_is_charged_to_the_limit():
    q, s = find(
        "payment",
        kind="ron",
        where=lambda q, s: (
            s.settlement.basic.limit is not None
            and s.settlement.basic.formula > 2000
            and s.settlement.basic.yakuman == 0
            and not s.settlement.honba
            and s.settlement.basic.han <= 4
        ),
    )
    mult = 6 if q.dealer else 4
    answer = {"amount": -(-s.settlement.basic.formula * mult // 100) * 100}
    topics, charge = topics_and_charge(q, answer)
    assert charge and all(t.startswith("limit:") for t in charge)


def test_a_payment_question_touches_its_table_cell():
    q, s = find("payment", where=lambda q, s: s.settlement.basic.han <= 4)
    b = s.settlement.basic
    assert f"cell:{b.han}-{b.fu_rounded}" in touched(q, s)


def test_a_closed_ron_counted_as_a_tsumo_is_charged_to_the_closed_ron():
    def where(q, s):
        fu = {i["fu"] for i in s.fu_items}
        return has_item("closed hand won on a discard", 10)(q, s) and 8 not in fu

    q, s = find("fu", level="intermediate", where=where)
    topics, charge = topics_and_charge(q, {"fu": s.fu_raw - 8})
    assert judged(q, {"fu": s.fu_raw - 8}).slips == ("ron and tsumo fu mixed up",)
    assert charge == ["fu:menzen_ron"]


def test_a_wrong_fu_no_slip_gives_is_charged_to_the_fu_it_touched():
    q, s = find("fu", level="intermediate", where=lambda q, s: s.fu_raw >= 40)
    topics, charge = topics_and_charge(q, {"fu": 190})
    assert judged(q, {"fu": 190}).slips == ("wrong fu",)
    assert charge and all(t.startswith(("fu:", "wait:")) for t in charge)
    assert set(charge) == {t for t in topics if t.startswith(("fu:", "wait:"))}


def is_kiriage_cell(q, s):
    b = s.settlement.basic
    return (b.han, b.fu_rounded) == (4, 30) and not s.settlement.honba and q.kind == "ron"


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_wrong_4_han_30_fu_without_kiriage_is_not_charged_to_kiriage(level):
    q, s = find("payment", level=level, rules="mahjongsoul", where=is_kiriage_cell)
    topics = touched(q, s)
    assert "limit:kiriage" not in topics and "cell:4-30" in topics
    right = s.payments["ron"]
    for answer in (right + 1000, 8000 if not q.dealer else 12000, right - 100):
        charge = charged(q, topics, judged(q, {"amount": answer}), {"amount": answer})
        assert charge, answer
        assert "limit:kiriage" not in charge, (answer, charge)
        assert set(charge) <= set(topics), (answer, charge)  # only what the question tested


def test_under_kiriage_4_han_30_fu_tests_kiriage():
    q, s = find("payment", rules="mleague", where=is_kiriage_cell)
    assert s.settlement.basic.limit is not None  # rounded up to a mangan
    topics = touched(q, s)
    assert "limit:kiriage" in topics
    answer = 7700 if not q.dealer else 11600
    assert "limit:kiriage" in charged(q, topics, judged(q, {"amount": answer}), {"amount": answer})


@pytest.mark.django_db
def test_progress_does_not_list_kiriage_after_a_wrong_4_30_without_it(client):
    from tests.helpers import text_of

    q, s = find("payment", level="beginner", rules="mahjongsoul", where=is_kiriage_cell)
    client.post(q.url, {"amount": str(s.payments["ron"] + 1000)})
    page = text_of(client.get("/progress/"))
    assert "4 han 30 fu" in page  # the cell the question tested is there
    assert "Kiriage" not in page
