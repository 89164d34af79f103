"""The generator's options: the levels (with what each asks), the modes, and their check
(used both by `generate` and by `focus`, which checks a focus against them)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.engine.errors import ScoringError, shorten
from scoring.engine.rules import ALL_PRESETS
from scoring.engine.words import Catalogue, phrase, word

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


# The levels and modes as a sentence names them ("at advanced level", "full hand mode"), the
# words that join a few of them ("fu, han or full hand"), and the options' errors (which list
# the ids a request types, quoted as they are typed).
WORDS = Catalogue(
    "options",
    {
        **{f"level.{level}": level for level in LEVELS},
        **{f"mode.{mode}": mode for mode in MODES if mode != "full"},
        "mode.full": "full hand",
        "sep": ", ",
        "or": " or ",
        "and": " and ",
        "unknown_level": "unknown level {level}: choose one of {levels}",
        "unknown_mode": "unknown mode {mode}: choose one of {modes}",
        "unknown_rules": "unknown rules preset {rules}: choose one of {presets}",
    },
)


def level_word(level: str) -> str:
    """A level as a sentence names it, in the current language ("advanced", "上級")."""
    return word(WORDS, f"level.{level}")


def mode_word(mode: str) -> str:
    """A mode as a sentence names it, in the current language ("full hand", "総合")."""
    return word(WORDS, f"mode.{mode}")


def listed(items: Sequence[str], last: str = "or") -> str:
    """A few words in a sentence: "a, b or c" (`last` "and": "a, b and c"), in the current
    language.

    >>> listed(["fu", "han", "full hand"]), listed(["yaku"]), listed(["a", "b"], "and")
    ('fu, han or full hand', 'yaku', 'a and b')
    """
    if len(items) < 2:
        return "".join(items)
    return word(WORDS, "sep").join(items[:-1]) + word(WORDS, last) + items[-1]


def typed(ids: Iterable[str]) -> str:
    """Ids as a request types them: "a", "b"."""
    return ", ".join(f'"{i}"' for i in ids)


def check_options(level: str, mode: str, rules: str) -> None:
    if level not in LEVELS:
        raise ScoringError(
            phrase(WORDS, "unknown_level", level=shorten(repr(level)), levels=typed(LEVELS))
        )
    if mode not in MODES:
        raise ScoringError(
            phrase(WORDS, "unknown_mode", mode=shorten(repr(mode)), modes=typed(MODES))
        )
    if rules not in ALL_PRESETS:
        names = typed(ALL_PRESETS)
        raise ScoringError(
            phrase(WORDS, "unknown_rules", rules=shorten(repr(rules)), presets=names)
        )
