"""Seeded table questions: one hand's end to settle (a draw, a pao, a multiple ron, the counters
after a hand) or a game's end to score (final points with oka and uma).

A question is an engine request (`POST /api/v1/settle` or `/final`) that is legal under its
preset: the scores add up to the table's total with the deposits on the table, anyone in riichi
this hand can pay the deposit, tenpai hands really wait on a tile (`table.waits`) and noten hands
do not, pao is only for a yakuman the preset makes liable, and three rons on one discard only
where the preset pays them, bumps them or aborts the hand; a draw has a nagashi mangan now and
then (`NAGASHI_SHARE`) where the preset pays one, told in the question's story. Nothing is
settled here: the engine stays the judge. The same seed, level, mode and rules always give the
same question.

Under a three-player preset (`tenhou_sanma`, `mahjongsoul_sanma`) a question has three seats:
three scores adding up to three starts, hands without 2m–8m at a draw, two rons at most on one
discard; the engine settles it with the preset's tsumo loss, noten payments, uma and oka. A
four-player question is drawn exactly as before (the same random draws, in the same order).

>>> q = table_question(3, level="beginner", mode="draw", rules="tenhou")
>>> q == table_question(3, level="beginner", mode="draw", rules="tenhou")
True
>>> q.request["end"]["kind"], sorted(q.request)[:3]
('draw', ['dealer', 'end', 'honba'])
>>> table_question(3, level="advanced", mode="final", rules="wrc").kind
'final'
>>> len(table_question(3, level="beginner", mode="draw", rules="tenhou_sanma").request["scores"])
3
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import ScoringError
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import ALL_PRESETS, Abort, MultipleRon, Nagashi, Rounding, TableRules
from scoring.engine.table import waits
from scoring.engine.tiles import format_indices
from scoring.engine.words import Catalogue, phrase

from .cells import table_cells

TABLE_MODES = ("draw", "pao", "multiron", "counters", "final")
TABLE_MODE_TITLES = {
    "draw": "Draw",
    "pao": "Pao",
    "multiron": "Multiple ron",
    "counters": "Counters",
    "final": "Final score",
}
TABLE_MODE_NOTES = {
    "draw": "The wall is used up: who pays whom? Tenpai is read from the hands from "
    "intermediate up.",
    "pao": "A liable yakuman: who pays what when a player fed the winner its last set?",
    "multiron": "Two or three players ron one discard: who is paid, and who takes the honba and "
    "the deposits?",
    "counters": "After this hand: how many honba and riichi deposits, and who deals?",
    "final": "The game is over: the final scores with oka and uma.",
}
# The stories a question tells beside its table, in the language of the moment.
STORIES = Catalogue(
    "stories",
    {
        "daisangen": "big three dragons (daisangen); seat {liable} discarded the third dragon "
        "that seat {winner} called as a pon",
        "daisuushii": "big four winds (daisuushii); seat {liable} discarded the fourth wind "
        "that seat {winner} called as a pon",
        "suukantsu": "four kans (suukantsu); seat {liable} discarded the tile of the fourth kan",
        "pao": "Seat {winner}'s yakuman: {story}.",
        "nagashi": "seat {seat} discarded only terminals and honours all hand, and nobody called "
        "any of its discards: nagashi mangan.",
    },
)
SUITED = [i for i in range(27) if i % 9 <= 6]  # where a run can start
TILES = list(range(34))
# Three players play no 2m–8m (indices 1–7): no run of characters, no such triplet or pair.
SANMA_LEFT_OUT = frozenset(range(1, 8))
SANMA_SUITED = [i for i in SUITED if i >= 9]
SANMA_TILES = [i for i in TILES if i not in SANMA_LEFT_OUT]


class Retry(Exception):
    """A draw that did not fit: draw again."""


@dataclass(frozen=True)
class TableQuestion:
    """A generated question: its mode, the engine request, and facts the request cannot say
    (which yakuman a pao is for)."""

    mode: str
    request: dict[str, Any]
    story: tuple[str, ...] = field(default=())

    @property
    def kind(self) -> str:
        """`settle` or `final`: which engine call answers it."""
        return "final" if self.mode == "final" else "settle"


# What a table question's request says when it names no question (the API's `generate`).
ERRORS = Catalogue(
    "table_questions",
    {
        "mode": "unknown mode {mode}: choose one of {modes}",
        "preset": "unknown rules preset {rules}: choose one of {presets}",
        "level": "unknown level {level}",
    },
)


def table_question(seed: int, *, level: str, mode: str, rules: str) -> TableQuestion:
    """The table question for `seed` (a ScoringError for an unknown mode or preset)."""
    if mode not in TABLE_MODES:
        raise ScoringError(phrase(ERRORS, "mode", mode=repr(mode), modes=", ".join(TABLE_MODES)))
    if rules not in ALL_PRESETS:
        raise ScoringError(
            phrase(ERRORS, "preset", rules=repr(rules), presets=", ".join(ALL_PRESETS))
        )
    if level not in ("beginner", "intermediate", "advanced"):
        raise ScoringError(phrase(ERRORS, "level", level=repr(level)))
    rng = random.Random(f"table:{seed}:{level}:{mode}:{rules}")
    for _attempt in range(100):
        try:
            return BUILDERS[mode](rng, level, rules)
        except Retry:
            continue
    raise AssertionError(f"no {mode} question after 100 draws")  # pragma: no cover


# ---- the table: scores, counters, riichi ------------------------------------------------------


def deal_scores(
    rng: random.Random, table: TableRules, sticks: int, *, step: int, floor: int, moves: int
) -> list[int]:
    """A score for each player (four, or three) in multiples of `step`, none below `floor`,
    adding up with `sticks` deposits on the table to the table's total (each deposit was 1000
    from someone)."""
    seats = range(table.players)
    scores = [table.start] * table.players
    for _ in range(moves):
        payer, payee = rng.sample(seats, 2)
        amount = rng.randrange(1000, 12001, step) // step * step
        if scores[payer] - amount >= floor:
            scores[payer] -= amount
            scores[payee] += amount
    for _ in range(sticks):
        candidates = [s for s in seats if scores[s] - 1000 >= floor]
        scores[rng.choice(candidates)] -= 1000
    return scores


def counters(rng: random.Random, level: str) -> tuple[int, int]:
    """Honba and riichi deposits already on the table as the hand starts."""
    if level == "beginner":
        return 0, 0
    honba = rng.choices((0, 1, 2, 3), weights=(4, 3, 2, 1))[0]
    return honba, rng.choices((0, 1, 2), weights=(4, 3, 1))[0]


def table_start(rng: random.Random, level: str, rules: str, *, floor: int = 5000) -> dict[str, Any]:
    """The start of a settle request: scores, dealer and round, honba and deposits."""
    honba, sticks = counters(rng, level)
    table = ALL_PRESETS[rules].table
    step = 1000 if level == "beginner" else 100
    players = table.players
    dealer = rng.randrange(players)
    round_ = "E" if level == "beginner" else rng.choice(("E", "S"))
    if round_ == "S" and dealer == players - 1:  # keep the game going: the next hand has counters
        dealer = rng.randrange(players - 1)
    scores = deal_scores(rng, table, sticks, step=step, floor=floor, moves=rng.randint(2, 6))
    return {
        "rules": rules,
        "scores": scores,
        "dealer": dealer,
        "round": round_,
        "honba": honba,
        "sticks": sticks,
        "riichi": [],
    }


def some_riichi(rng: random.Random, seats: list[int], level: str, *, chance: float) -> list[int]:
    if level == "beginner" and chance < 1:
        return []
    return sorted(s for s in seats if rng.random() < chance)


# ---- hands at a draw --------------------------------------------------------------------------


def take(pool: list[int], tiles: list[int]) -> None:
    for t in tiles:
        if pool[t] <= 0:
            raise Retry
        pool[t] -= 1


def any_tile(rng: random.Random, sanma: bool) -> int:
    """A tile of the set in play (a three-player set has no 2m–8m)."""
    return rng.choice(SANMA_TILES) if sanma else rng.randrange(34)


def complete_hand(rng: random.Random, pool: list[int], *, sanma: bool = False) -> list[int]:
    """Four sets and a pair drawn from `pool` (taken out of it)."""
    tiles: list[int] = []
    for _ in range(4):
        if rng.random() < 0.3:
            tile = any_tile(rng, sanma)
            group = [tile] * 3
        else:
            start = rng.choice(SANMA_SUITED if sanma else SUITED)
            group = [start, start + 1, start + 2]
        take(pool, group)
        tiles += group
    pair = any_tile(rng, sanma)
    take(pool, [pair, pair])
    return tiles + [pair, pair]


def tenpai_hand(rng: random.Random, pool: list[int], *, sanma: bool = False) -> str:
    """Thirteen tiles one tile from a winning shape: a complete hand less one tile."""
    tiles = complete_hand(rng, pool, sanma=sanma)
    out = tiles.pop(rng.randrange(len(tiles)))
    pool[out] += 1
    text = format_indices(sorted(tiles))
    if not waits(text):  # pragma: no cover - a complete hand less a tile always waits
        raise Retry
    return text


def noten_hand(rng: random.Random, pool: list[int], *, close: bool, sanma: bool = False) -> str:
    """Thirteen tiles that wait on nothing; `close` ones are a tile swap from tenpai."""
    for _ in range(30):
        before = list(pool)
        try:
            text = near_tenpai(rng, pool, sanma=sanma) if close else scattered(rng, pool)
        except Retry:
            text = ""
        if text and not waits(text):
            return text
        pool[:] = before
    raise Retry


def near_tenpai(rng: random.Random, pool: list[int], *, sanma: bool = False) -> str:
    """A complete hand with two tiles out and one other in."""
    tiles = complete_hand(rng, pool, sanma=sanma)
    for _ in range(2):
        pool[tiles.pop(rng.randrange(len(tiles)))] += 1
    extra = rng.choice([t for t in range(34) if pool[t] > 0])
    take(pool, [extra])
    return format_indices(sorted([*tiles, extra]))


def scattered(rng: random.Random, pool: list[int]) -> str:
    """Thirteen tiles drawn one by one from what is left."""
    tiles = []
    for _ in range(13):
        tile = rng.choice([t for t in range(34) if pool[t] > 0])
        take(pool, [tile])
        tiles.append(tile)
    return format_indices(sorted(tiles))


# How many players are tenpai at a draw: (counts, weights) by the number of players.
TENPAI_COUNTS = {4: ((0, 1, 2, 3, 4), (1, 4, 4, 3, 1)), 3: ((0, 1, 2, 3), (1, 4, 4, 1))}


def draw_question(rng: random.Random, level: str, rules: str) -> TableQuestion:
    """An exhaustive draw: tenpai as seats (beginner) or read from every hand."""
    request = table_start(rng, level, rules)
    players = len(request["scores"])
    sanma = players == 3
    counts, weights = TENPAI_COUNTS[players]
    how_many = rng.choices(counts, weights=weights)[0]
    tenpai = sorted(rng.sample(range(players), how_many))
    request["riichi"] = some_riichi(rng, tenpai, level, chance=0.4)
    end: dict[str, Any] = {"kind": "draw"}
    if level == "beginner":
        end["tenpai"] = tenpai
    else:
        pool = [0 if sanma and t in SANMA_LEFT_OUT else 4 for t in TILES]
        close = level == "advanced" or rng.random() < 0.5
        end["hands"] = {
            str(seat): tenpai_hand(rng, pool, sanma=sanma)
            if seat in tenpai
            else noten_hand(rng, pool, close=close, sanma=sanma)
            for seat in range(players)
        }
    request["end"] = end
    # Drawn last, so that a draw without nagashi is the one this seed gave before nagashi.
    if ALL_PRESETS[rules].table.nagashi is not Nagashi.OFF and rng.random() < NAGASHI_SHARE:
        seat = rng.randrange(players)
        end["nagashi"] = [seat]
        return TableQuestion("draw", request, (phrase(STORIES, "nagashi", seat=seat),))
    return TableQuestion("draw", request)


NAGASHI_SHARE = 0.15  # the draws with a nagashi mangan (under presets that have it)


# ---- wins -------------------------------------------------------------------------------------

LIMIT_HAN = (5, 6, 7, 8, 11)


def a_win(rng: random.Random, seat: int, level: str, rules: str) -> dict[str, Any]:
    """A han/fu win a real hand can score by ron under `rules`."""
    if level != "beginner" and rng.random() < 0.25:
        return {"seat": seat, "han": rng.choice(LIMIT_HAN), "fu": 30}
    han, fu = rng.choice(table_cells(tsumo=False, rules=rules))
    return {"seat": seat, "han": han, "fu": fu}


def tsumo_win(rng: random.Random, seat: int, level: str, rules: str) -> dict[str, Any]:
    if level != "beginner" and rng.random() < 0.25:
        return {"seat": seat, "han": rng.choice(LIMIT_HAN), "fu": 30}
    han, fu = rng.choice(table_cells(tsumo=True, rules=rules))
    return {"seat": seat, "han": han, "fu": fu}


def pao_question(rng: random.Random, level: str, rules: str) -> TableQuestion:
    """A liable yakuman (one the preset names) won by tsumo or by ron."""
    table = ALL_PRESETS[rules].table
    request = table_start(rng, level, rules, floor=8000)
    seats = range(table.players)
    yakuman = rng.choice(table.pao)
    winner, liable = rng.sample(seats, 2)
    win = {"seat": winner, "yakuman": 1}
    others = [s for s in seats if s != winner]
    request["riichi"] = some_riichi(rng, others, level, chance=0.25)
    pao = {"seat": liable, "for": winner}
    if rng.random() < 0.45:
        request["end"] = {"kind": "tsumo", "win": win, "pao": pao}
    else:
        # Mostly another discarder (the split); from intermediate up the liable one too.
        choices = [s for s in others if s != liable] + ([liable] if level != "beginner" else [])
        discarder = rng.choice(choices)
        request["end"] = {"kind": "ron", "from": discarder, "wins": [win], "pao": pao}
    story = phrase(STORIES, yakuman, liable=liable, winner=winner)
    return TableQuestion("pao", request, (phrase(STORIES, "pao", winner=winner, story=story),))


def allows_three(table: TableRules) -> bool:
    """Three rons on one discard settle (paid, bumped or aborted) under these rules (never at
    a three-player table: only two others can ron)."""
    if table.players == 3:
        return False
    return table.multiple_ron is not MultipleRon.DOUBLE or Abort.TRIPLE_RON in table.abortive


def multiron_question(rng: random.Random, level: str, rules: str) -> TableQuestion:
    """Two (or, at advanced, three) players ron one discard (at three players, both others)."""
    table = ALL_PRESETS[rules].table
    request = table_start(rng, level, rules, floor=8000)
    three = level == "advanced" and allows_three(table) and rng.random() < 0.3
    seats = range(table.players)
    discarder = rng.randrange(table.players)
    winners = rng.sample([s for s in seats if s != discarder], 3 if three else 2)
    chance = 0.5 if level == "beginner" else 0.4
    declared = some_riichi(rng, winners, "intermediate", chance=chance)
    if level == "beginner":
        declared = declared[:1]
    elif rng.random() < 0.2:
        declared = sorted({*declared, discarder})
    request["riichi"] = declared
    wins = [a_win(rng, seat, level, rules) for seat in sorted(winners)]
    request["end"] = {"kind": "ron", "from": discarder, "wins": wins}
    return TableQuestion("multiron", request)


COUNTER_ENDS: dict[str, tuple[str, ...]] = {
    "beginner": ("ron", "ron", "tsumo", "draw"),
    "intermediate": ("ron", "ron", "tsumo", "tsumo", "draw", "draw"),
    "advanced": ("ron", "tsumo", "draw", "draw", "abortive", "chombo", "multiron"),
}


def counters_question(rng: random.Random, level: str, rules: str) -> TableQuestion:
    """Any hand's end; the question is the counters after it."""
    table = ALL_PRESETS[rules].table
    request = table_start(rng, level, rules)
    kinds = [k for k in COUNTER_ENDS[level] if k != "abortive" or table.abortive]
    kind = rng.choice(kinds)
    dealer = request["dealer"]
    players = table.players
    table_seats = range(players)
    # A dealer's win or a dealer in tenpai keeps the deal: make both common.
    winner = dealer if rng.random() < 0.4 else rng.randrange(players)
    chance = 0.0 if level == "beginner" else 0.35
    if kind in ("ron", "multiron"):
        discarder = rng.choice([s for s in table_seats if s != winner])
        rest = [s for s in table_seats if s not in (winner, discarder)]
        seats = [winner] + ([rng.choice(rest)] if kind == "multiron" else [])
        request["riichi"] = some_riichi(rng, seats, level, chance=chance)
        wins = [a_win(rng, s, level, rules) for s in sorted(seats)]
        request["end"] = {"kind": "ron", "from": discarder, "wins": wins}
    elif kind == "tsumo":
        request["riichi"] = some_riichi(rng, [winner], level, chance=chance)
        request["end"] = {"kind": "tsumo", "win": tsumo_win(rng, winner, level, rules)}
    elif kind == "draw":
        tenpai = sorted(rng.sample(table_seats, rng.randint(0, players)))
        request["riichi"] = some_riichi(rng, tenpai, level, chance=chance)
        request["end"] = {"kind": "draw", "tenpai": tenpai}
    elif kind == "abortive":
        reason = rng.choice([a for a in table.abortive if a is not Abort.TRIPLE_RON])
        if reason is Abort.FOUR_RIICHI:
            if request["sticks"]:
                raise Retry
            request["riichi"] = list(table_seats)
        request["end"] = {"kind": "abortive", "reason": reason.value}
    else:
        others = [s for s in table_seats if s != winner]
        request["riichi"] = some_riichi(rng, others, level, chance=0.3)
        request["end"] = {"kind": "chombo", "seat": winner}
    if settle_json(request).get("next", {}).get("game_over", True):
        raise Retry  # a score fell below zero: no next hand to ask about
    return TableQuestion("counters", request)


