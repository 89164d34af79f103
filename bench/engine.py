"""`make bench`: hands scored per second, ours beside the `mahjong` library, on the same hands.

Ours is timed end to end, as the API and the CLI use it: JSON text in, JSON text out, twice:
the brief answer (`score_text`: the facts only, written straight to JSON text; the headline
figure) and the full explained answer (`score_text(..., explain=True)`, as the API calls it:
the reading, fu items, readings and steps, what the teaching pages show, written straight to
JSON text too). The library (a benchmark-only
dependency) is timed twice on the same hands: doing the same job as ours, end to end (JSON
text in; the request's MPSZ tiles, melds and switches converted to its 136-tile arrays, `Meld`s
and `HandConfig`; `estimate_hand_value`; its han, fu, yaku and cost out as JSON text), and on
`HandConfig(...)` and `estimate_hand_value(...)` alone, with its inputs built beforehand,
which leaves it the cheaper half of the work. The four run in alternating chunks (who goes
first rotates too) so a noisy machine slows all alike. It prints figures and never fails on
them: this is not a test.

    python -m bench.engine [--hands 10000] [--chunk 200] [--seed 0] [--show 5] [--real]
    python -m bench.engine --hands 2000 --profile 25   # where our time goes
    python -m bench.engine --hands 2000 --profile 25 --explained   # the explained answer's
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import inspect
import io
import json
import pstats
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from scoring.compiled import engine_kind
from scoring.engine import RuleSet, parse_rules, score_text

REAL_WINS = Path(__file__).resolve().parents[2] / "shared" / "data" / "real_wins.jsonl.gz"
REQUEST_KEYS = (
    "hand win melds tsumo seat round dora ura flags honba sticks rules".split()  # noqa: SIM905
)
Request = dict[str, Any]
RULES = "mahjongsoul"  # generated hands' rules: the library can follow every one of its switches


# ---- the hands ------------------------------------------------------------------------------


def generated_requests(count: int, seed: int) -> tuple[list[Request], str] | None:
    """`count` whole hands from the quiz's generator, the three levels in turn; None until the
    generator exists."""
    try:
        from scoring.engine.generate import LEVELS, generate
    except ImportError:
        return None
    requests = [
        generate(seed + i, level=LEVELS[i % len(LEVELS)], mode="full", rules=RULES)
        for i in range(count)
    ]
    seeds = f"seeds {seed}–{seed + count - 1}"
    return requests, f"{count:,} hands from scoring.engine.generate ({seeds}, {RULES} rules)"


def real_win_requests(count: int, seed: int) -> tuple[list[Request], str]:
    """A stand-in for generated hands: `count` wins sampled from the real-wins corpus."""
    with gzip.open(REAL_WINS, "rt", encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    sample = random.Random(seed).sample(records, min(count, len(records)))
    requests = [{**{k: r[k] for k in REQUEST_KEYS}, "rules": rules_of(r)} for r in sample]
    return requests, (
        f"{len(requests):,} real Tenhou wins sampled from {REAL_WINS.name} (seed {seed}), "
        "a stand-in until scoring.engine.generate lands"
    )


def rules_of(record: dict[str, Any]) -> str | dict[str, Any]:
    """The corpus's rule label (`tenhou:no_aka,no_kuitan`, ...) as a request's `rules`."""
    options = record["rules"].partition(":")[2]
    if "no_aka" not in options:
        return "tenhou"
    return {"preset": "tenhou", "red_fives": False, "open_tanyao": "no_kuitan" not in options}


# ---- the library's side: our request in its 136-tile format ---------------------------------

SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}
FIVES = frozenset({4, 13, 22})  # 5m 5p 5s in 34-tile kinds; copy 0 of each is the red five
WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}
FLAG_OPTIONS = {
    "riichi": "is_riichi",
    "double_riichi": "is_daburu_riichi",
    "ippatsu": "is_ippatsu",
    "rinshan": "is_rinshan",
    "chankan": "is_chankan",
    "haitei": "is_haitei",
    "houtei": "is_houtei",
    "tenhou": "is_tenhou",
    "chiihou": "is_chiihou",
}


def parse_mpsz(text: str) -> list[tuple[int, bool]]:
    """Tiles as (34-tile kind, is red): `"406p"` → [(12, False), (13, True), (14, False)]."""
    tiles: list[tuple[int, bool]] = []
    digits: list[str] = []
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits.append(char)
            continue
        offset = SUIT_OFFSET[char]
        tiles += [(offset + (int(d) or 5) - 1, d == "0") for d in digits]
        digits = []
    return tiles


class TileCopies:
    """Hands out distinct 136-format tiles: copy 0 of a five is the red one."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int, red: bool) -> int:
        order = (0,) if red else (1, 2, 3, 0) if kind in FIVES else (0, 1, 2, 3)
        for copy in order:
            tile = kind * 4 + copy
            if tile not in self.used:
                self.used.add(tile)
                return tile
        return kind * 4 + order[0]  # a fifth copy: the hand is invalid anyway

    def take_all(self, text: str) -> list[int]:
        return [self.take(kind, red) for kind, red in parse_mpsz(text)]


