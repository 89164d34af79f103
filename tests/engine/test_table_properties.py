"""Properties of the table's settlements, for any preset and any hand's end: the points at the
table (scores plus deposits) never change, and final scores add up to zero less the
deductions (yakitori, chombo) and any deposits lost."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.final import final_json
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import PRESETS, get_table_rules
from scoring.engine.table import waits

PRESET_NAMES = list(PRESETS)
seats = st.integers(0, 3)


@st.composite
def tables(draw: Any) -> dict[str, Any]:
    preset = draw(st.sampled_from(PRESET_NAMES))
    total = get_table_rules(preset).total
    sticks = draw(st.integers(0, 3))
    cuts = sorted(
        draw(st.lists(st.integers(0, (total - 1000 * sticks) // 100), min_size=3, max_size=3))
    )
    bounds = [0, *cuts, (total - 1000 * sticks) // 100]
    scores = [100 * (bounds[i + 1] - bounds[i]) for i in range(4)]
    riichi = [s for s in draw(st.lists(seats, unique=True, max_size=4)) if scores[s] >= 1000]
    return {
        "rules": preset,
        "scores": scores,
        "dealer": draw(seats),
        "round": draw(st.sampled_from("ES")),
        "honba": draw(st.integers(0, 8)),
        "sticks": sticks,
        "riichi": riichi,
    }


def wins_of(draw: Any, seats_: list[int]) -> list[dict[str, Any]]:
    wins = []
    for seat in seats_:
        if draw(st.booleans()):
            wins.append({"seat": seat, "yakuman": draw(st.integers(1, 2))})
        else:
            han = draw(st.integers(1, 13))
            wins.append({"seat": seat, "han": han, "fu": draw(st.sampled_from([30, 40, 50, 70]))})
    return wins


@st.composite
def ends(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "chombo", "abortive"]))
    if kind == "ron":
        frm = draw(seats)
        winners = draw(
            st.lists(seats.filter(lambda s: s != frm), unique=True, min_size=1, max_size=3)
        )
        end: dict[str, Any] = {"kind": "ron", "from": frm, "wins": wins_of(draw, winners)}
        yakuman = [w for w in end["wins"] if "yakuman" in w]
        if yakuman and draw(st.booleans()):
            liable = draw(seats.filter(lambda s: s != yakuman[0]["seat"]))
            end["pao"] = {"seat": liable, "for": yakuman[0]["seat"]}
        return end
    if kind == "tsumo":
        seat = draw(seats)
        win = wins_of(draw, [seat])[0]
        end = {"kind": "tsumo", "win": win}
        if "yakuman" in win and draw(st.booleans()):
            end["pao"] = {"seat": draw(seats.filter(lambda s: s != seat))}
        return end
    if kind == "draw":
        return {"kind": "draw", "tenpai": draw(st.lists(seats, unique=True, max_size=4))}
    if kind == "chombo":
        return {"kind": "chombo", "seat": draw(seats)}
    return {"kind": "abortive", "reason": draw(st.sampled_from(["four_winds", "nine_terminals"]))}


@settings(max_examples=300)
@given(tables(), ends())
def test_every_settlement_keeps_the_points_at_the_table(table, end):
    answer = settle_json({**table, "end": end})
    if "error" in answer:  # a preset without that abortive draw, a noten riichi's chombo, …
        assert answer["error"]
        return
    before = sum(table["scores"]) + 1000 * table["sticks"]
    after = sum(answer["scores"]) + 1000 * answer["next"]["sticks"]
    assert after == before
    assert sum(answer["deltas"]) == 1000 * (table["sticks"] - answer["next"]["sticks"])
    assert answer["steps"][0]["kind"] == "hand"


@settings(max_examples=300)
@given(tables(), st.lists(seats, unique=True, max_size=2), st.lists(seats, max_size=2))
def test_final_scores_add_up_to_zero_less_the_deductions(table, yakitori, chombo):
    preset = table["rules"]
    rules: dict[str, Any] = {"preset": preset, "yakitori": 15, "chombo": "deduction"}
    answer = final_json(
        {"rules": rules, "scores": table["scores"], "sticks": table["sticks"],
         "yakitori": yakitori, "chombo": chombo}
    )  # fmt: skip
    assert "error" not in answer, answer
    deductions = 15 * len(yakitori) + 20 * len(chombo)
    assert round(sum(answer["points"]) * 10) == -10 * deductions
    assert sorted(answer["ranks"])[0] == 1


@settings(max_examples=150)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_a_tenpai_hand_wins_on_each_of_its_waits(indices):
    from scoring.engine import score
    from scoring.engine.tiles import tile_name

    if max(indices.count(i) for i in indices) > 4:
        return
    names = [tile_name(i) for i in sorted(indices)]
    text = "".join(n[0] + n[1] for n in names)
    for wait in waits(text):
        hand = {"hand": text + wait, "win": wait, "tsumo": True, "flags": ["haitei"]}
        try:
            score(hand)
        except Exception as e:  # a shape with no yaku still has to be a winning shape
            assert "no yaku" in str(e), (text, wait, e)
