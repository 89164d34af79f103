"""Readings of a won hand: every split into sets and a pair, seven pairs, thirteen orphans,
and for each, every group the winning tile could have completed (the wait).

Called melds are fixed groups; only the concealed tiles are split. Splitting works on a
34-count array, one suit at a time, memoized per suit: a suit's 9 counts recur from hand to
hand far more often than a whole hand does.

>>> from .tiles import counts_of, parse_tiles, tile_index
>>> hand = counts_of(tile_index(n) for n in parse_tiles("111222333m456p77z"))
>>> sorted(r.summary() for r in readings(hand, tile_index("3m"), ()))[:2]
['111m 222m 333m 456p 77z (shanpon on 333m)', '123m 123m 123m 456p 77z (penchan on 123m)']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache
from typing import Final

from .tiles import HONOURS, TERMINALS_AND_HONOURS, SuitCounts, format_indices, suit_counts
from .words import Catalogue, Said, fixed, word


class GroupKind(StrEnum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    QUAD = "quad"
    PAIR = "pair"
    ORPHANS = "orphans"


class MeldKind(StrEnum):
    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    ANKAN = "ankan"


class Wait(StrEnum):
    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    TANKI = "tanki"
    SHANPON = "shanpon"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"


class Shape(StrEnum):
    STANDARD = "standard"
    CHIITOITSU = "chiitoitsu"
    KOKUSHI = "kokushi"


WAIT_NAMES = {
    Wait.RYANMEN: "a two-sided wait (ryanmen)",
    Wait.KANCHAN: "a closed wait (kanchan)",
    Wait.PENCHAN: "an edge wait (penchan)",
    Wait.TANKI: "a pair wait (tanki)",
    Wait.SHANPON: "a dual-pair wait (shanpon)",
    Wait.KOKUSHI: "thirteen orphans, waiting on the pair",
    Wait.KOKUSHI_13: "thirteen orphans, 13-sided wait",
}  # in English; `wait_name` says a wait in the current language

WORDS = Catalogue(
    "decompose",
    {
        **{f"wait_{w.value}": name for w, name in WAIT_NAMES.items()},
        **{f"short_{w.value}": w.value for w in Wait},
        "summary": "{groups} ({wait} on {group})",
    },
)


def wait_name(wait: Wait | str) -> str:
    """A wait in words, in the current language ("a closed wait (kanchan)", "嵌張待ち").

    >>> from .words import language
    >>> with language("ja"):
    ...     wait_name(Wait.PENCHAN), wait_name("shanpon")
    ('辺張待ち', '双碰待ち')
    """
    return word(WORDS, f"wait_{Wait(wait).value}")


def wait_words(wait: Wait) -> Said:
    """A wait in words, worded when read."""
    return fixed(WORDS, f"wait_{wait.value}")


@dataclass(frozen=True, slots=True)
class Group:
    """A set, a pair or the thirteen orphans; `called` is set for a called meld or closed kan."""

    kind: GroupKind
    tiles: tuple[int, ...]
    called: MeldKind | None = None
    label: str = field(default="", compare=False)  # MPSZ text, filled in on creation
    # How a winning tile completes this concealed group, by tile (empty for a called meld):
    # filled in on creation, from `wait_in`.
    waits: dict[int, Wait] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", format_indices(self.tiles))
        if self.called is None and self.kind in CONCEALED_KINDS:
            for tile in set(self.tiles):
                self.waits[tile] = wait_in(self, tile)  # type: ignore[assignment]

    @property
    def open(self) -> bool:
        return self.called is not None and self.called is not MeldKind.ANKAN

    @property
    def first(self) -> int:
        return self.tiles[0]

    def text(self) -> str:
        return self.label


class Reading:
    """One way to read the hand: its groups (concealed first, then melds) and the wait. A
    value, never changed once made: a plain class, since one is made for every reading of
    every hand (compiled, its own `__init__` costs a sixth of a NamedTuple's)."""

    __slots__ = ("shape", "groups", "win", "wait", "win_group")

    def __init__(
        self, shape: Shape, groups: tuple[Group, ...], win: int, wait: Wait, win_group: int
    ) -> None:
        self.shape = shape
        self.groups = groups
        self.win = win
        self.wait = wait
        self.win_group = win_group  # index into groups of the group the winning tile completed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reading) and (
            (self.shape, self.groups, self.win, self.wait, self.win_group)
            == (other.shape, other.groups, other.win, other.wait, other.win_group)
        )

    def __hash__(self) -> int:
        return hash((self.groups, self.win, self.win_group))

    def __repr__(self) -> str:
        return f"Reading({self.summary()!r})"

    def summary(self) -> str:
        """The groups and the wait, in the current language."""
        return str(self.summary_words())

    def summary_words(self) -> Said:
        groups = " ".join(g.text() for g in self.groups)
        wait = fixed(WORDS, f"short_{self.wait.value}")
        return Said(
            WORDS, "summary", groups=groups, wait=wait, group=self.groups[self.win_group].text()
        )


