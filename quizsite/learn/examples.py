"""The reference pages' example hands: one per yaku, one per fu item.

Only the hands live here. What they score — yaku, han, fu items, totals — is asked of the
engine when a page is drawn, and the tests score every example and check that it shows what
it is there to show, so a page can never teach a number the engine does not compute.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring.engine import Result, score, words
from scoring.engine.fu import FuItem

# The winds and the flags as `how` says them, in the page's language.
WINDS = {
    "E": pgettext_lazy("wind", "East"),
    "S": pgettext_lazy("wind", "South"),
    "W": pgettext_lazy("wind", "West"),
    "N": pgettext_lazy("wind", "North"),
}
FLAGS = {
    "riichi": pgettext_lazy("how a hand was won", "riichi"),
    "double_riichi": pgettext_lazy("how a hand was won", "double riichi"),
    "ippatsu": pgettext_lazy("how a hand was won", "ippatsu"),
    "chankan": pgettext_lazy("how a hand was won", "chankan"),
    "rinshan": pgettext_lazy("how a hand was won", "rinshan"),
    "haitei": pgettext_lazy("how a hand was won", "haitei"),
    "houtei": pgettext_lazy("how a hand was won", "houtei"),
    "tenhou": pgettext_lazy("how a hand was won", "tenhou"),
    "chiihou": pgettext_lazy("how a hand was won", "chiihou"),
}


def list_of(parts: Any) -> str:
    """Words listed in the page's language ("a, b" / "a、b")."""
    return pgettext("list separator", ", ").join(str(p) for p in parts)


@dataclass(frozen=True)
class Example:
    """A winning hand as the engine takes it; `hand` keeps spaces between its groups so the
    picture shows them apart."""

    hand: str
    win: str
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    seat: str = "S"
    round: str = "E"
    flags: tuple[str, ...] = ()

    @property
    def request(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "win": self.win,
            "melds": list(self.melds),
            "tsumo": self.tsumo,
            "seat": self.seat,
            "round": self.round,
            "flags": list(self.flags),
        }

    def scored(self, rules: str = "mahjongsoul") -> Result:
        return score(self.request, rules=rules)

    @cached_property
    def result(self) -> Result:
        """Scored under the default rules (the pages' rules)."""
        return self.scored()

    @property
    def how(self) -> str:
        """How it was won, in a few words, in the page's language: "ron, seat South, round
        East, riichi"."""
        said = [
            pgettext("how a hand was won", "tsumo")
            if self.tsumo
            else pgettext("how a hand was won", "ron")
        ]
        seat = WINDS[self.seat]
        said.append(
            _("seat %(wind)s (dealer)") % {"wind": seat}
            if self.seat == "E"
            else _("seat %(wind)s") % {"wind": seat}
        )
        said.append(_("round %(wind)s") % {"wind": WINDS[self.round]})
        said += [str(FLAGS[f]) for f in self.flags]
        return list_of(said)

    @property
    def hand_link(self) -> str:
        """The query that opens this hand in the hand calculator."""
        query = {"hand": self.hand.replace(" ", ""), "win": self.win}
        if self.melds:
            query["melds"] = ", ".join(self.melds)
        if self.tsumo:
            query["tsumo"] = "1"
        query["seat"], query["round"] = self.seat, self.round
        if self.flags:
            query["flags"] = ",".join(self.flags)
        return urlencode(query, safe=",")


RIICHI = ("riichi",)
PLAIN = "123m 456p 789s 234s 99p"  # no yaku of its own: a tanki on 9p

