"""A quiz question: rebuilt from its seed and options, solved by the engine, shown as facts.

A question is only ever its seed, mode, level and rules preset: the server regenerates the
hand (or the han/fu cell) from them and scores it with the engine, so the page that asks
carries no answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring.engine import Settlement, parse_rules, score, settle, words
from scoring.engine.explain import han_text, settlement_steps
from scoring.engine.generate import LEVELS, MODES, generate
from scoring.engine.generate.settlements import TABLE_MODES
from scoring.engine.payment import amount_text
from scoring.engine.rules import ALL_PRESETS, SANMA_PRESETS, SWITCHES
from scoring.engine.tiles import WIND_LABELS, format_tiles, parse_tiles
from scoring.switch_controls import label_of, switches_in, with_switches, words_of

SEED_LIMIT = 2**32
DEFAULTS = {"mode": "full", "level": "beginner", "rules": "mahjongsoul"}


class Worded(Mapping[str, str]):
    """Words by key, each a plain str in the language active when it is read
    (`MODE_TITLES["fu"]` is "Fu" on an English page, "符" on a Japanese one)."""

    def __init__(self, words: Mapping[str, Any]) -> None:
        self._words = dict(words)

    def __getitem__(self, key: str) -> str:
        return str(self._words[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


# What each mode asks, in the page's language. The table's settlements (draw, pao, multiple
# ron, counters, final) are asked by `table_questions`.
MODE_NOTES = Worded(
    {
        "payment": gettext_lazy("Han and fu are given: what does the win pay?"),
        "fu": gettext_lazy("A hand is shown: count its fu."),
        "han": gettext_lazy(
            "A hand is shown: count its han (dora included), and name the yaku if you like."
        ),
        "full": gettext_lazy(
            "A hand is shown: what does it pay? Yaku, dora, fu, then the payment."
        ),
        "draw": gettext_lazy(
            "The wall is used up: who pays whom? Tenpai is read from the hands from intermediate "
            "up."
        ),
        "pao": gettext_lazy(
            "A liable yakuman: who pays what when a player fed the winner its last set?"
        ),
        "multiron": gettext_lazy(
            "Two or three players ron one discard: who is paid, and who takes the honba and the "
            "deposits?"
        ),
        "counters": gettext_lazy(
            "After this hand: how many honba and riichi deposits, and who deals?"
        ),
        "final": gettext_lazy("The game is over: the final scores with oka and uma."),
    }
)
MODE_TITLES = Worded(
    {
        "payment": gettext_lazy("Payment"),
        "fu": pgettext_lazy("quiz mode", "Fu"),
        "han": pgettext_lazy("quiz mode", "Han"),
        "full": gettext_lazy("Full hand"),
        "draw": pgettext_lazy("quiz mode", "Draw"),
        "pao": pgettext_lazy("quiz mode", "Pao"),
        "multiron": gettext_lazy("Multiple ron"),
        "counters": pgettext_lazy("quiz mode", "Counters"),
        "final": gettext_lazy("Final score"),
    }
)
QUIZ_MODES = MODES + TABLE_MODES
LEVEL_TITLES = Worded(
    {
        "beginner": gettext_lazy("Beginner"),
        "intermediate": gettext_lazy("Intermediate"),
        "advanced": gettext_lazy("Advanced"),
    }
)
LEVEL_WORDS = Worded(
    {  # as a question's label says it ("#12 · Fu · beginner")
        "beginner": pgettext_lazy("level in a label", "beginner"),
        "intermediate": pgettext_lazy("level in a label", "intermediate"),
        "advanced": pgettext_lazy("level in a label", "advanced"),
    }
)
LEVEL_NOTES = Worded(
    {
        "beginner": gettext_lazy(
            "Closed hands won by ron or tsumo, no kans, the common yaku (riichi, tsumo, pinfu, "
            "tanyao, yakuhai, iipeikou, seven pairs), one dora indicator, no honba or deposits."
        ),
        "intermediate": gettext_lazy(
            "Open hands and calls, every wait, honba and riichi deposits, hands from a few han up "
            "to mangan, haneman and baiman (half flush, full flush, toitoi, ...)."
        ),
        "advanced": gettext_lazy(
            "Kans and their dora, rinshan and chankan, ambiguous readings, the kiriage boundary, "
            "counted yakuman (kazoe), yakuman and double yakuman, and every rule switch."
        ),
    }
)
FLAG_NAMES = Worded(
    {
        "riichi": pgettext_lazy("a win's flag", "Riichi"),
        "double_riichi": gettext_lazy("Double riichi"),
        "ippatsu": gettext_lazy("Ippatsu (won within a go-round of riichi)"),
        "rinshan": gettext_lazy("Won on the replacement tile after a kan"),
        "chankan": gettext_lazy("Won by robbing a kan"),
        "haitei": gettext_lazy("Won on the last tile of the wall"),
        "houtei": gettext_lazy("Won on the last discard"),
        "tenhou": gettext_lazy("Dealer's win on the first draw"),
        "chiihou": gettext_lazy("Non-dealer's win on the first draw"),
    }
)
__all__ = ["LEVELS", "LEVEL_NOTES", "MODES", "QuizError", "Question", "load_question"]


class QuizError(ValueError):
    """A question link that does not name a question (bad seed, mode, level or rules)."""


@dataclass(frozen=True)
class Asked:
    """What every quiz question has, hand or table: the options that generate it (seed, mode,
    level, rules), the generated engine request, and the addresses made from them."""

    seed: int
    mode: str
    level: str
    rules: str
    request: dict[str, Any] = field(compare=False)
    # the house switches the link sets on top of the preset, as (parameter, key) pairs
    house: tuple[tuple[str, str], ...] = field(default=(), kw_only=True)
    # Where its form posts and its "Next" leads, when a caller's own pages ask it (`linked`).
    action: str = field(default="", compare=False, kw_only=True)
    onward: str = field(default="", compare=False, kw_only=True)
    TITLES: ClassVar[Mapping[str, Any]] = MODE_TITLES
    TEMPLATE: ClassVar[str] = "quiz/question.html"  # its `#question` and `#answer` partials
    UNSCORABLE: ClassVar[str] = "score"  # "The engine cannot score this question: ..."
    STYLESHEET: ClassVar[str] = ""  # its own stylesheet, when it has one
    CARD: ClassVar[str] = "quiz/hand_card.html"  # shown in a list, without the prompt

    @property
    def card_template(self) -> str:
        return self.CARD

    @property
    def is_table(self) -> bool:
        return False

    @property
    def question_template(self) -> str:
        return f"{self.TEMPLATE}#question"

    @property
    def answer_template(self) -> str:
        return f"{self.TEMPLATE}#answer"

    @property
    def options(self) -> dict[str, str]:
        return {"mode": self.mode, "level": self.level, "rules": self.rules, **dict(self.house)}

    @cached_property
    def query(self) -> str:  # a page asks for it a dozen times (its links, its form)
        return urlencode(self.options)

    @property
    def url(self) -> str:
        return self.action or f"{reverse('quiz:question', args=[self.seed])}?{self.query}"

    @property
    def next_url(self) -> str:
        return self.onward or f"{reverse('quiz:next')}?{self.query}"

    @property
    def key(self) -> str:
        house = "".join(f":{k}={v}" for k, v in self.house)
        return f"{self.seed}:{self.mode}:{self.level}:{self.rules}{house}"

    @property
    def label(self) -> str:
        return f"#{self.seed} · {self.TITLES[self.mode]} · {LEVEL_WORDS[self.level]}"

    @property
    def request_json(self) -> str:
        return json.dumps(self.request, separators=(",", ":"))


@dataclass(frozen=True)
class Question(Asked):
    """One hand question: what generates it, and the generated engine request."""

    TITLES: ClassVar[Mapping[str, Any]] = MODE_TITLES

    # The question protocol (`public.QuizQuestion`): made, solved. Its answer form, judging
    # and the answer shown are `public`'s (`answer_form`, `judge`, `reveal`, `key_verdict`),
    # above this module and its forms and verdicts, which import it.

    @classmethod
    def made(
        cls,
        seed: int,
        options: Mapping[str, str],
        *,
        focus: Mapping[str, Any] | None = None,
        request: dict[str, Any] | None = None,
        house: tuple[tuple[str, str], ...] = (),
    ) -> Question:
        """The question generated from a seed and the options (around `focus` when given), with
        the `house` switches on top of the preset, or from its stored `request`."""
        if request is None:
            request = generate(seed, **options, focus=focus or None)
            request["rules"] = with_switches(request["rules"], house, table=False)
        return cls(seed, **options, house=house, request=request)

    def solve(self) -> Solution:
        """The engine's answer, worked out once for this question: an answer's page judges
        it and records it (its topics) from the same question."""
        return self.solution

    @cached_property
    def solution(self) -> Solution:
        return solve(self)

    @property
    def is_payment(self) -> bool:
        return self.mode == "payment"

    @property
    def dealer(self) -> bool:
        return bool(self.request["dealer"] if self.is_payment else self.request["seat"] == "E")

    @property
    def tsumo(self) -> bool:
        return bool(self.request["tsumo"])

    @property
    def sanma(self) -> bool:
        """Whether it is a three-player question (asked under a three-player preset)."""
        return self.rules in SANMA_PRESETS

    @property
    def kita(self) -> int:
        """The Norths the winner set aside (three players, nukidora)."""
        return int(self.request.get("kita", 0))

    @property
    def kita_tiles(self) -> str:
        return "4z" * self.kita

    @property
    def kind(self) -> str:
        """The answer's shape: `fu`, `han`, or a payment: `ron`, `all` or `split`."""
        if self.mode in ("fu", "han"):
            return self.mode
        if not self.tsumo:
            return "ron"
        return "all" if self.dealer else "split"

    @property
    def prompt(self) -> str:
        if self.kind == "fu":
            return _("How many fu is this hand? (Rounded up to 10 or not: both count.)")
        if self.kind == "han":
            return _("How many han is this hand, dora included? (A yakuman counts as 13 han.)")
        if self.sanma and self.kind == "split":
            return _("What does the other non-dealer pay, and the dealer? (Honba included.)")
        return {
            "ron": _("How much does the discarder pay? (Honba included, deposits not.)"),
            "all": _("The dealer won by tsumo: what does each other player pay? (Honba included.)"),
            "split": _("What does each non-dealer pay, and the dealer? (Honba included.)"),
        }[self.kind]

    @cached_property
    def rule_changes(self) -> list[str]:
        """What this question changes in its preset, in plain words ("open tanyao does not
        count"), as the rules registry words each switch."""
        rules = self.request["rules"]
        if not isinstance(rules, dict):
            return []
        return [
            SWITCHES[k].say(v) if k in SWITCHES else f"{label_of(k)}: {words_of(k, v)}"
            for k, v in rules.items()
            if k != "preset"
        ]

    @cached_property
    def rule_notes(self) -> list[str]:
        """The preset's title, and what this question changes in it."""
        return [ALL_PRESETS[self.rules].title, *self.rule_changes]

    @cached_property
    def facts(self) -> list[tuple[str, str]]:
        """The situation as (label, text) rows; the tiles are shown separately."""
        r = self.request
        rows = []
        if self.sanma:
            rows.append((_("Players"), _("three (East, South, West; no North seat)")))
        if self.is_payment:
            if r.get("yakuman"):
                hand = _("a double yakuman") if r["yakuman"] == 2 else _("a yakuman")
            elif r["han"] < 5 and "yakuman" not in r:
                hand = _("%(han)s han %(fu)s fu") % {"han": r["han"], "fu": r["fu"]}
            else:
                hand = _("%(han)s han") % {"han": r["han"]}
            rows.append((_("Hand"), hand))
            rows.append((_("Winner"), _("the dealer") if self.dealer else _("a non-dealer")))
        else:
            wind = wind_name(r["seat"])
            seat = _("%(wind)s — the dealer") % {"wind": wind} if self.dealer else wind
            rows += [(_("Seat wind"), seat), (_("Round wind"), wind_name(r["round"]))]
        rows.append((_("Won by"), _("tsumo (self-draw)") if self.tsumo else _("ron (a discard)")))
        if not self.is_payment and r["flags"]:
            also = pgettext("list separator", "; ").join(FLAG_NAMES[f] for f in r["flags"])
            rows.append((_("Also"), also))
        rows.append((_("Honba"), str(r["honba"])))
        rows.append((_("Riichi deposits"), str(r["sticks"])))
        return rows

    @property
    def indicators(self) -> dict[str, int]:
        """How many dora and ura dora indicators are shown."""
        return {k: len(parse_tiles(self.request[k])) for k in ("dora", "ura")}

    @cached_property
    def concealed_rest(self) -> str:
        """The concealed tiles without the winning tile (shown apart from it)."""
        names = parse_tiles(self.request["hand"])
        names.remove(self.request["win"])
        return format_tiles(sorted(names, key=tile_order))


