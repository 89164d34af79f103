"""Tenbō's scoring engine: pure Python, the single source of truth for scoring.

Stages, one module each: `tiles` (notation), `decompose` (readings), `yaku`, `fu`,
`payment` (han/fu → payments), `rules` (presets), `explain` (steps), `request` (the request
in, checked), `result` (the answer out, as JSON; `contract` re-exports both); `evaluate`
scores every reading and picks the best. The table's settlements: `table` (counters,
tenpai), `hand_end` (one hand's end: wins, draws, pao, chombo) and `final` (final
scores with oka and uma).

>>> r = score({"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]})
>>> r.han, r.fu, [y.id for y in r.yaku], r.settlement.payments
(3, 40, ['riichi', 'ittsu'], {'ron': 5200})
>>> score_json({"hand": "123m456p789s11z234s", "win": "5s"})
{'error': 'win tile 5s is not in the hand'}
"""

from __future__ import annotations

import json
from typing import Any

from .errors import ScoringError
from .evaluate import count_dora, score_readings
from .final import final_json
from .hand_end import settle_json
from .payment import Limit, Settlement, basic_points, format_deltas, settle
from .request import Request, parse_request
from .result import Result
from .rules import PRESETS, RuleSet, get_rules, parse_rules
from .tiles import dora_from_indicator, format_tiles, parse_tiles, tile_index, tile_name
from .yaku import YAKU, Yaku


def score(
    request: Any,
    *,
    rules: str | dict[str, Any] | RuleSet | None = None,
) -> Result:
    """Score a won hand described by a request (a dict or JSON text; anything else is a
    ScoringError); `rules` overrides the request's own. Raises ScoringError with a message a
    player can act on."""
    req = parse_request(request, rules=rules)
    dora = count_dora(req)
    best, *others = score_readings(req, dora)
    return Result(req, best, tuple(others), dora)


def score_json(request: Any, *, explain: bool = True) -> dict[str, Any]:
    """`score(request).to_json(explain=explain)`, or `{"error": message}` for any input it
    cannot score. `explain=False` gives the brief answer: the facts without the reading, fu
    items, dora, readings and steps (which are then never built).

    >>> riichi_ittsu = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}
    >>> brief = score_json(riichi_ittsu, explain=False)
    >>> brief["total"], "steps" in brief
    (5200, False)
    """
    try:
        return score(request).to_json(explain=explain)
    except ScoringError as e:
        return {"error": str(e)}


def score_text(request: Any, *, explain: bool = False, ensure_ascii: bool = True) -> str:
    """The answer as JSON text: `json.dumps(score_json(request, explain=explain),
    ensure_ascii=ensure_ascii)`, the same text to the byte (errors too), for JSON text (or a
    dict) in. Both answers, the brief (the default, ASCII whatever `ensure_ascii` says) and
    the explained, are written straight from the result, without the dict and json.dumps:
    the fast path for a batch or an API that answers in JSON anyway.

    >>> score_text('{"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}')[:53]
    '{"han": 3, "fu": 40, "yaku": [{"id": "riichi", "name"'
    >>> score_text('{"hand": "123m456p789s11z234s", "win": "5s"}')
    '{"error": "win tile 5s is not in the hand"}'
    """
    try:
        result = score(request)
        return result.full_text(ensure_ascii=ensure_ascii) if explain else result.brief_text()
    except ScoringError as e:
        return json.dumps({"error": str(e)}, ensure_ascii=ensure_ascii)


__all__ = [
    "PRESETS",
    "YAKU",
    "Limit",
    "Request",
    "Result",
    "RuleSet",
    "ScoringError",
    "Settlement",
    "Yaku",
    "basic_points",
    "dora_from_indicator",
    "final_json",
    "format_deltas",
    "format_tiles",
    "get_rules",
    "parse_request",
    "parse_rules",
    "parse_tiles",
    "score",
    "score_json",
    "score_text",
    "settle",
    "settle_json",
    "tile_index",
    "tile_name",
]
