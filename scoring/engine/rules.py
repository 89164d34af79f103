"""Rule sets: one frozen object of switches, and a registry of named presets.

>>> get_rules("wrc").kiriage
True
>>> parse_rules({"preset": "tenhou", "kiriage": True}).kiriage
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from .errors import ScoringError

Kazoe = Literal["yakuman", "sanbaiman"]
SevenPairs = Literal["25fu", "50fu"]


@dataclass(frozen=True)
class RuleSet:
    """Every rule switch the engine knows, with the mahjongsoul defaults."""

    name: str = "mahjongsoul"
    red_fives: bool = True
    open_tanyao: bool = True
    kiriage: bool = False
    kazoe: Kazoe = "yakuman"
    double_yakuman: bool = True
    yakuman_stacking: bool = True
    double_wind_fu: Literal[4, 2] = 4
    seven_pairs: SevenPairs = "25fu"

    # Rule sets key the engine's caches: their hash is worked out once, when they are made (a
    # cached_property would not do: compiled, the class has no __dict__ to keep it in).
    _hash: int = field(init=False, compare=False, repr=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.name, *self.switches().values())))

    def __hash__(self) -> int:
        return self._hash

    def switches(self) -> dict[str, Any]:
        """The switches as a plain dict (the JSON form, without the name), in SWITCHES order."""
        return {name: getattr(self, name) for name in SWITCHES}

    def to_json(self) -> dict[str, Any]:
        """The rules as an answer carries them: the preset's name and every switch.

        >>> RuleSet().to_json()["preset"], RuleSet().to_json()["kiriage"]
        ('mahjongsoul', False)
        """
        return dict(rules_json(self))  # a copy: the cached dict must not be changed by callers


@lru_cache(maxsize=64)
def rules_json(rules: RuleSet) -> dict[str, Any]:
    # Cached: every answer carries its rules, and a hand's rules are almost always a preset.
    return {"preset": rules.name, **rules.switches()}


@dataclass(frozen=True)
class Switch:
    """What one switch means, which values it takes (for validation and the rules page), and
    what each value says in plain words, in the order of `values` (for a question that turns
    it one way or the other).

    >>> SWITCHES["open_tanyao"].say(False)
    'open tanyao does not count'
    """

    name: str
    values: tuple[Any, ...]
    meaning: str
    says: tuple[str, ...] = ()

    def say(self, value: Any) -> str:
        """The plain words for one value of the switch."""
        return self.says[self.values.index(value)]


SWITCHES: dict[str, Switch] = {
    s.name: s
    for s in (
        Switch(
            "red_fives",
            (True, False),
            "One red five per suit counts as a dora (aka dora).",
            ("red fives count as dora", "red fives are plain fives, not dora"),
        ),
        Switch(
            "open_tanyao",
            (True, False),
            "All Simples also counts on an open hand (kuitan).",
            ("open tanyao counts", "open tanyao does not count"),
        ),
        Switch(
            "kiriage",
            (True, False),
            "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to a mangan.",
            (
                "4 han 30 fu and 3 han 60 fu are rounded up to a mangan (kiriage)",
                "4 han 30 fu and 3 han 60 fu are not rounded up to a mangan (no kiriage)",
            ),
        ),
        Switch(
            "kazoe",
            ("yakuman", "sanbaiman"),
            "What 13 or more han from ordinary yaku and dora is worth: a counted yakuman "
            "(kazoe yakuman) or a sanbaiman.",
            (
                "13 han or more is a counted yakuman (kazoe)",
                "13 han or more is a sanbaiman, not a yakuman (no kazoe yakuman)",
            ),
        ),
        Switch(
            "double_yakuman",
            (True, False),
            "Kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii count as "
            "double yakuman.",
            (
                "a 13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii are double "
                "yakuman",
                "no double yakuman: a 13-sided kokushi, suuankou tanki, junsei chuuren and "
                "daisuushii are single yakuman",
            ),
        ),
        Switch(
            "yakuman_stacking",
            (True, False),
            "Several yakuman in one hand add up; when off, a hand is worth one yakuman at most.",
            (
                "several yakuman in one hand add up",
                "yakuman do not add up: a hand is worth one yakuman at most",
            ),
        ),
        Switch(
            "double_wind_fu",
            (4, 2),
            "A pair of the wind that is both the seat and the round wind: 4 fu or 2 fu.",
            (
                "a pair of the seat wind that is also the round wind is worth 4 fu",
                "a pair of the seat wind that is also the round wind is worth 2 fu, not 4",
            ),
        ),
        Switch(
            "seven_pairs",
            ("25fu", "50fu"),
            "Seven pairs: 2 han 25 fu, or the Kansai variant 1 han 50 fu.",
            ("seven pairs is 2 han 25 fu", "seven pairs is 1 han 50 fu (the Kansai way)"),
        ),
    )
}


@dataclass(frozen=True)
class Preset:
    """A named rule set with a description and where its rules come from."""

    rules: RuleSet
    title: str
    source: str
    notes: tuple[str, ...] = field(default=())


PRESETS: dict[str, Preset] = {
    "mahjongsoul": Preset(
        RuleSet(name="mahjongsoul"),
        "Mahjong Soul",
        "Mahjong Soul's ranked rules (the project's default).",
        ("Red fives, open tanyao, counted yakuman, the four double yakuman, yakuman stack.",),
    ),
    "tenhou": Preset(
        RuleSet(name="tenhou", double_yakuman=False),
        "Tenhou",
        "Tenhou's ranked rules, checked against 20,925 wins its server scored.",
        ("As Mahjong Soul, but every yakuman pattern counts once (no double yakuman).",),
    ),
    "mleague": Preset(
        RuleSet(
            name="mleague", kiriage=True, kazoe="sanbaiman", double_yakuman=False, double_wind_fu=2
        ),
        "M-League",
        "The Japanese professional M-League's rules.",
        ("Kiriage mangan, 13+ han is a sanbaiman, no double yakuman, double-wind pair 2 fu.",),
    ),
    "wrc": Preset(
        RuleSet(
            name="wrc",
            red_fives=False,
            kiriage=True,
            kazoe="sanbaiman",
            double_yakuman=False,
            yakuman_stacking=False,
        ),
        "World Riichi Championship",
        "The World Riichi Championship rules.",
        ("No red fives, kiriage mangan, 13+ han is a sanbaiman, yakuman do not stack.",),
    ),
    "ema": Preset(
        RuleSet(
            name="ema",
            red_fives=False,
            kazoe="sanbaiman",
            double_yakuman=False,
            yakuman_stacking=False,
        ),
        "European Mahjong Association",
        "The EMA riichi rules used at European tournaments.",
        ("No red fives, no kiriage, 13+ han is a sanbaiman, yakuman do not stack.",),
    ),
}

DEFAULT_PRESET = "mahjongsoul"


def get_rules(name: str = DEFAULT_PRESET) -> RuleSet:
    """The preset called `name`, or a ScoringError naming the presets there are."""
    try:
        return PRESETS[name].rules
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise ScoringError(f"unknown rules preset {name!r}: choose one of {known}") from None


def parse_rules(value: Any) -> RuleSet:
    """A RuleSet from a preset name, or `{"preset": name, switch: value, ...}` (or None: the
    default preset); anything else is a ScoringError."""
    if value is None:
        return get_rules()
    if isinstance(value, RuleSet):
        return value
    if isinstance(value, str):
        return get_rules(value)
    if not isinstance(value, dict):
        raise ScoringError('"rules" must be a preset name or an object with a "preset"')
    # Each value's type is in the key: 1 == True, but 1 is not a valid kiriage.
    items = tuple((k, type(v), v) for k, v in value.items())
    try:
        return rules_of_items(items)
    except TypeError:  # an unhashable value (a list, ...): check_switch says what is wrong
        return rules_of_items.__wrapped__(items)


@lru_cache(maxsize=256)  # the same preset-plus-switches object recurs from request to request
def rules_of_items(items: tuple[tuple[str, type, Any], ...]) -> RuleSet:
    options = {k: v for k, _, v in items}
    base = get_rules(options.pop("preset", DEFAULT_PRESET))
    changes = {name: check_switch(name, v) for name, v in options.items()}
    return replace(base, **changes) if changes else base


def check_switch(name: str, value: Any) -> Any:
    """The value, if `name` is a switch and `value` one of its values; else a ScoringError."""
    switch = SWITCHES.get(name)
    if switch is None:
        raise ScoringError(f"unknown rule switch {name!r}: the switches are {', '.join(SWITCHES)}")
    # bool is an int in Python: keep True from passing for 1 and 4 for True.
    if not any(type(value) is type(v) and value == v for v in switch.values):
        allowed = " or ".join(repr(v) for v in switch.values)
        raise ScoringError(f"rule switch {name!r} takes {allowed}, not {value!r}")
    return value
