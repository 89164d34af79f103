"""Properties that hold for every win (hypothesis): payments add up, more is never less,
every reading is the hand regrouped, and every generated hand scores."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring.engine import PRESETS, RuleSet, get_rules, parse_rules, score_json, settle
from scoring.engine.decompose import Group, GroupKind, MeldKind, Shape, Wait, meld_group, readings
from scoring.engine.generate import LEVELS, generate
from scoring.engine.rules import SWITCHES
from scoring.engine.tiles import counts_of

HANS = st.integers(min_value=1, max_value=13)
FUS = st.sampled_from([25, *range(20, 131, 2)])
HONBA = st.integers(min_value=0, max_value=8)
STICKS = st.integers(min_value=0, max_value=6)
# Every preset, and any other combination of the switches.
RULES = st.one_of(
    st.sampled_from([get_rules(name) for name in PRESETS]),
    st.fixed_dictionaries({name: st.sampled_from(s.values) for name, s in SWITCHES.items()}).map(
        lambda switches: RuleSet(name="custom", **switches)
    ),
)


@given(HANS, FUS, st.booleans(), st.booleans(), HONBA, STICKS, RULES)
@example(1, 30, False, True, 1, 1, get_rules())  # 500+100 from the dealer, 300+100 × 2, +1000
def test_losses_add_up_to_the_winners_gain_minus_deposits(
    han, fu, dealer, tsumo, honba, sticks, rules
):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    assert sum(s.losses) == s.total - 1000 * sticks
    assert sum(s.deltas) == 1000 * sticks  # the deposits come from the table, not a player


@given(HANS, FUS, st.booleans(), st.booleans(), HONBA, STICKS, RULES)
def test_every_payment_is_a_multiple_of_100(han, fu, dealer, tsumo, honba, sticks, rules):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    assert all(amount % 100 == 0 for amount in (*s.payments.values(), *s.deltas))


@given(HANS, FUS, st.booleans(), st.booleans(), RULES)
def test_the_winner_is_first_and_payers_largest_first(han, fu, dealer, tsumo, rules):
    s = settle(han, fu, dealer=dealer, tsumo=tsumo, rules=rules)
    winner, *losses = s.deltas
    assert winner > 0
    assert losses == sorted(losses)  # -4000, -2000, -2000: the largest payment first
    assert sum(1 for loss in losses if loss < 0) == (3 if tsumo else 1)


@given(st.integers(min_value=1, max_value=12), FUS, st.booleans(), st.booleans(), HONBA, RULES)
@example(3, 60, False, False, 0, get_rules("mleague"))  # kiriage: 3 han 60 fu is a mangan
@example(4, 30, False, False, 0, get_rules("mleague"))  # and so is 4 han 30 fu
@example(12, 30, True, True, 0, get_rules("wrc"))  # 13 han is no more than 12 under WRC
def test_more_han_never_pays_less(han, fu, dealer, tsumo, honba, rules):
    def total(h: int) -> int:
        return settle(h, fu, dealer=dealer, tsumo=tsumo, honba=honba, rules=rules).total

    assert total(han + 1) >= total(han)


@given(HANS, st.sampled_from(range(20, 130, 2)), st.booleans(), st.booleans(), RULES)
def test_more_fu_never_pays_less(han, fu, dealer, tsumo, rules):
    def total(f: int) -> int:
        return settle(han, f, dealer=dealer, tsumo=tsumo, rules=rules).total

    assert total(fu + 2) >= total(fu)


@given(HANS, FUS, st.booleans(), HONBA, RULES)
@example(1, 22, False, 0, get_rules())  # tsumo 500 + 300 + 300 = 1100, ron 960 → 1000
def test_tsumo_and_ron_differ_only_by_rounding(han, fu, dealer, honba, rules):
    ron = settle(han, fu, dealer=dealer, tsumo=False, honba=honba, rules=rules)
    tsumo = settle(han, fu, dealer=dealer, tsumo=True, honba=honba, rules=rules)
    exact = ron.basic.points * (6 if dealer else 4) + 300 * honba
    # A ron rounds one payment up to 100, a tsumo rounds three: each adds less than 100.
    assert exact <= ron.total < exact + 100
    assert exact <= tsumo.total < exact + 300
    assert -100 < tsumo.total - ron.total < 300


@given(HANS, FUS, st.booleans(), RULES)
def test_a_dealer_is_paid_at_least_as_much(han, fu, tsumo, rules):
    dealer = settle(han, fu, dealer=True, tsumo=tsumo, rules=rules)
    non_dealer = settle(han, fu, dealer=False, tsumo=tsumo, rules=rules)
    assert dealer.total >= non_dealer.total


@given(st.integers(min_value=1, max_value=5), st.booleans(), st.booleans(), RULES)
def test_each_yakuman_adds_a_full_yakuman(count, dealer, tsumo, rules):
    one = settle(13, 30, dealer=dealer, tsumo=tsumo, rules=rules, yakuman=1)
    more = settle(13, 30, dealer=dealer, tsumo=tsumo, rules=rules, yakuman=count)
    assert one.total == (48000 if dealer else 32000)
    assert more.total == count * one.total


# ---- readings: every reading is the hand, regrouped ------------------------------------------

SEQUENCE_STARTS = [suit * 9 + n for suit in range(3) for n in range(7)]
ORPHANS = [0, 8, 9, 17, 18, 26, *range(27, 34)]
MELD_KINDS = {GroupKind.SEQUENCE: [MeldKind.CHI], GroupKind.TRIPLET: [MeldKind.PON]}


@st.composite
def standard_hands(draw):
    """Four sets and a pair built group by group (some called), never a fifth copy of a tile.

    Returns (concealed counts, win tile, melds, the groups it was built from)."""
    counts = [0] * 34

    def fits(tiles: tuple[int, ...]) -> bool:
        return all(counts[t] + tiles.count(t) <= 4 for t in tiles)

    built: list[Group] = []
    for _ in range(4):
        options = [(GroupKind.SEQUENCE, (s, s + 1, s + 2)) for s in SEQUENCE_STARTS]
        options += [(GroupKind.TRIPLET, (t,) * 3) for t in range(34)]
        options += [(GroupKind.QUAD, (t,) * 4) for t in range(34)]
        kind, tiles = draw(st.sampled_from([o for o in options if fits(o[1])]))
        called = draw(st.sampled_from([None, *MELD_KINDS.get(kind, [])]))
        if kind is GroupKind.QUAD:  # a quad is always declared: open or closed
            called = draw(st.sampled_from([MeldKind.KAN, MeldKind.ANKAN]))
        built.append(meld_group(called, tiles) if called else Group(kind, tiles))
        for t in tiles:
            counts[t] += 1
    pair = draw(st.sampled_from([t for t in range(34) if counts[t] <= 2]))
    built.append(Group(GroupKind.PAIR, (pair, pair)))
    concealed = [t for g in built if g.called is None for t in g.tiles]
    win = draw(st.sampled_from(sorted(set(concealed))))
    melds = tuple(g for g in built if g.called is not None)
    return tuple(counts_of(concealed)), win, melds, built


def expected_wait(group: Group, win: int) -> Wait:
    """The wait a winning tile makes in the group it completes."""
    if group.kind is GroupKind.PAIR:
        return Wait.TANKI
    if group.kind is not GroupKind.SEQUENCE:
        return Wait.SHANPON
    place, start = win - group.tiles[0], group.tiles[0] % 9
    if place == 1:
        return Wait.KANCHAN
    if (place == 2 and start == 0) or (place == 0 and start == 6):
        return Wait.PENCHAN
    return Wait.RYANMEN


def as_multiset(groups) -> list[tuple[str, tuple[int, ...], str]]:
    return sorted((g.kind.value, g.tiles, g.called.value if g.called else "") for g in groups)


@given(standard_hands())
def test_every_reading_reassembles_the_hand(hand):
    counts, win, melds, built = hand
    found = readings(counts, win, melds)
    all_tiles = sorted(t for i, c in enumerate(counts) for t in [i] * c)
    all_tiles = sorted(all_tiles + [t for m in melds for t in m.tiles])
    for r in found:
        assert sorted(t for g in r.groups for t in g.tiles) == all_tiles
        assert as_multiset(g for g in r.groups if g.called) == as_multiset(melds)
        won = r.groups[r.win_group]
        assert win in won.tiles and won.called is None
        if r.shape is Shape.STANDARD:
            assert [g.kind for g in r.groups].count(GroupKind.PAIR) == 1 and len(r.groups) == 5
            assert r.wait is expected_wait(won, win)


@given(standard_hands())
def test_the_hand_as_built_is_among_the_readings_with_every_wait(hand):
    counts, win, melds, built = hand
    found = readings(counts, win, melds)
    as_built = [r for r in found if as_multiset(r.groups) == as_multiset(built)]
    completed = {(g.kind, g.tiles) for g in built if g.called is None and win in g.tiles}
    assert {(r.groups[r.win_group].kind, r.groups[r.win_group].tiles) for r in as_built} == (
        completed
    )


@given(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True), st.data())
def test_seven_different_pairs_read_as_seven_pairs(kinds, data):
    counts = counts_of([t for t in kinds for _ in range(2)])
    win = data.draw(st.sampled_from(kinds))
    pairs = [r for r in readings(counts, win, ()) if r.shape is Shape.CHIITOITSU]
    assert len(pairs) == 1
    assert sorted(g.tiles for g in pairs[0].groups) == sorted((t, t) for t in kinds)


@given(st.sampled_from(ORPHANS), st.sampled_from(ORPHANS))
def test_thirteen_orphans_read_as_one_group(extra, win):
    counts = counts_of([*ORPHANS, extra])
    orphans = [r for r in readings(counts, win, ()) if r.shape is Shape.KOKUSHI]
    assert len(orphans) == 1
    assert sorted(orphans[0].groups[0].tiles) == sorted([*ORPHANS, extra])
    assert orphans[0].wait is (Wait.KOKUSHI_13 if win == extra else Wait.KOKUSHI)


# ---- generated quiz hands and payment cells --------------------------------------------------


@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVELS), st.sampled_from(list(PRESETS)))
@settings(max_examples=300)
def test_generated_hands_score_and_their_payments_add_up(seed, level, preset):
    request = generate(seed, level=level, mode="full", rules=preset)
    answer = score_json(request)
    assert "error" not in answer, (request, answer)
    winner, *losses = answer["deltas"]
    deposits = 1000 * request["sticks"]
    assert winner == answer["total"] and -sum(losses) == answer["total"] - deposits
    assert all(p % 100 == 0 for p in (*answer["payments"].values(), *answer["deltas"]))
    # The answer's points are exactly what its han, fu and yakuman settle to.
    s = settle(
        answer["han"],
        answer["fu"],
        dealer=request["seat"] == "E",
        tsumo=request["tsumo"],
        honba=request["honba"],
        sticks=request["sticks"],
        rules=parse_rules(request["rules"]),
        yakuman=answer["yakuman"],
    )
    assert (s.total, list(s.deltas), s.payments) == (
        answer["total"],
        answer["deltas"],
        answer["payments"],
    )


@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVELS), st.sampled_from(list(PRESETS)))
def test_generated_payment_cells_settle_and_add_up(seed, level, preset):
    cell = generate(seed, level=level, mode="payment", rules=preset)
    s = settle(
        cell["han"],
        cell["fu"],
        dealer=cell["dealer"],
        tsumo=cell["tsumo"],
        honba=cell["honba"],
        sticks=cell["sticks"],
        rules=parse_rules(cell["rules"]),
    )
    assert sum(s.losses) == s.total - 1000 * cell["sticks"]
    assert all(amount % 100 == 0 for amount in s.deltas)


# ---- whole answers over varied situations (from the engine's own property test) --------------

# A handful of winning hands (concealed, win) to vary the situation around.
HANDS = [
    ("12399m456p234678s", "2s"),
    ("112233m456p55678s", "1m"),
    ("111m333p555789s44z", "7s"),
    ("1133m5577p22s4466z", "4z"),
    ("123456789m234p55s", "4m"),
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(HANDS),
    st.booleans(),
    st.sampled_from("ESWN"),
    st.sampled_from("ESWN"),
    st.integers(0, 3),
    st.integers(0, 3),
    st.sampled_from(sorted(PRESETS)),
    st.booleans(),
)
def test_every_answer_balances(hand, tsumo, seat, round_, honba, sticks, rules, riichi):
    request = {
        "hand": hand[0],
        "win": hand[1],
        "tsumo": tsumo,
        "seat": seat,
        "round": round_,
        "honba": honba,
        "sticks": sticks,
        "rules": rules,
        "flags": ["riichi"] if riichi else [],
    }
    answer = score_json(request)
    assert "error" not in answer, answer
    deltas = answer["deltas"]
    assert deltas[0] == answer["total"]
    assert sum(deltas) == answer["deposits"]
    assert answer["han"] == sum(y["han"] for y in answer["yaku"])
    # The chosen reading comes first and pays the most: points, then han, then fu.
    best = answer["readings"][0]
    assert best["chosen"]
    assert all(
        (r["points"], r["han"], r["fu"]) <= (best["points"], best["han"], best["fu"])
        for r in answer["readings"]
    )


SUIT = "mpsz"


def name(i: int) -> str:
    return f"{i % 9 + 1}{SUIT[i // 9]}"


@st.composite
def won_hands(draw: st.DrawFn) -> dict[str, object]:
    """A winning hand from four sets and a pair, some of the sets called or made quads."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    for _ in range(4):
        run = draw(st.booleans())
        first = draw(st.sampled_from(RUN_STARTS if run else range(34)))
        tiles = [first, first + 1, first + 2] if run else [first] * 3
        call = draw(st.sampled_from(["", "", "call", "kan", "ankan"]))
        if not run and call in ("kan", "ankan"):
            tiles = [first] * 4
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            counts[t] += 1
        text = "".join(name(t)[0] for t in tiles) + name(first)[1]
        if call == "call":
            melds.append(("chi " if run else "pon ") + text)
        elif call in ("kan", "ankan") and not run:
            melds.append(f"{call} {text}")
        else:
            concealed += tiles
    pair = draw(st.sampled_from([i for i in range(34) if counts[i] <= 2]))
    concealed += [pair, pair]
    sets = (len(concealed) - 2) // 3 + len(melds)
    if sets < 4:  # a clash dropped a set: pad with a fresh triplet where there is room
        spare = [i for i in range(34) if counts[i] == 0 and i != pair]
        for t in spare[: 4 - sets]:
            concealed += [t, t, t]
    win = draw(st.sampled_from(concealed))
    return {
        "hand": "".join(name(t) for t in sorted(concealed)),
        "win": name(win),
        "melds": melds,
        "tsumo": draw(st.booleans()),
        "seat": draw(st.sampled_from("ESWN")),
        "round": draw(st.sampled_from("ESWN")),
        "dora": name(draw(st.integers(0, 33))),
        "rules": draw(RULES),
    }


RUN_STARTS = [s + n for s in (0, 9, 18) for n in range(7)]


@settings(max_examples=300, deadline=None)
@given(won_hands())
def test_any_won_hand_scores_or_says_it_has_no_yaku(request):
    answer = score_json(request)
    if "error" in answer:
        assert "no yaku" in answer["error"] or "copies" in answer["error"], (request, answer)
        return
    assert answer["han"] == sum(y["han"] for y in answer["yaku"])
    assert sum(answer["deltas"]) == answer["deposits"]
    assert answer["fu"] >= 20
