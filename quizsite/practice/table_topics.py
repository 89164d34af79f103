"""The topics of the table questions (draw, pao, multiple ron, counters, final): what each
question tests, read from its request and rules, and what a wrong answer is charged to, read
from the slips the table verdict names (`quiz.public.SLIPS`).

Plain data and functions, no Django; `topics` registers these topics beside the hand's and
sends table questions here.

>>> SLIP_TOPICS["noten 3000 not shared"]
('draw:noten',)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy

from quizsite.quiz.public import TableQuizQuestion, TableSolution, Verdict
from scoring.engine.rules import MultipleRon, Nagashi

# (id, label, group, phrase): `phrase` is what a reason says ("you missed {phrase} twice").
TABLE_TOPICS: list[tuple[str, Any, str, Any]] = [
    (
        "draw:noten",
        gettext_lazy("Noten payments (3000 shared at a draw)"),
        "table",
        gettext_lazy("the noten payments"),
    ),
    (
        "draw:tenpai",
        gettext_lazy("Tenpai or noten, read from the hands"),
        "table",
        gettext_lazy("reading tenpai at a draw"),
    ),
    (
        "draw:abortive",
        gettext_lazy("Abortive draws (the deal stays)"),
        "table",
        gettext_lazy("an abortive draw"),
    ),
    (
        "draw:nagashi",
        gettext_lazy("Nagashi mangan (only terminals and honours discarded, none called)"),
        "table",
        gettext_lazy("nagashi mangan"),
    ),
    (
        "pao:tsumo",
        gettext_lazy("Pao on a tsumo (the liable player pays all)"),
        "table",
        gettext_lazy("pao on a tsumo"),
    ),
    (
        "pao:ron",
        gettext_lazy("Pao on a ron (split with the discarder)"),
        "table",
        gettext_lazy("pao on a ron"),
    ),
    (
        "ron:double",
        gettext_lazy("Double ron (each winner paid)"),
        "table",
        gettext_lazy("a double ron"),
    ),
    (
        "ron:triple",
        gettext_lazy("Triple ron (paid, or the hand aborts)"),
        "table",
        gettext_lazy("a triple ron"),
    ),
    (
        "ron:head_bump",
        gettext_lazy("Head bump (only the first winner)"),
        "table",
        gettext_lazy("the head bump"),
    ),
    (
        "ron:honba",
        gettext_lazy("Honba in a multiple ron"),
        "table",
        gettext_lazy("the honba in a multiple ron"),
    ),
    (
        "ron:deposits",
        gettext_lazy("Deposits in a multiple ron"),
        "table",
        gettext_lazy("the deposits in a multiple ron"),
    ),
    (
        "final:oka",
        gettext_lazy("Oka (to first place)"),
        "table",
        gettext_lazy("the oka"),
    ),
    (
        "final:uma",
        gettext_lazy("Uma by final place"),
        "table",
        gettext_lazy("the uma"),
    ),
    (
        "final:rounding",
        gettext_lazy("Final-score rounding"),
        "table",
        gettext_lazy("rounding the final scores"),
    ),
    (
        "final:ties",
        gettext_lazy("Ties in the final ranking"),
        "table",
        gettext_lazy("a tie in the final ranking"),
    ),
    (
        "final:deposits",
        gettext_lazy("Deposits left at the game's end"),
        "table",
        gettext_lazy("the deposits left at the end"),
    ),
    (
        "count:riichi",
        gettext_lazy("Riichi this hand (1000 onto the table)"),
        "counters",
        gettext_lazy("the riichi 1000"),
    ),
    (
        "count:honba_next",
        gettext_lazy("Honba after a hand (+1 or back to 0)"),
        "counters",
        gettext_lazy("the next honba"),
    ),
    (
        "count:deposits_next",
        gettext_lazy("Deposits left for the next hand"),
        "counters",
        gettext_lazy("the deposits left"),
    ),
    (
        "count:dealer",
        gettext_lazy("Who deals next (renchan or the deal passes)"),
        "counters",
        gettext_lazy("who deals next"),
    ),
    (
        "count:chombo",
        gettext_lazy("Chombo (the hand is replayed)"),
        "counters",
        gettext_lazy("a chombo"),
    ),
]

# The mode whose questions test each topic.
TOPIC_MODES = {
    "draw:noten": "draw",
    "draw:tenpai": "draw",
    "draw:abortive": "counters",
    "draw:nagashi": "draw",
    "pao:tsumo": "pao",
    "pao:ron": "pao",
    "ron:double": "multiron",
    "ron:triple": "multiron",
    "ron:head_bump": "multiron",
    "ron:honba": "multiron",
    "ron:deposits": "multiron",
    "final:oka": "final",
    "final:uma": "final",
    "final:rounding": "final",
    "final:ties": "final",
    "final:deposits": "final",
    "count:riichi": "draw",
    "count:honba_next": "counters",
    "count:deposits_next": "counters",
    "count:dealer": "counters",
    "count:chombo": "counters",
}

# What each named slip is charged to (those of them the question touched).
SLIP_TOPICS: dict[str, tuple[str, ...]] = {
    "noten 1000 per pair": ("draw:noten",),
    "noten paid the wrong way": ("draw:noten",),
    "noten 3000 not shared": ("draw:noten",),
    "noten paid as at four": ("draw:noten",),  # a three-player draw paid as four players pay
    "draw deposits taken": ("count:deposits_next",),
    "tenpai misread": ("draw:tenpai",),
    "nagashi left out": ("draw:nagashi",),
    "nagashi and noten both paid": ("draw:nagashi",),
    "nagashi as a win": ("draw:nagashi",),
    "nagashi as a draw": ("draw:nagashi",),
    "riichi deposit left out": ("count:riichi",),
    "honba left out": ("count:honba", "ron:honba"),
    "deposits not taken": ("count:deposits", "ron:deposits"),
    "deposits to the wrong winner": ("ron:deposits",),
    "changes do not add up": ("count:riichi", "count:deposits", "ron:deposits"),
    "pao ignored": ("pao:tsumo", "pao:ron"),
    "pao paid whole on a ron": ("pao:ron",),
    "pao honba payer": ("pao:ron",),
    "head bump ignored": ("ron:head_bump",),
    "three rons abort": ("ron:triple",),
    "every ron is paid": ("ron:double", "ron:triple"),
    "multiple ron honba": ("ron:honba",),
    "honba after the hand": ("count:honba_next", "draw:abortive", "count:chombo"),
    "deposits after the hand": ("count:deposits_next", "count:chombo"),
    "next dealer": ("count:dealer", "draw:abortive", "count:chombo"),
    "final rounding": ("final:rounding",),
    "oka left out": ("final:oka",),
    "counted from the start": ("final:oka",),
    "uma left out": ("final:uma",),
    "uma by seat": ("final:uma",),
    "ties": ("final:ties",),
    "leftover deposits": ("final:deposits",),
    "scores do not add up": (),  # no one part: charged to all the question touched
}


def deposits(q: TableQuizQuestion) -> int:
    """Riichi deposits on the table as the hand ends (earlier ones and this hand's)."""
    return int(q.request["sticks"]) + len(q.request["riichi"])


def draw_topics(q: TableQuizQuestion, sol: TableSolution) -> list[str]:
    """A draw tests the noten payments, or the nagashi mangan paid in their place."""
    end = q.request["end"]
    return [
        "draw:nagashi" if q.nagashi else "draw:noten",
        *(["draw:tenpai"] if "hands" in end else []),
        *(["count:riichi"] if q.request["riichi"] else []),
        # Left on the table, unless a nagashi mangan that counts as a win takes them.
        *(["count:deposits_next"] if deposits(q) and not nagashi_wins(q) else []),
    ]


def nagashi_wins(q: TableQuizQuestion) -> bool:
    return bool(q.nagashi) and q.table_rules.nagashi is Nagashi.WIN


def pao_topics(q: TableQuizQuestion, sol: TableSolution) -> list[str]:
    end = q.request["end"]
    return [
        f"pao:{end['kind']}",
        *(["count:riichi"] if q.request["riichi"] else []),
        *(["count:honba"] if q.request["honba"] else []),
        *(["count:deposits"] if deposits(q) else []),
    ]


def multiron_topics(q: TableQuizQuestion, sol: TableSolution) -> list[str]:
    bump = q.table_rules.multiple_ron is MultipleRon.HEAD_BUMP
    three = len(q.wins) == 3
    return [
        "ron:triple" if three else "ron:double",
        *(["ron:head_bump"] if bump else []),
        *([("count:honba" if bump else "ron:honba")] if q.request["honba"] else []),
        *(["ron:deposits"] if deposits(q) else []),
        *(["count:riichi"] if q.request["riichi"] else []),
    ]


def counters_topics(q: TableQuizQuestion, sol: TableSolution) -> list[str]:
    kind = q.request["end"]["kind"]
    special = {"abortive": ["draw:abortive"], "chombo": ["count:chombo"]}.get(kind, [])
    return [*special, "count:honba_next", "count:deposits_next", "count:dealer"]


def final_topics(q: TableQuizQuestion, sol: TableSolution) -> list[str]:
    t = q.table_rules
    return [
        "final:rounding",
        *(["final:oka"] if t.oka else []),
        "final:uma",
        *(["final:ties"] if len(set(q.request["scores"])) < 4 else []),
        *(["final:deposits"] if q.request["sticks"] else []),
    ]


TABLE_TOUCH_RULES: dict[str, Callable[[TableQuizQuestion, TableSolution], list[str]]] = {
    "draw": draw_topics,
    "pao": pao_topics,
    "multiron": multiron_topics,
    "counters": counters_topics,
    "final": final_topics,
}


def table_charged(topics: list[str], verdict: Verdict) -> list[str]:
    """The touched topics the verdict's slips name; all touched when it names none."""
    if verdict.right:
        return []
    named = [t for slip in verdict.slips for t in SLIP_TOPICS.get(slip, ()) if t in topics]
    return list(dict.fromkeys(named)) or list(topics)
