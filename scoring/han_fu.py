"""Han and fu as a person types them: the one place their limits and messages live.

The payment calculator, the han/fu table's cells, the JSON API and the command line all read
han and fu here, so the same mistake gets the same message everywhere. Only the engine is
imported, never Django: the command line uses this without settings.

>>> parse_han("4"), parse_fu("24", han=4)
(4, 24)
>>> parse_fu("", han=6) is None  # from 5 han up the fu do not count
True
>>> parse_fu("120", han=2)
Traceback (most recent call last):
...
scoring.engine.errors.ScoringError: fu is at most 110 with 2 han, not 120
"""

from __future__ import annotations

from scoring.engine import ScoringError
from scoring.engine.errors import shorten
from scoring.engine.tiles import WIND_LABELS

HAN_MIN, HAN_MAX = 1, 13  # 13 stands for 13 or more, counted as the rules say
FU_MIN, FU_MAX = 20, 130
FU_MAX_LOW_HAN = 110  # no 1 or 2 han hand reaches more fu
SEVEN_PAIRS_FU = 25
LIMIT_HAN = 5  # from here the limits go by han alone

HAN_RULE = f"from {HAN_MIN} to {HAN_MAX} ({HAN_MAX} stands for {HAN_MAX} or more)"
FU_RULE = f"{SEVEN_PAIRS_FU} or an even number from {FU_MIN} to {FU_MAX}"


def parse_han(text: str | int) -> int:
    """Han: a whole number from 1 to 13."""
    han = whole_number(text, f"han must be a whole number {HAN_RULE}")
    if han < HAN_MIN:
        raise ScoringError(
            f"han must be at least {HAN_MIN}: a hand needs a yaku to win, not {shorten(str(han))}"
        )
    if han > HAN_MAX:
        raise ScoringError(f"han must be {HAN_RULE}, not {shorten(str(han))}")
    return han


def parse_fu(text: str | int, *, han: int | None) -> int | None:
    """Fu: 25 or an even number from 20 to 130, at most 110 at 1–2 han; blank (`None`) only
    from 5 han, or while `han` itself is wrong (`None`)."""
    if str(text).strip() == "":
        if han is not None and han < LIMIT_HAN:
            raise ScoringError(
                f"fu is needed below {LIMIT_HAN} han (from {LIMIT_HAN} han up the fu do not count)"
            )
        return None
    fu = whole_number(text, "fu must be a whole number, such as 30")
    if fu != SEVEN_PAIRS_FU and (fu % 2 or not FU_MIN <= fu <= FU_MAX):
        raise ScoringError(f"fu must be {FU_RULE}, not {shorten(str(fu))}")
    if han is not None and han <= 2 and fu > FU_MAX_LOW_HAN:
        raise ScoringError(f"fu is at most {FU_MAX_LOW_HAN} with {han} han, not {fu}")
    return fu


def whole_number(text: str | int, message: str) -> int:
    """`text` as an int, or `message` (with what was typed, unless nothing was) as the error."""
    try:
        return int(text)
    except ValueError:
        typed = shorten(str(text).strip())
        raise ScoringError(f"{message}, not {typed!r}" if typed else message) from None


def dealer_from_seat(seat: str, *, dealer: bool | None = None) -> bool:
    """Whether the winner deals, from the winner's seat wind (the dealer sits East): the
    coding challenge's other way to say it. A dealer flag given beside it must agree.

    >>> dealer_from_seat("E"), dealer_from_seat("s")
    (True, False)
    >>> try:
    ...     dealer_from_seat("S", dealer=True)
    ... except ScoringError as e:
    ...     print(e)
    the seat wind S is not the dealer's (East): give the seat or the dealer flag, not both
    """
    wind = seat.strip().upper()
    if wind not in WIND_LABELS:
        raise ScoringError(f"the seat wind is E, S, W or N, not {shorten(seat)!r}")
    east = wind == "E"
    if dealer is not None and dealer != east:
        what = "is not" if dealer else "is"
        raise ScoringError(
            f"the seat wind {wind} {what} the dealer's (East): give the seat or the dealer "
            "flag, not both"
        )
    return east
