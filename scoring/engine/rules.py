"""Rule sets: one frozen object of switches, and a registry of named presets.

>>> get_rules("wrc").kiriage
True
>>> parse_rules({"preset": "tenhou", "kiriage": True}).kiriage
True

The table's rules (draws, pao, multiple ron, chombo, final scores) are a second frozen object,
`TableRules`, kept beside `RuleSet` so that a hand's score (and its cache keys) do not change
when only a table rule does:

>>> get_table_rules("wrc").uma, get_table_rules("tenhou").multiple_ron
((15, 5, -5, -15), <MultipleRon.DOUBLE: 'double'>)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal

from .errors import ScoringError
from .rules_words import RULE_ERRORS
from .sanma_words import SANMA_ERRORS
from .words import Catalogue, phrase, word

Kazoe = Literal["yakuman", "sanbaiman"]
SevenPairs = Literal["25fu", "50fu"]
Players = Literal[4, 3]


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
    pinfu_tsumo_fu: Literal[0, 2] = 0
    # Three players (sanma): set by a three-player preset, never by a switch. The switches
    # after it mean something only with three players (`Switch.sanma`).
    players: Players = 4
    tsumo_loss: bool = True
    nukidora: bool = True
    north_value: bool = False

    # Rule sets key the engine's caches: their hash is worked out once, when they are made (a
    # cached_property would not do: compiled, the class has no __dict__ to keep it in).
    _hash: int = field(init=False, compare=False, repr=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.name, *self.switches().values())))

    def __hash__(self) -> int:
        return self._hash

    def switches(self) -> dict[str, Any]:
        """The switches as a plain dict (the JSON form, without the name), in SWITCHES order;
        the three-player switches only in three-player rules (four-player answers are as
        they always were)."""
        sanma = self.players == 3
        return {name: getattr(self, name) for name, s in SWITCHES.items() if sanma or not s.sanma}

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
    meaning_en: str  # the words in English; every language's are in RULE_WORDS
    says_en: tuple[str, ...] = ()
    label_en: str = ""  # the control's label on a page
    short_en: tuple[str, ...] = ()  # each value in a word or two, for the control's choices
    scope: Literal["payment", "hand"] = "hand"  # what it changes: a han/fu count's payment,
    # or only a whole hand's han and fu (so only pages that score whole hands offer it)
    sanma: bool = False  # a three-player switch: only three-player rules take it

    @property
    def meaning(self) -> str:
        return word(RULE_WORDS, f"{self.name}.meaning")

    @property
    def says(self) -> tuple[str, ...]:
        return tuple(word(RULE_WORDS, f"{self.name}.says.{i}") for i in range(len(self.says_en)))

    @property
    def label(self) -> str:
        return word(RULE_WORDS, f"{self.name}.label")

    @property
    def short(self) -> tuple[str, ...]:
        return tuple(word(RULE_WORDS, f"{self.name}.short.{i}") for i in range(len(self.short_en)))

    def say(self, value: Any) -> str:
        """The plain words for one value of the switch."""
        return word(RULE_WORDS, f"{self.name}.says.{self.values.index(value)}")


SWITCHES: dict[str, Switch] = {
    s.name: s
    for s in (
        Switch(
            "red_fives",
            (True, False),
            "One red five per suit counts as a dora (aka dora).",
            ("red fives count as dora", "red fives are plain fives, not dora"),
            label_en="Red fives",
            short_en=("count as dora", "plain fives"),
        ),
        Switch(
            "open_tanyao",
            (True, False),
            "All Simples also counts on an open hand (kuitan).",
            ("open tanyao counts", "open tanyao does not count"),
            label_en="Open tanyao",
            short_en=("counts", "does not count"),
        ),
        Switch(
            "kiriage",
            (True, False),
            "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to a mangan.",
            (
                "4 han 30 fu and 3 han 60 fu are rounded up to a mangan (kiriage)",
                "4 han 30 fu and 3 han 60 fu are not rounded up to a mangan (no kiriage)",
            ),
            label_en="Kiriage mangan",
            short_en=("on", "off"),
            scope="payment",
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
            label_en="13+ han",
            short_en=("counted yakuman", "sanbaiman"),
            scope="payment",
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
            label_en="Double yakuman",
            short_en=("on", "off"),
        ),
        Switch(
            "yakuman_stacking",
            (True, False),
            "Several yakuman in one hand add up; when off, a hand is worth one yakuman at most.",
            (
                "several yakuman in one hand add up",
                "yakuman do not add up: a hand is worth one yakuman at most",
            ),
            label_en="Yakuman add up",
            short_en=("yes", "no"),
        ),
        Switch(
            "double_wind_fu",
            (4, 2),
            "A pair of the wind that is both the seat and the round wind: 4 fu or 2 fu.",
            (
                "a pair of the seat wind that is also the round wind is worth 4 fu",
                "a pair of the seat wind that is also the round wind is worth 2 fu, not 4",
            ),
            label_en="Double-wind pair",
            short_en=("4 fu", "2 fu"),
        ),
        Switch(
            "seven_pairs",
            ("25fu", "50fu"),
            "Seven pairs: 2 han 25 fu, or the Kansai variant 1 han 50 fu.",
            ("seven pairs is 2 han 25 fu", "seven pairs is 1 han 50 fu (the Kansai way)"),
            label_en="Seven pairs",
            short_en=("2 han 25 fu", "1 han 50 fu"),
        ),
        Switch(
            "pinfu_tsumo_fu",
            (0, 2),
            "Pinfu won by self-draw: the tsumo's 2 fu are waived (20 fu), or kept (22, "
            "rounded to 30 fu) in the older variant.",
            (
                "pinfu by tsumo is 20 fu (the 2 tsumo fu are waived)",
                "pinfu by tsumo keeps the 2 tsumo fu: 30 fu",
            ),
            label_en="Pinfu tsumo",
            short_en=("20 fu", "30 fu (2 fu kept)"),
        ),
        Switch(
            "tsumo_loss",
            (True, False),
            "Three players: a tsumo is paid by the two other players only, so the North "
            "seat's share is lost to the winner (tsumo loss); when off, that share is split "
            "between the two payers (north bisection).",
            (
                "a tsumo loses the missing North seat's share (tsumo loss)",
                "the missing North seat's share of a tsumo is split between the two payers "
                "(no tsumo loss)",
            ),
            label_en="Tsumo loss",
            short_en=("on", "off (North's share split)"),
            scope="payment",
            sanma=True,
        ),
        Switch(
            "nukidora",
            (True, False),
            "Three players: a North may be set aside (kita) for a replacement tile; each one "
            "set aside counts as a dora (nukidora). When off, North is an ordinary tile.",
            (
                "a North set aside counts as a dora (nukidora)",
                "no nukidora: North is an ordinary tile, never set aside",
            ),
            label_en="Nukidora",
            short_en=("on", "off"),
            sanma=True,
        ),
        Switch(
            "north_value",
            (False, True),
            "Three players: whether a triplet of North is a value tile (yakuhai, 1 han) and "
            "a pair of North is worth 2 fu; with no North seat it is usually a guest wind.",
            (
                "North is a guest wind: no yakuhai, a pair of it is worth no fu",
                "North is a value tile: a triplet of it is 1 han, a pair 2 fu",
            ),
            label_en="North a value tile",
            short_en=("no", "yes"),
            sanma=True,
        ),
    )
}


# ---- the table's rules ------------------------------------------------------------------------


class MultipleRon(StrEnum):
    """Several players ron the same discard."""

    TRIPLE = "triple"  # double and triple ron are all paid
    DOUBLE = "double"  # double ron is paid; a triple ron is an abortive draw (sanchahou)
    HEAD_BUMP = "head_bump"  # only the first winner counterclockwise from the discarder wins


class Nagashi(StrEnum):
    OFF = "off"
    DRAW = "draw"  # paid as a mangan tsumo without honba, instead of noten payments; a draw
    WIN = "win"  # counts as a win: honba paid, riichi deposits taken, the dealer stays if it won


class Abort(StrEnum):
    """The abortive draws (tochuu ryuukyoku)."""

    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_KANS = "four_kans"
    FOUR_RIICHI = "four_riichi"
    TRIPLE_RON = "triple_ron"

    @property
    def label(self) -> str:
        """Its short name, for a form's choice: "Nine terminals"."""
        return word(RULE_WORDS, f"abort.{self.value}.label")

    @property
    def description(self) -> str:
        """What happened, with its Japanese name, for the steps and the game's log."""
        return word(RULE_WORDS, f"abort.{self.value}.description")


