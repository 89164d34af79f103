"""A hand being laid out: its groups, what a recipe may read, and the tile sets it draws from."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.tiles import DRAGONS, EAST, GREEN_TILES, TERMINALS_AND_HONOURS, indicator_of

WINDS = "ESWN"
HONOURS = tuple(range(EAST, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS_AND_HONOURS
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))
GREENS = tuple(sorted(GREEN_TILES))
SEQ_STARTS = tuple(s * 9 + n for s in range(3) for n in range(7))
SIMPLE_SEQ_STARTS = tuple(t for t in SEQ_STARTS if t % 9 in range(1, 6))
EDGE_SEQ_STARTS = tuple(t for t in SEQ_STARTS if t % 9 in (0, 6))

# Three players: no 2m–8m (so no run of characters, and no simple of characters).
SANMA_TILES = tuple(t for t in range(34) if not 1 <= t <= 7)
SANMA_SUIT_TILES = tuple(t for t in SANMA_TILES if t < EAST)
SANMA_SIMPLES = tuple(t for t in SIMPLES if t >= 9)
SANMA_SEQ_STARTS = tuple(t for t in SEQ_STARTS if t >= 9)
SANMA_SIMPLE_SEQ_STARTS = tuple(t for t in SIMPLE_SEQ_STARTS if t >= 9)
SANMA_EDGE_SEQ_STARTS = tuple(t for t in EDGE_SEQ_STARTS if t >= 9)
NORTH_TILE = EAST + 3


def is_sanma_tile(tile: int) -> bool:
    """Whether a three-player set holds the tile (every tile but 2m–8m)."""
    return not 1 <= tile <= 7


class Retry(Exception):
    """A draw broke a constraint (a fifth copy of a tile, ...); the recipe starts over."""


@dataclass
class Group:
    """A set or the pair: `seq` (first tile), `trip` or `pair`; a trip may be a kan."""

    kind: str
    tile: int
    kan: bool = False
    called: bool = False
    keep_closed: bool = False  # the recipe's yaku needs it concealed
    for_win: bool = False  # laid out for a focus's wait: never called

    @property
    def tiles(self) -> list[int]:
        if self.kind == "seq":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (2 if self.kind == "pair" else 4 if self.kan else 3)


@dataclass
class Context:
    """What a recipe may read: the random source, the level, the mode and the winds."""

    rng: random.Random
    level: str
    mode: str
    seat: str
    round: str
    focused: bool = False  # a drill's focus shapes this hand (see focus.py)
    players: int = 4  # 3: a three-player hand (no 2m–8m, no chi, no North seat or round)

    # The tile sets a recipe draws from: the four-player ones are the module's constants (so
    # a four-player seed draws exactly what it always drew), the three-player ones leave 2m–8m
    # out.

    @property
    def sanma(self) -> bool:
        return self.players == 3

    @property
    def winds(self) -> str:
        return WINDS[: self.players]

    @property
    def seq_starts(self) -> tuple[int, ...]:
        return SANMA_SEQ_STARTS if self.sanma else SEQ_STARTS

    @property
    def simple_seq_starts(self) -> tuple[int, ...]:
        return SANMA_SIMPLE_SEQ_STARTS if self.sanma else SIMPLE_SEQ_STARTS

    @property
    def edge_seq_starts(self) -> tuple[int, ...]:
        return SANMA_EDGE_SEQ_STARTS if self.sanma else EDGE_SEQ_STARTS

    @property
    def simples(self) -> tuple[int, ...]:
        return SANMA_SIMPLES if self.sanma else SIMPLES

    @property
    def all_tiles(self) -> Sequence[int]:
        return SANMA_TILES if self.sanma else range(34)

    @property
    def suit_tiles(self) -> tuple[int, ...]:
        return SANMA_SUIT_TILES if self.sanma else tuple(range(27))

    def any_tile(self) -> int:
        """Any tile of the set."""
        return self.pick(SANMA_TILES) if self.sanma else self.rng.randrange(34)

    def suit(self) -> int:
        """The first tile of a suit a whole run or flush can be of (not characters at three)."""
        return 9 * (1 + self.rng.randrange(2)) if self.sanma else 9 * self.rng.randrange(3)

    def indicator_of(self, dora: int) -> int:
        """The dora indicator pointing at `dora` (at three, 1m points at 9m and 9m at 1m)."""
        if self.sanma and dora in (0, 8):
            return 8 - dora
        return indicator_of(dora)

    @property
    def value_winds(self) -> tuple[int, ...]:
        return tuple({EAST + WINDS.index(self.seat), EAST + WINDS.index(self.round)})

    @property
    def value_tiles(self) -> tuple[int, ...]:
        return DRAGONS + self.value_winds

    @property
    def plain_honours(self) -> tuple[int, ...]:
        return tuple(t for t in HONOURS if t not in self.value_tiles)

    def pick(self, items: Sequence[int]) -> int:
        return items[self.rng.randrange(len(items))]


@dataclass
class Draft:
    """A hand being built: groups, or for seven pairs and thirteen orphans plain tiles."""

    groups: list[Group] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)  # irregular shapes only
    win: int | None = None
    closed: bool = False  # every yaku of the recipe needs a closed hand
    open_ok: bool = True
    tsumo: bool | None = None
    no_kans: bool = False  # no more kans than the recipe's
    dora_hit: float | None = None  # the chance a dora indicator points into the hand
    waits: tuple[str, ...] = ()  # allowed waits; () = any
    flags: tuple[str, ...] = ()
    dealer: bool | None = None
    no_riichi: bool = False
    kans: int = 0  # how many trips to make kans (advanced)
    plain: bool = False  # no flags beyond the recipe's (a focus counts the han)

    def counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.all_tiles():
            counts[t] += 1
        return counts

    def all_tiles(self) -> list[int]:
        return self.tiles + [t for g in self.groups for t in g.tiles]

    def add(self, kind: str, tile: int, **options: Any) -> Group:
        group = Group(kind, tile, **options)
        self.groups.append(group)
        if max(self.counts()) > 4:
            raise Retry
        return group


def any_group(ctx: Context, draft: Draft, *, trips: float = 0.35) -> Group:
    """A random set: a run most often, else a triplet of any tile."""
    if ctx.rng.random() < trips:
        return draft.add("trip", ctx.any_tile())
    return draft.add("seq", ctx.pick(ctx.seq_starts))


def fill(ctx: Context, draft: Draft, *, trips: float = 0.35) -> None:
    """Random sets up to four, then a random pair if there is none."""
    while sum(g.kind != "pair" for g in draft.groups) < 4:
        any_group(ctx, draft, trips=trips)
    if not any(g.kind == "pair" for g in draft.groups):
        draft.add("pair", ctx.any_tile())


def choose(rng: random.Random, weights: dict[str, float]) -> str:
    names = list(weights)
    return rng.choices(names, weights=[weights[n] for n in names])[0]
