"""From a laid-out hand to its situation: calls and kans, the winning tile and its wait, the
flags, dora and ura indicators, red fives, honba and deposits, and the rules."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from scoring.engine.rules import ALL_PRESETS, SWITCHES
from scoring.engine.tiles import format_indices

from .draft import Context, Draft, Group, Retry, choose

WAIT_WEIGHTS: dict[str, float] = {
    "ryanmen": 4,
    "kanchan": 2,
    "penchan": 1.5,
    "tanki": 2,
    "shanpon": 2,
}


def open_groups(ctx: Context, d: Draft) -> None:
    """Call some sets (chi, pon, kan) when the recipe's yaku survives an open hand (with three
    players no chi: only triplets are called)."""
    if d.closed or not d.open_ok or ctx.level == "beginner" or ctx.rng.random() < 0.45:
        return
    callable_ = [g for g in d.groups if g.kind != "pair" and not (g.keep_closed or g.for_win)]
    if ctx.sanma:
        callable_ = [g for g in callable_ if g.kind == "trip"]
    for g in callable_:
        g.called = g.called or ctx.rng.random() < 0.5
    if callable_ and not any(g.called for g in callable_):
        callable_[ctx.rng.randrange(len(callable_))].called = True


def make_kans(ctx: Context, d: Draft) -> None:
    if ctx.level != "advanced" or d.no_kans:
        return
    for g in d.groups:
        if g.kind == "trip" and not g.kan and ctx.rng.random() < 0.15:
            g.kan = True
    if max(d.counts()) > 4:
        raise Retry


def wait_of(group: Group, tile: int) -> str:
    """The wait a group was completed by when `tile` was the win."""
    if group.kind == "pair":
        return "tanki"
    if group.kind == "trip":
        return "shanpon"
    pos, n = tile - group.tile, group.tile % 9
    if pos == 1:
        return "kanchan"
    if (pos == 2 and n == 0) or (pos == 0 and n == 6):
        return "penchan"
    return "ryanmen"


def choose_win(ctx: Context, d: Draft) -> tuple[Group | None, int]:
    """Pick the winning tile's group and tile, among the concealed sets and the pair."""
    if d.win is not None:
        return None, d.win
    has_pair = any(g.kind == "pair" for g in d.groups)
    options: dict[str, list[tuple[Group, int]]] = {}
    for g in d.groups:
        if g.called or g.kan or (g.kind == "trip" and not has_pair):
            continue
        if g.kind == "trip" and g.keep_closed and not d.tsumo:
            continue  # a ron would open the triplet the yaku counts on
        for tile in sorted(set(g.tiles)):
            options.setdefault(wait_of(g, tile), []).append((g, tile))
    allowed = {w: WAIT_WEIGHTS[w] for w in options if not d.waits or w in d.waits}
    if not allowed:
        raise Retry
    return ctx.rng.choice(options[choose(ctx.rng, allowed)])


def draw_flags(ctx: Context, d: Draft, closed: bool, tsumo: bool) -> list[str]:
    flags = list(d.flags)
    rng, level = ctx.rng, ctx.level
    riichi_flag = {"riichi", "double_riichi"} & set(flags)
    if closed and not d.no_riichi and not riichi_flag and rng.random() < 0.5:
        double = level != "beginner" and rng.random() < 0.05
        flags.insert(0, "double_riichi" if double else "riichi")
    elif "ippatsu" in flags and not {"riichi", "double_riichi"} & set(flags):
        flags.insert(0, "riichi")
    if level == "beginner" or d.plain or set(flags) & {"tenhou", "chiihou", "rinshan", "chankan"}:
        return flags
    kans = any(g.kan for g in d.groups)
    extra = rng.random()
    if {"riichi", "double_riichi"} & set(flags) and "ippatsu" not in flags and extra < 0.1:
        flags.append("ippatsu")
    elif tsumo and kans and extra < 0.3 and "haitei" not in flags:
        flags.append("rinshan")
    elif extra > 0.96 and not {"haitei", "houtei"} & set(flags):
        flags.append("haitei" if tsumo else "houtei")
    if "ippatsu" in flags and "rinshan" in flags:
        flags.remove("ippatsu")
    return flags


