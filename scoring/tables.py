"""The han/fu table and the limit table as rows for templates.

Every amount comes from `settle`; this module only arranges and labels what the engine says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.engine import RuleSet, Settlement, settle
from scoring.engine.payment import HAN_LIMITS, Limit, amount_text, impossible_reason

FU_ROWS = (20, 25, *range(30, 111, 10))
HAN_COLUMNS = (1, 2, 3, 4)
NOTE_MARKS = "abcdefgh"


def amount(points: int) -> str:
    """An amount as the page's language writes it: `12000` in English, `12,000` in Japanese
    (the engine's catalogues say how each language groups its figures).

    >>> amount(12000)
    '12000'
    """
    return amount_text(points)


def win_title(han: int, fu: int | None, *, dealer: bool, tsumo: bool) -> str:
    """The win in words: `4 han 30 fu, non-dealer ron` (the fu left out when `fu` is None or 0).

    >>> win_title(5, None, dealer=True, tsumo=True)
    '5 han, dealer tsumo'
    """
    if fu:
        count = _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}
    else:
        count = _("%(han)s han") % {"han": han}
    if dealer:
        words = _("%(count)s, dealer tsumo") if tsumo else _("%(count)s, dealer ron")
    else:
        words = _("%(count)s, non-dealer tsumo") if tsumo else _("%(count)s, non-dealer ron")
    return words % {"count": count}


def payment_text(settlement: Settlement) -> str:
    """How players say a payment: `3900` (ron), `1000/2000` (others/dealer), `1300 all`.

    >>> payment_text(settle(3, 30, dealer=False, tsumo=True))
    '1000/2000'
    >>> payment_text(settle(3, 30, dealer=True, tsumo=True))
    '2000 all'
    """
    pay = settlement.payments
    if not settlement.tsumo:
        return amount(pay["ron"])
    if settlement.dealer:
        return _("%(each)s all") % {"each": amount(pay["each"])}
    return _("%(non_dealer)s/%(dealer)s") % {
        "non_dealer": amount(pay["non_dealer"]),
        "dealer": amount(pay["dealer"]),
    }


@dataclass(frozen=True)
class Entry:
    """One way to win in a cell (ron or tsumo), or why no hand wins that way."""

    settlement: Settlement
    text: str
    reason: str = ""
    mark: str = ""  # the footnote's letter when impossible

    @property
    def tsumo(self) -> bool:
        return self.settlement.tsumo

    @property
    def kind(self) -> str:
        return "tsumo" if self.tsumo else "ron"

    @property
    def parts(self) -> list[str]:
        """The pieces a narrow column may break the amount into instead of shrinking the
        figures: after the slash of a non-dealer's tsumo (or the Japanese ・), and between a
        figure and a word written onto it ("900オール"), never inside a figure or a word.

        >>> win = settle(1, 30, dealer=False, tsumo=True)
        >>> [Entry(win, t).parts for t in ("1000/2000", "2000 all", "900オール")]
        [['1000/', '2000'], ['2000 all'], ['900', 'オール']]
        """
        parts = re.split(r"(?<=[/・])|(?<=\d)(?=[^\d,\s/・])", self.text)
        return [p for p in parts if p]

    @property
    def params(self) -> str:
        """This win as query parameters of the cell page."""
        s = self.settlement
        return f"han={s.basic.han}&fu={s.basic.fu}&dealer={int(s.dealer)}&tsumo={int(s.tsumo)}"


@dataclass(frozen=True)
class Cell:
    han: int
    fu: int
    ron: Entry
    tsumo: Entry

    @property
    def limit(self) -> Limit | None:
        return self.ron.settlement.limit


@dataclass(frozen=True)
class Section:
    """The table for one seat: rows of fu, columns of han."""

    dealer: bool
    rows: tuple[tuple[int, tuple[Cell, ...]], ...]

    @property
    def title(self) -> str:
        return _("Dealer") if self.dealer else _("Non-dealer")

    @property
    def slug(self) -> str:
        return "dealer" if self.dealer else "non_dealer"


@dataclass(frozen=True)
class HanFuTable:
    sections: tuple[Section, ...]
    notes: tuple[tuple[str, str], ...]  # (mark, reason)


class Notes:
    """Gives each distinct impossibility reason a footnote letter, in order of appearance."""

    def __init__(self) -> None:
        self.marks: dict[str, str] = {}

    def mark(self, reason: str) -> str:
        if reason and reason not in self.marks:
            self.marks[reason] = NOTE_MARKS[len(self.marks)]
        return self.marks.get(reason, "")


def build_table(
    rules: RuleSet, *, honba: int = 0, sticks: int = 0, seats: tuple[bool, ...] = (False, True)
) -> HanFuTable:
    """The han/fu table for the given seats (False = non-dealer, True = dealer)."""
    notes = Notes()

    def entry(han: int, fu: int, dealer: bool, tsumo: bool) -> Entry:
        s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
        reason = impossible_reason(han, fu, tsumo=tsumo, rules=rules)
        return Entry(s, payment_text(s), reason, notes.mark(reason))

    sections = tuple(
        Section(
            dealer,
            tuple(
                (
                    fu,
                    tuple(
                        Cell(han, fu, entry(han, fu, dealer, False), entry(han, fu, dealer, True))
                        for han in HAN_COLUMNS
                    ),
                )
                for fu in FU_ROWS
            ),
        )
        for dealer in seats
    )
    return HanFuTable(sections, tuple((m, r) for r, m in notes.marks.items()))


@dataclass(frozen=True)
class LimitRow:
    limit: Limit
    han: str  # which hands reach it, in words
    amounts: tuple[str, str, str, str]  # non-dealer ron, tsumo, dealer ron, tsumo
    note: str = ""

    @property
    def seats(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """(ron, tsumo) for the non-dealer, then for the dealer: one cell each, as in the
        han/fu table, so the limit table fits a phone."""
        a = self.amounts
        return (a[0], a[1]), (a[2], a[3])


def han_ranges() -> dict[Limit, str]:
    """The han that reach each limit below yakuman, from the engine's limit table.

    >>> han_ranges()[Limit.BAIMAN]
    '8–10 han'
    """
    lows = sorted(low for low, _ in HAN_LIMITS)
    ranges: dict[Limit, str] = {}
    for low, limit in sorted(HAN_LIMITS):
        high = lows[lows.index(low) + 1] - 1 if low != lows[-1] else 12
        ranges[limit] = (
            _("%(han)s han") % {"han": low}
            if low == high
            else _("%(low)s–%(high)s han") % {"low": low, "high": high}
        )
    return ranges


def build_limits(rules: RuleSet, *, honba: int = 0, sticks: int = 0) -> tuple[LimitRow, ...]:
    """Mangan to double yakuman, with what each pays under `rules`."""

    def amounts(han: int, yakuman: int = 0) -> tuple[str, str, str, str]:
        return tuple(  # type: ignore[return-value]
            payment_text(
                settle(
                    han,
                    30,
                    dealer=dealer,
                    tsumo=tsumo,
                    honba=honba,
                    sticks=sticks,
                    rules=rules,
                    yakuman=yakuman,
                )
            )
            for dealer in (False, True)
            for tsumo in (False, True)
        )

    ranges = han_ranges()
    thirteen = (
        _("13 or more han count as a yakuman (kazoe)")
        if rules.kazoe == "yakuman"
        else _("13 or more han stay a sanbaiman")
    )
    rows = [
        LimitRow(
            Limit.MANGAN,
            ranges[Limit.MANGAN],
            amounts(5),
            _("also 3 han 70+ fu and 4 han 40+ fu, or kiriage: 4 han 30 fu, 3 han 60 fu")
            if rules.kiriage
            else _("also 3 han 70+ fu and 4 han 40+ fu"),
        ),
        LimitRow(Limit.HANEMAN, ranges[Limit.HANEMAN], amounts(6)),
        LimitRow(Limit.BAIMAN, ranges[Limit.BAIMAN], amounts(8)),
        LimitRow(
            Limit.SANBAIMAN,
            ranges[Limit.SANBAIMAN],
            amounts(11),
            thirteen if rules.kazoe != "yakuman" else "",
        ),
        LimitRow(
            Limit.YAKUMAN,
            _("a yakuman hand"),
            amounts(13, yakuman=1),
            thirteen if rules.kazoe == "yakuman" else "",
        ),
        LimitRow(
            Limit.DOUBLE_YAKUMAN,
            _("two yakuman"),
            amounts(13, yakuman=2),
            double_yakuman_note(rules),
        ),
    ]
    return tuple(rows)


def double_yakuman_note(rules: RuleSet) -> str:
    if rules.double_yakuman and rules.yakuman_stacking:
        return _("a double-yakuman pattern, or two yakuman in one hand")
    if rules.yakuman_stacking:
        return _("two yakuman in one hand (no single pattern counts double under these rules)")
    if rules.double_yakuman:
        return _("a double-yakuman pattern (yakuman do not add up under these rules)")
    return _("not used under these rules: a hand is worth one yakuman at most")


def three_players_pay(settlement: Settlement, pay: dict[str, str]) -> list[str]:
    """Who pays at a three-player table, and what the missing North's share did.

    >>> from scoring.engine.rules import get_rules
    >>> win = settle(5, 0, dealer=False, tsumo=True, rules=get_rules("tenhou_sanma"))
    >>> three_players_pay(win, {"dealer": "4000", "non_dealer": "2000"})[1]
    'The other non-dealer pays 2000.'
    """
    if not settlement.tsumo:
        return [_("The discarder pays %(ron)s.") % pay, _("The other player pays nothing.")]
    if settlement.dealer:
        lines = [_("Each of the two other players pays %(each)s.") % pay]
    else:
        lines = [
            _("The dealer pays %(dealer)s.") % pay,
            _("The other non-dealer pays %(non_dealer)s.") % pay,
        ]
    north = settlement.shares[-1]
    if north.north:
        lines.append(
            _("The North seat’s share (%(north)s) is split: each payer adds %(half)s.")
            % {"north": amount(north.rounded), "half": amount(north.north)}
        )
    else:
        lines.append(
            _(
                "Nobody pays the North seat’s %(north)s: a tsumo brings less than a ron "
                "(tsumo loss)."
            )
            % {"north": amount(north.rounded)}  # fmt: skip
        )
    return lines


def honba_extra(rules: RuleSet, honba: int) -> tuple[int, int]:
    """What `honba` counters add to a ron and to each tsumo payment: 100 a counter from each
    payer (a ron's discarder pays for all of them: 300, or 200 with three players).

    >>> from scoring.engine.rules import get_rules
    >>> honba_extra(get_rules("tenhou"), 2), honba_extra(get_rules("tenhou_sanma"), 2)
    ((600, 200), (400, 200))
    """
    return 100 * (rules.players - 1) * honba, 100 * honba


def sanma_note(rules: RuleSet) -> str:
    """A line on a three-player table's payments ("" at four players)."""
    if rules.players != 3:
        return ""
    if rules.tsumo_loss:
        return _(
            "Three players: a tsumo is paid by the two others, each as at four, so nobody "
            "pays the North seat’s share (tsumo loss)."
        )
    return _(
        "Three players: a tsumo is paid by the two others, each adding half of the North "
        "seat’s share (no tsumo loss)."
    )


def signed(points: int) -> str:
    """A score change as printed: `+11700`, `−3900` (a real minus sign), `0`.

    >>> [signed(n) for n in (11700, -3900, 0)]
    ['+11700', '−3900', '0']
    """
    if points == 0:
        return "0"
    return f"+{amount(points)}" if points > 0 else f"\u2212{amount(-points)}"


@dataclass(frozen=True)
class Change:
    who: str
    points: int

    @property
    def text(self) -> str:
        return signed(self.points)


def score_changes(settlement: Settlement) -> tuple[Change, ...]:
    """The score changes in the CLI's order (four, or three at a three-player table), each
    with who it belongs to.

    >>> [c.text for c in score_changes(settle(3, 25, dealer=True, tsumo=False))]
    ['+4800', '−4800', '0', '0']
    >>> [c.who for c in score_changes(settle(3, 25, dealer=True, tsumo=True))]
    ['Winner (dealer)', 'Non-dealer', 'Non-dealer', 'Non-dealer']
    """
    winner = _("Winner (dealer)") if settlement.dealer else _("Winner")
    other, non_dealer = _("Other player"), _("Non-dealer")
    others = settlement.players - 2  # the players besides the winner and the first payer
    if not settlement.tsumo:
        losers = (_("Discarder"), *(other,) * others)
    elif settlement.dealer:
        losers = (non_dealer,) * (others + 1)
    else:
        losers = (_("Dealer"), *(non_dealer,) * others)
    return tuple(
        Change(who, points)
        for who, points in zip((winner, *losers), settlement.deltas, strict=True)
    )


def who_pays(settlement: Settlement) -> list[str]:
    """Who pays the winner what, in sentences (honba included, deposits last).

    >>> who_pays(settle(4, 40, dealer=False, tsumo=True))
    ['The dealer pays 4000.', 'Each of the other two non-dealers pays 2000.']
    """
    pay = {k: amount(v) for k, v in settlement.payments.items()}
    if settlement.players == 3:
        lines = three_players_pay(settlement, pay)
    elif not settlement.tsumo:
        lines = [
            _("The discarder pays %(ron)s.") % pay,
            _("The other two players pay nothing."),
        ]
    elif settlement.dealer:
        lines = [_("Each of the three other players pays %(each)s.") % pay]
    else:
        lines = [
            _("The dealer pays %(dealer)s.") % pay,
            _("Each of the other two non-dealers pays %(non_dealer)s.") % pay,
        ]
    if settlement.sticks:
        lines.append(
            _("The winner also takes the riichi deposits: %(deposits)s.")
            % {"deposits": amount(settlement.deposits)}
        )
    return lines
