"""Payment questions: a han/fu cell, dealer or not, ron or tsumo, honba and deposits."""

from __future__ import annotations

import random
from typing import Any

from scoring.engine.payment import impossible_reason

TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def table_cells(*, tsumo: bool) -> list[tuple[int, int]]:
    """Every (han, fu) of the 1–4 han table a real hand can score, by ron or tsumo.

    >>> (1, 20) in table_cells(tsumo=True), (2, 20) in table_cells(tsumo=True)
    (False, True)
    """
    return [
        (han, fu)
        for han in range(1, 5)
        for fu in TABLE_FU
        if not impossible_reason(han, fu, tsumo=tsumo)
    ]


LIMIT_HAN = {"intermediate": (5, 6, 7, 8, 9, 10), "advanced": (5, 6, 8, 11, 12, 13, 14)}


def payment_question(rng: random.Random, level: str, rules: str) -> dict[str, Any]:
    dealer, tsumo = rng.random() < 0.4, rng.random() < 0.5
    han, fu = rng.choice(table_cells(tsumo=tsumo))
    question: dict[str, Any] = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo}
    if level != "beginner" and rng.random() < 0.25:
        question.update(han=rng.choice(LIMIT_HAN[level]), fu=rng.choice((30, 40, 50)))
    if level == "advanced":
        roll = rng.random()
        if roll < 0.2:
            question.update(han=rng.choice((3, 4)), fu=60 if rng.random() < 0.5 else 30)
            question["han"] = 4 if question["fu"] == 30 else 3  # the kiriage cells
        elif roll < 0.3 and question["fu"] not in (20, 25) and question["han"] < 5:
            # Unrounded fu, as a hand counts them: every fu item is even, so the total is too.
            question["fu"] -= rng.choice((2, 4, 6, 8))
            question["fu"] = max(question["fu"], 22)
        elif roll < 0.36:
            question.update(han=13, fu=30, yakuman=rng.choice((1, 1, 2)))
    if level == "beginner":
        question.update(honba=0, sticks=0)
    else:
        question["honba"] = rng.choices((0, 1, 2, 3), weights=(5, 3, 2, 1))[0]
        question["sticks"] = rng.choices((0, 1, 2), weights=(5, 3, 1))[0]
    question["rules"] = rules
    return question