@dataclass
class LibraryHand:
    """One request in the library's terms, built before timing starts."""

    tiles: list[int]
    win_tile: int
    melds: list[Any]
    dora: list[int]
    ura: list[int]
    config: dict[str, Any]
    options: dict[str, Any]


def to_library(request: Request, lib: Any) -> LibraryHand:
    copies = TileCopies()
    hand = copies.take_all(request["hand"])
    melds = [library_meld(text, copies, lib) for text in request.get("melds", [])]
    win_kind, win_red = parse_mpsz(request["win"])[0]
    win = next((t for t in hand if t // 4 == win_kind and (t % 4 == 0) == win_red), -1)
    if win < 0:
        win = next((t for t in hand if t // 4 == win_kind), -1)
    rules = parse_rules(request.get("rules"))
    config = {
        "is_tsumo": bool(request.get("tsumo")),
        "player_wind": lib.EAST + WIND_INDEX[request.get("seat", "E")],
        "round_wind": lib.EAST + WIND_INDEX[request.get("round", "E")],
        "tsumi_number": request.get("honba", 0),
        "kyoutaku_number": request.get("sticks", 0),
        **{FLAG_OPTIONS[f]: True for f in request.get("flags", []) if f in FLAG_OPTIONS},
    }
    return LibraryHand(
        tiles=hand + [t for m in melds for t in m.tiles],
        win_tile=win,
        melds=melds,
        dora=copies.take_all(request.get("dora", "")),
        ura=copies.take_all(request.get("ura", "")),
        config=config,
        options=library_options(rules, lib),
    )


def library_meld(text: str, copies: TileCopies, lib: Any) -> Any:
    kind, tiles = text.split()
    meld_type = {"chi": lib.Meld.CHI, "pon": lib.Meld.PON}.get(kind, lib.Meld.KAN)
    return lib.Meld(meld_type=meld_type, tiles=copies.take_all(tiles), opened=kind != "ankan")


def library_options(rules: RuleSet, lib: Any) -> dict[str, Any]:
    """Our switches as the library's OptionalRules; it has no yakuman_stacking,
    double_wind_fu 2 or seven pairs 50 fu, so those differ when a preset sets them."""
    kazoe = lib.HandConstants.KAZOE_LIMITED
    if rules.kazoe == "sanbaiman":
        kazoe = lib.HandConstants.KAZOE_SANBAIMAN
    return {
        "has_open_tanyao": rules.open_tanyao,
        "has_aka_dora": rules.red_fives,
        "has_double_yakuman": rules.double_yakuman,
        "kazoe_limit": kazoe,
        "kiriage": rules.kiriage,
        "fu_for_pinfu_tsumo": getattr(rules, "pinfu_tsumo_fu", 0) == 2,  # (an older engine's)
    }


def library_follows(rules: RuleSet) -> bool:
    """Whether the library has every switch these rules set."""
    stacking = getattr(rules, "yakuman_stacking", True)  # an older engine may lack a switch
    double_wind = getattr(rules, "double_wind_fu", 4)
    return stacking and double_wind == 4 and getattr(rules, "seven_pairs", "25fu") == "25fu"


def load_library() -> Any:
    """The `mahjong` package's pieces in one namespace, or None when it is not installed."""
    try:
        from mahjong.constants import EAST
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld
    except ImportError:
        return None
    return argparse.Namespace(
        EAST=EAST,
        HandCalculator=HandCalculator,
        HandConfig=HandConfig,
        HandConstants=HandConstants,
        OptionalRules=OptionalRules,
        Meld=Meld,
        version=metadata.version("mahjong"),
    )


# ---- scoring, both ways ---------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one side said about one hand: han, fu and the winner's total, or an error."""

    han: int | None = None
    fu: int | None = None
    total: int | None = None
    error: str | None = None


def score_ours(text: str) -> str:
    """One hand end to end, as the API does it: JSON text in, the full answer's text out."""
    if not ENSURE_ASCII:  # an older engine (a comparison's): its only way
        return score_text(text, explain=True)
    return score_text(text, explain=True, ensure_ascii=False)


ENSURE_ASCII = "ensure_ascii" in inspect.signature(score_text).parameters


def score_ours_brief(text: str) -> str:
    """One hand end to end, as `?explain=0` and `--brief` do it: JSON text in, the brief
    answer's text out."""
    return score_text(text)


def our_outcome(answer_text: str) -> Outcome:
    answer = json.loads(answer_text)
    if "error" in answer:
        return Outcome(error=answer["error"])
    return Outcome(answer["han"], answer["fu"], answer["total"])


def score_theirs(hand: LibraryHand, lib: Any) -> Any:
    config = lib.HandConfig(**hand.config, options=lib.OptionalRules(**hand.options))
    return lib.HandCalculator.estimate_hand_value(
        hand.tiles,
        hand.win_tile,
        melds=hand.melds,
        dora_indicators=hand.dora,
        config=config,
        ura_dora_indicators=hand.ura,
    )


def score_theirs_end_to_end(text: str, lib: Any) -> str:
    """One hand through the library as ours is timed: JSON text in (our request, converted to
    its inputs as a caller must), JSON text out (what it found)."""
    response = score_theirs(to_library(json.loads(text), lib), lib)
    if response.error:
        return json.dumps({"error": str(response.error)})
    yaku = [y.name for y in response.yaku]
    return json.dumps({"han": response.han, "fu": response.fu, "yaku": yaku, "cost": response.cost})


def their_outcome(response: Any) -> Outcome:
    if response.error:
        return Outcome(error=str(response.error))
    return Outcome(response.han, response.fu, response.cost["total"])


# ---- the race -------------------------------------------------------------------------------


@dataclass
class Lap:
    """Seconds spent and results collected by one side."""

    seconds: float = 0.0
    results: list[Any] = field(default_factory=list)

    def run(self, work: Callable[[], list[Any]]) -> None:
        start = time.perf_counter()
        results = work()
        self.seconds += time.perf_counter() - start
        self.results += results


def chunks(count: int, size: int) -> Iterator[range]:
    for start in range(0, count, size):
        yield range(start, min(start + size, count))


@dataclass
class Laps:
    brief: Lap = field(default_factory=Lap)  # ours, the brief answer
    full: Lap = field(default_factory=Lap)  # ours, the full explained answer
    theirs: Lap = field(default_factory=Lap)  # the library's core, inputs built beforehand
    theirs_end_to_end: Lap = field(default_factory=Lap)  # the library, JSON in to JSON out


def race(texts: list[str], hands: list[LibraryHand], lib: Any, chunk: int) -> Laps:
    """The four over the same hands, chunk by chunk, rotating which one goes first."""
    laps = Laps()
    for n, part in enumerate(chunks(len(texts), chunk)):
        sides = [
            (laps.brief, lambda p=part: [score_ours_brief(texts[i]) for i in p]),
            (laps.full, lambda p=part: [score_ours(texts[i]) for i in p]),
            (laps.theirs, lambda p=part: [score_theirs(hands[i], lib) for i in p]),
            (
                laps.theirs_end_to_end,
                lambda p=part: [score_theirs_end_to_end(texts[i], lib) for i in p],
            ),
        ]
        turn = n % len(sides)
        for lap, work in sides[turn:] + sides[:turn]:
            if lib is None and lap in (laps.theirs, laps.theirs_end_to_end):
                continue
            lap.run(work)
    return laps


def brief_matches_full(brief: Sequence[str], full: Sequence[str]) -> int:
    """How many brief answers are exactly the full answer's facts (errors alike)."""
    same = 0
    for b, f in zip(brief, full, strict=True):
        short, long = json.loads(b), json.loads(f)
        same += short == {key: long.get(key) for key in short}
    return same


# ---- the report -----------------------------------------------------------------------------


@dataclass
class Agreement:
    """How often the two sides agree, counted over the hands whose rules both can follow."""

    compared: int = 0
    unfollowable: int = 0  # hands with a switch the library lacks (see library_options)
    han: int = 0
    fu: int = 0
    fu_counted: int = 0  # hands under 5 han by both counts, where fu changes the points
    points: int = 0
    all: int = 0
    errors_ours: int = 0
    errors_theirs: int = 0
    differing: list[tuple[int, Outcome, Outcome]] = field(default_factory=list)

    def add(self, index: int, ours: Outcome, theirs: Outcome) -> None:
        """Count one hand; two errors agree, an error and an answer do not."""
        self.errors_ours += ours.error is not None
        self.errors_theirs += theirs.error is not None
        han, points = ours.han == theirs.han, ours.total == theirs.total
        fu_matters = (
            ours.han is not None and theirs.han is not None and max(ours.han, theirs.han) < 5
        )
        fu = ours.fu == theirs.fu or not fu_matters
        self.han += han
        self.points += points
        self.fu_counted += fu_matters
        self.fu += fu_matters and fu
        self.all += han and points and fu
        if not (han and points and fu):
            self.differing.append((index, ours, theirs))


def compare(ours: Sequence[str], theirs: Sequence[Any], requests: list[Request]) -> Agreement:
    agreement = Agreement()
    for i, (mine, response) in enumerate(zip(ours, theirs, strict=True)):
        if not library_follows(parse_rules(requests[i].get("rules"))):
            agreement.unfollowable += 1
            continue
        agreement.compared += 1
        agreement.add(i, our_outcome(mine), their_outcome(response))
    return agreement


def report(
    source: str, count: int, laps: Laps, lib: Any, agreement: Agreement | None, same: int
) -> list[str]:
    brief_rate, full_rate = count / laps.brief.seconds, count / laps.full.seconds
    lines = [
        f"Tenbō bench: {source}; the engine {engine_kind()}",
        rate_line("ours, brief answer: JSON in → score_text → JSON out", brief_rate),
        rate_line("ours, explained answer: JSON in → score_text(explain) → JSON out", full_rate),
    ]
    if lib is None or agreement is None:
        return [*lines, "  mahjong library not installed: pip install -e '.[bench]' to compare"]
    their_rate = count / laps.theirs.seconds
    their_whole_rate = count / laps.theirs_end_to_end.seconds
    a = agreement
    return [
        *lines,
        rate_line(
            f"mahjong {lib.version}: JSON in → its inputs → estimate → JSON out", their_whole_rate
        ),
        rate_line(f"mahjong {lib.version}: estimate_hand_value only, inputs built", their_rate),
        "  ratios (target: the explained answer at least 2× the library, end to end):",
        f"    brief answer / library end to end: {brief_rate / their_whole_rate:.2f}×, "
        f"/ library's estimate only: {brief_rate / their_rate:.2f}×",
        f"    full explained answer / library end to end: {full_rate / their_whole_rate:.2f}×, "
        f"/ library's estimate only: {full_rate / their_rate:.2f}×",
        f"  brief answers equal to the full answer's facts: {same:,} of {count:,}",
        f"  agreement on the {a.compared:,} hands whose rules the library can follow "
        f"({a.unfollowable:,} set a switch it lacks):",
        f"    han {a.han:,}, points {a.points:,}, fu {a.fu:,} of the {a.fu_counted:,} under "
        f"5 han; all three {a.all:,}",
        f"    errors: ours {a.errors_ours:,}, theirs {a.errors_theirs:,}",
    ]


def rates(count: int, laps: Laps, lib: Any) -> dict[str, float]:
    """Hands a second each way, and ours over the library's end to end (0 without it)."""
    brief, full = count / laps.brief.seconds, count / laps.full.seconds
    theirs = count / laps.theirs_end_to_end.seconds if lib else 0.0
    return {
        "brief": brief,
        "explained": full,
        "library": theirs,
        "brief_ratio": brief / theirs if theirs else 0.0,
        "explained_ratio": full / theirs if theirs else 0.0,
    }


def rate_line(label: str, rate: float) -> str:
    return f"  {label:<70} {rate:8,.0f} hands/s {1e6 / rate:6.0f} µs/hand"


def show_differences(agreement: Agreement, requests: list[Request], limit: int) -> Iterator[str]:
    for index, ours, theirs in agreement.differing[:limit]:
        yield f"  differs: {json.dumps(requests[index])}"
        yield f"    ours   {ours}"
        yield f"    theirs {theirs}"


def profile(texts: list[str], top: int, explained: bool = False) -> str:
    """cProfile of our side alone (the brief answer, or the explained one): the `top`
    functions by their own time."""
    work = score_ours if explained else score_ours_brief
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [work(t) for t in texts])
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="how many hands (10,000)")
    parser.add_argument("--chunk", type=int, default=200, help="hands per alternating chunk")
    parser.add_argument("--seed", type=int, default=0, help="first generator seed / sample seed")
    parser.add_argument("--show", type=int, default=0, help="print N hands the two disagree on")
    parser.add_argument("--real", action="store_true", help="use the real-wins corpus anyway")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="only profile ours: the N hottest"
    )
    parser.add_argument(
        "--explained", action="store_true", help="profile the explained answer, not the brief"
    )
    parser.add_argument("--json", action="store_true", help="print the rates as one JSON line")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    made = None if args.real else generated_requests(args.hands, args.seed)
    requests, source = made or real_win_requests(args.hands, args.seed)
    texts = [json.dumps(r) for r in requests]
    if args.profile:
        print(f"Profile of ours on {source}")
        print(profile(texts, args.profile, args.explained))
        return 0
    lib = load_library()
    hands = [to_library(r, lib) for r in requests] if lib else []
    laps = race(texts, hands, lib, args.chunk)
    agreement = compare(laps.brief.results, laps.theirs.results, requests) if lib else None
    same = brief_matches_full(laps.brief.results, laps.full.results)
    if args.json:
        print(json.dumps(rates(len(texts), laps, lib) | {"engine": engine_kind()}))
        return 0
    print("\n".join(report(source, len(texts), laps, lib, agreement, same)))
    if agreement and args.show:
        print("\n".join(show_differences(agreement, requests, args.show)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