CONCEALED_KINDS: Final = frozenset({GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.PAIR})

# A split of concealed tiles: (kind, first tile) per group, the pair first.
Split = tuple[tuple[GroupKind, int], ...]


Sets = tuple[tuple[GroupKind, int], ...]
SUIT_BASES: Final = (0, 9, 18, HONOURS)  # the first tile of each suit: m, p, s, then the honours


def standard_splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of concealed tile counts into one pair and sets (runs or triplets), each
    as (kind, first tile) per group, the pair first (`group_splits` in plain terms).

    >>> from .tiles import counts_of
    >>> standard_splits(tuple(counts_of([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3])))[0][0]
    (<GroupKind.PAIR: 'pair'>, 0)
    >>> len(standard_splits(tuple(counts_of([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]))))
    3
    """
    return tuple(
        ((GroupKind.PAIR, split[-1].first), *((g.kind, g.first) for g in split[:-1]))
        for split in group_splits(counts)
    )


def group_splits(
    counts: tuple[int, ...], suits: SuitCounts | None = None
) -> list[tuple[Group, ...]]:
    """Every split of concealed tile counts into sets and one pair: the sets suit by suit,
    then the pair (`suits`: the same counts suit by suit, when the caller has them).

    Each suit splits on its own (a run never crosses suits), so the splits of a suit are
    memoized on its 9 counts (`suit_sets`) and whole-hand splits are their combinations, the
    pair's suit taking a split with the pair. The order is that of a plain search: by the
    pair's tile, then each suit's splits in turn (the first found wins ties between readings).
    """
    m, p, s, z = suit_counts(counts) if suits is None else suits
    infos = (suit_info(m, 0), suit_info(p, 1), suit_info(s, 2), suit_info(z, 3))
    pair_suit = -1
    for n, (left, sets, _) in enumerate(infos):
        if left == 2 and pair_suit < 0:
            pair_suit = n
        elif left or not sets:
            return []  # 3n + 1 tiles of a suit, two suits needing the pair, or no sets
    if pair_suit < 0:
        return []
    choices = [info[1] for info in infos]
    found: list[tuple[Group, ...]] = []
    for pair, with_pair in infos[pair_suit][2]:
        choices[pair_suit] = with_pair
        found += combined(choices, pair)
    return found


def combined(choices: list[tuple[GroupSets, ...]], pair: Group) -> list[tuple[Group, ...]]:
    """Every combination of one split per suit, with the pair last. Loops rather than
    itertools.product: compiled, they spare a generic iterator and a tuple a combination,
    and most hands have one split per suit."""
    found = []
    for m in choices[0]:
        for p in choices[1]:
            for s in choices[2]:
                for z in choices[3]:
                    found.append((*m, *p, *s, *z, pair))
    return found


GroupSets = tuple[Group, ...]
SuitInfo = tuple[int, tuple[GroupSets, ...], tuple[tuple[Group, tuple[GroupSets, ...]], ...]]
# suit_info's answers, a dict per suit keyed by the suit's counts: a plain dict rather than an
# lru_cache, which would make and hash a key of both arguments every call (four a hand).
SUIT_INFOS: Final[tuple[dict[tuple[int, ...], SuitInfo], ...]] = ({}, {}, {}, {})
SUIT_INFO_SIZE: Final = 1 << 14  # a suit's cache is emptied when it holds this many


def suit_info(counts: tuple[int, ...], suit: int) -> SuitInfo:
    """One suit's facts for splitting (suit 0–3: m, p, s, z): its tile count mod 3, its splits
    into sets, and for each pair it can give up, the splits of the rest (only when the count
    leaves 2)."""
    infos = SUIT_INFOS[suit]
    found = infos.get(counts)
    if found is None:
        if len(infos) >= SUIT_INFO_SIZE:
            infos.clear()
        base = SUIT_BASES[suit]
        left = sum(counts) % 3
        pairs = suit_pair_sets(counts, base) if left == 2 else ()
        found = infos[counts] = (left, suit_sets(counts, base), pairs)
    return found


@lru_cache(maxsize=1 << 14)
def suit_pair_sets(
    counts: tuple[int, ...], base: int
) -> tuple[tuple[Group, tuple[GroupSets, ...]], ...]:
    """For each pair one suit's counts can give up (its group), the splits of the rest into
    sets."""
    out = []
    for k, c in enumerate(counts):
        if c >= 2:
            rest = counts[:k] + (c - 2,) + counts[k + 1 :]
            sets = suit_sets(rest, base)
            if sets:
                out.append((concealed_group(GroupKind.PAIR, base + k), sets))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def suit_sets(counts: tuple[int, ...], base: int) -> tuple[GroupSets, ...]:
    """Every split of one suit's counts into sets (no runs among honours), in search order,
    each once: the search meets 111m 123m again as 123m 111m (from 1111m23m), one reading.

    >>> [[g.text() for g in sets] for sets in suit_sets((4, 1, 1, 0, 0, 0, 0, 0, 0), 0)]
    [['111m', '123m']]
    """
    found: list[Sets] = []
    split_sets(list(counts), 0, base, [], found)
    seen: set[Sets] = set()
    unique: list[Sets] = []
    for sets in found:
        if (key := tuple(sorted(sets))) not in seen:
            seen.add(key)
            unique.append(sets)
    return tuple(tuple(concealed_group(kind, first) for kind, first in sets) for sets in unique)


def split_sets(
    work: list[int], start: int, base: int, acc: list[tuple[GroupKind, int]], found: list[Sets]
) -> None:
    i, end = start, len(work)
    while i < end and not work[i]:
        i += 1
    if i == end:
        found.append(tuple(acc))
        return
    if work[i] >= 3:
        work[i] -= 3
        acc.append((GroupKind.TRIPLET, base + i))
        split_sets(work, i, base, acc, found)
        acc.pop()
        work[i] += 3
    if base < HONOURS and i <= 6 and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        acc.append((GroupKind.SEQUENCE, base + i))
        split_sets(work, i, base, acc, found)
        acc.pop()
        work[i] += 1
        work[i + 1] += 1
        work[i + 2] += 1


GROUP_SIZE: Final = {GroupKind.PAIR: 2, GroupKind.TRIPLET: 3}


@cache
def concealed_group(kind: GroupKind, first: int) -> Group:
    if kind is GroupKind.SEQUENCE:
        return Group(kind, (first, first + 1, first + 2))
    return Group(kind, (first,) * GROUP_SIZE[kind])


def wait_in(group: Group, win: int) -> Wait | None:
    """How the winning tile completed this concealed group, or None if it is not in it.

    >>> run = Group(GroupKind.SEQUENCE, (0, 1, 2))  # 123m
    >>> wait_in(run, 2), wait_in(run, 1), wait_in(run, 0)
    (<Wait.PENCHAN: 'penchan'>, <Wait.KANCHAN: 'kanchan'>, <Wait.RYANMEN: 'ryanmen'>)
    """
    if win not in group.tiles:
        return None
    if group.kind is GroupKind.PAIR:
        return Wait.TANKI
    if group.kind is GroupKind.TRIPLET:
        return Wait.SHANPON
    offset = win - group.first
    if offset == 1:
        return Wait.KANCHAN
    if (offset == 0 and group.first % 9 == 6) or (offset == 2 and group.first % 9 == 0):
        return Wait.PENCHAN
    return Wait.RYANMEN


def standard_readings(
    counts: tuple[int, ...], win: int, melds: tuple[Group, ...], suits: SuitCounts | None = None
) -> list[Reading]:
    out: list[Reading] = []
    for split in group_splits(counts, suits):
        groups = split + melds if melds else split
        for j, group in enumerate(split):
            wait = group.waits.get(win)
            # Two identical groups (123m 123m) are one place for the winning tile.
            if wait is None or seen_before(group, split, j):
                continue
            out.append(Reading(Shape.STANDARD, groups, win, wait, j))
    return out


def seen_before(group: Group, split: tuple[Group, ...], j: int) -> bool:
    """Whether `group` is among the first `j` groups of `split`. A split's groups are made
    once each (`concealed_group`), so an identical group is the same object: compared by
    identity, not by the dataclass's `__eq__` (which runs as Python even compiled)."""
    for k in range(j):  # noqa: SIM110 — a loop: compiled, no generator to make
        if split[k] is group:
            return True
    return False


