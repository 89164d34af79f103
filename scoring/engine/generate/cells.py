"""Payment questions: a han/fu cell, dealer or not, ron or tsumo, honba and deposits."""

from __future__ import annotations

import random
from typing import Any

from scoring.engine.payment import impossible_reason
from scoring.engine.rules import DEFAULT_PRESET, get_rules

from .frequencies import REAL_CELLS

TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
Cell = tuple[bool, bool, int, int]  # dealer, tsumo, han, fu


def table_cells(*, tsumo: bool, rules: str = DEFAULT_PRESET) -> list[tuple[int, int]]:
    """Every (han, fu) of the 1–4 han table a real hand can score, by ron or tsumo.

    >>> (1, 20) in table_cells(tsumo=True), (2, 20) in table_cells(tsumo=True)
    (False, True)
    >>> (1, 110) in table_cells(tsumo=False), (1, 110) in table_cells(tsumo=False, rules="mleague")
    (True, False)
    """
    rule_set = get_rules(rules)
    return [
        (han, fu)
        for han in range(1, 5)
        for fu in TABLE_FU
        if not impossible_reason(han, fu, tsumo=tsumo, rules=rule_set)
    ]


def real_cells(rules: str) -> tuple[list[Cell], list[int]]:
    """The cells real wins reached and how often (`REAL_CELLS`), those impossible under
    `rules` left out (a 4-fu double-wind pair is what takes 1 han to 110 fu)."""
    rule_set = get_rules(rules)
    cells = [c for c in REAL_CELLS if not impossible_reason(c[2], c[3], tsumo=c[1], rules=rule_set)]
    return cells, [REAL_CELLS[c] for c in cells]


LIMIT_HAN = {"intermediate": (5, 6, 7, 8, 9, 10), "advanced": (5, 6, 8, 11, 12, 13, 14)}
# The share of questions drawn as real wins fall; the rest are any possible cell of the
# table, so a level above beginner also meets the rare cells (60–110 fu) now and then.
REAL_SHARE = {"beginner": 1.0, "intermediate": 0.7, "advanced": 0.5}


def draw_cell(rng: random.Random, level: str, rules: str) -> Cell:
    """Dealer or not, ron or tsumo, han and fu: as real wins fall, or any possible cell."""
    if rng.random() < REAL_SHARE[level]:
        cells, weights = real_cells(rules)
        return rng.choices(cells, weights=weights)[0]
    dealer, tsumo = rng.random() < 0.4, rng.random() < 0.5
    han, fu = rng.choice(table_cells(tsumo=tsumo, rules=rules))
    return dealer, tsumo, han, fu


def payment_question(rng: random.Random, level: str, rules: str) -> dict[str, Any]:
    dealer, tsumo, han, fu = draw_cell(rng, level, rules)
    question: dict[str, Any] = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo}
    if level != "beginner" and rng.random() < 0.25:
        question.update(han=rng.choice(LIMIT_HAN[level]), fu=rng.choice((30, 40, 50)))
    if level == "advanced":
        roll = rng.random()
        if roll < 0.2:
            question.update(han=rng.choice((3, 4)), fu=60 if rng.random() < 0.5 else 30)
            question["han"] = 4 if question["fu"] == 30 else 3  # the kiriage cells
        elif roll < 0.3 and 30 <= question["fu"] <= 90 and question["han"] < 5:
            # Unrounded fu, as a hand counts them: every fu item is even, so the total is too.
            # (Not from 100 fu up: 1 han reaches no more than 96 by tsumo, 102 by ron.)
            question["fu"] -= rng.choice((2, 4, 6, 8))
        elif roll < 0.36:
            question.update(han=13, fu=30, yakuman=rng.choice((1, 1, 2)))
    if level == "beginner":
        question.update(honba=0, sticks=0)
    else:
        question["honba"] = rng.choices((0, 1, 2, 3), weights=(5, 3, 2, 1))[0]
        question["sticks"] = rng.choices((0, 1, 2), weights=(5, 3, 1))[0]
    question["rules"] = rules
    return question