WIND_NAMES = {
    "E": pgettext_lazy("wind", "East"),
    "S": pgettext_lazy("wind", "South"),
    "W": pgettext_lazy("wind", "West"),
    "N": pgettext_lazy("wind", "North"),
}


def points_text(value: int, *, sign: bool = False) -> str:
    """Points as the page's language writes them: "3900" / "+3900" in English, "3,900" /
    "+3,900" in Japanese (the engine's catalogues say how each language groups figures)."""
    return amount_text(value, sign=sign)


def wind_name(wind: str) -> str:
    """A wind as the page's language names it ("East", "東")."""
    return str(WIND_NAMES[wind]) if wind in WIND_NAMES else WIND_LABELS[wind]


def tile_order(name: str) -> tuple[str, str]:
    return name[1], "5" if name[0] == "0" else name[0]


def parse_seed(text: str) -> int:
    """The seed in a question link: a whole number from 0 below 2^32, in ASCII digits (`str.isdigit`
    also takes "²", which `int` refuses, and `int` refuses over 4,300 digits)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 10 or int(text) >= SEED_LIMIT:
        raise QuizError(
            _("%(text)s is not a question number (they run from 0 to 4294967295)")
            % {"text": repr(text[:40])}
        )
    return int(text)


def parse_options(params: Mapping[str, Any]) -> dict[str, Any]:
    """Mode, level and rules from a query, each checked (a missing one takes its default), and
    the house switches it sets (`house`)."""
    chosen: dict[str, Any] = {k: params.get(k) or v for k, v in DEFAULTS.items()}
    known = {"mode": QUIZ_MODES, "level": LEVELS, "rules": tuple(ALL_PRESETS)}
    for name, value in chosen.items():
        if value not in known[name]:
            raise QuizError(
                _("unknown %(name)s %(value)s: choose one of %(choices)s")
                % {"name": name, "value": repr(value[:40]), "choices": ", ".join(known[name])}
            )
    try:
        chosen["house"] = switches_in(params)
        # a three-player switch under four-player rules: the engine's own refusal, said
        parse_rules(with_switches(chosen["rules"], chosen["house"], table=False))
    except ValueError as e:  # a ScoringError is one too
        raise QuizError(str(e)) from None
    return chosen


def load_question(seed: str, params: Mapping[str, str]) -> Question:
    """The question a link names, regenerated from its seed."""
    options = parse_options(params)
    house = options.pop("house")
    number = parse_seed(seed)
    request = generate(number, **options)
    request["rules"] = with_switches(request["rules"], house, table=False)
    return Question(number, **options, house=house, request=request)


@dataclass(frozen=True)
class Solution:
    """The right answer, worked out by the engine, with its explanation steps."""

    settlement: Settlement
    steps: list[dict[str, Any]]
    han: int
    fu: int  # rounded
    fu_raw: int
    yaku: list[dict[str, Any]]  # as the engine's JSON: id, name, han, open_reduced
    fu_items: list[dict[str, Any]]
    yakuman: int = 0
    kazoe: bool = False  # 13+ han of ordinary yaku and dora, counted as a yakuman
    # The fu items as the checks read them, worded in English whatever the page's language (the
    # slips and topics are found by their reasons): `fu_items[i]` is `checked_items[i]` shown.
    checked_items: list[dict[str, Any]] = field(default_factory=list)

    @property
    def han_text(self) -> str:
        """The han as the explanation says it: "13 han (counted yakuman; 16 han in all)"."""
        return han_text(self.han, kazoe=self.kazoe)

    @property
    def payments(self) -> dict[str, int]:
        return self.settlement.payments


def solve(question: Question) -> Solution:
    """Score the question with the engine."""
    r = question.request
    if question.is_payment:
        s = settle(
            r["han"],
            r["fu"],
            dealer=r["dealer"],
            tsumo=r["tsumo"],
            honba=r["honba"],
            sticks=r["sticks"],
            rules=parse_rules(r["rules"]),
            yakuman=r.get("yakuman", 0),
        )
        steps = [step.to_json() for step in settlement_steps(s)]
        return Solution(s, steps, r["han"], s.basic.fu_rounded, r["fu"], [], [])
    result = score(r)
    answer = result.to_json()
    with words.language("en"):
        checked = [item.to_json() for item in result.best.fu_items]
    return Solution(
        result.settlement,
        answer["steps"],
        answer["han"],
        answer["fu"],
        sum(i["fu"] for i in answer["fu_items"]),
        answer["yaku"],
        answer["fu_items"],
        answer["yakuman"],
        answer["kazoe"],
        checked,
    )