ABORT_LABELS: dict[Abort, tuple[str, str]] = {
    Abort.NINE_TERMINALS: (
        "Nine terminals",
        "nine different terminals and honours (kyuushu kyuuhai)",
    ),
    Abort.FOUR_WINDS: (
        "Four winds",
        "four of the same wind discarded on the first turn (suufon renda)",
    ),
    Abort.FOUR_KANS: ("Four kans", "four kans by more than one player (suukaikan)"),
    Abort.FOUR_RIICHI: ("Four riichi", "all four players in riichi (suucha riichi)"),
    Abort.TRIPLE_RON: ("Three rons", "three players ron the same discard (sanchahou)"),
}


class Chombo(StrEnum):
    MANGAN = "mangan"  # paid now, the size of a mangan tsumo
    DEDUCTION = "deduction"  # taken from the final score at the end of the game


class Rounding(StrEnum):
    """How raw points become final points (all keep the total: the rest goes to first)."""

    EXACT = "exact"  # to 0.1: (points - target) / 1000
    FLOOR = "floor"  # thousands rounded down (toward −∞), first place takes the rest
    TOWARD_ZERO = "toward_zero"  # (points − target) / 1000, decimals dropped; first takes the rest
    HALF_DOWN = "half_down"  # thousands to the nearest, 500 down (五捨六入), first takes the rest
    # thousands to the nearest, 500 away from zero (四捨五入 on the score as written: 24,500 → 25,
    # −2,500 → −3), first takes the rest
    HALF_UP = "half_up"


