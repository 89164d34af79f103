"""Topics: the things a question tests, read from the engine's answer to it, and the ones a
wrong answer is charged to, read from the verdict's diagnosis.

A topic is an id such as `yaku:pinfu`, `fu:closed_triplet_terminals`, `wait:kanchan`,
`limit:kiriage`, `pay:tsumo`, `count:honba` or `cell:3-40`. Plain functions of the question, its
solution and its verdict, tested as tables; a topic's label and phrase are worded in the page's
language when read (lazy), the yaku's as the engine names them then.

The table questions (draws, pao, multiple ron, counters, final scores) have their topics and
rules in `table_topics`, registered here; `touched` and `charged` take either kind of question.

>>> TOPICS["wait:kanchan"].label
'Kanchan wait (closed, 2 fu)'
>>> fu_topic("open quad of terminals/honours")
'fu:open_quad_terminals'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy, pgettext_lazy

from quizsite.quiz.public import (
    AnyQuestion,
    Question,
    Solution,
    TableSolution,
    Verdict,
    diagnose,
)
from scoring.engine.generate import TABLE_FU
from scoring.engine.yaku import DORA_NAMES, SANMA_DORA_NAMES, YAKU
from scoring.engine.yaku import yaku_name as entry_name

from .table_topics import TABLE_TOPICS, TABLE_TOUCH_RULES, table_charged

GROUPS = {
    "yaku": gettext_lazy("Yaku and dora"),
    "fu": gettext_lazy("Fu and waits"),
    "payments": gettext_lazy("Payments and limits"),
    "cells": gettext_lazy("Table cells"),
    "counters": pgettext_lazy("group of topics", "Counters"),
    "table": gettext_lazy("Draws, pao and final scores"),
}


def _filled(template: Any, fields: dict[str, Any]) -> str:
    return str(template) % fields


# A template (lazy) filled in with fields when read: "%(han)s han %(fu)s fu" → "3 han 40 fu".
filled = lazy(_filled, str)
# A yaku's or dora's name as the engine words it when read.
yaku_name = lazy(lambda yaku_id: YAKU[yaku_id].name, str)
dora_name = lazy(lambda dora_id: entry_name(dora_id), str)  # in the page's language
dora_phrase = lazy(lambda dora_id: entry_name(dora_id).lower(), str)


@dataclass(frozen=True)
class Topic:
    id: str
    said: Any  # its label, worded when read (lazy): "Pinfu", "Open quad of … (32 fu)"
    group: str  # a key of GROUPS
    saying: Any  # what a reason says, worded when read: "you missed {phrase} twice"

    @property
    def label(self) -> str:
        """The label in the current language."""
        return str(self.said)

    @property
    def phrase(self) -> str:
        return str(self.saying)


TOPICS: dict[str, Topic] = {}


def register(topic: Topic) -> Topic:
    """Add a topic (the settlements still to come — draws, pao, final scores — add theirs)."""
    TOPICS[topic.id] = topic
    return topic


def add(id: str, label: Any, group: str, phrase: Any) -> None:
    register(Topic(id, label, group, phrase))


for y in YAKU.values():
    add(f"yaku:{y.id}", yaku_name(y.id), "yaku", yaku_name(y.id))
for dora_id in (*DORA_NAMES, *SANMA_DORA_NAMES):
    add(f"yaku:{dora_id}", dora_name(dora_id), "yaku", dora_phrase(dora_id))

MELD_FU = {  # (state, what, kind) -> fu, as the engine's table
    (s, w, k): 2
    * (2 if s == "closed" else 1)
    * (2 if k == "terminals" else 1)
    * (4 if w == "quad" else 1)
    for s in ("open", "closed")
    for w in ("triplet", "quad")
    for k in ("simples", "terminals")
}
# Each meld's fu topic: its label (with the fu, `MELD_FU`) and phrase.
MELD_WORDS = {
    ("open", "triplet", "simples"): (
        gettext_lazy("Open triplet of simples (%(fu)s fu)"),
        gettext_lazy("the fu of an open triplet of simples"),
    ),
    ("open", "triplet", "terminals"): (
        gettext_lazy("Open triplet of terminals/honours (%(fu)s fu)"),
        gettext_lazy("the fu of an open triplet of terminals/honours"),
    ),
    ("open", "quad", "simples"): (
        gettext_lazy("Open quad of simples (%(fu)s fu)"),
        gettext_lazy("the fu of an open quad of simples"),
    ),
    ("open", "quad", "terminals"): (
        gettext_lazy("Open quad of terminals/honours (%(fu)s fu)"),
        gettext_lazy("the fu of an open quad of terminals/honours"),
    ),
    ("closed", "triplet", "simples"): (
        gettext_lazy("Closed triplet of simples (%(fu)s fu)"),
        gettext_lazy("the fu of a closed triplet of simples"),
    ),
    ("closed", "triplet", "terminals"): (
        gettext_lazy("Closed triplet of terminals/honours (%(fu)s fu)"),
        gettext_lazy("the fu of a closed triplet of terminals/honours"),
    ),
    ("closed", "quad", "simples"): (
        gettext_lazy("Closed quad of simples (%(fu)s fu)"),
        gettext_lazy("the fu of a closed quad of simples"),
    ),
    ("closed", "quad", "terminals"): (
        gettext_lazy("Closed quad of terminals/honours (%(fu)s fu)"),
        gettext_lazy("the fu of a closed quad of terminals/honours"),
    ),
}
for (state, what, kind), fu in MELD_FU.items():
    label, phrase = MELD_WORDS[(state, what, kind)]
    add(f"fu:{state}_{what}_{kind}", filled(label, {"fu": fu}), "fu", phrase)
add(
    "fu:menzen_ron",
    gettext_lazy("Closed ron (+10 fu)"),
    "fu",
    gettext_lazy("the 10 fu of a closed ron"),
)
add("fu:tsumo", gettext_lazy("Tsumo (+2 fu)"), "fu", gettext_lazy("the 2 fu of a tsumo"))
add(
    "fu:open_pinfu",
    gettext_lazy("Open hand with no fu (30 fu)"),
    "fu",
    gettext_lazy("the open hand with no fu (30)"),
)
add(
    "fu:seven_pairs",
    gettext_lazy("Seven pairs (flat 25 fu)"),
    "fu",
    gettext_lazy("the flat fu of seven pairs"),
)
add(
    "fu:ron_triplet",
    gettext_lazy("Triplet completed by ron (counts open)"),
    "fu",
    gettext_lazy("a triplet completed by ron (it counts as open)"),
)
add(
    "fu:pair_dragon",
    gettext_lazy("Pair of dragons (+2 fu)"),
    "fu",
    gettext_lazy("the fu of a dragon pair"),
)
add(
    "fu:pair_seat_wind",
    gettext_lazy("Pair of the seat wind (+2 fu)"),
    "fu",
    gettext_lazy("the fu of a seat-wind pair"),
)
add(
    "fu:pair_round_wind",
    gettext_lazy("Pair of the round wind (+2 fu)"),
    "fu",
    gettext_lazy("the fu of a round-wind pair"),
)
add(
    "fu:pair_double_wind",
    gettext_lazy("Pair of a double wind"),
    "fu",
    gettext_lazy("the fu of a double-wind pair"),
)
add("fu:rounding", gettext_lazy("Fu rounding (up to 10)"), "fu", gettext_lazy("rounding the fu up"))
WAITS = {  # label, phrase
    "ryanmen": (
        gettext_lazy("Ryanmen wait (two-sided, 0 fu)"),
        gettext_lazy("the ryanmen wait"),
    ),
    "kanchan": (gettext_lazy("Kanchan wait (closed, 2 fu)"), gettext_lazy("the kanchan wait")),
    "penchan": (gettext_lazy("Penchan wait (edge, 2 fu)"), gettext_lazy("the penchan wait")),
    "tanki": (gettext_lazy("Tanki wait (pair, 2 fu)"), gettext_lazy("the tanki wait")),
    "shanpon": (gettext_lazy("Shanpon wait (dual pon, 0 fu)"), gettext_lazy("the shanpon wait")),
}
for wait, (label, phrase) in WAITS.items():
    add(f"wait:{wait}", label, "fu", phrase)
LIMITS = {  # label, phrase
    "mangan": (pgettext_lazy("topic", "Mangan"), gettext_lazy("a mangan")),
    "haneman": (pgettext_lazy("topic", "Haneman"), gettext_lazy("a haneman")),
    "baiman": (pgettext_lazy("topic", "Baiman"), gettext_lazy("a baiman")),
    "sanbaiman": (pgettext_lazy("topic", "Sanbaiman"), gettext_lazy("a sanbaiman")),
    "yakuman": (pgettext_lazy("topic", "Yakuman"), gettext_lazy("a yakuman")),
    "double_yakuman": (pgettext_lazy("topic", "Double yakuman"), gettext_lazy("a double yakuman")),
}
for limit, (label, phrase) in LIMITS.items():
    add(f"limit:{limit}", label, "payments", phrase)
add(
    "limit:kiriage",
    gettext_lazy("Kiriage mangan (4 han 30 fu, 3 han 60 fu)"),
    "payments",
    gettext_lazy("kiriage mangan"),
)
add(
    "limit:kazoe",
    gettext_lazy("Counted yakuman (kazoe)"),
    "payments",
    gettext_lazy("a counted yakuman (kazoe)"),
)
add(
    "pay:dealer",
    gettext_lazy("Dealer's win (6× / 2× all)"),
    "payments",
    gettext_lazy("a dealer's payment"),
)
add(
    "pay:non_dealer",
    gettext_lazy("Non-dealer's win (4× / 2×+1×)"),
    "payments",
    gettext_lazy("a non-dealer's payment"),
)
add(
    "pay:ron",
    gettext_lazy("Ron: the discarder pays"),
    "payments",
    gettext_lazy("a ron payment"),
)
add(
    "pay:tsumo",
    gettext_lazy("Tsumo: the split between payers"),
    "payments",
    gettext_lazy("a tsumo split"),
)
add(
    "pay:sanma_tsumo",
    gettext_lazy("Three-player tsumo: two payers, the North's share lost or split"),
    "payments",
    gettext_lazy("a three-player tsumo"),
)
add(
    "pay:rounding",
    gettext_lazy("Payments rounded up to 100"),
    "payments",
    gettext_lazy("rounding a payment up to 100"),
)
add(
    "count:honba",
    gettext_lazy("Honba (300 a ron, 100 a payer)"),
    "counters",
    gettext_lazy("the honba"),
)
add(
    "count:sanma_honba",
    gettext_lazy("Three-player honba (200 a ron, 100 a payer)"),
    "counters",
    gettext_lazy("the three-player honba"),
)
add(
    "count:deposits",
    gettext_lazy("Riichi deposits (to the winner)"),
    "counters",
    gettext_lazy("the riichi deposits"),
)
CELL_HAN = (1, 2, 3, 4)
CELL_LABEL = gettext_lazy("%(han)s han %(fu)s fu")
CELL_PHRASE = gettext_lazy("the %(han)s han %(fu)s fu cell")
for han in CELL_HAN:
    for fu in TABLE_FU:
        cell = {"han": han, "fu": fu}
        add(f"cell:{han}-{fu}", filled(CELL_LABEL, cell), "cells", filled(CELL_PHRASE, cell))
for table_topic in TABLE_TOPICS:
    add(*table_topic)


# Fu items: the engine's reasons, read back into topics.

PAIR_REASONS = {
    "pair of dragons": "fu:pair_dragon",
    "pair of the seat wind that is also the round wind": "fu:pair_double_wind",
    "pair of the seat wind": "fu:pair_seat_wind",
    "pair of the round wind": "fu:pair_round_wind",
}
MELD_REASON = re.compile(r"(open|concealed) (triplet|quad) of (simples|terminals/honours)")


def fu_topic(reason: str) -> str | None:
    """The topic of one fu item, from its reason (None for the base 20)."""
    if m := MELD_REASON.match(reason):
        state = "closed" if m[1] == "concealed" else "open"
        kind = "simples" if m[3] == "simples" else "terminals"
        return f"fu:{state}_{m[2]}_{kind}"
    if reason.endswith(" wait"):
        return f"wait:{reason.split()[0]}"
    if reason in PAIR_REASONS:
        return PAIR_REASONS[reason]
    starts = {
        "closed hand won on a discard": "fu:menzen_ron",
        "won by self-draw": "fu:tsumo",
        "open hand won on a discard": "fu:open_pinfu",
        "seven pairs": "fu:seven_pairs",
    }
    return next((t for s, t in starts.items() if reason.startswith(s)), None)


def fu_topics(items: Iterable[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for item in items:
        topic = fu_topic(item["reason"])
        if topic:
            found.append(topic)
        if "completed on a discard" in item["reason"]:
            found.append("fu:ron_triplet")
    return found


# What a question touches.


def yaku_topics(sol: Solution) -> list[str]:
    return [f"yaku:{y['id']}" for y in sol.yaku if f"yaku:{y['id']}" in TOPICS]


def wait_topics(sol: Solution) -> list[str]:
    """The wait the hand is read with, from the reading step's data (whatever the language of
    its text)."""
    reading = next((s for s in sol.steps if s["kind"] == "reading"), None)
    if reading is None:
        return []
    wait = reading.get("numbers", {}).get("wait")
    if wait is not None:
        return [f"wait:{wait}"] if wait in WAITS else []
    return [f"wait:{w}" for w in WAITS if f"({w})" in reading["text"]]


def rounding_topics(sol: Solution) -> list[str]:
    return ["fu:rounding"] if sol.fu != sol.fu_raw else []


KIRIAGE_CELLS = ((4, 30), (3, 60))


# The topics whose answer differs with three players (a tsumo split between two payers, 200
# a counter on a ron), kept apart from their four-player topics; and the Norths set aside.
SANMA_TOPICS = ("pay:sanma_tsumo", "count:sanma_honba", "yaku:nukidora")


def payment_topics(q: Question, sol: Solution) -> list[str]:
    s = sol.settlement
    b = s.basic
    sanma = s.players == 3
    tsumo = "pay:sanma_tsumo" if sanma else "pay:tsumo"
    found = ["pay:dealer" if q.dealer else "pay:non_dealer", tsumo if q.tsumo else "pay:ron"]
    limit = str(b.limit.value) if b.limit else ""
    if limit and f"limit:{limit}" in TOPICS:
        found.append(f"limit:{limit}")
    # Kiriage is tested only where the rules the question was asked under round the cell up
    # (the engine then calls it a mangan); elsewhere 4 han 30 fu is an ordinary cell.
    if (b.han, b.fu_rounded) in KIRIAGE_CELLS and b.limit is not None and not b.yakuman:
        found.append("limit:kiriage")
    if b.yakuman == 0 and b.han >= 13:
        found.append("limit:kazoe")
    if b.han in CELL_HAN and not b.yakuman:
        found.append(f"cell:{b.han}-{b.fu_rounded}")
    if any(sh.raw != sh.rounded for sh in s.shares):
        found.append("pay:rounding")
    if s.honba:
        found.append("count:sanma_honba" if sanma else "count:honba")
    if s.deposits:
        found.append("count:deposits")
    return found


def hand_fu(q: Question, sol: Solution) -> list[str]:
    return fu_topics(sol.checked_items or sol.fu_items) + wait_topics(sol) + rounding_topics(sol)


# What a question of each mode tests, a hand's or a table's (`table_topics`): read by mode,
# so that `touched` and `charged` never ask which kind of question they hold.
TOUCH_RULES: dict[str, list[Callable[[Any, Any], list[str]]]] = {
    "payment": [payment_topics],
    "fu": [hand_fu],
    "han": [lambda q, s: yaku_topics(s)],
    "full": [lambda q, s: yaku_topics(s), hand_fu, payment_topics],
} | {mode: [rule] for mode, rule in TABLE_TOUCH_RULES.items()}


def touched(q: AnyQuestion, sol: Solution | TableSolution) -> list[str]:
    """Every topic the question tests, once each, in the order the explanation meets them."""
    found = [t for rule in TOUCH_RULES[q.mode] for t in rule(q, sol)]
    return list(dict.fromkeys(found))


# What a wrong answer is charged to.

GROUP_PREFIXES = {
    "fu": ("fu:", "wait:"),
    "yaku": ("yaku:",),
    "limit": ("limit:",),
    "payment": ("pay:", "cell:"),
}


def of(topics: list[str], *prefixes: str) -> list[str]:
    return [t for t in topics if t.startswith(prefixes)]


def named_fu(verdict: Verdict) -> list[str]:
    """The fu items the verdict names (their reasons in English, whatever the page's
    language), else those it points at ("+8 fu: concealed triplet of ...")."""
    reasons = list(verdict.fu_reasons) or [
        t.split(": ", 1)[1] for t in verdict.highlight_items if t.startswith("+")
    ]
    return fu_topics({"reason": r} for r in reasons)


def named_yaku(topics: list[str], verdict: Verdict, answer: dict[str, Any]) -> list[str]:
    """The yaku the hints or highlighted steps name; yaku claimed that are not there."""
    text = " ".join(verdict.hints) + " " + " ".join(verdict.highlight_items)
    named = [t for t in of(topics, "yaku:") if TOPICS[t].label in text]
    extra = [f"yaku:{y}" for y in answer.get("yaku") or () if f"yaku:{y}" not in topics]
    return named + [t for t in extra if t in TOPICS]


# The diagnoses (`verdicts`) charged to the fu items or the yaku and dora the verdict names.
FU_SLIPS = ("missed a fu item", "ron and tsumo fu mixed up", "10 fu short", "10 fu too many")
YAKU_SLIPS = ("missed a yaku", "a yaku that is not there", "missed dora", "open-hand han")
YAKU_SLIPS += ("one han short", "one han too many")


def charged(
    q: AnyQuestion, topics: list[str], verdict: Verdict, answer: dict[str, Any] | None = None
) -> list[str]:
    """The topics a wrong answer is charged to: those its diagnosis names, or when it names
    no single one, the touched topics of the part it names ([] for a right answer)."""
    if verdict.right:
        return []
    if q.mode in TABLE_TOUCH_RULES:  # a table verdict names its slips
        return table_charged(topics, verdict)
    category = diagnose(verdict)
    answer = answer or {}
    simple = {
        "honba left out": of(topics, "count:honba", "count:sanma_honba"),
        "three-player honba": ["count:sanma_honba"],
        "tsumo loss": ["pay:sanma_tsumo"],
        "riichi deposits": ["count:deposits"],
        "dora indicator taken as dora": ["yaku:dora"],
        "rounding": ["pay:rounding"],
        "dealer multiplier": of(topics, "pay:dealer", "pay:non_dealer"),
        "ron and tsumo mixed up": of(topics, "pay:ron", "pay:tsumo", "pay:sanma_tsumo"),
        # A limit paid where there is none (kiriage asked for without it) is a slip in the cell.
        "limit (mangan cap, kiriage)": of(topics, "limit:") or of(topics, "cell:"),
        "pinfu tsumo fu": ["fu:tsumo"],
        "ron triplet counted closed": ["fu:ron_triplet"],
        "closed ron fu on an open hand": ["fu:menzen_ron"],
    }
    if category in simple:
        found = [t for t in simple[category] if t in TOPICS]
    elif category in FU_SLIPS:
        found = named_fu(verdict) or of(topics, "fu:", "wait:")
    elif category in YAKU_SLIPS:
        found = named_yaku(topics, verdict, answer) or of(topics, "yaku:")
    else:
        core = {"payment": ("pay:", "cell:", "limit:"), "fu": ("fu:", "wait:"), "han": ("yaku:",)}
        found = of(topics, *core[q.mode]) if q.mode in core else list(topics)
    return list(dict.fromkeys(found))
