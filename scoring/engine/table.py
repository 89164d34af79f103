"""The table between hands: seats, the counters (honba, riichi deposits), the dealer and the
round, the hand's name, and whether a hand is tenpai.

Seats are fixed places: seat 0 sat as East in the first hand, then 1, 2, 3 counterclockwise.
The dealer of hand N of a round is seat N − 1, so the hand's number comes from the dealer.

>>> hand_name("E", 3, 1)
'East 4, 1 honba'
>>> counters_after(State("E", 3, 1, 0), dealer_stays=False, honba_up=True)
Counters(dealer=0, round='S', hand=1, honba=2, game_over=False)
>>> waits("123456789m1122p")
('1p', '2p')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .decompose import readings
from .end_words import END, ERRORS, wind_word
from .errors import ScoringError
from .tiles import names_and_counts, tile_name
from .words import phrase

ROUNDS = ("E", "S", "W", "N")
SEAT_WINDS = ("E", "S", "W", "N")
Length = Literal["hanchan", "tonpuusen"]
LAST_ROUND: dict[str, str] = {"hanchan": "S", "tonpuusen": "E"}


def hand_name(round_: str, dealer: int, honba: int) -> str:
    """The hand's name as a table says it: round, hand number (the dealer's seat + 1), honba."""
    return phrase(END, "hand_name", wind=wind_word(round_), number=dealer + 1, honba=honba)


def seat_wind(seat: int, dealer: int, players: int = 4) -> str:
    """A seat's wind this hand: the dealer is East, then counterclockwise (East, South and
    West at a three-player table).

    >>> seat_wind(0, 3), seat_wind(0, 2, players=3)
    ('S', 'S')
    """
    return SEAT_WINDS[(seat - dealer) % players]


def turn_order(after: int, players: int = 4) -> tuple[int, ...]:
    """The other seats counterclockwise from `after` (the first has the next turn).

    >>> turn_order(2), turn_order(2, players=3)
    ((3, 0, 1), (0, 1))
    """
    return tuple((after + k) % players for k in range(1, players))


@dataclass(frozen=True)
class State:
    """Where the game stands at the start of a hand."""

    round: str
    dealer: int
    honba: int
    sticks: int
    length: Length = "hanchan"
    players: int = 4  # 3 at a three-player table (seats 0 to 2)

    @property
    def name(self) -> str:
        return hand_name(self.round, self.dealer, self.honba)


@dataclass(frozen=True)
class Counters:
    """The next hand: dealer, round, hand number and honba, or the game's end."""

    dealer: int
    round: str
    hand: int
    honba: int
    game_over: bool


def counters_after(state: State, *, dealer_stays: bool, honba_up: bool) -> Counters:
    """The next hand's counters: honba up by one (a dealer win, any draw) or back to 0 (a
    non-dealer win); the dealer stays (renchan) or passes counterclockwise, and after the last
    hand of a round the round moves on; the game is over once the last round's last dealer
    has passed. (Honba staying as they are, as after a chombo, is `dealer_stays=True,
    honba_up=False` with the honba put back by the caller.)"""
    honba = state.honba + 1 if honba_up else 0
    if dealer_stays:
        return Counters(state.dealer, state.round, state.dealer + 1, honba, False)
    dealer = (state.dealer + 1) % state.players
    round_ = state.round
    over = False
    if dealer == 0:
        over = state.round == LAST_ROUND[state.length]
        round_ = ROUNDS[(ROUNDS.index(state.round) + 1) % 4]
    return Counters(dealer, round_, dealer + 1, honba, over)


# ---- tenpai -----------------------------------------------------------------------------------


def waits(text: str) -> tuple[str, ...]:
    """The tiles that would complete a hand of 13 tiles (or 10, 7, 4 or 1 beside called
    melds); empty when it is noten. No yaku is needed; a wait on a tile whose four copies
    are all in the hand itself does not count (karaten)."""
    _, counts, _, _ = names_and_counts(text, what="hand")
    size = sum(counts)
    if size not in (1, 4, 7, 10, 13):
        raise ScoringError(phrase(ERRORS, "draw_tiles", tiles=repr(text), size=size))
    found = []
    for tile in range(34):
        if counts[tile] >= 4:
            continue
        with_tile = list(counts)
        with_tile[tile] += 1
        if is_complete(tuple(with_tile), tile, size + 1):
            found.append(tile_name(tile))
    return tuple(found)


def is_complete(counts: tuple[int, ...], win: int, size: int) -> bool:
    """Whether concealed tile counts are a winning shape (seven pairs and thirteen orphans
    only with all 14 tiles concealed)."""
    found = readings(counts, win, ())
    if size == 14:
        return bool(found)
    return any(len(r.groups) == 1 + (size - 2) // 3 for r in found)


def is_tenpai(text: str) -> bool:
    """Whether a hand is one tile from a winning shape.

    >>> is_tenpai("19m19p19s1234567z"), is_tenpai("123456789m1357p")
    (True, False)
    """
    return bool(waits(text))