def seven_pairs_reading(counts: tuple[int, ...], win: int) -> Reading | None:
    if counts.count(2) != 7:  # a quick gate (count is C): most hands fail it
        return None
    pairs = [i for i, c in enumerate(counts) if c]
    if len(pairs) != 7 or any(counts[i] != 2 for i in pairs):
        return None
    groups = tuple(concealed_group(GroupKind.PAIR, i) for i in pairs)
    return Reading(Shape.CHIITOITSU, groups, win, Wait.TANKI, pairs.index(win))


def orphans_reading(counts: tuple[int, ...], win: int) -> Reading | None:
    if counts.count(0) != 34 - 13:  # a quick gate: thirteen different tiles
        return None
    if any(counts[i] == 0 for i in TERMINALS_AND_HONOURS) or sum(counts) != 14:
        return None
    if sum(counts[i] for i in TERMINALS_AND_HONOURS) != 14:
        return None
    tiles = tuple(i for i in TERMINALS_AND_HONOURS for _ in range(counts[i]))
    wait = Wait.KOKUSHI_13 if counts[win] == 2 else Wait.KOKUSHI
    return Reading(Shape.KOKUSHI, (Group(GroupKind.ORPHANS, tiles),), win, wait, 0)


def readings(
    counts: list[int] | tuple[int, ...],
    win: int,
    melds: tuple[Group, ...],
    suits: SuitCounts | None = None,
) -> list[Reading]:
    """Every reading of concealed `counts` (winning tile included) with the called `melds`
    (`suits`: the same counts suit by suit, when the caller has them)."""
    key = tuple(counts)
    out = standard_readings(key, win, melds, suits)
    if not melds:
        for special in (seven_pairs_reading(key, win), orphans_reading(key, win)):
            if special is not None:
                out.append(special)
    return out


MELD_GROUPS: Final = {
    MeldKind.CHI: GroupKind.SEQUENCE,
    MeldKind.PON: GroupKind.TRIPLET,
    MeldKind.KAN: GroupKind.QUAD,
    MeldKind.ANKAN: GroupKind.QUAD,
}


@lru_cache(maxsize=1024)  # the same melds recur from hand to hand
def meld_group(kind: MeldKind, tiles: tuple[int, ...]) -> Group:
    """The group a called meld or closed kan forms (its tiles as indices, sorted)."""
    return Group(MELD_GROUPS[kind], tuple(sorted(tiles)), kind)
