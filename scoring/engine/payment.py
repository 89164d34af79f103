"""Han and fu to payments: basic points, the limit, who pays what, honba and deposits.

The method of the references: basic points = fu × 2^(2+han), capped at 2000 (a mangan);
5 han and up are limits looked up by han; each payer's share is a multiple of the basic
points rounded up to 100; honba add 300 a counter; each riichi deposit is 1000 to the winner.

>>> settle(4, 24, dealer=True, tsumo=True).deltas
(11700, -3900, -3900, -3900)
>>> settle(3, 25, dealer=True, tsumo=False).deltas
(4800, -4800, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from .errors import ScoringError
from .rules import RuleSet, get_rules
from .words import Catalogue, Said, Text, phrase, word


class Limit(StrEnum):
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"
    DOUBLE_YAKUMAN = "double_yakuman"
    TRIPLE_YAKUMAN = "triple_yakuman"
    QUADRUPLE_YAKUMAN = "quadruple_yakuman"
    QUINTUPLE_YAKUMAN = "quintuple_yakuman"
    SEXTUPLE_YAKUMAN = "sextuple_yakuman"

    @property
    def label(self) -> str:
        """The limit's name as a heading writes it, in the current language ("Mangan", "満貫")."""
        return word(WORDS, f"label_{self.value}")


# The limits' names and why a hand reaches one, per language.
WORDS = Catalogue(
    "payment",
    {
        **{f"label_{limit.value}": limit.value.replace("_", " ").capitalize() for limit in Limit},
        **{f"name_{limit.value}": limit.value for limit in Limit},
        # An amount of points as the language writes it: English plain ("12000"), Japanese in
        # groups of three ("{points:,}": "12,000"); signed, a change of score ("+3900").
        "amount": "{points}",
        "amount_signed": "{points:+}",
        "counters": "honba and riichi deposits must be from 0 to {most}",
        "yakuman": "yakuman",
        "yakuman_times": "yakuman × {count}",
        "kazoe": "13 or more han is a counted yakuman (kazoe)",
        "kazoe_sanbaiman": "13 or more han counts as a sanbaiman under these rules",
        "by_han": "{han} han is a {limit}",
        "cap": "{formula} is over the cap of {cap}: a mangan",
        "kiriage": "kiriage mangan: {han} han {fu} fu is rounded up to a mangan",
        "only_pinfu_tsumo": "20 fu is only a pinfu tsumo, which is already 2 han "
        "(pinfu + menzen tsumo)",
        "pinfu_tsumo_ron": "20 fu is only a pinfu tsumo: a ron on a closed hand adds 10 fu, "
        "an open one is 30",
        "seven_pairs": "25 fu is seven pairs, which is already 2 han",
        "seven_pairs_tsumo": "seven pairs by tsumo adds menzen tsumo: at least 3 han",
        "one_han_tsumo": "1 han by tsumo stops at 100 fu: the quads and concealed triplets "
        "that 110 fu needs bring sankantsu, sanankou or toitoi, another han",
        "one_han_110": "1 han reaches 110 fu only with a double-wind pair worth 4 fu, and "
        "these rules count it 2 fu",
    },
)


LIMIT_BASIC_POINTS: dict[Limit, int] = {
    Limit.MANGAN: 2000,
    Limit.HANEMAN: 3000,
    Limit.BAIMAN: 4000,
    Limit.SANBAIMAN: 6000,
    Limit.YAKUMAN: 8000,
}
YAKUMAN_LIMITS = (
    Limit.YAKUMAN,
    Limit.DOUBLE_YAKUMAN,
    Limit.TRIPLE_YAKUMAN,
    Limit.QUADRUPLE_YAKUMAN,
    Limit.QUINTUPLE_YAKUMAN,
    Limit.SEXTUPLE_YAKUMAN,
)
# (lowest han, limit) for hands of 5 han or more without a yakuman, highest first.
HAN_LIMITS = ((11, Limit.SANBAIMAN), (8, Limit.BAIMAN), (6, Limit.HANEMAN), (5, Limit.MANGAN))


def han_limit(han: int) -> Limit | None:
    """The limit 5 to 12 han reach whatever the fu; None below 5 han. (From 13 han the rules
    decide: a counted yakuman or a sanbaiman; see `basic_points`.)

    >>> han_limit(4), han_limit(7), han_limit(12)
    (None, <Limit.HANEMAN: 'haneman'>, <Limit.SANBAIMAN: 'sanbaiman'>)
    """
    for low, limit in HAN_LIMITS:
        if han >= low:
            return limit
    return None


