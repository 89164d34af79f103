"""What the quiz asks, measured: yaku, fu items, waits and han/fu cells over many questions.

Run `python -m quizsite.quiz.coverage [N]` (N questions, 10,000 by default) to print the
distribution. The questions are the stream a learner cycling through every level, mode and
rules preset would meet; each hand is scored by the engine. No Django needed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from scoring.engine import PRESETS, score_json
from scoring.engine.generate import LEVELS, MODES, TABLE_FU, generate, table_cells

QUESTIONS = 10_000
Cell = tuple[int, int, bool]  # han, fu, tsumo


def question_stream(n: int) -> Iterator[tuple[int, str, str, str]]:
    """(seed, level, mode, rules) for n questions, every combination in turn."""
    presets = list(PRESETS)
    for seed in range(n):
        level = LEVELS[seed % len(LEVELS)]
        mode = MODES[(seed // len(LEVELS)) % len(MODES)]
        yield seed, level, mode, presets[seed % len(presets)]


def fu_item_key(item: dict[str, object]) -> str:
    """The kind of a fu item: its fu and reason, without a reason's trailing aside in
    brackets (a triplet won by ron "counts as open" is an open triplet)."""
    reason = str(item["reason"])
    if reason.endswith(")") and " (" in reason and ":" not in reason:
        reason = reason.rsplit(" (", 1)[0]
    return f"{item['fu']} fu: {reason}"


@dataclass
class Coverage:
    """Counters over the questions; `cells` come from hands, `payment_cells` from payment mode."""

    questions: int = 0
    yaku: Counter[str] = field(default_factory=Counter)
    fu_items: Counter[str] = field(default_factory=Counter)
    waits: Counter[str] = field(default_factory=Counter)
    limits: Counter[str] = field(default_factory=Counter)
    cells: Counter[Cell] = field(default_factory=Counter)
    payment_cells: Counter[Cell] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def add_hand(self, answer: dict[str, object]) -> None:
        if "error" in answer:
            self.errors.append(str(answer["error"]))
            return
        self.yaku.update(y["id"] for y in answer["yaku"])  # type: ignore[attr-defined]
        self.fu_items.update(fu_item_key(i) for i in answer["fu_items"])  # type: ignore[attr-defined]
        self.waits[answer["reading"]["wait"]] += 1  # type: ignore[index]
        self.limits[str(answer["limit"] or "below mangan")] += 1
        if int(answer["han"]) <= 4 and not answer["yakuman"]:  # type: ignore[call-overload]
            self.cells[(answer["han"], answer["fu"], answer["tsumo"])] += 1  # type: ignore[index]

    def missing_cells(self, counter: Counter[Cell]) -> list[Cell]:
        every = [(h, f, t) for t in (False, True) for h, f in table_cells(tsumo=t)]
        return [c for c in every if c not in counter]

    @property
    def all_cells(self) -> Counter[Cell]:
        return self.cells + self.payment_cells


def measure(n: int = QUESTIONS) -> Coverage:
    """Generate and score n questions of the stream, counting what they exercise."""
    cov, start = Coverage(), time.perf_counter()
    for seed, level, mode, rules in question_stream(n):
        request = generate(seed, level=level, mode=mode, rules=rules)
        cov.questions += 1
        if mode == "payment":
            cell = (request["han"], request["fu"], request["tsumo"])
            if cell[0] <= 4 and "yakuman" not in request and cell[1] in TABLE_FU:
                cov.payment_cells[cell] += 1
        else:
            cov.add_hand(score_json(request))
    cov.seconds = time.perf_counter() - start
    return cov


def table(counter: Counter[Cell], *, tsumo: bool) -> list[str]:
    fus = sorted({f for h, f, t in counter} | set(TABLE_FU))
    lines = ["han\\fu " + " ".join(f"{f:>5}" for f in fus)]
    for han in range(1, 5):
        cells = " ".join(f"{counter.get((han, f, tsumo), 0) or '·':>5}" for f in fus)
        lines.append(f"{han:>6} {cells}")
    return lines


def report(cov: Coverage) -> str:
    hands = sum(cov.waits.values())
    lines = [
        f"{cov.questions} questions ({hands} hands scored, {len(cov.errors)} errors) "
        f"in {cov.seconds:.1f}s",
        "",
        "yaku: " + ", ".join(f"{k} {v}" for k, v in cov.yaku.most_common()),
        "",
        "waits: " + ", ".join(f"{k} {v}" for k, v in cov.waits.most_common()),
        "limits: " + ", ".join(f"{k} {v}" for k, v in cov.limits.most_common()),
        "",
        "fu items:",
        *(f"  {v:>6}  {k}" for k, v in cov.fu_items.most_common()),
    ]
    for tsumo in (False, True):
        lines += ["", f"1–4 han cells from hands, {'tsumo' if tsumo else 'ron'}:"]
        lines += table(cov.cells, tsumo=tsumo)
    top, count = cov.cells.most_common(1)[0] if cov.cells else ((0, 0, False), 0)
    share = count / max(1, sum(cov.cells.values()))
    lines += [
        "",
        f"largest hand cell: {top[0]} han {top[1]} fu {'tsumo' if top[2] else 'ron'}, "
        f"{share:.1%} of the 1–4 han hands",
        f"cells no hand reached: {cov.missing_cells(cov.cells) or 'none'}",
        f"cells no question reached: {cov.missing_cells(cov.all_cells) or 'none'}",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else QUESTIONS
    print(report(measure(n)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
