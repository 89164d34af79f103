"""Properties that hold for every win (hypothesis): payments add up, and more is never less."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from scoring.engine import PRESETS, RuleSet, get_rules, settle
from scoring.engine.rules import SWITCHES

HANS = st.integers(min_value=1, max_value=13)
FUS = st.sampled_from([25, *range(20, 131, 2)])
HONBA = st.integers(min_value=0, max_value=8)
STICKS = st.integers(min_value=0, max_value=6)
# Every preset, and any other combination of the switches.
RULES = st.one_of(
    st.sampled_from([get_rules(name) for name in PRESETS]),
    st.fixed_dictionaries({name: st.sampled_from(s.values) for name, s in SWITCHES.items()}).map(
        lambda switches: RuleSet(name="custom", **switches)
    ),
)


@given(HANS, FUS, st.booleans(), st.booleans(), HONBA, STICKS, RULES)
@example(1, 30, False, True, 1, 1, get_rules())  # 500+100 from the dealer, 300+100 × 2, +1000
def test_losses_add_up_to_the_winners_gain_minus_deposits(
    han, fu, dealer, tsumo, honba, sticks, rules
):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    assert sum(s.losses) == s.total - 1000 * sticks
    assert sum(s.deltas) == 1000 * sticks  # the deposits come from the table, not a player


@given(HANS, FUS, st.booleans(), st.booleans(), HONBA, STICKS, RULES)
def test_every_payment_is_a_multiple_of_100(han, fu, dealer, tsumo, honba, sticks, rules):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    assert all(amount % 100 == 0 for amount in (*s.payments.values(), *s.deltas))


@given(HANS, FUS, st.booleans(), st.booleans(), RULES)
def test_the_winner_is_first_and_payers_largest_first(han, fu, dealer, tsumo, rules):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, rules=rules)
    winner, *losses = s.deltas
    assert winner > 0
    assert losses == sorted(losses)  # -4000, -2000, -2000: the largest payment first
    assert sum(1 for loss in losses if loss < 0) == (3 if tsumo else 1)


@given(st.integers(min_value=1, max_value=12), FUS, st.booleans(), st.booleans(), HONBA, RULES)
@example(3, 60, False, False, 0, get_rules("mleague"))  # kiriage: 3 han 60 fu is a mangan
@example(4, 30, False, False, 0, get_rules("mleague"))  # and so is 4 han 30 fu
@example(12, 30, True, True, 0, get_rules("wrc"))  # 13 han is no more than 12 under WRC
def test_more_han_never_pays_less(han, fu, dealer, tsumo, honba, rules):
    def total(h: int) -> int:
        return settle(h, fu, dealer=dealer, tsumo=tsumo, honba=honba, rules=rules).total

    assert total(han + 1) >= total(han)


@given(HANS, st.sampled_from(range(20, 130, 2)), st.booleans(), st.booleans(), RULES)
def test_more_fu_never_pays_less(han, fu, dealer, tsumo, rules):
    def total(f: int) -> int:
        return settle(han, f, dealer=dealer, tsumo=tsumo, rules=rules).total

    assert total(fu + 2) >= total(fu)


@given(HANS, FUS, st.booleans(), HONBA, RULES)
@example(1, 22, False, 0, get_rules())  # tsumo 500 + 300 + 300 = 1100, ron 960 → 1000
def test_tsumo_and_ron_differ_only_by_rounding(han, fu, dealer, honba, rules):
    ron = settle(han, fu, dealer=dealer, tsumo=False, honba=honba, rules=rules)
    tsumo = settle(han, fu, dealer=dealer, tsumo=True, honba=honba, rules=rules)
    exact = ron.basic.points * (6 if dealer else 4) + 300 * honba
    # A ron rounds one payment up to 100, a tsumo rounds three: each adds less than 100.
    assert exact <= ron.total < exact + 100
    assert exact <= tsumo.total < exact + 300
    assert -100 < tsumo.total - ron.total < 300


@given(HANS, FUS, st.booleans(), RULES)
def test_a_dealer_is_paid_at_least_as_much(han, fu, tsumo, rules):
    dealer = settle(han, fu, dealer=True, tsumo=tsumo, rules=rules)
    non_dealer = settle(han, fu, dealer=False, tsumo=tsumo, rules=rules)
    assert dealer.total >= non_dealer.total


@given(st.integers(min_value=1, max_value=5), st.booleans(), st.booleans(), RULES)
def test_each_yakuman_adds_a_full_yakuman(count, dealer, tsumo, rules):
    one = settle(13, 30, dealer=dealer, tsumo=tsumo, rules=rules, yakuman=1)
    more = settle(13, 30, dealer=dealer, tsumo=tsumo, rules=rules, yakuman=count)
    assert one.total == (48000 if dealer else 32000)
    assert more.total == count * one.total