class Ties(StrEnum):
    SEAT_ORDER = "seat_order"  # the player who dealt earlier in the first round ranks higher
    SPLIT = "split"  # tied players share their places' oka and uma


Uma = tuple[int, ...]  # one placement bonus a player: four, or three at a three-player table
ALL_ABORTS = tuple(Abort)


@dataclass(frozen=True)
class TableRules:
    """Every table rule the settlement and final-score engines know (the Mahjong Soul values
    by default); which preset does what, and the source, are in PRESETS."""

    name: str = "mahjongsoul"
    start: int = 25000
    target: int = 30000
    uma: Uma = (10, 5, -5, -10)
    rounding: Rounding = Rounding.TOWARD_ZERO
    ties: Ties = Ties.SEAT_ORDER
    leftover: Literal["first", "lost"] = "first"
    multiple_ron: MultipleRon = MultipleRon.TRIPLE
    multiple_ron_honba: Literal["head", "each"] = "head"
    pao: tuple[str, ...] = ("daisangen", "daisuushii")
    pao_scope: Literal["whole", "yakuman"] = "yakuman"
    pao_honba: Literal["liable", "discarder"] = "liable"
    kan_feeder_pays: bool = False
    nagashi: Nagashi = Nagashi.DRAW
    abortive: tuple[Abort, ...] = (
        Abort.NINE_TERMINALS,
        Abort.FOUR_WINDS,
        Abort.FOUR_KANS,
        Abort.FOUR_RIICHI,
    )
    chombo: Chombo = Chombo.MANGAN
    chombo_points: int = 20
    abortive_honba: bool = True
    chombo_honba: bool = False
    busting: bool = True
    tenpai_yame: bool = True
    yakitori: int = 0
    ryanhan_shibari: bool = False
    wareme: bool = False

    @property
    def players(self) -> int:
        """The players at the table: one uma a player (4, or 3 for three-player rules)."""
        return len(self.uma)

    @property
    def oka(self) -> int:
        """What first place gains from the others' returned points: players × (target −
        start)."""
        return self.players * (self.target - self.start)

    @property
    def total(self) -> int:
        """The points at the table: every player's starting score (riichi deposits
        included)."""
        return self.players * self.start

    def switches(self) -> dict[str, Any]:
        """The table switches as JSON values, in TABLE_SWITCHES order."""
        return {name: json_value(getattr(self, name)) for name in TABLE_SWITCHES}


