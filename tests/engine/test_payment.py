"""Payments from han and fu: the coding challenge's cases and the method's arithmetic."""

import pytest

from scoring.engine import format_deltas, get_rules, settle
from scoring.engine.payment import Limit, basic_points
from tests.engine.challenge import CHALLENGE


def test_it_has_every_challenge_case():
    assert len(CHALLENGE) == 4 + 9  # the four worked examples and the nine test cases


@pytest.mark.parametrize(("han", "fu", "dealer", "tsumo", "line"), CHALLENGE)
def test_it_matches_the_coding_challenge(han, fu, dealer, tsumo, line):
    assert format_deltas(settle(han, fu, dealer=dealer, tsumo=tsumo).deltas) == line


def test_it_rounds_each_payment_not_the_total():
    # 1 han 30 fu non-dealer tsumo: 240 → 300 from each non-dealer, 480 → 500 from the dealer.
    s = settle(1, 30, dealer=False, tsumo=True)
    assert s.payments == {"dealer": 500, "non_dealer": 300}
    assert s.total == 1100  # a ron of the same hand is 960 → 1000


@pytest.mark.parametrize(
    ("han", "fu", "kiriage", "limit"),
    [
        (4, 30, False, None),
        (4, 30, True, Limit.MANGAN),
        (3, 60, True, Limit.MANGAN),
        (3, 70, False, Limit.MANGAN),
        (4, 40, False, Limit.MANGAN),
    ],
)
def test_it_applies_the_cap_and_kiriage(han, fu, kiriage, limit):
    rules = get_rules("mleague") if kiriage else get_rules("tenhou")
    assert basic_points(han, fu, rules=rules).limit == limit


def test_it_pays_honba_and_deposits_to_the_winner():
    ron = settle(3, 30, dealer=False, tsumo=False, honba=2, sticks=1)
    assert ron.payments == {"ron": 3900 + 600}
    assert ron.total == 3900 + 600 + 1000
    tsumo = settle(3, 30, dealer=False, tsumo=True, honba=2)
    assert tsumo.payments == {"dealer": 2000 + 200, "non_dealer": 1000 + 200}
    assert tsumo.deltas == (4600, -2200, -1200, -1200)


@pytest.mark.parametrize(
    ("han", "basic", "limit"),
    [
        (5, 2000, "mangan"),
        (6, 3000, "haneman"),
        (7, 3000, "haneman"),
        (8, 4000, "baiman"),
        (10, 4000, "baiman"),
        (11, 6000, "sanbaiman"),
        (12, 6000, "sanbaiman"),
        (13, 8000, "yakuman"),
    ],
)
def test_it_looks_limits_up_by_han(han, basic, limit):
    b = basic_points(han, 30, rules=get_rules("mahjongsoul"))
    assert (b.points, b.limit) == (basic, limit)


def test_it_counts_kazoe_by_the_rules():
    assert basic_points(14, 40, rules=get_rules("mahjongsoul")).kazoe
    assert basic_points(14, 40, rules=get_rules("ema")).limit == Limit.SANBAIMAN


def test_it_multiplies_yakuman():
    s = settle(26, 0, dealer=False, tsumo=False, yakuman=2)
    assert (s.limit, s.total) == (Limit.DOUBLE_YAKUMAN, 64000)
