"""What a log's own end record says of its rules: the uma the server paid.

A game server writes each player's final points beside the scores at the end (Tenhou's
`owari`, a tenhou.net/6 log's `sc`). The points follow from the scores by the rules (rounding,
oka, uma), so the uma can be read back: for each place below first, the points less the
rounded score. A room may have paid another uma than its preset's today (Tenhou's 2009
East-only games paid 5-10, its rules say 10-20 now): the log's own record is the rule it was
played by. The uma read is kept only when it is symmetric as every room's is (+a/+b/−b/−a,
a ≥ b ≥ 0; three players +a/0/−a) and the final points it gives are exactly the log's.

>>> rules = {"preset": "tenhou"}
>>> uma_of(rules, (32400, 14600, 24700, 28300), (32.0, -25.0, -10.0, 3.0))
(10, 5, -5, -10)
>>> uma_of(rules, (40400, 11400, 25800, 22400), (51.0, -39.0, 6.0, -18.0)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.final import base_points, final_scores, ranking
from scoring.engine.rules import parse_table_rules

from . import LoggedGame

FAR = 1000  # an uma beyond this many points is no room's: the record is not read


def uma_of(
    rules: dict[str, Any], scores: Sequence[int], points: Sequence[float]
) -> tuple[int, ...] | None:
    """The uma the end record shows when it is not the rules' own (None: the rules' own, or
    no uma gives exactly these points). Four players or three, as many as the scores."""
    try:
        _, table = parse_table_rules(rules)
    except ScoringError:
        return None
    if len(scores) != len(table.uma) or len(points) != len(scores):
        return None
    order = ranking(scores, tuple(range(len(scores))))
    tenths = [round(p * 10) for p in points]
    below = [tenths[s] - base_points(scores[s], table)[0] for s in order[1:]]
    if any(b % 10 or abs(b) > 10 * FAR for b in below):
        return None
    rest = tuple(b // 10 for b in below)
    uma = (-sum(rest), *rest)
    # +a/+b/−b/−a (three players: +a/0/−a), as every room's
    symmetric = all(u == -v for u, v in zip(uma, reversed(uma), strict=True))
    falling = all(u >= v for u, v in zip(uma, uma[1:], strict=False))
    if uma == table.uma or not (symmetric and falling):
        return None
    shown = final_scores(scores, rules=replace(table, uma=uma))
    return uma if list(shown.tenths) == tenths else None


def with_logged_uma(game: LoggedGame) -> LoggedGame:
    """The game with the uma its end record shows among its rules, when that differs."""
    if game.rules is None or game.end_scores is None or game.final_points is None:
        return game
    uma = uma_of(game.rules, game.end_scores, game.final_points)
    if uma is None:
        return game
    return replace(game, rules={**game.rules, "uma": list(uma)})
