"""Answers that between them hold every kind of explanation step the engine makes: what the
pseudo-language check and the tile check read."""

from __future__ import annotations

import random
import re

import pytest

from scoring.engine import PRESETS, final_json, score_json, settle_json
from scoring.engine.generate import LEVELS, MODES, generate
from scoring.engine.generate.settlements import TABLE_MODES, table_question


def strings_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings_in(v)]
    return []


def explained_answers() -> list[dict]:
    """The answers of many generated questions: every hand mode and table mode at every
    level, on every preset: their steps and the readings, fu items and names beside them."""
    answers = []
    for rules in PRESETS:
        for level in LEVELS:
            for seed in range(4):
                for mode in MODES:
                    if mode != "payment":
                        request = generate(seed, level=level, mode=mode, rules=rules)
                        answers.append(score_json(request))
                for mode in TABLE_MODES:
                    q = table_question(seed, level=level, mode=mode, rules=rules)
                    call = final_json if q.kind == "final" else settle_json
                    answers.append(call(q.request))
    # What no generated question has: a chombo, a kan's feeder paying, penalties taken from
    # the final scores.
    table = {"scores": [25000, 25000, 25000, 24000], "dealer": 0, "honba": 1, "sticks": 1}
    answers.append(
        settle_json({**table, "rules": "mleague",
                     "end": {"kind": "chombo", "seat": 2, "cause": "furiten_ron"}})
    )  # fmt: skip
    answers.append(
        settle_json({**table, "rules": {"preset": "mahjongsoul", "kan_feeder_pays": True},
                     "end": {"kind": "tsumo", "win": {"seat": 1, "han": 3, "fu": 40},
                             "kan_from": 2}})
    )  # fmt: skip
    answers.append(
        final_json(
            {"rules": {"preset": "wrc", "yakitori": 10}, "scores": [45000, 30000, 25000, 20000],
             "yakitori": [3], "chombo": [2, 2]}
        )
    )  # fmt: skip
    answers.extend(three_player_answers())
    return answers


def three_player_answers() -> list[dict]:
    """Three players (no generated question is): nukidora and a North dora indicator, tsumo
    loss and the North's share split, a ron's honba between three, a pair of North as a value
    tile, noten payments, a non-dealer's chombo and final scores between three."""
    sanma = {"preset": "tenhou_sanma", "tsumo_loss": False}
    win = {
        "hand": "111m999p123456s77z",
        "win": "7z",
        "flags": ["riichi"],
        "dora": "3z",
        "ura": "9m",
        "kita": 2,
        "rules": "tenhou_sanma",
    }
    table = {
        "rules": "tenhou_sanma",
        "scores": [35000, 35000, 34000],
        "dealer": 0,
        "honba": 1,
        "sticks": 1,
    }
    tsumo = {"kind": "tsumo", "win": {"seat": 1, "han": 3, "fu": 40}}
    return [
        score_json({**win, "tsumo": True}),
        score_json({**win, "tsumo": True, "rules": sanma}),
        score_json({"hand": "123p456p789p234s44z", "win": "4s", "flags": ["riichi"], "honba": 1,
                    "rules": {"preset": "tenhou_sanma", "north_value": True}}),
        settle_json({**table, "end": tsumo}),
        settle_json({**table, "rules": sanma, "end": tsumo}),
        settle_json({**table, "end": {"kind": "ron", "from": 0,
                                      "wins": [{"seat": 2, "han": 1, "fu": 30}]}}),
        settle_json({**table, "end": {"kind": "draw", "tenpai": [1]}}),
        settle_json({**table, "end": {"kind": "chombo", "seat": 1}}),
        final_json({"rules": "tenhou_sanma", "scores": [71500, 35000, -1500]}),
    ]  # fmt: skip


# What an answer holds that is data, not words: ids, kinds, tiles, keys (the steps' `kind`,
# a yaku's `id`, a group's `kind`, a reading's `shape`).
DATA = re.compile(r"^[a-z0-9_.:\-+/ ]*$")


def engine_messages() -> list[str]:
    """What the engine answers requests it cannot take: a game's hand entries, a table
    question's request, the final scores' seats."""
    from scoring.engine import ScoringError
    from scoring.engine.entered import end_of

    said = []
    ends: list[object] = [
        None,
        {"kind": "x"},
        {"kind": "ron", "wins": 1},
        {"kind": "ron", "wins": [1]},
        {"kind": "ron", "wins": [{"seat": 9}]},
        {"kind": "ron", "wins": [{"seat": 1}], "from": 0, "pao": 1},
        {"kind": "draw", "hands": 1},
        {"kind": "draw", "tenpai": 1},
        {"kind": "abortive", "reason": "x"},
        {"kind": "end", "why": "x"},
    ]
    for end in ends:
        with pytest.raises(ScoringError) as raised:
            end_of(end)
        said.append(str(raised.value))
    for options in ({"mode": "x"}, {"rules": "x"}, {"level": "x"}):
        with pytest.raises(ScoringError) as raised:
            table_question(1, **{"level": "beginner", "mode": "draw", "rules": "tenhou", **options})
        said.append(str(raised.value))
    for final in ({"yakitori": 1}, {"yakitori": [1, 1]}, {"seat_order": [0, 1]}):
        answer = final_json({"rules": "wrc", "scores": [30000] * 4, **final})
        said.append(answer["error"])
    return said + focus_messages()