def json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [json_value(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    return value


@dataclass(frozen=True)
class TableSwitch:
    """One table rule: what it means, what it takes (for messages) and how to read a value."""

    name: str
    takes_en: str  # the words in English; every language's are in RULE_WORDS
    meaning_en: str
    read: Callable[[Any], Any]  # the value in the engine's type, or None when it is not one

    @property
    def takes(self) -> str:
        return word(RULE_WORDS, f"table.{self.name}.takes")

    @property
    def meaning(self) -> str:
        return word(RULE_WORDS, f"table.{self.name}.meaning")


def read_points(value: Any) -> int | None:
    ok = type(value) is int and 1000 <= value <= 1_000_000 and value % 100 == 0
    return value if ok else None


def read_small(value: Any) -> int | None:
    return value if type(value) is int and 0 <= value <= 100 else None


def read_bool(value: Any) -> bool | None:
    return value if type(value) is bool else None


def read_uma(value: Any) -> Uma | None:
    """Four placement bonuses (three at a three-player table), largest first, adding up to 0."""
    if not isinstance(value, (list, tuple)) or len(value) not in (3, 4):
        return None
    if not all(type(v) is int and -100 <= v <= 100 for v in value) or sum(value) != 0:
        return None
    uma = tuple(value)
    return uma if all(a >= b for a, b in zip(uma, uma[1:], strict=False)) else None


def reader(*choices: str, enum: Any = None) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        if type(value) is str and value in choices:
            return enum(value) if enum is not None else value
        return None

    return read


def read_pao(value: Any) -> tuple[str, ...] | None:
    liable = ("daisangen", "daisuushii", "suukantsu")
    if isinstance(value, (list, tuple)) and all(type(v) is str and v in liable for v in value):
        return tuple(dict.fromkeys(value))
    return None


def read_aborts(value: Any) -> tuple[Abort, ...] | None:
    names = [a.value for a in Abort]
    if isinstance(value, (list, tuple)) and all(type(v) is str and v in names for v in value):
        return tuple(Abort(v) for v in dict.fromkeys(value))
    return None


def choices_of(enum: Any) -> str:
    return " or ".join(repr(e.value) for e in enum)


TABLE_SWITCHES: dict[str, TableSwitch] = {
    s.name: s
    for s in (
        TableSwitch(
            "start", "a multiple of 100 from 1000", "Each player's points at the start.",
            read_points,
        ),
        TableSwitch(
            "target", "a multiple of 100 from 1000",
            "Target (return) points: final scores count from here; first place takes the "
            "difference from the start of all four players (oka).",
            read_points,
        ),
        TableSwitch(
            "uma", "four whole numbers, largest first, adding up to 0",
            "Placement bonus (uma) for first to fourth, in final points.",
            read_uma,
        ),
        TableSwitch(
            "rounding", choices_of(Rounding),
            "How raw points become final points: exactly to 0.1; thousands rounded down "
            "(toward −∞: 24,500 is −6); (points − target) / 1000 with the decimals dropped "
            "(toward zero: 24,500 is −5); to the nearest with 500 down; or to the nearest with "
            "500 up (first place takes what rounding leaves over).",
            reader(*[r.value for r in Rounding], enum=Rounding),
        ),
        TableSwitch(
            "ties", choices_of(Ties),
            "Equal final points: the earlier dealer of the first round ranks higher, or the "
            "tied players share their places' oka and uma.",
            reader(*[t.value for t in Ties], enum=Ties),
        ),
        TableSwitch(
            "leftover", "'first' or 'lost'",
            "Riichi deposits still on the table when the game ends: to first place, or lost.",
            reader("first", "lost"),
        ),
        TableSwitch(
            "multiple_ron", choices_of(MultipleRon),
            "Several players ron one discard: all are paid (double and triple ron), double "
            "ron only (three rons abort the hand), or only the first counterclockwise from "
            "the discarder wins (head bump).",
            reader(*[m.value for m in MultipleRon], enum=MultipleRon),
        ),
        TableSwitch(
            "multiple_ron_honba", "'head' or 'each'",
            "In a double or triple ron, honba go to the first winner counterclockwise from "
            "the discarder only (head), or to each winner (riichi deposits always go to the "
            "first).",
            reader("head", "each"),
        ),
        TableSwitch(
            "pao", "a list of daisangen, daisuushii, suukantsu",
            "The yakuman whose feeder is liable (pao): on tsumo the liable player pays it "
            "all, on ron by another player the liable player and the discarder split it.",
            read_pao,
        ),
        TableSwitch(
            "pao_scope", "'whole' or 'yakuman'",
            "What the liable player covers: the whole hand, or only the liable yakuman (a "
            "second yakuman in the same hand is then paid normally).",
            reader("whole", "yakuman"),
        ),
        TableSwitch(
            "pao_honba", "'liable' or 'discarder'",
            "Who pays the honba when a ron is split under pao.",
            reader("liable", "discarder"),
        ),
        TableSwitch(
            "kan_feeder_pays", "true or false",
            "A rinshan win after an open kan called on a discard: the kan's feeder pays it "
            "all, as a ron.",
            read_bool,
        ),
        TableSwitch(
            "nagashi", choices_of(Nagashi),
            "Nagashi mangan: none; paid as a mangan tsumo instead of the noten payments (the "
            "hand is still a draw); or counted as a win (honba paid, deposits taken).",
            reader(*[n.value for n in Nagashi], enum=Nagashi),
        ),
        TableSwitch(
            "abortive", "a list of " + ", ".join(a.value for a in Abort),
            "The abortive draws in use: nothing is paid, honba go up by one, the dealer "
            "stays and riichi deposits stay on the table.",
            read_aborts,
        ),
        TableSwitch(
            "chombo", choices_of(Chombo),
            "Chombo: a mangan-sized payment now (non-dealer 4000 to the dealer and 2000 to "
            "each other player; dealer 4000 to each), or a deduction from the final score.",
            reader(*[c.value for c in Chombo], enum=Chombo),
        ),
        TableSwitch(
            "chombo_points", "a whole number from 0 to 100",
            "A chombo's deduction from the final score, in final points (when chombo is "
            "'deduction').",
            read_small,
        ),
        TableSwitch(
            "abortive_honba", "true or false",
            "Whether the honba go up by one after an abortive draw (if not, they stay as they "
            "were).",
            read_bool,
        ),
        TableSwitch(
            "chombo_honba", "true or false",
            "Whether the hand after a chombo is replayed with one more honba (if not, with the "
            "same honba).",
            read_bool,
        ),
        TableSwitch(
            "busting", "true or false",
            "A score below zero ends the game (tobi).",
            read_bool,
        ),
        TableSwitch(
            "tenpai_yame", "true or false",
            "The last hand's dealer is tenpai at a draw and first (with the target): the game "
            "ends there, as after the dealer's win (or the dealer may stop, where stopping is "
            "the dealer's choice); if not, the dealer deals again.",
            read_bool,
        ),
        TableSwitch(
            "yakitori", "a whole number from 0 to 100",
            "Yakitori: final points taken from each player who won no hand (0: not used).",
            read_small,
        ),
        TableSwitch(
            "ryanhan_shibari", "true or false",
            "From 5 honba on, a win needs 2 han from yaku (dora do not count).",
            read_bool,
        ),
        TableSwitch(
            "wareme", "true or false",
            "Wareme: the player in front of whom the wall was broken receives and pays double "
            "for a win (honba included).",
            read_bool,
        ),
    )
}  # fmt: skip


@dataclass(frozen=True)
class Preset:
    """A named rule set with a description and where its rules come from; `table` holds its
    table rules and `table_sources` where each of their numbers comes from (or that Tenbō
    chose, where the ruleset is silent)."""

    rules: RuleSet
    title_en: str  # the words in English; every language's are in RULE_WORDS
    source_en: str
    notes_en: tuple[str, ...] = field(default=())
    table: TableRules = field(default_factory=TableRules)
    table_sources_en: tuple[str, ...] = field(default=())

    @property
    def title(self) -> str:
        return word(RULE_WORDS, f"preset.{self.rules.name}.title")

    @property
    def source(self) -> str:
        return word(RULE_WORDS, f"preset.{self.rules.name}.source")

    @property
    def notes(self) -> tuple[str, ...]:
        key = f"preset.{self.rules.name}.notes"
        return tuple(word(RULE_WORDS, f"{key}.{i}") for i in range(len(self.notes_en)))

    @property
    def table_sources(self) -> tuple[str, ...]:
        key = f"preset.{self.rules.name}.table_sources"
        return tuple(word(RULE_WORDS, f"{key}.{i}") for i in range(len(self.table_sources_en)))


RIICHI_WIKI = "riichi.wiki"
MAHJONGSOUL_NOTICE = (
    "Mahjong Soul's ranked-match rules notice (mahjongsoul.com/?newsid=60c8610c2ac863186fdbebd4), "
    "as quoted in a public question to its support (gist.github.com/Cryolite/"
    "a026f41713f6a7ca88713737f5c2cfb6)"
)
SCORING_GUIDE = "the Mahjong Soul scoring guide among Tenbō's reference documents"
TENHOU_RULES = "Tenhou's rules (tenhou.net/man), translated on riichi.wiki's \"Tenhou.net rules\""
WRC_WIKI = 'riichi.wiki\'s "World Riichi Championship rules"'
EMA_WIKI = 'riichi.wiki\'s "EMA Riichi Competition Rules" (2016 edition)'

PRESETS: dict[str, Preset] = {
    "mahjongsoul": Preset(
        RuleSet(name="mahjongsoul"),
        "Mahjong Soul",
        "Mahjong Soul's ranked rules (the project's default).",
        ("Red fives, open tanyao, counted yakuman, the four double yakuman, yakuman stack.",),
        TableRules(name="mahjongsoul", rounding=Rounding.TOWARD_ZERO),
        (
            f"25,000 start, 30,000 target, uma +10/+5/−5/−10, (points − target) / 1000 "
            f"rounded down with first place taking the rest (read as dropping the decimals, toward"
            f" zero: the guide says the winner's adjustment is usually one point at most, which "
            f"only that reading gives); pao for daisangen and daisuushii (tsumo: the liable player"
            f" pays it all; ron: liable and discarder split); abortive draws: nine terminals, four"
            f" winds, four kans, four riichi: {SCORING_GUIDE}.",
            f"Double and triple ron, honba to the first winner from the discarder; under pao "
            f"the liable player pays the honba; nagashi mangan, several at once all paid: "
            f"{MAHJONGSOUL_NOTICE}.",
            "Tenbō's choices where these are silent: riichi deposits go with the honba to the "
            "first winner; a second yakuman beside a liable one is paid normally; ties by seat "
            "order; leftover deposits to first place; a score below zero ends the game; "
            "chombo (which the server prevents) as the references' mangan-sized payment.",
        ),
    ),
    "tenhou": Preset(
        RuleSet(name="tenhou", double_yakuman=False),
        "Tenhou",
        "Tenhou's ranked rules, checked against 20,925 wins its server scored.",
        ("As Mahjong Soul, but every yakuman pattern counts once (no double yakuman).",),
        TableRules(
            name="tenhou",
            uma=(20, 10, -10, -20),
            rounding=Rounding.HALF_UP,
            multiple_ron=MultipleRon.DOUBLE,
            pao_scope="whole",
            abortive=ALL_ABORTS,
        ),
        (
            f"25,000 start, 30,000 target, uma 10-20 (+20/+10/−10/−20); leftover deposits to "
            f"first; ties to the earlier dealer; a score below zero ends the game; double ron with"
            f" honba and deposits to the closest winner, three rons abort; all five abortive "
            f"draws; nagashi mangan in place of the noten payments; pao for daisangen and "
            f"daisuushii, honba through the liable player: {TENHOU_RULES}.",
            "Final points: each score rounded to the nearest thousand, 500 away from zero "
            "(終了時の得点は1000点未満を四捨五入: 25,500 → 26,000, −2,500 → −3,000), first "
            "place taking the rest, as the 200 four-player games of "
            "../shared/data/real_games.jsonl.gz record in their end (owari); their 2009 "
            "East-only games show uma 5-10, the others 10-20: an imported log's uma is read "
            "from its own end record.",
            "The server's own records (../shared/data/real_wins.jsonl.gz) show the rest: the "
            "liable player of a tsumo daisangen with tsuuiisou pays both yakuman and all the "
            "honba; in a split ron the liable player pays the honba; double-ron honba and "
            "deposits go to the first winner only.",
            "Tenbō's choice: chombo (which the server prevents) as the references' "
            "mangan-sized payment.",
        ),
    ),
    "mleague": Preset(
        RuleSet(
            name="mleague", kiriage=True, kazoe="sanbaiman", double_yakuman=False, double_wind_fu=2
        ),
        "M-League",
        "The Japanese professional M-League's rules.",
        ("Kiriage mangan, 13+ han is a sanbaiman, no double yakuman, double-wind pair 2 fu.",),
        TableRules(
            name="mleague",
            uma=(30, 10, -10, -30),
            rounding=Rounding.EXACT,
            ties=Ties.SPLIT,
            multiple_ron=MultipleRon.HEAD_BUMP,
            pao=("daisangen", "daisuushii", "suukantsu"),
            abortive=ALL_ABORTS[:4],
            chombo=Chombo.DEDUCTION,
            busting=False,
        ),
        (
            f"25,000 start, 30,000 target, oka and uma together +50/+10/−10/−30 (uma "
            f"+30/+10/−10/−30 with 20 oka); tied players share the bonus; head bump (no double "
            f'ron); pao for daisangen, daisuushii and suukantsu: {RIICHI_WIKI}\'s "M-League" '
            f"page, after the league's rules (m-league.jp/about).",
            "Tenbō's choices where what we found is silent: final points exact to 0.1; "
            "nagashi mangan as at Tenhou; the four abortive draws other than three rons (a "
            "head bump never has three winners); chombo as a 20-point deduction from the "
            "final score; no busting; leftover deposits to first.",
        ),
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
        TableRules(
            name="wrc",
            start=30000,
            uma=(15, 5, -5, -15),
            rounding=Rounding.EXACT,
            ties=Ties.SPLIT,
            pao_honba="discarder",
            nagashi=Nagashi.WIN,
            abortive=(),
            chombo=Chombo.DEDUCTION,
        ),
        (
            f"30,000 start and target (no oka), uma +15/+5/−5/−15 shared on ties, session "
            f"score (points − 30,000) / 1,000 + uma, a negative score ends the game, no "
            f"abortive draws: {WRC_WIKI}.",
            "No liability for a rinshan after an open kan; penalties are applied to the "
            "overall score, not the table's: the rules' author's notes on the 2014 rules "
            "(reachmahjong.com forum).",
            "Tenbō's choices where what we found is silent: multiple ron, nagashi mangan and "
            "pao's honba as the EMA's 2016 rules (which were aligned with these); chombo as a "
            "20-point deduction; leftover deposits to first.",
        ),
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
        TableRules(
            name="ema",
            start=30000,
            uma=(15, 5, -5, -15),
            rounding=Rounding.EXACT,
            ties=Ties.SPLIT,
            pao_honba="discarder",
            nagashi=Nagashi.WIN,
            abortive=(),
            busting=False,
        ),
        (
            f"No abortive draws; double and triple ron, the discarder paying each winner; "
            f"leftover riichi bets to the winner nearest the discarder's right; nagashi mangan "
            f"counts as a win (honba count, no noten payments, no noten-riichi chombo); pao "
            f"for daisangen and daisuushii: {EMA_WIKI}.",
            "Chombo a mangan-sized payment (4,000 to the dealer and 2,000 to the others, or "
            "4,000 each from the dealer), riichi bets returned, no counter, the dealer stays; "
            "under pao only the discarder pays the counters: the EMA's Riichi Competition "
            "Rules §3.4.6 and §3.3.9 as published on mahjong.com and mahjongtime.com.",
            "Tenbō's choices where what we found is silent: 30,000 start and target with uma "
            "+15/+5/−5/−15 shared on ties, as the WRC rules the 2016 edition was aligned "
            "with; final points exact to 0.1; no busting; leftover deposits to first.",
        ),
    ),
}

TENHOU_SANMA = (
    "Tenhou's three-player rules (tenhou.net/man, the 三人打ち rules), as riichi.wiki's "
    '"Sanma" page and mahjong-portal.com\'s three-player rules describe them'
)
TENHOU_SANMA_TABLE = (
    "tenhou.club/sanma-tumo-tensuu (a table of Tenhou's three-player tsumo payments)"
)
SANMA_RECORDS = (
    "the server's own records: 200 three-player Phoenix-room games "
    "(../shared/data/real_games.jsonl.gz), every hand's score changes and final standings"
)
SOUL_SANMA = (
    "riichi.wiki's \"Majsoul\" page, its 3P-Mahjong section (the rules follow Tenhou's "
    "three-player rules; tsumo loss by default, the North's share split as an option)"
)
SOUL_SANMA_CODE = (
    "tensoul (github.com/Equim-chan/tensoul, convert.js), which writes Mahjong Soul's "
    "three-player records as Tenhou logs, and the Akagi pull request 115 "
    "(github.com/shinkuan/Akagi), checked on a Mahjong Soul three-player record"
)

# The three-player presets: listed apart from PRESETS, which the four-player pages, questions
# and games list (they take three-player rules one page at a time); every lookup by name
# (get_rules, get_table_rules, parse_rules, preset_of) finds both.
SANMA_PRESETS: dict[str, Preset] = {
    "tenhou_sanma": Preset(
        RuleSet(name="tenhou_sanma", double_yakuman=False, players=3),
        "Tenhou three-player",
        "Tenhou's three-player ranked rules, checked against 200 whole games its server recorded.",
        (
            "As Tenhou, without 2–8 of characters (1m points at 9m as the dora, 9m at 1m) and "
            "without chi; each North set aside is a dora (nukidora); North is a guest wind; "
            "tsumo loss.",
        ),
        TableRules(
            name="tenhou_sanma",
            start=35000,
            target=40000,
            uma=(20, 0, -20),
            rounding=Rounding.HALF_UP,
            multiple_ron=MultipleRon.DOUBLE,
            pao_scope="whole",
            abortive=(Abort.NINE_TERMINALS, Abort.FOUR_KANS),
        ),
        (
            f"35,000 start, 40,000 to finish first; the 1m and 9m the only characters; no chi; "
            f"North set aside (nukidora), a win on its replacement tile is rinshan; North "
            f"used in the hand is a guest wind; tsumo loss: {TENHOU_SANMA}; each payment of a "
            f"tsumo as the four-player table has it, from two players: {TENHOU_SANMA_TABLE}.",
            f"What the records show: honba 100 from each payer, so 200 for a ron; noten "
            f"payments of 2,000 in all (one tenpai: 1,000 from each other player; two: 1,000 "
            f"each from the noten one); double ron with honba and deposits to the first "
            f"winner; a dealer's nagashi mangan 4,000 from each; the game goes into West while "
            f"nobody has 40,000, ending after West 3 at the latest; final points in whole "
            f"points: each score rounded to the nearest thousand (500 away from zero: −1,500 "
            f"is −2), − 40, uma +20/0/−20, first place taking the rest with the 15 of oka; "
            f"a score below zero ends the game: {SANMA_RECORDS}.",
            "Tenbō's choices where neither says: abortive draws are nine terminals and four "
            "kans (four winds, four riichi and three rons cannot happen with three); pao, "
            "chombo and a non-dealer's nagashi mangan as at four players, with the tsumo "
            "loss; the liable player of a tsumo pays the hand's whole value, as if it had "
            "dealt in.",
        ),
    ),
    "mahjongsoul_sanma": Preset(
        RuleSet(name="mahjongsoul_sanma", players=3),
        "Mahjong Soul three-player",
        "Mahjong Soul's three-player ranked rules.",
        (
            "As Mahjong Soul, without 2–8 of characters and chi; each North set aside is a "
            "dora (nukidora); North is a guest wind; tsumo loss.",
        ),
        TableRules(
            name="mahjongsoul_sanma",
            start=35000,
            target=40000,
            uma=(15, 0, -15),
            rounding=Rounding.TOWARD_ZERO,
            abortive=(Abort.NINE_TERMINALS, Abort.FOUR_KANS),
        ),
        (
            f"The rules follow Tenhou's three-player ones: tsumo loss (the North's share split "
            f"between the two payers is an option, `tsumo_loss` off); a North set aside may be "
            f"robbed, without the chankan yaku; a North triplet is a guest wind; no four-winds "
            f"or four-riichi abortive draws: {SOUL_SANMA}.",
            f"Honba 100 from each payer, so 200 for a ron; with the North's share split, each "
            f"payer adds half of what the North would have paid, rounded up to 100: "
            f"{SOUL_SANMA_CODE}.",
            "Tenbō's choices where what we found is silent: 35,000 start and 40,000 target as "
            "at Tenhou, uma +15/0/−15, final points as Mahjong Soul's four-player ones "
            "(decimals dropped); noten payments, pao, chombo and the game's end as at "
            "Tenhou's three-player table and Mahjong Soul's four-player one.",
        ),
    ),
}
ALL_PRESETS: dict[str, Preset] = {**PRESETS, **SANMA_PRESETS}

DEFAULT_PRESET = "mahjongsoul"


def preset_of(name: str) -> Preset:
    """The preset called `name`, four- or three-player (a ScoringError for an unknown one).

    >>> preset_of("tenhou_sanma").table.uma
    (20, 0, -20)
    """
    get_rules(name)
    return ALL_PRESETS[name]


def get_rules(name: str = DEFAULT_PRESET) -> RuleSet:
    """The preset called `name`, or a ScoringError naming the presets there are."""
    try:
        return ALL_PRESETS[name].rules
    except (KeyError, TypeError):
        known = ", ".join(ALL_PRESETS)
        raise ScoringError(phrase(RULE_ERRORS, "preset", name=repr(name), known=known)) from None


def get_table_rules(name: str = DEFAULT_PRESET) -> TableRules:
    """The table rules of the preset called `name` (a ScoringError for an unknown one)."""
    return preset_of(name).table


def parse_table_rules(value: Any) -> tuple[RuleSet, TableRules]:
    """A hand's rules and the table's from a preset name, or from `{"preset": name, switch:
    value, ...}` where a switch is a hand switch (SWITCHES) or a table one (TABLE_SWITCHES).

    >>> rules, table = parse_table_rules({"preset": "tenhou", "kiriage": True, "start": 30000})
    >>> rules.kiriage, table.start, table.target
    (True, 30000, 30000)
    """
    if value is None or isinstance(value, str):
        name = DEFAULT_PRESET if value is None else value
        return get_rules(name), get_table_rules(name)
    if not isinstance(value, dict):
        raise ScoringError(word(RULE_ERRORS, "rules_type"))
    hand = {k: v for k, v in value.items() if k not in TABLE_SWITCHES}
    for key in hand:
        if key != "preset" and key not in SWITCHES:
            known = ", ".join([*SWITCHES, *TABLE_SWITCHES])
            raise ScoringError(phrase(RULE_ERRORS, "switch", name=repr(key), known=known))
    rules = parse_rules(hand)
    changes = {}
    for key, raw in value.items():
        switch = TABLE_SWITCHES.get(key)
        if switch is None:
            continue
        read = switch.read(raw)
        if read is None:
            raise ScoringError(
                phrase(RULE_ERRORS, "takes", name=repr(key), takes=switch.takes, value=repr(raw))
            )
        changes[key] = read
    table = get_table_rules(rules.name)
    if "start" in changes and "target" not in changes and table.target < changes["start"]:
        changes["target"] = changes["start"]  # a higher start with the preset's target: no oka
    table = replace(table, **changes) if changes else table
    if table.target < table.start:
        raise ScoringError(phrase(RULE_ERRORS, "target", target=table.target, start=table.start))
    if table.players != rules.players:
        value = repr(list(table.uma))
        if rules.players == 3:
            raise ScoringError(phrase(SANMA_ERRORS, "uma.3", value=value))
        takes = TABLE_SWITCHES["uma"].takes
        raise ScoringError(phrase(RULE_ERRORS, "takes", name="'uma'", takes=takes, value=value))
    return rules, table


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
        raise ScoringError(word(RULE_ERRORS, "rules_type"))
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
    if base.players == 4:
        for name in changes:
            if SWITCHES[name].sanma:
                presets = ", ".join(SANMA_PRESETS)
                raise ScoringError(phrase(SANMA_ERRORS, "switch", name=repr(name), presets=presets))
    return replace(base, **changes) if changes else base


def check_switch(name: str, value: Any) -> Any:
    """The value, if `name` is a switch and `value` one of its values; else a ScoringError."""
    switch = SWITCHES.get(name)
    if switch is None:
        known = ", ".join(SWITCHES)
        raise ScoringError(phrase(RULE_ERRORS, "switch", name=repr(name), known=known))
    # bool is an int in Python: keep True from passing for 1 and 4 for True.
    if not any(type(value) is type(v) and value == v for v in switch.values):
        allowed = phrase(RULE_ERRORS, "or").join(repr(v) for v in switch.values)
        raise ScoringError(
            phrase(RULE_ERRORS, "takes", name=repr(name), takes=allowed, value=repr(value))
        )
    return value


def english_words() -> dict[str, str]:
    """The registry's English words, keyed as RULE_WORDS keys them."""
    said: dict[str, str] = {}
    for s in SWITCHES.values():
        said[f"{s.name}.meaning"] = s.meaning_en
        said[f"{s.name}.label"] = s.label_en
        said |= {f"{s.name}.says.{i}": text for i, text in enumerate(s.says_en)}
        said |= {f"{s.name}.short.{i}": text for i, text in enumerate(s.short_en)}
    for t in TABLE_SWITCHES.values():
        said[f"table.{t.name}.takes"] = t.takes_en
        said[f"table.{t.name}.meaning"] = t.meaning_en
    for a, (label, description) in ABORT_LABELS.items():
        said[f"abort.{a.value}.label"] = label
        said[f"abort.{a.value}.description"] = description
    for name, p in ALL_PRESETS.items():
        said[f"preset.{name}.title"] = p.title_en
        said[f"preset.{name}.source"] = p.source_en
        said |= {f"preset.{name}.notes.{i}": text for i, text in enumerate(p.notes_en)}
        said |= {
            f"preset.{name}.table_sources.{i}": text for i, text in enumerate(p.table_sources_en)
        }
    return said


# Every word of the registry in every language: English from the entries above, the others
# from their catalogues (keyed by switch, table switch, abortive draw and preset).
RULE_WORDS = Catalogue("rules", english_words())