YAKU_EXAMPLES: dict[str, Example] = {
    "riichi": Example(PLAIN, "9p", flags=RIICHI),
    "double_riichi": Example(PLAIN, "9p", flags=("double_riichi",)),
    "ippatsu": Example(PLAIN, "9p", flags=("riichi", "ippatsu")),
    "menzen_tsumo": Example(PLAIN, "9p", tsumo=True),
    "pinfu": Example("123m 456p 789s 234s 99p", "4s"),
    "tanyao": Example("234m 567p 345s 66s 888p", "8p"),
    "iipeikou": Example("112233m 456p 789s 55p", "3m"),
    "yakuhai_haku": Example("123m 456p 789s 555z 11p", "1p"),
    "yakuhai_hatsu": Example("123m 456p 789s 666z 11p", "1p"),
    "yakuhai_chun": Example("123m 456p 789s 777z 11p", "1p"),
    "seat_wind": Example("123m 456p 789s 222z 11p", "1p"),
    "round_wind": Example("123m 456p 789s 111z 11p", "1p"),
    "chankan": Example("123m 456p 789s 234s 99p", "4s", flags=("chankan",)),
    "rinshan": Example(
        "123m 456p 234s 99p", "4s", melds=("ankan 8888m",), tsumo=True, flags=("rinshan",)
    ),
    "haitei": Example(PLAIN, "9p", tsumo=True, flags=("haitei",)),
    "houtei": Example(PLAIN, "9p", flags=("houtei",)),
    "chiitoitsu": Example("11m 33m 55p 77p 22s 99s 44z", "4z"),
    "chanta": Example("123m 789p 123s 999s 11z", "1z"),
    "ittsu": Example("123m 456m 789m 234s 99p", "9p"),
    "sanshoku": Example("123m 123p 123s 456s 99p", "9p"),
    "sanshoku_doukou": Example("222m 222p 222s 456s 99p", "4s"),
    "toitoi": Example("333s 999s 55p", "5p", melds=("pon 222m", "pon 777p")),
    "sanankou": Example("222m 444p 666s 234s 99p", "9p"),
    "sankantsu": Example("234s 99p", "9p", melds=("kan 2222m", "kan 4444p", "ankan 6666s")),
    "shousangen": Example("555z 666z 77z 123m 456p", "6p"),
    "honroutou": Example("999p 111s 222z 99s", "9s", melds=("pon 111m",)),
    "honitsu": Example("123m 345m 777m 111z 99m", "9m"),
    "junchan": Example("123m 789m 123p 789s 11s", "1s"),
    "ryanpeikou": Example("112233m 778899p 55s", "5s"),
    "chinitsu": Example("123m 345m 567m 789m 11m", "9m"),
    "kokushi": Example("11m 9m 1p 9p 1s 9s 1234567z", "7z"),
    "kokushi_13": Example("11m 9m 1p 9p 1s 9s 1234567z", "1m"),
    "suuankou": Example("222m 444p 666s 888s 99p", "8s", tsumo=True),
    "suuankou_tanki": Example("222m 444p 666s 888s 99p", "9p"),
    "daisangen": Example("555z 666z 777z 123m 99p", "9p"),
    "shousuushii": Example("111z 222z 333z 44z 123m", "3m"),
    "daisuushii": Example("222z 333z 444z 99m", "9m", melds=("pon 111z",)),
    "tsuuiisou": Example("111z 222z 666z 77z", "7z", melds=("pon 555z",)),
    "ryuuiisou": Example("234s 234s 666s 888s 66z", "6z"),
    "chinroutou": Example("999m 111p 999p 11s", "1s", melds=("pon 111m",)),
    "chuuren": Example("111m 2345m 5678m 999m", "2m"),
    "junsei_chuuren": Example("111m 2345m 5678m 999m", "5m"),
    "suukantsu": Example("99p", "9p", melds=("kan 2222m", "kan 4444p", "kan 6666s", "ankan 8888s")),
    "tenhou": Example(PLAIN, "9p", tsumo=True, seat="E", flags=("tenhou",)),
    "chiihou": Example(PLAIN, "9p", tsumo=True, flags=("chiihou",)),
}


@dataclass(frozen=True)
class FuExample:
    """A hand that shows one fu item (`focus`: the start of the engine's reason for it)."""

    title: str | Promise  # in the page's language
    example: Example
    focus: str  # the start of the item's reason in English
    rules: str = "mahjongsoul"

    @cached_property
    def result(self) -> Result:
        return self.example.scored(self.rules)

    @property
    def items(self) -> tuple[FuItem, ...]:
        return self.result.best.fu_items

    def is_focus(self, item: FuItem) -> bool:
        with words.language("en"):
            return item.reason.startswith(self.focus)

    @property
    def yaku_names(self) -> str:
        """The example's yaku, listed in the page's language."""
        return list_of(y.name for y in self.result.yaku)

    @property
    def marked_items(self) -> list[tuple[FuItem, bool]]:
        """The fu items, each with whether it is the one this example shows."""
        return [(item, self.is_focus(item)) for item in self.items]


def fu_example(title: str | Promise, focus: str, hand: str, win: str, **kw: Any) -> FuExample:
    rules = kw.pop("rules", "mahjongsoul")
    return FuExample(title, Example(hand, win, **kw), focus, rules)


