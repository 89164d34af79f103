"""The table-building helpers, without the database or the client."""

import doctest

import pytest

import scoring.tables
from scoring.engine import get_rules, settle
from scoring.engine.payment import Limit
from scoring.tables import build_limits, build_table, han_ranges, payment_text, who_pays


def test_its_doctests_pass():
    assert doctest.testmod(scoring.tables).failed == 0


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "text"),
    [
        (1, 30, False, False, "1000"),  # 240 × 4 = 960
        (1, 30, False, True, "300/500"),  # 240 → 300, 480 → 500
        (1, 30, True, True, "500 all"),  # 480 → 500
        (2, 20, True, True, "700 all"),  # 320 × 2 = 640
    ],
)
def test_it_writes_payments_as_players_say_them(han, fu, dealer, tsumo, text):
    assert payment_text(settle(han, fu, dealer=dealer, tsumo=tsumo)) == text


def test_it_names_who_pays_on_a_ron_with_deposits():
    lines = who_pays(settle(2, 30, dealer=False, tsumo=False, sticks=2))
    assert lines == [
        "The discarder pays 2000.",  # 480 × 4 = 1920
        "The other two players pay nothing.",
        "The winner also takes the riichi deposits: 2000.",
    ]


def test_it_builds_11_rows_of_4_cells_per_seat():
    table = build_table(get_rules())
    assert [s.title for s in table.sections] == ["Non-dealer", "Dealer"]
    rows = table.sections[0].rows
    assert [fu for fu, _ in rows] == [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]
    assert all(len(cells) == 4 for _, cells in rows)


def test_it_gives_each_impossibility_one_footnote():
    table = build_table(get_rules(), seats=(False,))
    marks = dict(table.notes)
    assert list(marks) == ["a", "b", "c", "d", "e"]
    twenty = dict(table.sections[0].rows)[20]
    assert twenty[0].ron.mark == twenty[0].tsumo.mark == "a"  # 1 han 20 fu: no way at all
    assert twenty[1].ron.mark == "b" and twenty[1].tsumo.reason == ""  # pinfu tsumo is fine
    one_han_110 = dict(table.sections[0].rows)[110][0]
    assert one_han_110.tsumo.mark == "e" and one_han_110.ron.reason == ""  # 102 fu by ron


def test_it_reads_the_han_of_each_limit_from_the_engine():
    assert han_ranges() == {
        Limit.MANGAN: "5 han",
        Limit.HANEMAN: "6–7 han",
        Limit.BAIMAN: "8–10 han",
        Limit.SANBAIMAN: "11–12 han",
    }


def test_it_says_when_double_yakuman_is_not_used():
    wrc = {row.limit: row for row in build_limits(get_rules("wrc"))}
    assert "not used under these rules" in wrc[Limit.DOUBLE_YAKUMAN].note
    assert wrc[Limit.SANBAIMAN].note == "13 or more han stay a sanbaiman"
    # 6000 basic points: 24000 ron, 6000/12000 tsumo; a dealer 36000 and 12000 all
    assert wrc[Limit.SANBAIMAN].amounts == ("24000", "6000/12000", "36000", "12000 all")
