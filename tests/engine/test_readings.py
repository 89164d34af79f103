"""The list of readings a hand is scored under: one entry per distinct reading."""

from __future__ import annotations

import pytest

from scoring.engine import score_json
from scoring.engine.generate import generate


def readings_of(request: dict) -> list[str]:
    return [r["summary"] for r in score_json(request)["readings"]]


def test_the_same_groups_in_another_order_are_listed_once() -> None:
    # 1111m23m: 111m 123m, found again as 123m 111m.
    summaries = readings_of({"hand": "111123789m11456s", "win": "5s", "flags": ["riichi"]})
    assert summaries == ["111m 123m 789m 456s 11s (kanchan on 456s)"]
    step = next(
        s
        for s in score_json({"hand": "111123789m11456s", "win": "5s", "flags": ["riichi"]})["steps"]
        if s["kind"] == "readings"
    )
    assert step["text"] == "this is the only way to read the hand"


def test_two_places_for_the_winning_tile_say_which_group_it_completes() -> None:
    request = {"hand": "22m456678p", "win": "6p", "melds": ["chi 567m", "ankan 2222s"]}
    assert readings_of(request) == [
        "456p 678p 22m 567m 2222s (ryanmen on 456p)",
        "456p 678p 22m 567m 2222s (ryanmen on 678p)",
    ]


@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced"])
def test_no_generated_hand_lists_a_reading_twice(level: str) -> None:
    for seed in range(400):
        answer = score_json(generate(seed, mode="full", level=level, rules="mahjongsoul"))
        if "error" in answer:
            continue
        summaries = [r["summary"] for r in answer["readings"]]
        as_sets = [
            (" ".join(sorted(s.rsplit(" (", 1)[0].split())), s.rsplit(" (", 1)[1])
            for s in summaries
        ]
        assert len(set(as_sets)) == len(as_sets), (seed, summaries)
