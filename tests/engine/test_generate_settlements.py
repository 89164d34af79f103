"""Generated table questions are legal: the engine settles every one, scores add up with the
deposits, tenpai hands wait and noten hands do not, pao only for a liable yakuman, three rons
only where the preset settles them; under a three-player preset, three seats and a
three-player set of tiles, and the four-player questions drawn exactly as before."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest

from scoring.engine.final import final_json
from scoring.engine.generate import settlements
from scoring.engine.generate.settlements import (
    NAGASHI_SHARE,
    STORIES,
    TABLE_MODES,
    table_question,
)
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import (
    ALL_PRESETS,
    PRESETS,
    SANMA_PRESETS,
    MultipleRon,
    Nagashi,
    get_table_rules,
)
from scoring.engine.table import waits
from scoring.engine.tiles import names_and_counts

LEVELS = ("beginner", "intermediate", "advanced")
SEEDS = range(60)


def questions(mode: str):
    for level in LEVELS:
        for rules in PRESETS:
            for seed in SEEDS:
                yield level, rules, table_question(seed, level=level, mode=mode, rules=rules)


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_it_settles_every_question(mode: str) -> None:
    for level, rules, q in questions(mode):
        answer = (final_json if q.kind == "final" else settle_json)(q.request)
        assert "error" not in answer, (level, rules, q.request, answer)
        table = get_table_rules(rules)
        held = sum(q.request["scores"]) + 1000 * q.request["sticks"]
        assert held == table.total
        if q.kind == "settle":
            # What the players lose in all is what stays on the table.
            assert sum(answer["deltas"]) == 1000 * (q.request["sticks"] - answer["next"]["sticks"])


def test_it_is_the_same_question_for_the_same_seed() -> None:
    for mode in TABLE_MODES:
        a = table_question(9, level="advanced", mode=mode, rules="mleague")
        assert a == table_question(9, level="advanced", mode=mode, rules="mleague")
        assert a != table_question(10, level="advanced", mode=mode, rules="mleague")


def test_it_shows_hands_that_really_are_tenpai_or_noten() -> None:
    seen = {True: 0, False: 0}
    for level, _rules, q in questions("draw"):
        end = q.request["end"]
        if level == "beginner":
            assert "tenpai" in end and "hands" not in end
            continue
        hands = end["hands"]
        assert sorted(hands) == ["0", "1", "2", "3"]
        for tiles in hands.values():
            assert len(tiles) - sum(c.isalpha() for c in tiles) == 13
            seen[bool(waits(tiles))] += 1
        for seat in q.request["riichi"]:  # a riichi player is tenpai (no false riichi asked)
            assert waits(hands[str(seat)])
    assert seen[True] > 100 and seen[False] > 100


def test_it_keeps_tiles_within_four_copies_across_the_hands() -> None:
    from scoring.engine.tiles import names_and_counts

    for level, _rules, q in questions("draw"):
        if level == "beginner":
            continue
        totals = [0] * 34
        for tiles in q.request["end"]["hands"].values():
            for i, c in enumerate(names_and_counts(tiles)[1]):
                totals[i] += c
        assert max(totals) <= 4


def test_it_makes_pao_only_for_the_presets_liable_yakuman() -> None:
    kinds = set()
    for _level, rules, q in questions("pao"):
        end = q.request["end"]
        assert end["pao"]["seat"] != end["pao"]["for"]
        names = get_table_rules(rules).pao
        assert any(name in q.story[0] for name in ("daisangen", "daisuushii", "suukantsu"))
        named = next(n for n in ("daisangen", "daisuushii", "suukantsu") if n in q.story[0])
        assert named in names
        kinds.add((end["kind"], end.get("from") == end["pao"]["seat"]))
    assert kinds == {("tsumo", False), ("ron", False), ("ron", True)}


def test_it_asks_three_rons_only_where_the_preset_settles_them() -> None:
    counts = {2: 0, 3: 0}
    for _level, rules, q in questions("multiron"):
        wins = q.request["end"]["wins"]
        counts[len(wins)] += 1
        table = get_table_rules(rules)
        if len(wins) == 3:
            assert table.multiple_ron is not MultipleRon.DOUBLE or "triple_ron" in [
                a.value for a in table.abortive
            ]
    assert counts[2] and counts[3]


def test_it_asks_counters_only_where_the_game_goes_on() -> None:
    ends = set()
    for _level, _rules, q in questions("counters"):
        answer = settle_json(q.request)
        assert not answer["next"]["game_over"]
        ends.add(q.request["end"]["kind"])
    assert ends == {"ron", "tsumo", "draw", "abortive", "chombo"}


def test_it_asks_final_scores_with_ties_and_other_roundings_at_advanced() -> None:
    ties = roundings = 0
    for level, _rules, q in questions("final"):
        scores = q.request["scores"]
        if level != "advanced":
            assert len(set(scores)) == 4
            assert isinstance(q.request["rules"], str)
        ties += len(set(scores)) < 4
        roundings += isinstance(q.request["rules"], dict)
        if level == "beginner":
            assert all(s % 1000 == 0 for s in scores) and q.request["sticks"] == 0
    assert ties and roundings


def test_some_draws_have_a_nagashi_mangan_the_engine_pays() -> None:
    draws = with_nagashi = 0
    for level, rules, q in questions("draw"):
        draws += 1
        nagashi = q.request["end"].get("nagashi")
        if not nagashi:
            assert q.story == ()
            continue
        with_nagashi += 1
        (seat,) = nagashi
        said = STORIES.english["nagashi"].format(seat=seat)
        assert q.story == (said,) and f"seat {seat} " in q.story[0]
        answer = settle_json(q.request)
        assert "error" not in answer, (level, rules, q.request, answer)
        kinds = [s["kind"] for s in answer["steps"]]
        assert "nagashi" in kinds and "chombo" not in kinds and "noten" not in kinds
        assert answer["deltas"][seat] >= 8000 - 1000 * (seat in q.request["riichi"]), q.request
    share = with_nagashi / draws
    assert abs(share - NAGASHI_SHARE) < 0.05, share
    per_preset = {
        rules: sum(1 for s in SEEDS if "nagashi" in draw_end(s, "intermediate", rules))
        for rules in PRESETS
    }
    assert all(per_preset.values()), per_preset  # every preset (all have nagashi) gets some


def draw_end(seed: int, level: str, rules: str) -> dict:
    return table_question(seed, level=level, mode="draw", rules=rules).request["end"]


def test_a_preset_without_nagashi_never_has_one(monkeypatch) -> None:
    preset = PRESETS["tenhou"]
    off = replace(preset, table=replace(preset.table, nagashi=Nagashi.OFF))
    monkeypatch.setitem(PRESETS, "tenhou", off)
    monkeypatch.setitem(ALL_PRESETS, "tenhou", off)
    for level in LEVELS:
        for seed in range(150):
            q = table_question(seed, level=level, mode="draw", rules="tenhou")
            assert "nagashi" not in q.request["end"] and q.story == ()
            assert "error" not in settle_json(q.request)


def test_a_nagashi_is_added_to_the_draw_the_seed_gave_without_it(monkeypatch) -> None:
    """Nagashi is drawn last: the rest of each question is what the seed gave before."""
    made = {(lv, s): table_question(s, level=lv, mode="draw", rules="wrc") for lv in LEVELS
            for s in SEEDS}  # fmt: skip
    monkeypatch.setattr(settlements, "NAGASHI_SHARE", 0.0)
    for (level, seed), q in made.items():
        plain = table_question(seed, level=level, mode="draw", rules="wrc")
        end = dict(q.request["end"])
        end.pop("nagashi", None)
        assert plain.request == q.request | {"end": end} and plain.story == ()


# ---- three players ----------------------------------------------------------------------------

FOUR_PLAYER_DIGESTS = Path(__file__).parent / "hands" / "table_questions_four.json"
LEFT_OUT = range(1, 8)  # 2m–8m: not in a three-player set


def test_four_player_questions_are_the_ones_each_seed_gave_before_three_players() -> None:
    """Each preset's questions for seeds 0–39, digested as they were drawn before the
    three-player branch (a changed draw for a seed would change what a link asks)."""
    before = json.loads(FOUR_PLAYER_DIGESTS.read_text())
    assert len(before) == len(TABLE_MODES) * len(LEVELS) * len(PRESETS)
    for key, digest in before.items():
        mode, level, rules = key.split("/")
        h = hashlib.sha256()
        for seed in range(40):
            q = table_question(seed, level=level, mode=mode, rules=rules)
            h.update(json.dumps([q.mode, q.request, list(q.story)], sort_keys=True).encode())
        assert h.hexdigest()[:16] == digest, key


def sanma_questions(mode: str):
    for level in LEVELS:
        for rules in SANMA_PRESETS:
            for seed in range(40):
                yield level, rules, table_question(seed, level=level, mode=mode, rules=rules)


def seats_named(request: dict) -> set[int]:
    """Every seat a settle request names."""
    end = request["end"]
    named = {*request["riichi"], request["dealer"], *end.get("tenpai", ()), *end.get("nagashi", ())}
    named |= {int(k) for k in end.get("hands", {})}
    named |= {w["seat"] for w in end.get("wins", [end["win"]] if "win" in end else [])}
    named |= {end[k] for k in ("from", "seat") if k in end}
    if "pao" in end:
        named |= {end["pao"]["seat"], end["pao"]["for"]}
    return named


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_a_three_player_question_has_three_seats_and_the_engine_settles_it(mode: str) -> None:
    for level, rules, q in sanma_questions(mode):
        table = get_table_rules(rules)
        assert table.players == 3
        assert len(q.request["scores"]) == 3
        assert sum(q.request["scores"]) + 1000 * q.request["sticks"] == table.total
        answer = (final_json if q.kind == "final" else settle_json)(q.request)
        assert "error" not in answer, (level, rules, q.request, answer)
        if q.kind == "final":
            assert len(answer["points"]) == 3
            continue
        assert seats_named(q.request) <= {0, 1, 2}, q.request
        assert len(answer["deltas"]) == 3
        assert sum(answer["deltas"]) == 1000 * (q.request["sticks"] - answer["next"]["sticks"])


def test_a_three_player_draw_shows_three_hands_of_a_three_player_set() -> None:
    seen = {True: 0, False: 0}
    for level, _rules, q in sanma_questions("draw"):
        end = q.request["end"]
        if level == "beginner":
            assert set(end["tenpai"]) <= {0, 1, 2}
            continue
        assert sorted(end["hands"]) == ["0", "1", "2"]
        totals = [0] * 34
        for seat, tiles in end["hands"].items():
            counts = names_and_counts(tiles)[1]
            assert not any(counts[i] for i in LEFT_OUT), tiles
            totals = [a + b for a, b in zip(totals, counts, strict=True)]
            seen[bool(waits(tiles))] += 1
            if int(seat) in q.request["riichi"]:
                assert waits(tiles)
        assert max(totals) <= 4
    assert seen[True] > 30 and seen[False] > 30


def test_a_three_player_multiple_ron_is_the_two_others_on_one_discard() -> None:
    for _level, _rules, q in sanma_questions("multiron"):
        end = q.request["end"]
        assert sorted(w["seat"] for w in end["wins"]) == sorted({0, 1, 2} - {end["from"]})


def test_three_player_final_scores_get_three_uma() -> None:
    for level, rules, q in sanma_questions("final"):
        answer = final_json(q.request)
        assert len(get_table_rules(rules).uma) == 3
        if level != "advanced":
            assert len(set(q.request["scores"])) == 3
        # three places; the oka to first and the uma add up with the rest to zero
        assert sorted(answer["ranks"]) == [1, 2, 3] or level == "advanced"
        assert abs(sum(answer["points"])) < 1e-6, (q.request, answer)
