"""The generator's options: the levels (with what each asks), the modes, and their check
(used both by `generate` and by `focus`, which checks a focus against them)."""

from __future__ import annotations

from scoring.engine.errors import ScoringError
from scoring.engine.rules import ALL_PRESETS

LEVELS = ("beginner", "intermediate", "advanced")
MODES = ("payment", "fu", "han", "full")
LEVEL_NOTES = {
    "beginner": "Closed hands won by ron or tsumo, no kans, the common yaku (riichi, tsumo, "
    "pinfu, tanyao, yakuhai, iipeikou, seven pairs), one dora indicator, no honba or deposits.",
    "intermediate": "Open hands and calls, every wait, honba and riichi deposits, hands from a "
    "few han up to mangan, haneman and baiman (half flush, full flush, toitoi, ...).",
    "advanced": "Kans and their dora, rinshan and chankan, ambiguous readings, the kiriage "
    "boundary, counted yakuman (kazoe), yakuman and double yakuman, and every rule switch.",
}


def check_options(level: str, mode: str, rules: str) -> None:
    if level not in LEVELS:
        raise ScoringError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if mode not in MODES:
        raise ScoringError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    if rules not in ALL_PRESETS:
        names = ", ".join(ALL_PRESETS)
        raise ScoringError(f"unknown rules preset {rules!r}: choose one of {names}")
