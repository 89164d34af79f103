"""Final scores: oka, uma, the rounding methods, ties, leftover deposits, yakitori and chombo
deductions, per preset; and the messages for a request the engine cannot score."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.final import final_json


def final(scores: list[int], rules: Any = "mahjongsoul", **extra: Any) -> dict[str, Any]:
    answer = final_json({"rules": rules, "scores": scores, **extra})
    assert "error" not in answer, answer["error"]
    return answer


@pytest.mark.parametrize(
    "preset, scores, points",
    [
        # Tenhou: 25,000 start, 30,000 target, oka 20, uma +20/+10/−10/−20.
        ("tenhou", [42000, 28000, 18000, 12000], [52.0, 8.0, -22.0, -38.0]),
        # Tenhou rounds to the nearest thousand, 500 up; first place takes the rest.
        ("tenhou", [40500, 29500, 18400, 11600], [50.0, 10.0, -22.0, -38.0]),
        # Mahjong Soul (the scoring guide): thousands rounded down, uma +10/+5/−5/−10; the 2
        # points rounding down loses go to first: 10 + 20 oka + 10 uma + 2.
        ("mahjongsoul", [40500, 29900, 18400, 11200], [42.0, 4.0, -17.0, -29.0]),
        # M-League: exact to 0.1, oka 20, uma +30/+10/−10/−30.
        ("mleague", [40500, 29900, 18400, 11200], [60.5, 9.9, -21.6, -48.8]),
        # WRC and EMA: 30,000 start and target, no oka, uma +15/+5/−5/−15.
        ("wrc", [45000, 30000, 25000, 20000], [30.0, 5.0, -10.0, -25.0]),
        ("ema", [45300, 30100, 24900, 19700], [30.3, 5.1, -10.1, -25.3]),
    ],
)
def test_final_points_per_preset(preset, scores, points):
    answer = final(scores, preset)
    assert answer["points"] == points
    assert round(sum(answer["points"]), 1) == 0


def test_the_wikis_method_rounds_half_down_and_gives_first_the_negation():
    # 2nd–4th: 24,500 → 24 (0.5 rounds down), 24,600 → 25, −30 each.
    rules = {"preset": "tenhou", "rounding": "half_down", "uma": [0, 0, 0, 0]}
    answer = final([26400, 24500, 24600, 24500], rules, seat_order=[0, 1, 2, 3])
    assert answer["points"] == [-(-5 - 6 - 6) + 0.0, -6.0, -5.0, -6.0]


@pytest.mark.parametrize(
    "preset, ranks, points",
    [
        # Seat order: the earlier dealer ranks higher (seat 0 over seat 2).
        ("tenhou", [2, 1, 3, 4], [7.0, 49.0, -13.0, -43.0]),
        # Split: the tied players share 2nd and 3rd place's uma (+10 − 10 = 0 each).
        ("mleague", [2, 1, 2, 4], [-3.0, 59.0, -3.0, -53.0]),
    ],
)
def test_ties_per_preset(preset, ranks, points):
    answer = final([27000, 39000, 27000, 7000], preset)
    assert answer["ranks"] == ranks
    assert answer["points"] == points


def test_a_three_way_split_keeps_the_total_to_the_tenth():
    # Three share 1st–3rd: (50 + 10 − 10) / 3 = 16.7, 16.7, 16.6 (the extra tenth to the
    # earliest seat); all four tied: (50 + 10 − 10 − 30) / 4 = 5 each.
    three = final([31000, 31000, 31000, 7000], "mleague")
    assert three["points"] == [1.0 + 16.7, 1.0 + 16.7, 1.0 + 16.6, -23.0 - 30.0]
    assert final([25000] * 4, "mleague")["points"] == [0.0] * 4


def test_seat_order_decides_ties_when_given():
    answer = final([30000, 30000, 20000, 20000], "tenhou", seat_order=[1, 0, 3, 2])
    assert answer["order"] == [1, 0, 3, 2]


@pytest.mark.parametrize("leftover, first, total", [("first", 54.0, 0.0), ("lost", 52.0, -2.0)])
def test_leftover_deposits_go_to_first_or_are_lost(leftover, first, total):
    rules = {"preset": "tenhou", "leftover": leftover}
    answer = final([42000, 28000, 18000, 10000], rules, sticks=2)
    assert answer["points"][0] == first
    assert round(sum(answer["points"]), 1) == total


def test_yakitori_and_chombo_deductions_come_off_after_uma():
    rules = {"preset": "wrc", "yakitori": 10}
    answer = final([45000, 30000, 25000, 20000], rules, yakitori=[3], chombo=[2, 2])
    assert answer["points"] == [30.0, 5.0, -50.0, -35.0]
    assert round(sum(answer["points"]), 1) == -50.0


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"scores": [25000, 25000, 25000]}, '"scores" must be four whole numbers'),
        ({"scores": [25000, 25000, 25000, 24000]}, "add up to 99000"),
        ({"scores": [25050, 25000, 25000, 24950]}, "multiple of 100"),
        ({"seat_order": [0, 1, 1, 2]}, "names a seat twice"),
        ({"seat_order": [0, 1, 2]}, "all four seats"),
        ({"yakitori": [1]}, "no yakitori penalty"),
        ({"chombo": [1]}, "paid at the table"),
        ({"sticks": -1}, '"sticks" must be a whole number'),
        ({"rules": "nope"}, "unknown rules preset 'nope'"),
        ({"rules": {"preset": "tenhou", "target": 20000}}, "below the start"),
        ({"extra": 1}, "unknown field 'extra'"),
    ],
)
def test_it_says_what_is_wrong(request_, message):
    answer = final_json({"rules": "mahjongsoul", "scores": [25000] * 4} | request_)
    assert message in answer.get("error", ""), answer
