"""The engine's output edge: a scored hand (`Result`) and its JSON, full or brief.

>>> from .request import parse_request
>>> from .evaluate import count_dora, score_readings
>>> req = parse_request({"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]})
>>> dora = count_dora(req)
>>> best, *others = score_readings(req, dora)
>>> Result(req, best, tuple(others), dora).to_json(explain=False)["total"]
5200
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import TYPE_CHECKING, Any, cast

from .decompose import Group, Reading
from .explain import Step, hand_steps, reading_note
from .fu import FuItem
from .payment import Limit, Settlement
from .request import Request
from .rules import RuleSet
from .tiles import format_tiles, tile_name
from .words import LANGUAGES, current
from .yaku import YakuScore

if TYPE_CHECKING:
    from .evaluate import DoraCount, Scored


@dataclass(frozen=True)
class Result:
    """A scored hand: the best reading, the others considered and the dora; the steps are
    built the first time they are asked for (a brief answer never needs them)."""

    request: Request
    best: Scored
    others: tuple[Scored, ...]
    dora: DoraCount

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        return tuple(hand_steps(self.request, self.best, self.others, self.dora))

    @property
    def settlement(self) -> Settlement:
        assert self.best.settlement is not None
        return self.best.settlement

    @property
    def han(self) -> int:
        return self.best.han

    @property
    def fu(self) -> int:
        return self.best.fu

    @property
    def yaku(self) -> tuple[YakuScore, ...]:
        return self.best.yaku

    def to_json(self, *, explain: bool = True) -> dict[str, Any]:
        """The API's answer (see issue 2): the facts (numbers, yaku, payments, rules), and
        unless `explain` is False the reading, fu items, dora, other readings and steps."""
        s, best, req = self.settlement, self.best, self.request
        answer = {
            "han": best.han,
            "fu": best.fu,
            "yaku": [y.to_json() for y in best.yaku],
            "yakuman": best.yakuman,
            "limit": s.limit.value if s.limit else None,
            "kazoe": s.basic.kazoe,
            "basic_points": s.basic.points,
            "payments": s.payments,
            "honba": s.honba,
            "deposits": s.deposits,
            "total": s.total,
            "deltas": list(s.deltas),
            "dealer": req.dealer,
            "tsumo": req.tsumo,
        }
        if explain:
            answer.update(self.explanation_json())
        answer["rules"] = req.rules.to_json()
        if explain:
            answer["steps"] = [step.to_json() for step in self.steps]
        return answer

    def brief_text(self) -> str:
        """`json.dumps(self.to_json(explain=False))`, the same text to the byte, written
        without the dict: the yaku entries and the rules come as cached JSON fragments,
        the numbers are formatted in place (the brief answer is the fast path)."""
        return f'{{{self.facts_text()}, "rules": {rules_text(self.request.rules)}}}'

    def full_text(self, *, ensure_ascii: bool = True) -> str:
        """`json.dumps(self.to_json(), ensure_ascii=ensure_ascii)`, the same text to the byte,
        written without the dicts (json.dumps of the full answer costs more than scoring the
        hand): the facts as in the brief answer (ASCII either way), then the explanation, the
        fu items as cached fragments, every string escaped as json.dumps escapes it."""
        best, req, ascii = self.best, self.request, ensure_ascii
        code = current()
        fu_items = ", ".join([fu_item_text(i, ascii, code) for i in best.fu_items])
        dora = ", ".join([value_text(h.to_json(), ascii) for h in self.dora.hits])
        others = (best, *self.others)
        readings = ", ".join([reading_entry_text(r, best, ascii) for r in others])
        steps = ", ".join([step_text(step, ascii) for step in self.steps])
        reading = value_text(reading_json(req, best.reading), ascii)
        return (
            f'{{{self.facts_text()}, "reading": {reading}, '
            f'"fu_items": [{fu_items}], "dora": [{dora}], "readings": [{readings}], '
            f'"rules": {rules_text(req.rules)}, "steps": [{steps}]}}'
        )

    def facts_text(self) -> str:
        """The facts both answers start with, as JSON text without the braces."""
        s, best, req = self.settlement, self.best, self.request
        b = s.basic
        yaku = ", ".join([yaku_text(y) for y in best.yaku])
        payments = ", ".join([f"{json_string(k)}: {v}" for k, v in s.payments_by_payer.items()])
        deltas = ", ".join([str(d) for d in s.deltas])
        return (
            f'"han": {best.han}, "fu": {best.fu}, "yaku": [{yaku}], '
            f'"yakuman": {best.yakuman}, "limit": {limit_text(b.limit)}, '
            f'"kazoe": {JSON_BOOL[b.kazoe]}, "basic_points": {b.points}, '
            f'"payments": {{{payments}}}, "honba": {s.honba}, "deposits": {s.deposits}, '
            f'"total": {s.total}, "deltas": [{deltas}], '
            f'"dealer": {JSON_BOOL[req.dealer]}, "tsumo": {JSON_BOOL[req.tsumo]}'
        )

    def explanation_json(self) -> dict[str, Any]:
        """The reading, fu items, dora and every reading considered, as JSON."""
        best, req = self.best, self.request
        return {
            "reading": reading_json(req, best.reading),
            "fu_items": [i.to_json() for i in best.fu_items],
            "dora": [h.to_json() for h in self.dora.hits],
            "readings": [reading_entry(r, best) for r in (best, *self.others)],
        }


def reading_entry(r: Scored, best: Scored) -> dict[str, Any]:
    """One reading considered, as the answer's `readings` list has it."""
    return {
        "summary": r.reading.summary(),
        "han": r.han,
        "fu": r.fu,
        "points": r.points,
        "chosen": r is best,
        "why": reading_note(r, best),
    }


