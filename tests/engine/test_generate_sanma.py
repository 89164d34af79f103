"""Three-player questions: a three-player preset makes the generator build three-player hands
(no 2m–8m, no chi, seats and rounds E/S/W, Norths set aside), each scored by the engine as a
three-player hand; four-player questions stay exactly what they were for every seed."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import score, score_json, settle
from scoring.engine.errors import ScoringError
from scoring.engine.generate import LEVELS, MODES, generate
from scoring.engine.rules import PRESETS, SANMA_PRESETS, parse_rules
from scoring.engine.tiles import TILE_INDEX, parse_tiles
from tests.helpers import legality_problems

HAND_MODES = ("fu", "han", "full")
NORTH = "4z"


def plain(name: str) -> str:
    return name.replace("0", "5")


def sanma_problems(request: dict) -> list[str]:
    """Every way a question breaks the three-player game (an empty list when it is legal)."""
    problems = legality_problems(request)
    names = parse_tiles(request["hand"]) + parse_tiles(request["dora"] + request["ura"])
    for meld in request["melds"]:
        kind, tiles = meld.split()
        names += parse_tiles(tiles)
        if kind == "chi":
            problems.append(f"a chi ({meld})")
    problems += [f"{n} (2m–8m)" for n in names if n[1] == "m" and 1 <= TILE_INDEX[plain(n)] <= 7]
    if request["seat"] not in "ESW" or request["round"] not in "ESW":
        problems.append(f"seat {request['seat']}, round {request['round']}")
    kita = request.get("kita")
    if not isinstance(kita, int) or not 0 <= kita <= 4:
        problems.append(f"kita {kita!r}")
    elif kita and not parse_rules(request["rules"]).nukidora:
        problems.append("a North set aside under rules without nukidora")
    elif sum(plain(n) == NORTH for n in names) + kita > 4:
        problems.append("more than four Norths")
    return problems


@given(
    seed=st.integers(0, 2**32 - 1),
    level=st.sampled_from(LEVELS),
    mode=st.sampled_from(HAND_MODES),
    preset=st.sampled_from(list(SANMA_PRESETS)),
)
def test_a_three_player_question_is_a_legal_three_player_hand(seed, level, mode, preset):
    request = generate(seed, level=level, mode=mode, rules=preset)
    assert not sanma_problems(request), request
    result = score(request)  # the engine takes it as a three-player hand: no ScoringError
    assert result.settlement.players == 3
    payers = sum(share.count for share in result.settlement.shares)
    assert payers == (2 if request["tsumo"] else 1)
    answer = score_json(request)
    assert answer["han"] == result.han and answer["fu"] == result.fu
    nukidora = sum(y["han"] for y in answer["yaku"] if y["id"] == "nukidora")
    if not answer["yakuman"]:  # (a yakuman counts no dora)
        assert nukidora >= request["kita"]  # each North set aside a dora (twice under a West)


@given(
    seed=st.integers(0, 2**32 - 1),
    level=st.sampled_from(LEVELS),
    preset=st.sampled_from(list(SANMA_PRESETS)),
)
def test_a_three_player_payment_question_is_paid_by_the_three_player_rules(seed, level, preset):
    q = generate(seed, level=level, mode="payment", rules=preset)
    assert q["rules"] == preset
    s = settle(
        q["han"],
        q["fu"],
        dealer=q["dealer"],
        tsumo=q["tsumo"],
        honba=q["honba"],
        sticks=q["sticks"],
        rules=parse_rules(q["rules"]),
        yakuman=q.get("yakuman", 0),
    )
    assert s.players == 3
    assert sum(share.count for share in s.shares) == (2 if q["tsumo"] else 1)


def test_three_player_questions_cover_what_the_game_has() -> None:
    """Over many seeds: every seat and round but North, Norths set aside 0 to 4 times, pons
    but never a chi, and tsumo loss switched now and then at advanced level."""
    seats, rounds, kitas, pons, switched = set(), set(), set(), 0, 0
    for seed in range(600):
        level = LEVELS[seed % 3]
        request = generate(seed, level=level, mode="full", rules="mahjongsoul_sanma")
        seats.add(request["seat"])
        rounds.add(request["round"])
        kitas.add(request["kita"])
        pons += any(m.startswith("pon") for m in request["melds"])
        switched += isinstance(request["rules"], dict) and "tsumo_loss" in request["rules"]
    assert seats == {"E", "S", "W"} and rounds == {"E", "S", "W"}
    assert kitas == {0, 1, 2, 3, 4}
    assert pons > 20 and switched > 0


def test_a_three_player_tsumo_is_paid_by_two() -> None:
    for seed in range(200):
        request = generate(seed, level="intermediate", mode="full", rules="tenhou_sanma")
        if request["tsumo"] and request["seat"] != "E":
            payments = score_json(request)["payments"]
            assert set(payments) == {"dealer", "non_dealer"}
            return
    raise AssertionError("no non-dealer tsumo in 200 seeds")  # pragma: no cover


def test_it_is_deterministic_per_seed() -> None:
    for mode in MODES:
        for seed in (0, 5, 2**31):
            first = generate(seed, level="advanced", mode=mode, rules="tenhou_sanma")
            assert generate(seed, level="advanced", mode=mode, rules="tenhou_sanma") == first


# The four-player questions of these seeds, as they were before three-player questions came
# (a digest of their JSON): the same seed must keep making the same question.
FOUR_PLAYER_DIGEST = "d8c5c4886c591f3b97ee6df3139a31b4477d48d87c00648aea56937ce7a11215"


def four_player_questions() -> str:
    out = {
        f"{seed}:{level}:{mode}:{rules}": generate(seed, level=level, mode=mode, rules=rules)
        for rules in PRESETS
        for level in LEVELS
        for mode in MODES
        for seed in range(12)
    }
    focuses = [{"yaku": ["pinfu"]}, {"waits": ["penchan"]}, {"fu_items": ["open_no_fu"]}]
    focuses += [{"limits": ["mangan"]}, {"han": [2, 3], "fu": [30, 40]}]
    for focus in focuses:
        for mode in ("full", "fu"):
            for seed in range(6):
                key = f"F{seed}:{mode}:{json.dumps(focus)}"
                try:
                    out[key] = generate(
                        seed, level="advanced", mode=mode, rules="tenhou", focus=focus
                    )
                except ScoringError as e:
                    out[key] = str(e)
    return hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()


def test_four_player_questions_are_unchanged() -> None:
    assert four_player_questions() == FOUR_PLAYER_DIGEST


@pytest.mark.parametrize(
    ("focus", "said"),
    [
        ({"yaku": ["sanshoku"]}, "no three-player hand has it"),
        ({"fu_items": ["open_no_fu"]}, "no three-player hand has it"),
    ],
)
def test_a_focus_no_three_player_hand_has_is_refused(focus, said) -> None:
    with pytest.raises(ScoringError, match=said):
        generate(1, level="intermediate", mode="full", rules="tenhou_sanma", focus=focus)
    generate(1, level="intermediate", mode="full", rules="tenhou", focus=focus)  # four: fine


@pytest.mark.parametrize(
    "focus",
    [
        {"yaku": ["ittsu"]},
        {"yaku": ["chinitsu"]},
        {"waits": ["kanchan"]},
        {"fu_items": ["open_triplet_simples"]},
        {"limits": ["haneman"]},
        {"han": [2, 3], "fu": [30, 50]},
        {"counters": True},
    ],
)
def test_a_focused_three_player_question_meets_its_focus(focus) -> None:
    for seed in range(8):
        request = generate(seed, level="advanced", mode="full", rules="tenhou_sanma", focus=focus)
        assert not sanma_problems(request), request
        assert score(request).settlement.players == 3
