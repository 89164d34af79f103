"""A Tenhou three-player mjlog written as the tenhou.net/6 JSON log Tenhou's viewer (and
Mahjong Soul exporters like tensoul) write for the same game, so the JSON reader can be tested
on every shared three-player game: four seats in every list, the fourth empty (no name, a 0
score, no tiles); a North set aside written "f44" among the seat's discards; calls marked where
the tile came from; a tsumo's text with its two payments ("1000-2000点", "2000点∀").

Test data only: the server's records (the mjlog's `ten`, `sc`, yaku and `owari`) are copied,
never computed, except that the payments of a win's text are the engine's (the reader checks
them against the record's score changes).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from scoring.engine.payment import settle
from scoring.engine.rules import get_rules
from scoring.gamelog.tenhou6 import YAKU_IDS as JSON_YAKU
from scoring.gamelog.tenhou_xml import YAKU_IDS as XML_YAKU
from scoring.gamelog.tenhou_xml import is_nuki, meld_of

TAG = re.compile(r'<(\w+)((?:\s+\w+="[^"]*")*)\s*/?>')
ATTR = re.compile(r'(\w+)="([^"]*)"')
RED = {16: 51, 52: 52, 88: 53}
LIMIT_TEXT = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
AGARI_NAME = "和了"
# the log's name for each yaku id (the first the JSON reader knows), yakuman too
NAME_OF: dict[str, str] = {}
for _name, _id in JSON_YAKU.items():
    NAME_OF.setdefault(_id, _name)
NAME_OF["seat_wind"], NAME_OF["round_wind"] = "自風 東", "場風 東"


def tile(t: int) -> int:
    """An mjlog tile (0–135) as tenhou.net/6 writes it (11–47, red fives 51–53)."""
    if t in RED:
        return RED[t]
    kind = t // 4
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def numbers(text: str) -> list[int]:
    return [int(v) for v in text.split(",") if v.strip()]


class Hand:
    def __init__(self, a: dict[str, str]) -> None:
        seed = numbers(a["seed"])
        self.head = seed[:3]
        self.scores = [100 * t for t in numbers(a["ten"])]
        self.dora = [tile(seed[5])]
        self.ura: list[int] = []
        self.dealt = [[tile(t) for t in numbers(a.get(f"hai{s}", ""))] for s in range(4)]
        self.draws: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.drawn: list[int | None] = [None] * 4
        self.riichi = [False] * 4
        self.last_discard = 0
        self.dealer = int(a["oya"])
        self.result: list[Any] = []

    def draw(self, seat: int, t: int) -> None:
        self.draws[seat].append(tile(t))
        self.drawn[seat] = t

    def discard(self, seat: int, t: int) -> None:
        value: Any = 60 if t == self.drawn[seat] else tile(t)
        if self.riichi[seat]:
            value, self.riichi[seat] = f"r{value}", False
        self.discards[seat].append(value)
        self.drawn[seat] = None
        self.last_discard = t

    def call(self, seat: int, m: int) -> None:
        if is_nuki(m):
            self.discards[seat].append("f44")
            return
        meld = meld_of(m)
        tiles = [tile(t) for t in meld.tiles]
        if meld.kind == "ankan":
            self.discards[seat].append("".join(map(str, tiles[:3])) + f"a{tiles[3]}")
        elif meld.added:  # the copy the pon left out is the one added
            added = 4 * ((m >> 9) // 3) + (m >> 5 & 3)
            others = [tile(t) for t in meld.tiles if t != added]
            self.discards[seat].append(f"k{tile(added)}" + "".join(map(str, others)))
        else:
            called = tile(self.last_discard)
            own = list(tiles)
            if called in own:
                own.remove(called)
            else:
                own.pop()
            place = {3: 0, 2: 1, 1: 2}[meld.offset]  # left, opposite, right
            if meld.kind == "kan":
                place = 3 if place == 2 else place
                self.discards[seat].append(0)  # the discard the open kan replaces
            letter = {"pon": "p", "kan": "m", "chi": "c"}[meld.kind]
            own.insert(place, f"{letter}{called}")
            self.draws[seat].append("".join(map(str, own)))
            self.drawn[seat] = None

    def row(self) -> list[Any]:
        out: list[Any] = [self.head, self.scores, self.dora, self.ura]
        for s in range(4):
            out += [self.dealt[s], self.draws[s], self.discards[s]]
        return [*out, self.result]


def win_detail(a: dict[str, str], dealer: int) -> list[Any]:
    """[who, from, pao, the score's text, each yaku "name(n飜)"] as the log writes a win."""
    who, from_ = int(a["who"]), int(a["fromWho"])
    fu, points, limit = numbers(a["ten"])
    pairs = numbers(a.get("yaku", ""))
    yaku = [(XML_YAKU[n], h) for n, h in zip(pairs[::2], pairs[1::2], strict=True) if h]
    yakuman = [XML_YAKU[n] for n in numbers(a.get("yakuman", ""))]
    han = sum(h for _, h in yaku)
    payments = settle(
        13 * len(yakuman) if yakuman else han, fu, dealer=who == dealer, tsumo=who == from_,
        rules=get_rules("tenhou_sanma"), yakuman=len(yakuman),
    ).payments  # fmt: skip
    if who != from_:
        paid = f"{payments['ron']}点"
    elif who == dealer:
        paid = f"{payments['each']}点∀"
    else:
        paid = f"{payments['non_dealer']}-{payments['dealer']}点"
    head = LIMIT_TEXT[limit] if limit else f"{fu}符{han}飜"
    said = [f"{NAME_OF[y]}({h}飜)" for y, h in yaku] + [f"{NAME_OF[y]}(役満)" for y in yakuman]
    pao = int(a.get("paoWho", who))
    return [who, from_, pao, head + paid, *said]


def changes(a: dict[str, str]) -> list[int]:
    sc = numbers(a["sc"])
    return [100 * v for v in sc[1::2]]


def to_json(xml: str) -> dict[str, Any]:
    """The tenhou.net/6 log of a three-player mjlog."""
    log: list[list[Any]] = []
    hand: Hand | None = None
    names = ["", "", "", ""]
    sc: list[Any] = []
    for match in TAG.finditer(xml):
        name, a = match.group(1), dict(ATTR.findall(match.group(2)))
        if name == "UN" and "n0" in a and not any(names):
            names = [unquote(a.get(f"n{s}", "")) for s in range(4)]
        elif name == "INIT":
            hand = Hand(a)
        elif hand is None:
            continue
        elif re.fullmatch(r"[TUVW]\d+", name):
            hand.draw("TUVW".index(name[0]), int(name[1:]))
        elif re.fullmatch(r"[DEFG]\d+", name):
            hand.discard("DEFG".index(name[0]), int(name[1:]))
        elif name == "REACH" and a.get("step") == "1":
            hand.riichi[int(a["who"])] = True
        elif name == "N":
            hand.call(int(a["who"]), int(a["m"]))
        elif name == "DORA":
            hand.dora.append(tile(int(a["hai"])))
        elif name == "AGARI":
            if not hand.result:
                hand.result = [AGARI_NAME]
                log.append(hand.row())
            hand.ura = hand.ura or [tile(t) for t in numbers(a.get("doraHaiUra", ""))]
            log[-1][3] = hand.ura
            hand.result += [changes(a), win_detail(a, hand.dealer)]
        elif name == "RYUUKYOKU":
            kind = a.get("type", "")
            shown = sum(f"hai{s}" in a for s in range(3))
            moved = changes(a)
            if kind == "yao9":
                hand.result = ["九種九牌"]
            elif kind == "kan4":
                hand.result = ["四槓散了"]
            elif kind == "nm":
                hand.result = ["流し満貫", moved]
            elif shown == 3:
                hand.result = ["全員聴牌"]
            elif shown == 0:
                hand.result = ["全員不聴"]
            else:
                hand.result = ["流局", moved]
            log.append(hand.row())
        if name in ("AGARI", "RYUUKYOKU") and "owari" in a:
            owari = [float(v) for v in a["owari"].split(",")]
            sc = [int(v) if i % 2 == 0 else v for i, v in enumerate(owari)]
    return {
        "title": ["", ""],
        "name": names,
        "rule": {"disp": "三鳳南喰赤", "aka": 1},
        "log": log,
        "sc": sc,
    }