# A drill's focus refused, one for every message `Focus.from_dict` and `check_focus` can say:
# bad data, then (focus, level, mode, rules) that no question can meet.
BAD_FOCI: list[object] = [
    [1, 2],
    {"x": ["kanchan"]},
    *({kind: ["x"]} for kind in ("yaku", "fu_items", "waits", "limits")),
    {"waits": "kanchan"},
    {"yaku": [1]},
    {"han": "3"},
    {"fu": [20, "x"]},
    {"han": [3, 1]},
    {"fu": [20, 120]},
    {"counters": "x"},
    {"yaku": ["pinfu"], "waits": ["kanchan"], "han": [1, 2]},
]
UNMET_FOCI: list[tuple[dict[str, object], str, str, str]] = [
    ({}, "x", "full", "wrc"),
    ({}, "beginner", "x", "wrc"),
    ({}, "beginner", "full", "x"),
    ({"counters": True}, "beginner", "full", "wrc"),
    ({"yaku": ["pinfu"]}, "advanced", "payment", "wrc"),
    ({"fu_items": ["tsumo"]}, "advanced", "payment", "wrc"),
    ({"waits": ["tanki"]}, "advanced", "payment", "wrc"),
    ({"han": [1, 1], "fu": [20, 20]}, "advanced", "payment", "mleague"),
    ({"fu": [80, 110]}, "intermediate", "fu", "mleague"),
    ({"yaku": ["sanshoku"]}, "advanced", "full", "tenhou_sanma"),
    ({"yaku": ["daisangen"]}, "advanced", "fu", "wrc"),
    ({"yaku": ["chinitsu"]}, "beginner", "han", "wrc"),
    ({"yaku": ["kokushi_13"]}, "advanced", "full", "mleague"),
    ({"fu_items": ["open_no_fu"]}, "intermediate", "full", "tenhou_sanma"),
    ({"fu_items": ["concealed_quad_simples"]}, "intermediate", "fu", "wrc"),
    ({"fu_items": ["open_triplet_simples"]}, "beginner", "full", "wrc"),
    ({"limits": ["yakuman"]}, "beginner", "full", "wrc"),
    ({"limits": ["mangan"]}, "beginner", "fu", "wrc"),
    ({"limits": ["double_yakuman"]}, "advanced", "han", "wrc"),
    ({"limits": ["double_yakuman"]}, "advanced", "full", "mleague"),
]


def focus_messages() -> list[str]:
    """What the engine says of a focus it cannot take (in the language of the moment): each
    of BAD_FOCI and UNMET_FOCI, and the generator giving up on a focus it could not meet."""
    from scoring.engine import ScoringError
    from scoring.engine.generate import Focus, check_focus, focused

    said = []
    for data in BAD_FOCI:
        with pytest.raises(ScoringError) as raised:
            Focus.from_dict(data)  # type: ignore[arg-type]
        said.append(str(raised.value))
    for focus, level, mode, rules in UNMET_FOCI:
        with pytest.raises(ScoringError) as raised:
            check_focus(Focus.from_dict(focus), level=level, mode=mode, rules=rules)
        said.append(str(raised.value))
    attempts, focused.ATTEMPTS = focused.ATTEMPTS, 0
    try:
        with pytest.raises(ScoringError) as raised:
            focused.focused_question(random.Random(1), Focus(yaku=("pinfu",), counters=True),
                                     level="advanced", mode="full", rules="wrc")  # fmt: skip
        said.append(str(raised.value))
    finally:
        focused.ATTEMPTS = attempts
    return said


# Field names and values of a request, quoted as they are in every language.
DATA_WORDS = frozenset(
    {"kind", "wins", "hands", "time", "abandon", "ron", "tsumo", "draw", "abortive", "chombo",
     "stop", "end", "seat", "for", "win", "pao", "tenpai", "nagashi", "yakitori", "seat_order",
     "x", "final", "multiron", "counters", "tenhou", "mahjongsoul", "mleague",
     "wrc", "ema", "beginner", "intermediate", "advanced"}
)  # fmt: skip