R = RIICHI
FU_EXAMPLES: dict[str, tuple[FuExample, ...]] = {
    "base": (
        fu_example(gettext_lazy("Every hand: 20 fu"), "base", PLAIN, "9p", tsumo=True, flags=R),
        fu_example(
            gettext_lazy("A closed hand won on a discard: +10"),
            "closed hand won",
            PLAIN,
            "9p",
            flags=R,
        ),
        fu_example(
            gettext_lazy("A tsumo: +2"), "won by self-draw", PLAIN, "9p", tsumo=True, flags=R
        ),
    ),
    "sets": (
        fu_example(
            gettext_lazy("Open triplet of simples"),
            "open triplet of simples",
            "234m 567s 345s 88m",
            "2m",
            melds=("pon 777p",),
        ),
        fu_example(
            gettext_lazy("Open triplet of terminals or honours"),
            "open triplet of terminals",
            "234m 567s 345s 88m",
            "2m",
            melds=("pon 555z",),
        ),
        fu_example(
            gettext_lazy("Concealed triplet of simples"),
            "concealed triplet of simples",
            "123m 444p 567s 789s 99m",
            "1m",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Concealed triplet of terminals or honours"),
            "concealed triplet of terminals",
            "123m 999p 567s 789s 55m",
            "1m",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Open quad of simples"),
            "open quad of simples",
            "234m 567s 345s 88m",
            "2m",
            melds=("kan 6666p",),
        ),
        fu_example(
            gettext_lazy("Open quad of terminals or honours"),
            "open quad of terminals",
            "234m 567s 345s 88m",
            "2m",
            melds=("kan 7777z",),
        ),
        fu_example(
            gettext_lazy("Closed quad of simples"),
            "concealed quad of simples",
            "123m 567s 789s 99m",
            "1m",
            melds=("ankan 6666p",),
            flags=R,
        ),
        fu_example(
            gettext_lazy("Closed quad of terminals or honours"),
            "concealed quad of terminals",
            "123m 567s 789s 99m",
            "1m",
            melds=("ankan 1111s",),
            flags=R,
        ),
        fu_example(
            gettext_lazy("A triplet completed on a discard counts as open"),
            "open triplet of simples",
            "123m 456p 789s 55s 888p",
            "8p",
            flags=R,
        ),
    ),
    "waits": (
        fu_example(
            gettext_lazy("Closed wait (kanchan): +2"),
            "kanchan wait",
            "123m 456p 789s 123s 99p",
            "2s",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Edge wait (penchan): +2"),
            "penchan wait",
            "123m 456p 789s 123s 99p",
            "3s",
            flags=R,
        ),
        fu_example(gettext_lazy("Pair wait (tanki): +2"), "tanki wait", PLAIN, "9p", flags=R),
    ),
    "pair": (
        fu_example(
            gettext_lazy("Pair of dragons: +2"),
            "pair of dragons",
            "123m 456p 789s 234s 55z",
            "4s",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Pair of the seat wind: +2"),
            "pair of the seat wind",
            "123m 456p 789s 234s 22z",
            "4s",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Pair of the round wind: +2"),
            "pair of the round wind",
            "123m 456p 789s 234s 11z",
            "4s",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Double wind pair (seat and round): 4 fu"),
            "pair of the seat wind that",
            "123m 456p 789s 234s 11z",
            "4s",
            seat="E",
            flags=R,
        ),
        fu_example(
            gettext_lazy("Double wind pair under M-League rules: 2 fu"),
            "pair of the seat wind that",
            "123m 456p 789s 234s 11z",
            "4s",
            seat="E",
            flags=R,
            rules="mleague",
        ),
    ),
    "special": (
        fu_example(
            gettext_lazy("Pinfu tsumo: 20, the tsumo's 2 fu waived"),
            "base",
            "123m 456p 789s 234s 99p",
            "4s",
            tsumo=True,
        ),
        fu_example(
            gettext_lazy("Open hand with no fu, won on a discard: 30"),
            "open hand won",
            "456p 678s 234s 88p",
            "4s",
            melds=("chi 234m",),
        ),
        fu_example(
            gettext_lazy("Seven pairs: a flat 25"),
            "seven pairs",
            "11m 33m 55p 77p 22s 99s 44z",
            "4z",
        ),
    ),
}