def final_question(rng: random.Random, level: str, rules: str) -> TableQuestion:
    """A game's end: four (or three) scores and deposits left over to turn into final points."""
    table = ALL_PRESETS[rules].table
    sticks = 0 if level == "beginner" else rng.choices((0, 1, 2), weights=(5, 3, 1))[0]
    step = 1000 if level == "beginner" else 100
    floor = -5000 if level == "advanced" else 1000
    scores = deal_scores(rng, table, sticks, step=step, floor=floor, moves=rng.randint(4, 9))
    if level == "advanced" and rng.random() < 0.35:
        tie(rng, scores)
    if len(set(scores)) < table.players and level != "advanced":
        raise Retry
    request: dict[str, Any] = {"rules": rules, "scores": scores, "sticks": sticks}
    if level == "advanced" and rng.random() < 0.5:
        other = rng.choice([r for r in Rounding if r is not table.rounding])
        request["rules"] = {"preset": rules, "rounding": other.value}
    return TableQuestion("final", request)


def tie(rng: random.Random, scores: list[int]) -> None:
    """Make two seats' scores equal (the total kept: a third seat evens out an odd 100)."""
    a, b, c = rng.sample(range(len(scores)), 3)
    both = scores[a] + scores[b]
    if both % 200:
        scores[c] += 100
        both -= 100
    scores[a] = scores[b] = both // 2


BUILDERS: dict[str, Callable[[random.Random, str, str], TableQuestion]] = {
    "draw": draw_question,
    "pao": pao_question,
    "multiron": multiron_question,
    "counters": counters_question,
    "final": final_question,
}

__all__ = [
    "NAGASHI_SHARE",
    "TABLE_MODES",
    "TABLE_MODE_NOTES",
    "TABLE_MODE_TITLES",
    "TableQuestion",
    "table_question",
]
