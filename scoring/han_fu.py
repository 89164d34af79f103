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

from scoring.engine import ScoringError, words
from scoring.engine.errors import shorten
from scoring.engine.tiles import WIND_LABELS

HAN_MIN, HAN_MAX = 1, 13  # 13 stands for 13 or more, counted as the rules say
FU_MIN, FU_MAX = 20, 130
FU_MAX_LOW_HAN = 110  # no 1 or 2 han hand reaches more fu
SEVEN_PAIRS_FU = 25
LIMIT_HAN = 5  # from here the limits go by han alone

# The messages, in the language of the request or command (the engine's `words`).
WORDS = words.Catalogue(
    "han_fu",
    {
        "han_rule": "from {low} to {high} ({high} stands for {high} or more)",
        "fu_rule": "{pairs} or an even number from {low} to {high}",
        "han_whole": "han must be a whole number {rule}",
        "han_min": "han must be at least {low}: a hand needs a yaku to win, not {typed}",
        "han_max": "han must be {rule}, not {typed}",
        "fu_needed": "fu is needed below {limit} han (from {limit} han up the fu do not count)",
        "fu_whole": "fu must be a whole number, such as 30",
        "fu_rule_not": "fu must be {rule}, not {typed}",
        "fu_low_han": "fu is at most {most} with {han} han, not {fu}",
        "not_typed": "{message}, not {typed}",
        "seat": "the seat wind is E, S, W or N, not {typed}",
        "seat_not_dealer": "the seat wind {wind} is not the dealer's (East): give the seat or "
        "the dealer flag, not both",
        "seat_dealer": "the seat wind {wind} is the dealer's (East): give the seat or the "
        "dealer flag, not both",
    },
)


def han_rule() -> str:
    return words.phrase(WORDS, "han_rule", low=HAN_MIN, high=HAN_MAX)


def fu_rule() -> str:
    return words.phrase(WORDS, "fu_rule", pairs=SEVEN_PAIRS_FU, low=FU_MIN, high=FU_MAX)


def parse_han(text: str | int) -> int:
    """Han: a whole number from 1 to 13."""
    han = whole_number(text, words.phrase(WORDS, "han_whole", rule=han_rule()))
    if han < HAN_MIN:
        raise ScoringError(words.phrase(WORDS, "han_min", low=HAN_MIN, typed=shorten(str(han))))
    if han > HAN_MAX:
        raise ScoringError(words.phrase(WORDS, "han_max", rule=han_rule(), typed=shorten(str(han))))
    return han


def parse_fu(text: str | int, *, han: int | None) -> int | None:
    """Fu: 25 or an even number from 20 to 130, at most 110 at 1–2 han; blank (`None`) only
    from 5 han, or while `han` itself is wrong (`None`)."""
    if str(text).strip() == "":
        if han is not None and han < LIMIT_HAN:
            raise ScoringError(words.phrase(WORDS, "fu_needed", limit=LIMIT_HAN))
        return None
    fu = whole_number(text, words.phrase(WORDS, "fu_whole"))
    if fu != SEVEN_PAIRS_FU and (fu % 2 or not FU_MIN <= fu <= FU_MAX):
        raise ScoringError(
            words.phrase(WORDS, "fu_rule_not", rule=fu_rule(), typed=shorten(str(fu)))
        )
    if han is not None and han <= 2 and fu > FU_MAX_LOW_HAN:
        raise ScoringError(words.phrase(WORDS, "fu_low_han", most=FU_MAX_LOW_HAN, han=han, fu=fu))
    return fu


def whole_number(text: str | int, message: str) -> int:
    """`text` as an int, or `message` (with what was typed, unless nothing was) as the error."""
    try:
        return int(text)
    except ValueError:
        typed = shorten(str(text).strip())
        said = words.phrase(WORDS, "not_typed", message=message, typed=repr(typed))
        raise ScoringError(said if typed else message) from None


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
        raise ScoringError(words.phrase(WORDS, "seat", typed=repr(shorten(seat))))
    east = wind == "E"
    if dealer is not None and dealer != east:
        key = "seat_not_dealer" if dealer else "seat_dealer"
        raise ScoringError(words.phrase(WORDS, key, wind=wind))
    return east
