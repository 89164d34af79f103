"""Properties every scored hand keeps, over generated situations (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import get_rules, score_json, settle
from scoring.engine.rules import PRESETS

FU = st.sampled_from([20, 25, *range(30, 111, 10)])
HAN = st.integers(1, 13)
RULES = st.sampled_from(sorted(PRESETS))


@given(HAN, FU, st.booleans(), st.booleans(), st.integers(0, 5), st.integers(0, 4), RULES)
def test_losses_add_up_to_the_gain_minus_deposits(han, fu, dealer, tsumo, honba, sticks, rules):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks,
               rules=get_rules(rules))  # fmt: skip
    assert sum(s.deltas[1:]) == -(s.total - s.deposits)
    assert all(p % 100 == 0 for p in s.payments.values())


@given(st.integers(1, 12), FU, st.booleans(), st.booleans(), RULES)
def test_more_han_never_pays_less(han, fu, dealer, tsumo, rules):
    r = get_rules(rules)
    less = settle(han, fu, dealer=dealer, tsumo=tsumo, rules=r)
    more = settle(han + 1, fu, dealer=dealer, tsumo=tsumo, rules=r)
    assert more.total >= less.total


# A handful of winning hands (concealed, win) to vary the situation around.
HANDS = [
    ("12399m456p234678s", "2s"),
    ("112233m456p55678s", "1m"),
    ("111m333p555789s44z", "7s"),
    ("1133m5577p22s4466z", "4z"),
    ("123456789m234p55s", "4m"),
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(HANDS),
    st.booleans(),
    st.sampled_from("ESWN"),
    st.sampled_from("ESWN"),
    st.integers(0, 3),
    st.integers(0, 3),
    RULES,
    st.booleans(),
)
def test_every_answer_balances(hand, tsumo, seat, round_, honba, sticks, rules, riichi):
    request = {"hand": hand[0], "win": hand[1], "tsumo": tsumo, "seat": seat, "round": round_,
               "honba": honba, "sticks": sticks, "rules": rules,
               "flags": ["riichi"] if riichi else []}  # fmt: skip
    answer = score_json(request)
    assert "error" not in answer, answer
    deltas = answer["deltas"]
    assert deltas[0] == answer["total"]
    assert sum(deltas) == answer["deposits"]
    assert answer["han"] == sum(y["han"] for y in answer["yaku"])
    assert answer["readings"][0]["chosen"]
    best = answer["readings"][0]
    assert all(
        (r["points"], r["han"], r["fu"]) <= (best["points"], best["han"], best["fu"])
        for r in answer["readings"]
    )
