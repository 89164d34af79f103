"""Seeded quiz questions: realistic, legal winning hands built around a yaku, and payment cells.

Every hand is built to have a yaku by design: a recipe picks a target (pinfu, a dragon triplet,
three colour straight, a yakuman, ...) and lays the groups out so the target holds whichever
way the rest falls; hands whose only yaku needs a closed hand stay closed. The situation
(winds, tsumo or ron, riichi, flags, dora and ura indicators, red fives, honba, deposits) is
drawn after the hand, consistent with it. Nothing is scored here: generation is fast and the
engine stays the judge of what a hand is worth.

One module per concern: `draft` (a hand being laid out, the tile sets), `recipes` and
`yakuman` (one recipe per target, and how often each level draws it), `situation` (calls,
kans, the winning tile and its wait, flags, indicators, red fives, counters, rules), `hand`
(a recipe's hand dressed and written as an engine request), `cells` (payment questions).
Tile names, notation and the dora rule are the engine's own (`tiles`).

A drill's focus (`focus`: the API and its checks; `focused`: the question built around it,
`composition`: hands built to a fu total, `dora`: han brought into range by the indicators):
`generate(seed, level=, mode=, rules=, focus=Focus(...))` builds
every question around one of the focus's items — chosen yaku (`Focus(yaku=("pinfu",))`), fu
items (`fu_items`), waits (`waits`), limits (`limits`), or table cells (`han=(lo, hi)`,
`fu=(lo, hi)`, inclusive) — with honba and deposits on the table when `counters=True`. One
kind of item per focus (counters go with any). `check_focus(focus, level=, mode=, rules=)`
raises ScoringError naming the option in the way (a yakuman at beginner level, an open-hand
fu item where hands are closed, quads below advanced, a fu range no hand reaches ...);
`generate` calls it too. `Focus.to_dict()` / `Focus.from_dict()` store it as JSON, and
`choices()` lists the ids and labels a form offers.

>>> request = generate(7, level="beginner", mode="full", rules="mahjongsoul")
>>> request == generate(7, level="beginner", mode="full", rules="mahjongsoul")
True
>>> sorted(generate(7, level="beginner", mode="payment", rules="wrc"))
['dealer', 'fu', 'han', 'honba', 'rules', 'sticks', 'tsumo']
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from scoring.engine.rules import get_rules

from .cells import TABLE_FU, payment_question, table_cells
from .draft import WINDS, Context, Retry, choose
from .focus import Focus, check_focus, choices
from .focused import focused_question
from .hand import build
from .options import LEVEL_NOTES, LEVELS, MODES, check_options
from .recipes import targets


def generate(
    seed: int,
    *,
    level: str,
    mode: str,
    rules: str,
    focus: Focus | Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The question for `seed`: an engine request (a hand), or for payment mode a table cell;
    with a `focus` (a Focus or its `to_dict` data), one that meets it (ScoringError when no
    question of this level, mode and rules can: see check_focus).

    >>> request = generate(1, level="advanced", mode="full", rules="tenhou")
    >>> sorted(request)[:4]
    ['dora', 'flags', 'hand', 'honba']
    >>> from scoring.engine import score_json
    >>> focus = {"waits": ["penchan"]}
    >>> penchan = generate(1, level="beginner", mode="full", rules="tenhou", focus=focus)
    >>> score_json(penchan)["reading"]["wait"]
    'penchan'
    """
    check_options(level, mode, rules)
    if focus is not None and not isinstance(focus, Focus):
        focus = Focus.from_dict(focus)
    if focus:
        check_focus(focus, level=level, mode=mode, rules=rules)
        key = json.dumps(focus.to_dict(), sort_keys=True)
        rng = random.Random(f"{seed}:{level}:{mode}:{rules}:{key}")
        return focused_question(rng, focus, level=level, mode=mode, rules=rules)
    rng = random.Random(f"{seed}:{level}:{mode}:{rules}")
    if mode == "payment":
        return payment_question(rng, level, rules)
    players = get_rules(rules).players
    target = choose(rng, targets(level, mode, players=players))
    for _attempt in range(200):
        seat = rng.choice(WINDS[:players])
        ctx = Context(rng, level, mode, seat, round_wind(rng, level, players), players=players)
        try:
            return build(ctx, target, rules)
        except Retry:
            continue
    raise AssertionError(f"no hand for {target} after 200 draws")  # pragma: no cover


def round_wind(rng: random.Random, level: str, players: int = 4) -> str:
    """East and South rounds most; West (and at four, North) now and then above beginner (a
    three-player game goes into West when nobody has reached its target)."""
    weights = (6, 4, 0, 0) if level == "beginner" else (6, 4, 1, 0.3)
    return rng.choices(WINDS[:players], weights=weights[:players])[0]


__all__ = [
    "LEVELS",
    "LEVEL_NOTES",
    "MODES",
    "TABLE_FU",
    "Focus",
    "check_focus",
    "check_options",
    "choices",
    "generate",
    "table_cells",
]
