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
from functools import lru_cache
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import TYPE_CHECKING, Any, Final, cast

from .decompose import Group, Reading
from .explain import Step, hand_steps, reading_note
from .fu import FuItem
from .payment import Limit, Settlement
from .request import Request
from .rules import RuleSet
from .tiles import format_tiles, tile_name
from .words import current
from .yaku import YakuScore

if TYPE_CHECKING:
    from .evaluate import DoraCount, Scored


class Result:
    """A scored hand: the best reading, the others considered and the dora; the steps are
    built the first time they are asked for (a brief answer never needs them). A value: never
    changed once made (a plain class rather than a frozen dataclass: compiled, a frozen
    dataclass's generated `__init__` still runs as Python, about 1 µs a call)."""

    __slots__ = ("request", "best", "others", "dora", "_steps")

    def __init__(
        self, request: Request, best: Scored, others: tuple[Scored, ...], dora: DoraCount
    ) -> None:
        self.request = request
        self.best = best
        self.others = others
        self.dora = dora
        self._steps: tuple[Step, ...] | None = None

    def __repr__(self) -> str:
        return f"Result(han={self.han}, fu={self.fu}, total={self.settlement.total})"

    @property
    def steps(self) -> tuple[Step, ...]:
        steps = self._steps
        if steps is None:
            steps = self._steps = tuple(hand_steps(self.request, self.best, self.others, self.dora))
        return steps

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
        steps = ", ".join([step_text(step, ascii, code) for step in self.steps])
        reading = reading_text(req, best.reading, ascii)
        return (
            f'{{{self.facts_text()}, "reading": {reading}, '
            f'"fu_items": [{fu_items}], "dora": [{dora}], "readings": [{readings}], '
            f'"rules": {rules_text(req.rules)}, "steps": [{steps}]}}'
        )

    def facts_text(self) -> str:
        """The facts both answers start with, as JSON text without the braces."""
        best, req = self.best, self.request
        code = current()
        yaku = ", ".join([yaku_text(y, code) for y in best.yaku])
        return (
            f'"han": {best.han}, "fu": {best.fu}, "yaku": [{yaku}], '
            f'"yakuman": {best.yakuman}, {settlement_text(self.settlement)}, '
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
    """`reading_entry`'s JSON text, written in place (an answer has one per reading)."""
    said = encode_basestring_ascii if ascii else encode_basestring
    summary, why = said(r.reading.summary()), said(reading_note(r, best))
    return (
        f'{{"summary": {summary}, "han": {r.han}, "fu": {r.fu}, '
        f'"points": {value_text(r.points)}, "chosen": {JSON_BOOL[r is best]}, "why": {why}}}'
    )


def reading_json(req: Request, reading: Reading) -> dict[str, Any]:
    """The reading as JSON, red fives shown where the hand has them."""
    groups = [
        {"kind": kind, "tiles": text, "open": open_, "called": called, "win": win}
        for kind, text, open_, called, win in reading_groups(req, reading)
    ]
    return {
        "shape": reading.shape.value,
        "groups": groups,
        "win": req.win,
        "wait": reading.wait.value,
    }


def reading_text(req: Request, reading: Reading, ascii: bool) -> str:
    """`reading_json`'s JSON text, written in place."""
    said = encode_basestring_ascii if ascii else encode_basestring
    groups = ", ".join(
        [
            f'{{"kind": {json_string(kind)}, "tiles": {said(text)}, "open": {JSON_BOOL[open_]}, '
            f'"called": {"null" if called is None else json_string(called)}, '
            f'"win": {JSON_BOOL[win]}}}'
            for kind, text, open_, called, win in reading_groups(req, reading)
        ]
    )
    return (
        f'{{"shape": {json_string(reading.shape.value)}, "groups": [{groups}], '
        f'"win": {said(req.win)}, "wait": {json_string(reading.wait.value)}}}'
    )


def reading_groups(req: Request, reading: Reading) -> list[tuple[str, str, bool, str | None, bool]]:
    """Each group of the reading: (kind, tiles with the hand's red fives, open, called, win)."""
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
        called = g.called.value if g.called else None
        groups.append((g.kind.value, text, g.open, called, j == reading.win_group))
    return groups


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
JSON_BOOL: Final = {False: "false", True: "true"}


class ByIdentity:
    """JSON texts of shared objects (the yaku entries and fu items every hand with them is
    handed), by language, found by the object's identity: that spares hashing its fields
    (compiled, a frozen dataclass's hash runs as Python). Each entry keeps its object, so no
    other object can come to have its id meanwhile; at most `size` entries a language."""

    __slots__ = ("texts", "size")

    def __init__(self, size: int = 4096) -> None:
        self.texts: dict[str, dict[int, tuple[object, str]]] = {}
        self.size = size

    def get(self, thing: object, code: str) -> str | None:
        texts = self.texts.get(code)
        hit = texts.get(id(thing)) if texts is not None else None
        return hit[1] if hit is not None and hit[0] is thing else None

    def put(self, thing: object, code: str, text: str) -> str:
        texts = self.texts.setdefault(code, {})
        if len(texts) >= self.size:
            texts.clear()
        texts[id(thing)] = (thing, text)
        return text


YAKU_TEXTS: Final = ByIdentity()


def yaku_text(yaku: YakuScore, code: str) -> str:
    """A yaku entry's JSON text, its name in language `code` (the current one)."""
    text = YAKU_TEXTS.get(yaku, code)
    return text if text is not None else YAKU_TEXTS.put(yaku, code, json.dumps(yaku.to_json()))


SETTLEMENT_TEXTS: Final = ByIdentity()


def settlement_text(s: Settlement) -> str:
    """The answer's keys from `limit` to `deltas` as JSON text, written once a settlement:
    they are all the settlement's, and `settle_hand` hands out one Settlement for every win
    of the same han, fu, seat, honba, deposits and rules. No words in it, so one text for
    every language."""
    text = SETTLEMENT_TEXTS.get(s, "")
    if text is not None:
        return text
    b = s.basic
    payments = ", ".join([f"{json_string(k)}: {v}" for k, v in s.payments_by_payer.items()])
    deltas = ", ".join([str(d) for d in s.deltas])
    return SETTLEMENT_TEXTS.put(
        s,
        "",
        f'"limit": {limit_text(b.limit)}, "kazoe": {JSON_BOOL[b.kazoe]}, '
        f'"basic_points": {b.points}, "payments": {{{payments}}}, "honba": {s.honba}, '
        f'"deposits": {s.deposits}, "total": {s.total}, "deltas": [{deltas}]',
    )


@lru_cache(maxsize=64)
def rules_text(rules: RuleSet) -> str:
    return json.dumps(rules.to_json())


@lru_cache(maxsize=16)
def limit_text(limit: Limit | None) -> str:
    return json.dumps(limit.value if limit else None)


STRING_TEXTS: Final[dict[str, str]] = {}  # see json_string


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


FU_ITEM_TEXTS: Final = (ByIdentity(), ByIdentity())  # by ensure_ascii


def fu_item_text(item: FuItem, ascii: bool, code: str) -> str:
    """The item's JSON in language `code` (the current one)."""
    texts = FU_ITEM_TEXTS[ascii]
    text = texts.get(item, code)
    return text if text is not None else texts.put(item, code, value_text(item.to_json(), ascii))


def step_text(step: Step, ascii: bool, code: str) -> str:
    """A step's JSON text (`Step.to_json`'s keys, in its order) in language `code` (the
    current one): the kind a cached fragment, the text escaped once, the numbers (integers
    mostly) written in place. Kept on the step with its language and escaping: most steps
    are shared by every hand that has them (`explain.StepsOf`)."""
    written = step.written
    if written is not None and written[0] == code and written[1] is ascii:
        return written[2]
    said = encode_basestring_ascii if ascii else encode_basestring
    tiles = "null" if step.tiles is None else said(step.tiles)
    text = (
        f'{{"kind": {json_string(step.kind)}, "text": {said(step.text)}, '
        f'"numbers": {numbers_text(step.numbers, ascii)}, "tiles": {tiles}}}'
    )
    step.written = (code, ascii, text)
    return text


def numbers_text(numbers: dict[str, Any], ascii: bool) -> str:
    """A step's numbers as JSON text: `value_text` of the dict, its integers and booleans
    written without a call each."""
    parts = []
    for k, v in numbers.items():
        kind = type(v)
        if kind is int:
            text = str(v)
        elif kind is bool:
            text = JSON_BOOL[cast(bool, v)]
        else:
            text = value_text(v, ascii)
        key = json_string(k) if k.isascii() else value_text(k, ascii)
        parts.append(f"{key}: {text}")
    return f"{{{', '.join(parts)}}}"


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
