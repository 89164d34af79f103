"""The explanation as data: ordered steps that each say what happened and with which numbers.

Steps are built from the results of each stage; nothing here recomputes a score. A step keeps
what it says as data (a sentence of this module's catalogue and its numbers) and words it in
the current language when its `text` is read, so a cached result serves every language.

>>> from .payment import settle
>>> from .words import language
>>> steps = settlement_steps(settle(1, 30, dealer=False, tsumo=False))
>>> [s.kind for s in steps]
['fu_rounding', 'basic_points', 'payment', 'total']
>>> steps[-1].text
'the winner gains 1000'
>>> with language("ja"):
...     steps[-1].text
'和了者の収入：1,000点'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .decompose import wait_words
from .payment import WORDS as LIMIT_WORDS
from .payment import BasicPoints, Settlement, Share
from .sanma_words import SANMA
from .tiles import tile_name
from .words import Catalogue, Joined, Said, Text, fixed, phrase, said_with
from .yaku import DORA_IDS, YAKU_NAMES, YakuScore

if TYPE_CHECKING:
    from .evaluate import DoraCount, Scored
    from .fu import FuItem
    from .request import Request

PAYER_NAMES = {
    "discarder": "the discarder",
    "dealer": "the dealer",
    "non_dealer": "each non-dealer",
    "each": "each other player",
}

# Every sentence of a hand's explanation, per language. English is the text the API and the
# pages have always shown; Japanese is written as a scoring book writes it (翻, 符, 点).
WORDS = Catalogue(
    "explain",
    {
        **{f"payer_{k}": v for k, v in PAYER_NAMES.items()},
        "fu_exact": "{fu} fu needs no rounding",
        "fu_exact_25": "{fu} fu needs no rounding (seven pairs stay at 25)",
        "fu_rounds": "{fu} fu rounds up to {rounded} fu",
        "basic_points": "basic points = fu × 2^(2 + han) = {fu} × 2^{power} = {formula}",
        "limit": "{label}: {reason}; basic points are {points}",
        "pays_rounded": "{who} pays {base} × {multiplier} = {raw}, rounded up to {rounded}",
        "pays_exact": "{who} pays {base} × {multiplier} = {raw} (a multiple of 100)",
        "honba_tsumo": "{honba} honba: 100 from each payer per counter, +{each} on each payment",
        "honba_ron": "{honba} honba: 300 from the discarder per counter, +{each} on each payment",
        "deposit": "{sticks} riichi deposit on the table: +{points} to the winner",
        "deposits": "{sticks} riichi deposits on the table: +{points} to the winner",
        "gains": "the winner gains {total}",
        "gains_ron": "the winner gains {amount} + {deposits} = {total}",
        "gains_all": "the winner gains {each} × {count} = {total}",
        "gains_all_deposits": "the winner gains {each} × {count} + {deposits} = {total}",
        "gains_split": "the winner gains {dealer} + {non_dealer} × {count} = {total}",
        "gains_split_deposits": "the winner gains {dealer} + {non_dealer} × {count} "
        "+ {deposits} = {total}",
        "rounding_note": "Before rounding both are {raw}. A ron is rounded once: {ron}. "
        "A tsumo rounds each payment: {parts} = {tsumo}, so it brings {more} more.",
        "part": "{amount}",
        "part_times": "{amount} × {count}",
        "plus": " + ",
        # Tiles ({summary}, {win}, {group}, {indicator}, {tile}) are MPSZ codes in every
        # language: wherever a translation puts them, a page draws them as pictures named in
        # its language (scoring/templatetags/tiles.py, tile_text).
        "reading": "read as {summary}; {win} completes {group}: {wait}",
        "yaku": "{name}: {han} han",
        "yaku_open": "{name}: {han} han (one han less because the hand is open)",
        "yakuman": "{name}: yakuman ({han} han)",
        "double_yakuman": "{name}: double yakuman ({han} han)",
        "dora_held": "dora indicator {indicator} points at {tile}: {held} in the hand, {held} han",
        "dora_none": "dora indicator {indicator} points at {tile}: none in the hand",
        "ura_dora_held": "ura dora indicator {indicator} points at {tile}: "
        "{held} in the hand, {held} han",
        "ura_dora_none": "ura dora indicator {indicator} points at {tile}: none in the hand",
        "red_five": "{count} red five: {count} han",
        "red_fives": "{count} red fives: {count} han",
        "han_text": "{han} han",
        "han_text_kazoe": "13 han (counted yakuman)",
        "han_text_kazoe_all": "13 han (counted yakuman; {han} han in all)",
        "han_sum": "han: {parts} = {han}",
        "han_one": "han: {han}",
        "han_sum_kazoe": "han: {parts} = {han}: 13 or more, paid as 13 han (counted yakuman)",
        "han_one_kazoe": "han: {han}: 13 or more, paid as 13 han (counted yakuman)",
        "fu_yakuman": "fu do not change the payment: a yakuman",
        "fu_item": "+{fu} fu: {reason}",
        "fu_total": "fu: {total} in all",
        "fu_total_limit": "fu: {total} in all; they do not change the payment: "
        "{han} han is a limit hand",
        "fu_total_rounded_limit": "fu: {total} in all, rounded up to {fu}; they do not change "
        "the payment: {han} han is a limit hand",
        "chosen_pays_most": "the chosen reading: it pays the most",
        "chosen": "the chosen reading",
        "no_yaku": "no yaku",
        "pays_less": "pays less ({points} against {best})",
        "real_yakuman": "same points, but a real yakuman ranks above a counted (kazoe) one",
        "fewer_han": "same points, fewer han ({han} against {best})",
        "fewer_fu": "same points and han, fewer fu ({fu} against {best})",
        "same": "scores the same; the first found is shown",
        "only_reading": "this is the only way to read the hand",
        "other_reading": "{count} other reading: {notes}",
        "other_readings": "{count} other readings: {notes}",
        "note": "{summary}: {why}",
        "notes": "; ",
    },
)


class Step:
    """One step of an explanation: its kind, what it says (worded in the current language
    when `text` is read), its numbers and the tiles it is about. A value: never changed once
    made.

    A plain class with its own `__init__`, not a frozen dataclass: an explanation makes about
    twenty, and compiled, a frozen dataclass's generated `__init__` costs twenty times as much.

    >>> Step("fu", "x", {"fu": 2}) == Step("fu", "x", {"fu": 2})
    True
    """

    __slots__ = ("kind", "said", "numbers", "tiles", "written")

    def __init__(
        self,
        kind: str,
        said: Text,
        numbers: dict[str, Any] | None = None,
        tiles: str | None = None,
    ) -> None:
        self.kind = kind
        self.said = said
        self.numbers: dict[str, Any] = {} if numbers is None else numbers
        self.tiles = tiles
        # The last JSON text written for it (`result.step_text`), with its language and
        # escaping: most steps are shared by every hand that has them (below), so each is
        # written once a language, as a `Said` is worded once.
        self.written: tuple[str, bool, str] | None = None

    @property
    def text(self) -> str:
        return str(self.said)

    def to_json(self) -> dict[str, Any]:
        """As JSON; its numbers a copy (lists too), since the step may be shared."""
        numbers = {k: list(v) if type(v) is list else v for k, v in self.numbers.items()}
        return {"kind": self.kind, "text": self.text, "numbers": numbers, "tiles": self.tiles}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and (
            (self.kind, self.said, self.numbers, self.tiles)
            == (other.kind, other.said, other.numbers, other.tiles)
        )

    def __repr__(self) -> str:
        return f"Step({self.kind!r}, {self.said!r}, {self.numbers!r}, {self.tiles!r})"


class StepsOf:
    """The steps made from one shared object — a settlement, a yaku's score, a fu item: each
    made once (by `payment`'s, `yaku`'s and `fu`'s caches) for every hand that has it — kept
    by the object's identity, so that such steps are made and worded once, not once a hand.
    Each entry keeps its object, so no other object can come to have its id meanwhile; at
    most `size` entries (then it starts again).

    Steps are kept only by what they are made of, never by a whole hand or request."""

    __slots__ = ("kept", "size")

    def __init__(self, size: int = 4096) -> None:
        self.kept: dict[int, tuple[object, tuple[Step, ...]]] = {}
        self.size = size

    def get(self, thing: object) -> tuple[Step, ...] | None:
        hit = self.kept.get(id(thing))
        return hit[1] if hit is not None and hit[0] is thing else None

    def put(self, thing: object, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        if len(self.kept) >= self.size:
            self.kept.clear()
        self.kept[id(thing)] = (thing, steps)
        return steps


def say(entry: str, /, **fields: object) -> Said:
    """A sentence of this module's catalogue, worded when read."""
    return said_with(WORDS, entry, fields) if fields else fixed(WORDS, entry)


def parts_of(shares: Sequence[Share], *, rounded: bool) -> Joined:
    """Payments added up: `500 + 300 × 2` (each share's amount, or before honba `rounded`)."""
    return Joined(
        WORDS,
        "plus",
        tuple(
            say("part", amount=a) if s.count == 1 else say("part_times", amount=a, count=s.count)
            for s in shares
            for a in [s.rounded if rounded else s.amount]
        ),
    )


def settlement_steps(settlement: Settlement) -> list[Step]:
    """Rounding, basic points, the limit, each payer, honba, deposits and the total.

    Each part is made once for what it is made of (the basic points, a share, the honba, the
    deposits: `payment` shares those objects between every win that has them) and kept: the
    same steps recur from hand to hand. Only the total is made for each settlement."""
    return [
        *kept_basic_point_steps(settlement.basic),
        *(kept_share_step(s, settlement) for s in settlement.shares),
        *north_steps(settlement),
        *honba_steps(settlement),
        *deposit_steps(settlement.sticks, settlement.deposits),
        total_step(settlement),
    ]


BASIC_POINT_STEPS = StepsOf()


def kept_basic_point_steps(b: BasicPoints) -> tuple[Step, ...]:
    steps = BASIC_POINT_STEPS.get(b)
    return steps if steps is not None else BASIC_POINT_STEPS.put(b, basic_point_steps(b))


def basic_point_steps(b: BasicPoints) -> tuple[Step, ...]:
    """Rounding the fu, the basic points and the limit (`payment.basic_points_of` makes one
    `BasicPoints` for each han, fu, rules and yakuman)."""
    steps: list[Step] = []
    if b.yakuman == 0 and b.han < 5 and not b.kazoe:
        if b.fu == b.fu_rounded:
            said = say("fu_exact_25" if b.fu == 25 else "fu_exact", fu=b.fu)
        else:
            said = say("fu_rounds", fu=b.fu, rounded=b.fu_rounded)
        steps.append(Step("fu_rounding", said, {"fu": b.fu, "rounded": b.fu_rounded}))
    if b.formula:
        said = say("basic_points", fu=b.fu_rounded, power=2 + b.han, formula=b.formula)
        steps.append(
            Step(
                "basic_points",
                said,
                {"fu": b.fu_rounded, "han": b.han, "formula": b.formula, "basic_points": b.points},
            )
        )
    if b.limit is not None:
        label = fixed(LIMIT_WORDS, f"label_{b.limit.value}")
        said = say("limit", label=label, reason=b.reason, points=b.points)
        steps.append(
            Step(
                "limit",
                said,
                {
                    "limit": b.limit.value,
                    "basic_points": b.points,
                    "kazoe": b.kazoe,
                    "yakuman": b.yakuman,
                },
            )
        )
    return tuple(steps)


def payer_words(share: Share) -> Said:
    """Who pays a share: the one other non-dealer of a three-player tsumo is said so."""
    if share.payer == "non_dealer" and share.count == 1:
        return Said(SANMA, "payer_other")
    return say(f"payer_{share.payer}")


SHARE_STEPS = StepsOf()


def kept_share_step(share: Share, settlement: Settlement) -> Step:
    """`share_step`, made once for each share (`payment.shares_of` makes one for each basic
    points, seat, tsumo and honba, so a share stands for its settlement's basic points)."""
    kept = SHARE_STEPS.get(share)
    if kept is not None:
        return kept[0]
    return SHARE_STEPS.put(share, (share_step(share, settlement),))[0]


def share_step(share: Share, settlement: Settlement) -> Step:
    numbers = {
        "payer": share.payer,
        "count": share.count,
        "multiplier": share.multiplier,
        "raw": share.raw,
        "rounded": share.rounded,
    }
    if share.north:  # three players, the North's share split between the two payers
        numbers["north"] = share.north
        said: Said = Said(
            SANMA,
            "pays_split",
            who=payer_words(share),
            base=settlement.basic.points,
            multiplier=share.multiplier,
            raw=share.raw,
            rounded=share.rounded,
            half=share.north,
            amount=share.value,
        )
        return Step("payment", said, numbers)
    said = say(
        "pays_rounded" if share.rounded != share.raw else "pays_exact",
        who=payer_words(share),
        base=settlement.basic.points,
        multiplier=share.multiplier,
        raw=share.raw,
        rounded=share.rounded,
    )
    return Step("payment", said, numbers)


def north_steps(settlement: Settlement) -> list[Step]:
    """Three players: what the missing North seat would have paid for a tsumo, and where it
    went (lost to the winner, or split between the two payers)."""
    if settlement.players != 3 or not settlement.tsumo:
        return []
    shares = settlement.shares
    north = shares[-1].rounded  # the North pays as a non-dealer (as "each" for the dealer)
    if shares[0].north:
        said = Said(SANMA, "north_split", north=north, half=shares[0].north)
        return [Step("north", said, {"north": north, "split": shares[0].north, "lost": 0})]
    value = settlement.hand_value
    said = Said(SANMA, "tsumo_loss", north=north, total=value)
    return [Step("north", said, {"north": north, "split": 0, "lost": north})]


def honba_steps(settlement: Settlement) -> tuple[Step, ...]:
    if not settlement.honba:
        return ()
    payers = sum(s.count for s in settlement.shares)
    sanma_ron = settlement.players == 3 and not settlement.tsumo
    each = settlement.shares[0].honba
    return (honba_step(settlement.honba, each, payers, settlement.tsumo, sanma_ron),)


@lru_cache(maxsize=1024)  # honba counters, and who pays them: a few dozen cases
def honba_step(honba: int, each: int, payers: int, tsumo: bool, sanma_ron: bool) -> Step:
    if sanma_ron:
        said: Said = Said(SANMA, "honba_ron", honba=honba, each=each)
    else:
        said = say("honba_tsumo" if tsumo else "honba_ron", honba=honba, each=each)
    return Step("honba", said, {"honba": honba, "per_payer": each, "total": each * payers})


@lru_cache(maxsize=128)
def deposit_steps(sticks: int, points: int) -> tuple[Step, ...]:
    """The riichi deposits the winner collects (`points` in all)."""
    if not sticks:
        return ()
    said = say("deposit" if sticks == 1 else "deposits", sticks=sticks, points=points)
    return (Step("deposits", said, {"sticks": sticks, "points": points}),)


def total_step(settlement: Settlement) -> Step:
    """What the winner gains: one payment, one paid by all (オール), or the non-dealers' and
    the dealer's (子・親), with any deposits."""
    shares, deposits, total = settlement.shares, settlement.deposits, settlement.total
    first = shares[0]
    if len(shares) == 2 and shares[1].count == 1:  # three players: one non-dealer pays
        said = Said(
            SANMA,
            "gains_pair_deposits" if deposits else "gains_pair",
            dealer=first.amount,
            non_dealer=shares[1].amount,
            deposits=deposits,
            total=total,
        )
    elif len(shares) == 2:
        non_dealer = shares[1]
        said = say(
            "gains_split_deposits" if deposits else "gains_split",
            dealer=first.amount,
            non_dealer=non_dealer.amount,
            count=non_dealer.count,
            deposits=deposits,
            total=total,
        )
    elif first.count > 1:
        said = say(
            "gains_all_deposits" if deposits else "gains_all",
            each=first.amount,
            count=first.count,
            deposits=deposits,
            total=total,
        )
    elif deposits:
        said = say("gains_ron", amount=first.amount, deposits=deposits, total=total)
    else:
        said = say("gains", total=total)
    return Step("total", said, {"total": settlement.total, "deltas": list(settlement.deltas)})


def rounding_note(ron: Settlement, tsumo: Settlement) -> str:
    """Why a tsumo of the same hand brings more than a ron, or "" when both come to the same.

    Each tsumo payment is rounded up to 100 on its own, a ron payment only once.

    >>> from .payment import settle
    >>> def both(han, fu, dealer):
    ...     return [settle(han, fu, dealer=dealer, tsumo=t) for t in (False, True)]
    >>> print(rounding_note(*both(1, 30, False)))  # doctest: +NORMALIZE_WHITESPACE
    Before rounding both are 960. A ron is rounded once: 1000. A tsumo rounds each payment:
    500 + 300 × 2 = 1100, so it brings 100 more.
    >>> rounding_note(*both(1, 30, True))
    ''
    """
    if ron.hand_value == tsumo.hand_value:
        return ""
    raw = sum(s.raw * s.count for s in ron.shares)
    return phrase(
        WORDS,
        "rounding_note",
        raw=raw,
        ron=ron.hand_value,
        parts=str(parts_of(tsumo.shares, rounded=True)),
        tsumo=tsumo.hand_value,
        more=tsumo.hand_value - ron.hand_value,
    )


# The hand's own steps: which reading, its yaku, dora and fu. They read the scored reading
# (`evaluate.Scored`) and never score anything themselves.


def hand_steps(
    request: Request, best: Scored, others: Sequence[Scored], dora: DoraCount
) -> list[Step]:
    """Every step of a scored hand, in the order a person would work it out.

    >>> from .request import parse_request
    >>> from .evaluate import count_dora, score_readings
    >>> req = parse_request({"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]})
    >>> best, *others = score_readings(req)
    >>> [s.kind for s in hand_steps(req, best, others, count_dora(req))][:4]
    ['reading', 'yaku', 'yaku', 'han']
    """
    assert best.settlement is not None
    return [
        reading_step(request, best),
        *yaku_steps(best),
        *dora_steps(best, dora),
        han_step(best),
        *fu_steps(best),
        *settlement_steps(best.settlement),
        readings_step(best, others),
    ]


def reading_step(request: Request, best: Scored) -> Step:
    r = best.reading
    group = r.groups[r.win_group]
    said = say(
        "reading",
        summary=best_summary(best),
        win=request.win,
        group=group.text(),
        wait=wait_words(r.wait),
    )
    return Step(
        "reading",
        said,
        {"shape": r.shape.value, "wait": r.wait.value},
        " ".join(g.text() for g in r.groups),
    )


def best_summary(s: Scored) -> str:
    return " ".join(g.text() for g in s.reading.groups)


def yaku_steps(best: Scored) -> list[Step]:
    return [yaku_step(y) for y in best.yaku if y.id not in DORA_IDS]


YAKU_STEPS = StepsOf()


def yaku_step(y: YakuScore) -> Step:
    """A yaku and its han (made once for each score: `yaku.score_table` shares them)."""
    kept = YAKU_STEPS.get(y)
    if kept is not None:
        return kept[0]
    name = fixed(YAKU_NAMES, y.id)
    if y.yakuman:
        key = "double_yakuman" if y.yakuman == 2 else "yakuman"
    else:
        key = "yaku_open" if y.open_reduced else "yaku"
    said = say(key, name=name, han=y.han)
    step = Step("yaku", said, {"id": y.id, "han": y.han, "yakuman": y.yakuman})
    return YAKU_STEPS.put(y, (step,))[0]


def dora_steps(best: Scored, dora: DoraCount) -> list[Step]:
    if best.yakuman:
        return []
    steps = []
    for h in dora.hits:
        if h.kita:  # three players: the Norths set aside are dora too when North is
            said = Said(
                SANMA,
                f"{'ura_' if h.kind == 'ura_dora' else ''}nukidora_dora",
                indicator=h.indicator,
                tile=tile_name(h.tile),
                held=h.held - h.kita,
                kita=h.kita,
                total=h.held,
            )
            numbers = {"kind": h.kind, "count": h.held, "kita": h.kita}
            steps.append(Step("dora", said, numbers, h.indicator))
            continue
        steps.append(indicator_step(h.kind, h.indicator, h.tile, h.held))
    if dora.nukidora:
        key = "nukidora.n" if dora.nukidora > 1 else "nukidora"
        said = Said(SANMA, key, count=dora.nukidora)
        steps.append(Step("dora", said, {"kind": "nukidora", "count": dora.nukidora}, "4z"))
    if dora.aka:
        steps.append(red_five_step(dora.aka))
    return steps


@lru_cache(maxsize=1024)  # 2 kinds × 37 indicators × 0–4 held: every hand shares them
def indicator_step(kind: str, indicator: str, tile: int, held: int) -> Step:
    """A dora or ura dora indicator, what it points at and how many the hand holds."""
    said = say(
        f"{kind}_held" if held else f"{kind}_none",
        indicator=indicator,
        tile=tile_name(tile),
        held=held,
    )
    return Step("dora", said, {"kind": kind, "count": held}, indicator)


@lru_cache(maxsize=8)
def red_five_step(count: int) -> Step:
    said = say("red_fives" if count > 1 else "red_five", count=count)
    return Step("dora", said, {"kind": "aka_dora", "count": count})


def han_text(han: int, *, kazoe: bool = False) -> str:
    """A hand's han in words (in the current language); a counted yakuman is said as the 13
    han it is paid as, with the han it counted beside them.

    >>> han_text(3), han_text(16, kazoe=True), han_text(13, kazoe=True)
    ('3 han', '13 han (counted yakuman; 16 han in all)', '13 han (counted yakuman)')
    """
    if not kazoe:
        return phrase(WORDS, "han_text", han=han)
    return phrase(WORDS, "han_text_kazoe_all" if han > 13 else "han_text_kazoe", han=han)


def han_step(best: Scored) -> Step:
    kazoe = best.settlement is not None and best.settlement.basic.kazoe
    parts = " + ".join([str(y.han) for y in best.yaku])
    return han_sum_step(parts, len(best.yaku) > 1, best.han, best.yakuman, kazoe)


@lru_cache(maxsize=1024)  # the han of each yaku, added up: the same sums recur
def han_sum_step(parts: str, many: bool, han: int, yakuman: int, kazoe: bool) -> Step:
    key = "han_sum" if many else "han_one"
    said = say(key + "_kazoe" if kazoe else key, parts=parts, han=han)
    return Step("han", said, {"han": han, "yakuman": yakuman, "kazoe": kazoe})


def fu_steps(best: Scored) -> list[Step]:
    """Each fu item and the total; a limit hand's fu are counted all the same (a fu question
    asks them), with a word that they do not change its payment. A yakuman's are not."""
    if best.yakuman:
        return [yakuman_fu_step(best.fu_total)]
    steps = [fu_item_step(i) for i in best.fu_items]
    steps.append(fu_total_step(best.fu_total, best.fu, best.han))
    return steps


FU_ITEM_STEPS = StepsOf()


def fu_item_step(item: FuItem) -> Step:
    """A fu item (made once for each item: `fu` shares them)."""
    kept = FU_ITEM_STEPS.get(item)
    if kept is not None:
        return kept[0]
    step = Step("fu", say("fu_item", fu=item.fu, reason=item.why), {"fu": item.fu}, item.tiles)
    return FU_ITEM_STEPS.put(item, (step,))[0]


@lru_cache(maxsize=1024)
def fu_total_step(total: int, fu: int, han: int) -> Step:
    if han < 5:
        key = "fu_total"
    elif fu != total:
        key = "fu_total_rounded_limit"
    else:
        key = "fu_total_limit"
    return Step("fu_total", say(key, total=total, fu=fu, han=han), {"fu": total})


@lru_cache(maxsize=256)
def yakuman_fu_step(total: int) -> Step:
    return Step("fu", say("fu_yakuman"), {"fu": total})


def reading_note(s: Scored, best: Scored) -> str:
    """Why a reading was or was not the one scored (in the current language)."""
    return str(reading_note_words(s, best))


def reading_note_words(s: Scored, best: Scored) -> Said:
    if s is best:
        return say("chosen_pays_most" if best.points else "chosen")
    if not s.yaku:
        return say("no_yaku")
    if s.points != best.points:
        return say("pays_less", points=s.points, best=best.points)
    if not s.yakuman and best.yakuman:
        return say("real_yakuman")
    if s.han != best.han:
        return say("fewer_han", han=s.han, best=best.han)
    if s.fu != best.fu:
        return say("fewer_fu", fu=s.fu, best=best.fu)
    return say("same")


def readings_step(best: Scored, others: Sequence[Scored]) -> Step:
    if not others:
        return only_reading_step()
    notes = Joined(
        WORDS,
        "notes",
        tuple(
            say("note", summary=s.reading.summary_words(), why=reading_note_words(s, best))
            for s in others
        ),
    )
    said = say(
        "other_readings" if len(others) > 1 else "other_reading", count=len(others), notes=notes
    )
    return Step("readings", said, {"count": 1 + len(others)})


@lru_cache(maxsize=1)
def only_reading_step() -> Step:
    return Step("readings", say("only_reading"), {"count": 1})
