"""The quiz's hand generator: legal, consistent, deterministic and fast — no engine needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import score_json
from scoring.engine.generate import LEVELS, MODES, generate
from scoring.engine.rules import PRESETS, SWITCHES
from tests.helpers import legality_problems

HAND_MODES = ("fu", "han", "full")
COMBOS = [(level, mode) for level in LEVELS for mode in HAND_MODES]
SEEDS = range(10_000)


@pytest.mark.parametrize(("level", "mode"), COMBOS)
def test_it_generates_legal_hands(level: str, mode: str) -> None:
    rules = list(PRESETS)
    bad = {}
    for seed in range(10_000 // len(COMBOS) + 1):
        request = generate(seed, level=level, mode=mode, rules=rules[seed % len(rules)])
        if problems := legality_problems(request):
            bad[seed] = (problems, request)
    assert not bad, list(bad.items())[:3]


@pytest.mark.parametrize(("level", "mode"), [(lv, m) for lv in LEVELS for m in MODES])
def test_it_is_deterministic_per_seed(level: str, mode: str) -> None:
    for seed in (0, 1, 99, 2**31 - 1):
        first = generate(seed, level=level, mode=mode, rules="mahjongsoul")
        assert generate(seed, level=level, mode=mode, rules="mahjongsoul") == first


SAME_IN_EVERY_PROCESS = """
import json
from scoring.engine import score_json
from scoring.engine.generate import LEVELS, MODES, generate
from scoring.engine.rules import PRESETS
print(json.dumps([
    generate(seed, level=level, mode=mode, rules=preset)
    for seed in range(150) for level in LEVELS for mode in MODES for preset in PRESETS
]))
"""


def test_a_seed_gives_the_same_question_in_every_process() -> None:
    """A question's link is its seed, and any web worker may check the answer: the hand must
    not depend on the process's string hashing (PYTHONHASHSEED)."""
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", SAME_IN_EVERY_PROCESS],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1


def test_it_varies_with_the_seed() -> None:
    hands = {generate(s, level="beginner", mode="full", rules="tenhou")["hand"] for s in range(50)}
    assert len(hands) > 45


def test_it_keeps_beginner_hands_simple() -> None:
    for seed in range(500):
        request = generate(seed, level="beginner", mode="full", rules="mahjongsoul")
        assert request["melds"] == []
        assert (request["honba"], request["sticks"]) == (0, 0)


def test_advanced_questions_turn_every_rule_switch() -> None:
    flipped = set()
    for seed in range(3000):
        rules = generate(seed, level="advanced", mode="full", rules=list(PRESETS)[seed % 5])
        if isinstance(rules["rules"], dict):
            flipped |= set(rules["rules"]) - {"preset"}
    # every four-player switch (the three-player ones belong to three-player questions)
    assert flipped == {name for name, switch in SWITCHES.items() if not switch.sanma}


@pytest.mark.parametrize("level", LEVELS)
def test_it_asks_only_fu_a_hand_can_count(level: str) -> None:
    # Every fu item is even, so a hand's unrounded total is even, or seven pairs' 25.
    for seed in range(3000):
        q = generate(seed, level=level, mode="payment", rules="mahjongsoul")
        assert q["fu"] == 25 or (q["fu"] % 2 == 0 and 20 <= q["fu"] <= 110), q


def test_it_rejects_unknown_options() -> None:
    with pytest.raises(ValueError, match="level"):
        generate(1, level="expert", mode="full", rules="tenhou")
    with pytest.raises(ValueError, match="preset"):
        generate(1, level="beginner", mode="full", rules="house")


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_fu_question_below_advanced_stays_under_the_limits(level: str) -> None:
    # At a limit (a mangan or more, or a yakuman) the fu do not change the payment: a fu
    # question there would ask for a count that does not matter.
    rules = list(PRESETS)
    at_limit = {}
    for seed in range(600):
        request = generate(seed, level=level, mode="fu", rules=rules[seed % len(rules)])
        answer = score_json(request)
        if answer["limit"] or answer["yakuman"]:
            at_limit[seed] = (answer["limit"], answer["han"], answer["fu"], request)
    assert not at_limit, list(at_limit.items())[:3]


def test_a_fu_question_is_never_a_yakuman() -> None:
    for seed in range(500):
        request = generate(seed, level="advanced", mode="fu", rules="mahjongsoul")
        assert not score_json(request)["yakuman"], (seed, request)


def test_an_advanced_fu_question_at_a_limit_still_shows_its_fu_items() -> None:
    for seed in range(400):
        request = generate(seed, level="advanced", mode="fu", rules="mahjongsoul")
        answer = score_json(request)
        if answer["limit"] and not answer["yakuman"]:
            break
    else:
        raise AssertionError("no advanced fu question at a limit in 400 seeds")
    fu = [s for s in answer["steps"] if s["kind"] == "fu"]
    assert [s["numbers"]["fu"] for s in fu] == [i["fu"] for i in answer["fu_items"]]
    assert all(s["text"].startswith(f"+{s['numbers']['fu']} fu: ") for s in fu)
    (total,) = [s for s in answer["steps"] if s["kind"] == "fu_total"]
    assert total["text"].startswith(f"fu: {sum(i['fu'] for i in answer['fu_items'])} in all")
    assert f"do not change the payment: {answer['han']} han is a limit hand" in total["text"]