def reading_entry_text(r: Scored, best: Scored, ascii: bool) -> str:
    return value_text(reading_entry(r, best), ascii)


def reading_json(req: Request, reading: Reading) -> dict[str, Any]:
    """The reading as JSON, red fives shown where the hand has them."""
    reds = [t for t in req.hand if t[0] == "0"]
    meld_texts = [m.text().partition(" ")[2] for m in req.melds]
    groups = []
    for j, g in enumerate(reading.groups):
        if g.called is not None:
            text = meld_texts.pop(0)
        elif reds:
            text = red_text(g, reds)
        else:
            text = g.label
        groups.append(
            {
                "kind": g.kind.value,
                "tiles": text,
                "open": g.open,
                "called": g.called.value if g.called else None,
                "win": j == reading.win_group,
            }
        )
    return {
        "shape": reading.shape.value,
        "groups": groups,
        "win": req.win,
        "wait": reading.wait.value,
    }


def red_text(group: Group, reds: list[str]) -> str:
    """A concealed group's text with the hand's red fives (still unplaced) shown in it."""
    names = [tile_name(i) for i in group.tiles]
    for red in list(reds):
        plain = "5" + red[1]
        if plain in names:
            names[names.index(plain)] = red
            reds.remove(red)
    return format_tiles(names)


# The brief answer's cached fragments: the same few yaku entries, rule sets and names recur in
# every answer. Each is json.dumps's own text, so the escaping is json.dumps's.
JSON_BOOL = {False: "false", True: "true"}


# by language, then by id(): see yaku_text
YAKU_TEXTS: dict[str, dict[int, tuple[YakuScore, str]]] = {code: {} for code in LANGUAGES}


def yaku_text(yaku: YakuScore) -> str:
    """A yaku entry's JSON text, its name in the current language. The entries are made once
    and handed out to every hand that has the yaku, so they are found by identity, which
    spares hashing their fields; each entry keeps its YakuScore, so no other object can come
    to have its id meanwhile."""
    code = current()
    texts = YAKU_TEXTS[code]
    hit = texts.get(id(yaku))
    if hit is not None and hit[0] is yaku:
        return hit[1]
    if len(texts) >= 4096:
        texts.clear()
    text = yaku_json_text(yaku, code)
    texts[id(yaku)] = (yaku, text)
    return text


@lru_cache(maxsize=1024)
def yaku_json_text(yaku: YakuScore, code: str) -> str:
    """The entry's JSON in language `code` (the current one: `code` keys the cache)."""
    return json.dumps(yaku.to_json())


@lru_cache(maxsize=64)
def rules_text(rules: RuleSet) -> str:
    return json.dumps(rules.to_json())


@lru_cache(maxsize=16)
def limit_text(limit: Limit | None) -> str:
    return json.dumps(limit.value if limit else None)


STRING_TEXTS: dict[str, str] = {}  # see json_string


def json_string(text: str) -> str:
    """A key, a kind or a payer (a few hundred at most) as JSON text, kept in a plain dict:
    compiled, a dict lookup costs half an lru_cache call, and an answer has a hundred keys."""
    hit = STRING_TEXTS.get(text)
    if hit is None:
        if len(STRING_TEXTS) >= 4096:
            STRING_TEXTS.clear()
        hit = STRING_TEXTS[text] = json.dumps(text)
    return hit


# The full answer's writer: json.dumps's text for the plain values an answer is made of.


@lru_cache(maxsize=1024)
def fu_item_text(item: FuItem, ascii: bool, code: str) -> str:
    """The item's JSON in language `code` (the current one: `code` keys the cache)."""
    return value_text(item.to_json(), ascii)


def step_text(step: Step, ascii: bool) -> str:
    """A step's JSON text (`Step.to_json`'s keys, in its order)."""
    tiles = "null" if step.tiles is None else value_text(step.tiles, ascii)
    return (
        f'{{"kind": {value_text(step.kind, ascii)}, "text": {value_text(step.text, ascii)}, '
        f'"numbers": {value_text(step.numbers, ascii)}, "tiles": {tiles}}}'
    )


def value_text(value: object, ascii: bool = True) -> str:
    """`json.dumps(value, ensure_ascii=ascii)` for the dicts (string keys), lists, strings,
    integers, booleans and None an answer holds; anything else goes to json.dumps itself."""
    kind = type(value)
    if kind is str:
        text = cast(str, value)
        return encode_basestring_ascii(text) if ascii else encode_basestring(text)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is dict:
        parts = []
        for k, v in cast(dict[object, object], value).items():
            if type(k) is not str:
                return json.dumps(value, ensure_ascii=ascii)  # its own way with other keys
            key_text = json_string(k) if k.isascii() else value_text(k, ascii)
            parts.append(f"{key_text}: {value_text(v, ascii)}")
        return f"{{{', '.join(parts)}}}"
    if kind is list or kind is tuple:
        items = [value_text(v, ascii) for v in cast(Sequence[object], value)]
        return f"[{', '.join(items)}]"
    return json.dumps(value, ensure_ascii=ascii)  # subclasses (enums), floats