BASIC_POINTS_CAP = 2000
KIRIAGE_CELLS = frozenset({(4, 30), (3, 60)})


def round_fu(fu: int) -> int:
    """Fu rounded up to 10, except seven pairs' 25.

    >>> round_fu(22), round_fu(25), round_fu(30)
    (30, 25, 30)
    """
    return fu if fu == 25 else -(-fu // 10) * 10


def round_up_100(points: int) -> int:
    """Points rounded up to the next multiple of 100.

    >>> round_up_100(3840), round_up_100(4800)
    (3900, 4800)
    """
    return -(-points // 100) * 100


def yakuman_limit(count: int) -> Limit:
    """The limit for `count` yakuman (1 = yakuman, 2 = double yakuman, ...)."""
    return YAKUMAN_LIMITS[min(count, len(YAKUMAN_LIMITS)) - 1]


@dataclass(frozen=True)
class BasicPoints:
    """Basic points and how they were reached."""

    han: int
    fu: int  # as given
    fu_rounded: int
    formula: int  # fu_rounded × 2^(2+han), before any cap; 0 when a limit is set by han
    points: int
    limit: Limit | None
    reason: Text  # why the limit applies, worded when read ("" when there is none)
    kazoe: bool = False
    yakuman: int = 0


def basic_points(
    han: int, fu: int, *, rules: RuleSet | None = None, yakuman: int = 0
) -> BasicPoints:
    """Basic points for `han` and `fu`, or for `yakuman` yakuman when that is above 0.

    >>> basic_points(4, 40).points, basic_points(4, 40).limit
    (2000, <Limit.MANGAN: 'mangan'>)
    >>> basic_points(13, 30, rules=get_rules("wrc")).limit
    <Limit.SANBAIMAN: 'sanbaiman'>
    """
    return basic_points_of(han, fu, rules or get_rules(), yakuman)


@lru_cache(maxsize=1024)
def basic_points_of(han: int, fu: int, rules: RuleSet, yakuman: int) -> BasicPoints:
    """`basic_points` with every argument positional (cached)."""
    fu_r = round_fu(fu)
    if yakuman > 0:
        limit = yakuman_limit(yakuman)
        why = (
            Said(WORDS, "yakuman") if yakuman == 1 else Said(WORDS, "yakuman_times", count=yakuman)
        )
        return BasicPoints(han, fu, fu_r, 0, 8000 * yakuman, limit, why, yakuman=yakuman)
    if han >= 13:
        if rules.kazoe == "yakuman":
            return BasicPoints(
                han,
                fu,
                fu_r,
                0,
                8000,
                Limit.YAKUMAN,
                Said(WORDS, "kazoe"),
                kazoe=True,
            )
        return BasicPoints(
            han,
            fu,
            fu_r,
            0,
            6000,
            Limit.SANBAIMAN,
            Said(WORDS, "kazoe_sanbaiman"),
        )
    by_han = han_limit(han)
    if by_han is not None:
        return BasicPoints(
            han,
            fu,
            fu_r,
            0,
            LIMIT_BASIC_POINTS[by_han],
            by_han,
            Said(WORDS, "by_han", han=han, limit=Said(WORDS, f"name_{by_han.value}")),
        )
    formula = fu_r * 2 ** (2 + han)
    if formula >= BASIC_POINTS_CAP:
        return BasicPoints(
            han,
            fu,
            fu_r,
            formula,
            BASIC_POINTS_CAP,
            Limit.MANGAN,
            Said(WORDS, "cap", formula=formula, cap=BASIC_POINTS_CAP),
        )
    if rules.kiriage and (han, fu_r) in KIRIAGE_CELLS:
        return BasicPoints(
            han,
            fu,
            fu_r,
            formula,
            BASIC_POINTS_CAP,
            Limit.MANGAN,
            Said(WORDS, "kiriage", han=han, fu=fu_r),
        )
    return BasicPoints(han, fu, fu_r, formula, formula, None, "")


@dataclass(frozen=True, slots=True)
class Share:
    """What one payer (or each of several alike) pays."""

    payer: str  # "discarder", "dealer", "non_dealer" or "each"
    count: int  # how many players pay this amount
    multiplier: int  # × basic points
    raw: int  # basic points × multiplier
    rounded: int  # raw rounded up to 100
    honba: int  # honba added to this payer's amount
    north: int = 0  # three players without tsumo loss: half the North seat's share, added

    @property
    def amount(self) -> int:
        return self.rounded + self.north + self.honba

    @property
    def value(self) -> int:
        """The payment before honba."""
        return self.rounded + self.north


@dataclass(frozen=True)
class Settlement:
    """Who pays the winner what, honba and deposits included."""

    basic: BasicPoints
    dealer: bool
    tsumo: bool
    honba: int
    sticks: int
    shares: tuple[Share, ...]
    players: int = 4  # 3: a three-player table (two payers at most)

    @property
    def deposits(self) -> int:
        return 1000 * self.sticks

    # Worked out once when the settlement is made (`settle` hands out one Settlement for every
    # win of the same han, fu, seat, honba, deposits and rules, and every answer reads these).
    hand_value: int = field(init=False, compare=False, repr=False)
    """The hand's value before honba and deposits."""
    total: int = field(init=False, compare=False, repr=False)
    """Everything the winner gains: payments with honba, plus deposits."""
    losses: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """The other players' payments (three, or two at a three-player table), largest first (0
    for a non-paying player)."""
    deltas: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Score changes: the winner first, then each loser, largest payment first."""
    payments_by_payer: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        total = 1000 * self.sticks
        hand_value = 0
        paid = []
        for s in self.shares:
            hand_value += s.value * s.count
            total += s.amount * s.count
            paid += [s.amount] * s.count
        paid += [0] * (self.players - 1 - len(paid))
        by_payer = {s.payer if s.payer != "discarder" else "ron": s.amount for s in self.shares}
        setattr_ = object.__setattr__
        setattr_(self, "hand_value", hand_value)
        setattr_(self, "total", total)
        setattr_(self, "losses", tuple(paid))
        setattr_(self, "deltas", (total, *(-p for p in paid)))
        setattr_(self, "payments_by_payer", by_payer)

    @property
    def payments(self) -> dict[str, int]:
        """`{"ron": n}`, `{"dealer": n, "non_dealer": m}` or `{"each": n}`, honba included."""
        return dict(self.payments_by_payer)  # a copy: callers may change their answer

    @property
    def limit(self) -> Limit | None:
        return self.basic.limit


# (dealer, tsumo) -> the shares as (payer, count, multiplier)
SHARE_TABLE: dict[tuple[bool, bool], tuple[tuple[str, int, int], ...]] = {
    (True, False): (("discarder", 1, 6),),
    (False, False): (("discarder", 1, 4),),
    (True, True): (("each", 3, 2),),
    (False, True): (("dealer", 1, 2), ("non_dealer", 2, 1)),
}


MAX_COUNTERS = 99  # honba or riichi deposits: far more than any real table sees


def settle(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    sticks: int = 0,
    rules: RuleSet | None = None,
    yakuman: int = 0,
) -> Settlement:
    """Payments for a win of `han` and `fu` (or `yakuman` yakuman).

    >>> settle(1, 30, dealer=False, tsumo=True, honba=1).payments
    {'dealer': 600, 'non_dealer': 400}
    """
    if not (0 <= honba <= MAX_COUNTERS and 0 <= sticks <= MAX_COUNTERS):
        raise ScoringError(phrase(WORDS, "counters", most=MAX_COUNTERS))
    return settle_hand(han, fu, dealer, tsumo, honba, sticks, rules, yakuman)


@lru_cache(maxsize=4096)  # few han/fu/seat/honba combinations recur across every hand
def settle_hand(
    han: int,
    fu: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    rules: RuleSet | None,
    yakuman: int,
) -> Settlement:
    """`settle` with every argument positional (cached; honba and deposits already checked)."""
    rules = rules or get_rules()
    basic = basic_points_of(han, fu, rules, yakuman)
    if rules.players == 3:
        shares = sanma_shares_of(basic.points, dealer, tsumo, honba, rules.tsumo_loss)
        return Settlement(basic, dealer, tsumo, honba, sticks, shares, 3)
    shares = shares_of(basic.points, dealer, tsumo, 100 * honba if tsumo else 300 * honba)
    return Settlement(basic, dealer, tsumo, honba, sticks, shares)


@lru_cache(maxsize=1024)
def shares_of(points: int, dealer: bool, tsumo: bool, honba_each: int) -> tuple[Share, ...]:
    """Each payer's share of `points` basic points, with `honba_each` added to each."""
    return tuple(
        Share(payer, count, mult, points * mult, round_up_100(points * mult), honba_each)
        for payer, count, mult in SHARE_TABLE[(dealer, tsumo)]
    )


# Three players: a ron is paid as at four; a tsumo by the two others, each paying what it
# would pay at four (the North seat's share is not paid: tsumo loss), or with half the North's
# share added, rounded up to 100 (no tsumo loss: the North's share split, "north bisection").
SANMA_SHARE_TABLE: dict[tuple[bool, bool], tuple[tuple[str, int, int], ...]] = {
    (True, False): (("discarder", 1, 6),),
    (False, False): (("discarder", 1, 4),),
    (True, True): (("each", 2, 2),),
    (False, True): (("dealer", 1, 2), ("non_dealer", 1, 1)),
}


@lru_cache(maxsize=1024)
def sanma_shares_of(
    points: int, dealer: bool, tsumo: bool, honba: int, tsumo_loss: bool
) -> tuple[Share, ...]:
    """Each payer's share of `points` basic points at a three-player table, honba 100 a
    counter from each payer (so a ron's discarder pays 200 a counter, for both the others).

    >>> [s.amount for s in sanma_shares_of(2000, False, True, 1, True)]
    [4100, 2100]
    >>> [s.amount for s in sanma_shares_of(2000, False, True, 0, False)]
    [5000, 3000]
    """
    north = 0
    if tsumo and not tsumo_loss:  # the North would have paid as a non-dealer
        north = round_up_100(round_up_100(points * (2 if dealer else 1)) // 2)
    honba_each = 100 * honba if tsumo else 200 * honba
    return tuple(
        Share(payer, count, mult, points * mult, round_up_100(points * mult), honba_each, north)
        for payer, count, mult in SANMA_SHARE_TABLE[(dealer, tsumo)]
    )


@lru_cache(maxsize=1024)
def hand_value(han: int, fu: int, dealer: bool, tsumo: bool, rules: RuleSet, yakuman: int) -> int:
    """What a win of `han` and `fu` pays before honba and deposits (readings are ranked by
    it; cached apart from `settle_hand`, whose honba and deposits vary from hand to hand)."""
    return settle_hand(han, fu, dealer, tsumo, 0, 0, rules, yakuman).hand_value


def amount_text(points: int, *, sign: bool = False) -> str:
    """Points as the current language writes them ("12000" in English, "12,000" in Japanese).

    >>> from .words import language
    >>> amount_text(12000), amount_text(3900, sign=True)
    ('12000', '+3900')
    >>> with language("ja"):
    ...     amount_text(12000), amount_text(-3900, sign=True)
    ('12,000', '-3,900')
    """
    return phrase(WORDS, "amount_signed" if sign else "amount", points=points)


def format_deltas(deltas: Sequence[int]) -> str:
    """The coding challenge's line: `+11700/-3900/-3900/-3900`, zero as `0`.

    >>> format_deltas((4800, -4800, 0, 0))
    '+4800/-4800/0/0'
    """
    return "/".join(f"{d:+d}" if d else "0" for d in deltas)


def impossible_reason(han: int, fu: int, *, tsumo: bool, rules: RuleSet | None = None) -> str:
    """Why no real hand scores exactly `han` and `fu` this way, or "" when one can.

    1 han tops out at 100 fu by tsumo and, unless a double-wind pair is worth 4 fu, by ron:
    the quads and concealed triplets that would add more bring sankantsu, sanankou or toitoi
    (another han). The largest is a closed ron with two closed quads of terminals or honours,
    a triplet of them completed by the ron and a 4-fu double-wind pair: 102, so 110 fu.

    >>> impossible_reason(1, 20, tsumo=True)
    '20 fu is only a pinfu tsumo, which is already 2 han (pinfu + menzen tsumo)'
    >>> impossible_reason(1, 110, tsumo=False), impossible_reason(2, 110, tsumo=True)
    ('', '')
    >>> impossible_reason(1, 110, tsumo=True)[:30]
    '1 han by tsumo stops at 100 fu'
    """
    if fu == 20 and han < 2:
        return word(WORDS, "only_pinfu_tsumo")
    if fu == 20 and not tsumo:
        return word(WORDS, "pinfu_tsumo_ron")
    if fu == 25 and han < 2:
        return word(WORDS, "seven_pairs")
    if fu == 25 and tsumo and han < 3:
        return word(WORDS, "seven_pairs_tsumo")
    if han == 1 and fu > 100 and tsumo:
        return word(WORDS, "one_han_tsumo")
    if han == 1 and fu > 100 and rules is not None and rules.double_wind_fu == 2:
        return word(WORDS, "one_han_110")
    return ""
