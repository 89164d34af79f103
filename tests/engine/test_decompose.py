"""Readings: every split reassembles the hand, and the split a hand was built from is found."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import GroupKind, Shape, Wait, readings, standard_splits
from scoring.engine.tiles import TERMINALS_AND_HONOURS, counts_of

RUN_STARTS = [s + n for s in (0, 9, 18) for n in range(7)]


@st.composite
def built_hands(draw: st.DrawFn) -> tuple[list[int], list[tuple[str, int]]]:
    """A concealed 14-tile hand made of four sets and a pair, at most 4 of a tile."""
    groups: list[tuple[str, int]] = []
    counts = [0] * 34
    while len(groups) < 4:
        kind = draw(st.sampled_from(["run", "triplet"]))
        first = draw(st.sampled_from(RUN_STARTS if kind == "run" else range(34)))
        tiles = [first, first + 1, first + 2] if kind == "run" else [first] * 3
        if all(counts[t] + tiles.count(t) <= 4 for t in tiles):
            groups.append((kind, first))
            for t in tiles:
                counts[t] += 1
    pair = draw(st.sampled_from([i for i in range(34) if counts[i] <= 2]))
    counts[pair] += 2
    return counts, [*groups, ("pair", pair)]


@settings(max_examples=300, deadline=None)
@given(built_hands(), st.data())
def test_every_reading_reassembles_the_hand(built, data):
    counts, _ = built
    win = data.draw(st.sampled_from([i for i in range(34) if counts[i]]))
    found = readings(counts, win, ())
    assert found, "a hand built from sets and a pair has a reading"
    for r in found:
        assert counts_of(t for g in r.groups for t in g.tiles) == counts
        assert win in r.groups[r.win_group].tiles


@settings(max_examples=200, deadline=None)
@given(built_hands())
def test_the_split_it_was_built_from_is_among_the_readings(built):
    counts, groups = built
    win = groups[0][1]
    kinds = {"run": GroupKind.SEQUENCE, "triplet": GroupKind.TRIPLET, "pair": GroupKind.PAIR}
    want = sorted((kinds[k], f) for k, f in groups)
    splits = [sorted((g.kind, g.tiles[0]) for g in r.groups) for r in readings(counts, win, ())]
    assert want in splits


def test_it_finds_every_wait_of_an_ambiguous_win():
    # 45666m 123p 789p 111s won on 6m: it completes 45m (two-sided) or the 66m pair (tanki).
    counts = counts_of([3, 4, 5, 5, 5, 9, 10, 11, 15, 16, 17, 18, 18, 18])
    waits = {(r.wait, r.groups[r.win_group].tiles) for r in readings(counts, 5, ())}
    assert waits == {(Wait.RYANMEN, (3, 4, 5)), (Wait.TANKI, (5, 5))}


def test_it_reads_seven_pairs_and_thirteen_orphans():
    pairs = counts_of([0, 0, 2, 2, 9, 9, 11, 11, 18, 18, 27, 27, 33, 33])
    assert [r.shape for r in readings(pairs, 33, ())] == [Shape.CHIITOITSU]
    orphans = counts_of([*TERMINALS_AND_HONOURS, 0])
    (kokushi,) = readings(orphans, 0, ())
    assert (kokushi.shape, kokushi.wait) == (Shape.KOKUSHI, Wait.KOKUSHI_13)
    (single,) = readings(orphans, 8, ())
    assert single.wait is Wait.KOKUSHI


def test_four_of_a_kind_is_not_two_pairs():
    # 1122m 3344p 5566s 77z: 11m twice is not seven *different* pairs.
    counts = counts_of([0, 0, 0, 0, 9, 9, 10, 10, 18, 18, 19, 19, 27, 27])
    assert all(r.shape is not Shape.CHIITOITSU for r in readings(counts, 27, ()))


def test_it_keeps_each_place_the_win_tile_fits():
    # 234s 456s ... won on 4s: it completes 23s or 56s, two readings (both two-sided).
    counts = counts_of([0, 1, 2, 9, 10, 11, 19, 20, 21, 21, 22, 23, 33, 33])
    places = sorted(r.groups[r.win_group].tiles for r in readings(counts, 21, ()))
    assert places == [(19, 20, 21), (21, 22, 23)]


def plain_splits(counts: tuple[int, ...]) -> list[tuple[tuple[str, int], ...]]:
    """The whole-hand search the per-suit splitting replaced: each pair in turn, then sets
    from the lowest tile up, a triplet tried before a run; the same sets in another order
    count once."""
    found: list[tuple[tuple[str, int], ...]] = []

    def sets(work: list[int], acc: list[tuple[str, int]]) -> None:
        i = next((i for i in range(34) if work[i]), 34)
        if i == 34:
            found.append(tuple(acc))
            return
        if work[i] >= 3:
            work[i] -= 3
            sets(work, [*acc, ("triplet", i)])
            work[i] += 3
        if i < 27 and i % 9 <= 6 and work[i + 1] and work[i + 2]:
            for t in (i, i + 1, i + 2):
                work[t] -= 1
            sets(work, [*acc, ("sequence", i)])
            for t in (i, i + 1, i + 2):
                work[t] += 1

    for pair in range(34):
        if counts[pair] >= 2:
            work = list(counts)
            work[pair] -= 2
            sets(work, [("pair", pair)])
    unique: dict[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = {}
    for split in found:  # 1111m23m is found as 111m 123m and as 123m 111m: one split, the first
        unique.setdefault((split[0], *sorted(split[1:])), split)
    return list(unique.values())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(range(9)), min_size=14, max_size=14),
    st.sampled_from([0, 9, 18]),
)
def test_suits_split_on_their_own_as_the_whole_hand_would(digits, suit):
    """Splitting suit by suit finds the same splits, in the same order (the first found wins a
    tie between readings), as searching the whole hand; a one-suit hand has the most."""
    counts = [0] * 34
    for d in digits:
        counts[suit + d] += 1
    if max(counts) > 4:
        return
    got = [tuple((k.value, f) for k, f in split) for split in standard_splits(tuple(counts))]
    assert got == plain_splits(tuple(counts))


@settings(max_examples=200, deadline=None)
@given(built_hands())
def test_mixed_hands_split_as_the_whole_hand_would(built):
    counts, _ = built
    got = [tuple((k.value, f) for k, f in split) for split in standard_splits(tuple(counts))]
    assert got == plain_splits(tuple(counts))


def test_the_same_sets_in_another_order_are_one_reading():
    # 1111m23m splits as 111m 123m and (searching a run first) as 123m 111m: the same groups.
    counts = counts_of([0, 0, 0, 0, 1, 2, 6, 7, 8, 18, 18, 21, 22, 23])
    found = readings(counts, 22, ())
    shapes = [sorted(g.tiles for g in r.groups) for r in found]
    assert len(found) == 1, [r.summary() for r in found]
    assert shapes[0] == sorted([(0, 0, 0), (0, 1, 2), (6, 7, 8), (18, 18), (21, 22, 23)])
