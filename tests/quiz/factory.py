"""Finding questions of a given shape by scanning seeds, and their right answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quizsite.quiz.questions import Question, Solution, load_question, solve
from quizsite.quiz.table_questions import TableQuizQuestion, TableSolution
from scoring.engine.final import tenths_text


def find(
    mode: str,
    *,
    level: str = "intermediate",
    rules: str = "mahjongsoul",
    kind: str | None = None,
    where: Callable[[Question, Solution], bool] = lambda q, s: True,
    start: int = 123_457,
) -> tuple[Question, Solution]:
    """The first question from seed `start` on with this mode, answer kind and property."""
    for seed in range(start, start + 5000):
        q = load_question(str(seed), {"mode": mode, "level": level, "rules": rules})
        if kind and q.kind != kind:
            continue
        solution = solve(q)
        if where(q, solution):
            return q, solution
    raise LookupError(f"no {mode} question of kind {kind} found")


def deltas_post(values: Any) -> dict[str, str]:
    return {f"seat{s}": f"{v:+d}" if v else "0" for s, v in enumerate(values)}


def final_post(tenths: Any) -> dict[str, str]:
    return {f"seat{s}": tenths_text(t) for s, t in enumerate(tenths)}


def table_right_answer(q: TableQuizQuestion, s: TableSolution) -> dict[str, str]:
    """The POST data of a table question's right answer."""
    if q.kind == "deltas":
        return deltas_post(s.deltas)
    if q.kind == "final":
        return final_post(s.tenths)
    honba, sticks, dealer = s.counters
    return {"honba": str(honba), "sticks": str(sticks), "dealer": str(dealer)}


def right_answer(q: Any, s: Any) -> dict[str, Any]:
    """The POST data of the right answer (a hand or a table question)."""
    if isinstance(q, TableQuizQuestion):
        return table_right_answer(q, s)
    p = s.payments
    return {
        "ron": lambda: {"amount": str(p.get("ron"))},
        "all": lambda: {"amount": str(p.get("each"))},
        "split": lambda: {"non_dealer": str(p["non_dealer"]), "dealer": str(p["dealer"])},
        "fu": lambda: {"fu": str(s.fu)},
        "han": lambda: {"han": str(s.han)},
    }[q.kind]()


def amounts(s: Solution) -> set[int]:
    return set(s.payments.values()) | {s.settlement.total}
