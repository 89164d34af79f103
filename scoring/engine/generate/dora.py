"""A hand's han brought into a range by choosing what the dora and ura indicators point at."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scoring.engine.payment import basic_points
from scoring.engine.rules import RuleSet, parse_rules
from scoring.engine.tiles import (
    TILE_INDEX,
    dora_from_indicator,
    format_indices,
    tile_names,
)
from scoring.engine.yaku import DORA_NAMES

from .draft import NORTH_TILE as NORTH
from .draft import Retry, is_sanma_tile


def aim_dora(
    rng: random.Random,
    request: dict[str, Any],
    allowed: Callable[[int, int], bool],
    *,
    keep_reds: bool = False,
) -> dict[str, Any]:
    """The request with dora and ura indicators chosen (red fives written plain, unless
    `keep_reds`: then they stay and count) so that its han `h` satisfies `allowed(h, fu)`;
    Retry when no choice of indicators can."""
    from scoring.engine import score

    plain = {
        **request,
        "hand": request["hand"].replace("0", "5"),
        "melds": [m.replace("0", "5") for m in request["melds"]],
    }
    request = {**request} if keep_reds else plain
    result = score(request)
    if result.best.yakuman:
        raise Retry
    indicated = {"dora", "ura_dora"} if keep_reds else set(DORA_NAMES)
    base = result.han - sum(y.han for y in result.yaku if y.id in indicated)
    fu = result.fu
    counts = [0] * 34
    for text in (plain["hand"], *(m.split()[1] for m in plain["melds"])):
        for name in tile_names(text):
            counts[TILE_INDEX[name]] += 1
    players = parse_rules(request["rules"]).players
    counts[NORTH] += request.get("kita", 0)  # Norths set aside are copies too
    slots = len(tile_names(request["dora"]))
    riichi = bool({"riichi", "double_riichi"} & set(request["flags"]))
    avoid = TILE_INDEX[request["win"]] if "chankan" in request["flags"] else -1
    slots_all = slots * (2 if riichi else 1)
    picks = pick_indicators(rng, counts, slots_all, avoid, base, fu, allowed, players=players)
    if picks is None:
        raise Retry
    request["dora"] = format_indices(sorted(picks[:slots]))
    request["ura"] = format_indices(sorted(picks[slots:])) if riichi else ""
    return request


def pick_indicators(
    rng: random.Random,
    counts: list[int],
    slots: int,
    avoid: int,
    base: int,
    fu: int,
    allowed: Callable[[int, int], bool],
    *,
    players: int = 4,
) -> list[int] | None:
    """`slots` indicators, each pointing at a tile the hand holds some copies of (or none),
    adding up with `base` to an allowed han; None when no choice does. With three players
    the indicators are of the three-player set, and point as they do there."""
    by_count: dict[int, list[int]] = {}
    for indicator in range(34):
        if players == 3 and not is_sanma_tile(indicator):
            continue
        dora = dora_from_indicator(indicator, players=players)
        if counts[indicator] < 4 and indicator != avoid:
            by_count.setdefault(counts[dora], []).append(indicator)
    options = list(by_count)
    rng.shuffle(options)

    def search(left: int, han: int, seen: list[int]) -> list[int] | None:
        if left == 0:
            return [] if allowed(han, fu) else None
        for n in options:
            usable = [i for i in by_count[n] if counts[i] + seen.count(i) < 4]
            if not usable:
                continue
            indicator = usable[rng.randrange(len(usable))]
            rest = search(left - 1, han + n, [*seen, indicator])
            if rest is not None:
                return [indicator, *rest]
        return None

    return search(slots, base, [])


def limit_allows(limit: str, rules: RuleSet) -> Callable[[int, int], bool]:
    return lambda han, fu: basic_points(han, fu, rules=rules).limit == limit


def under_limit(rules: RuleSet) -> Callable[[int, int], bool]:
    return lambda han, fu: basic_points(han, fu, rules=rules).limit is None


def cell_allows(han_lo: int, han_hi: int) -> Callable[[int, int], bool]:
    return lambda han, fu: han_lo <= han <= han_hi