def draw_indicators(
    ctx: Context, d: Draft, counts: list[int], n: int, hit: float, avoid: int | None
) -> list[int]:
    """`n` dora indicators, each pointing into the hand with chance `hit`."""
    out = []
    in_hand = sorted({t for t in d.all_tiles()})
    for _ in range(n):
        for _attempt in range(20):
            hits = ctx.rng.random() < hit
            tile = ctx.indicator_of(ctx.pick(in_hand)) if hits else ctx.any_tile()
            if counts[tile] < 4 and tile != avoid:
                break
        else:
            raise Retry
        counts[tile] += 1
        out.append(tile)
    return out


def place_reds(ctx: Context, d: Draft, win: int, concealed: list[int]) -> dict[int, int]:
    """Where each suit's red five sits: -1 for the concealed hand, else a group's index.

    The winning tile itself is never the red one, so `win` stays a plain name.
    """
    places: dict[int, int] = {}
    for five in (4, 13, 22):
        spots = [-1] * (concealed.count(five) - (five == win))
        spots += [
            i for i, g in enumerate(d.groups) if (g.called or g.kan) for t in g.tiles if t == five
        ]
        if spots and ctx.rng.random() < 0.3 * len(spots):
            places[five] = ctx.pick(spots)
    return places


def meld_text(group: Group, reds: Collection[int]) -> str:
    kind = "chi" if group.kind == "seq" else "pon"
    if group.kan:
        kind = "kan" if group.called else "ankan"
    return f"{kind} {format_indices(group.tiles, reds=reds)}"


def draw_counters(ctx: Context, riichi: bool) -> tuple[int, int]:
    """Honba and riichi deposits on the table (the winner's own stick among them)."""
    if ctx.level == "beginner":
        return 0, 0
    honba = ctx.rng.choices((0, 1, 2, 3, 4), weights=(5, 3, 2, 1, 0.5))[0]
    sticks = ctx.rng.choices((0, 1, 2, 3), weights=(5, 3, 1.5, 0.5))[0]
    return honba, max(sticks, int(riichi))


# A switch that changes the score of hands built by these targets (advanced level only).
SWITCH_TARGETS: dict[str, tuple[str, ...]] = {
    "seven_pairs": ("chiitoitsu", "honroutou_pairs"),
    "kazoe": ("kazoe",),
    "kiriage": ("riichi", "pinfu", "yakuhai", "fu_heavy", "three_alike", "tanyao"),
    "double_yakuman": ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"),
    "yakuman_stacking": ("tsuuiisou", "daisuushii", "daisangen", "suuankou", "tenhou"),
    "double_wind_fu": ("yakuhai", "fu_heavy", "riichi"),
    "open_tanyao": ("yakuhai", "honitsu", "toitoi"),
    "red_fives": ("tanyao", "pinfu", "sanshoku", "chinitsu"),
    "pinfu_tsumo_fu": ("pinfu",),
}


def draw_rules(ctx: Context, target: str, preset: str, tsumo: bool) -> str | dict[str, Any]:
    """The preset by name; at advanced level sometimes with one switch flipped (never under a
    focus, which was checked against the preset). A three-player tsumo may have its tsumo
    loss switched (the North's share lost, or split between the two payers)."""
    if ctx.level != "advanced" or ctx.focused or ctx.rng.random() < 0.7:
        return preset
    names = [n for n, ts in SWITCH_TARGETS.items() if target in ts]
    if ctx.sanma and tsumo:
        names.append("tsumo_loss")
    if not names:
        return preset
    name = ctx.rng.choice(names)
    current = getattr(ALL_PRESETS[preset].rules, name)
    other = next(v for v in SWITCHES[name].values if v != current)
    return {"preset": preset, name: other}
