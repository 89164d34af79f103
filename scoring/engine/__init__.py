"""Tenbō's scoring engine: pure Python, the single source of truth for scoring.

Stages, one module each: `tiles` (notation), `decompose` (readings), `yaku`, `fu`,
`payment` (han/fu → payments), `rules` (presets), `explain` (steps), `contract` (JSON).
"""

from __future__ import annotations

from .errors import ScoringError
from .payment import Limit, Settlement, basic_points, format_deltas, settle
from .rules import PRESETS, RuleSet, get_rules, parse_rules

__all__ = [
    "PRESETS",
    "Limit",
    "RuleSet",
    "ScoringError",
    "Settlement",
    "basic_points",
    "format_deltas",
    "get_rules",
    "parse_rules",
    "settle",
]
