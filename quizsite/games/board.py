"""What the board shows, read from the engine's replay: the players with their scores, winds
and gaps, what each needs to pass the one above, the hands with their settlements, and the
final standings. Nothing is computed here that the engine does not say."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine import Limit, RuleSet, ScoringError
from scoring.engine.entered import Abortive, Draw, EarlyEnd, Ron, Stop, Tsumo, WinEntry
from scoring.engine.final import tenths_text
from scoring.engine.game import Aim, Need, Played, Replay, hand_answers, needs, whole_hands
from scoring.engine.payment import han_limit
from scoring.engine.request import parse_request
from scoring.engine.table import seat_wind
from scoring.engine.table_request import deposits_text
from scoring.engine.tiles import WIND_LABELS, format_tiles

from .models import SEAT_WINDS, Game


@dataclass
class Player:
    seat: int
    name: str
    score: int
    wind: str
    dealer: bool
    place: int
    gaps: list[tuple[str, str]]
    need: str

    @property
    def score_text(self) -> str:
        return f"{self.score:,}"

    @property
    def place_text(self) -> str:
        return ("1st", "2nd", "3rd", "4th")[self.place - 1]


def signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else f"−{-n:,}" if n < 0 else "0"


def need_text(need: Need, names: tuple[str, ...]) -> str:
    """ "to pass Bo: a ron of 3,600 or more off Bo (3 han 30 fu pays 3,900) · …" """
    above = names[need.above]
    if all(aim is not None and aim.any_win for aim in (need.direct, need.other, need.tsumo)):
        return f"to pass {above}: any win"
    ways = [
        (need.direct, f"a ron off {above} of {{pays}} or more"),
        (need.other, "a ron off anyone else of {pays} or more"),
        (need.tsumo, "a tsumo of {pays} or more"),
    ]
    said = [
        f"{way.format(pays=aim.pays)} ({aim_hand(aim)})" for aim, way in ways if aim is not None
    ]
    if not said:
        return f"to pass {above}: more than one hand's win"
    return f"to pass {above}: " + " · ".join(said)


def aim_hand(aim: Aim) -> str:
    """The smallest usual hand for an aim, with what it pays when that is more."""
    if aim.value_pays == aim.pays:
        return aim.value.label
    return f"{aim.value.label}, {aim.value_pays}"


def players(game: Game, played: Replay) -> list[Player]:
    rules, table_rules = game.engine_rules()
    names = game.names
    state = played.state
    wanted = {} if played.over else {
        n.seat: need_text(n, names)
        for n in needs(played.scores, state, rules=rules, table_rules=table_rules)
    }  # fmt: skip
    order = sorted(range(4), key=lambda s: (-played.scores[s], s))
    return [
        Player(
            seat=s,
            name=names[s],
            score=played.scores[s],
            wind=WIND_LABELS[seat_wind(s, state.dealer)],
            dealer=s == state.dealer and not played.over,
            place=order.index(s) + 1,
            gaps=[(names[o], signed(played.scores[s] - played.scores[o])) for o in order if o != s],
            need=wanted.get(s, ""),
        )
        for s in range(4)
    ]


def summary(hand: Played, names: tuple[str, ...], sizes: dict[int, str] | None = None) -> str:
    """One line for a hand: who won what off whom, or how it ended (`sizes`: the engine's
    size of each whole hand, by seat)."""
    end = hand.entry.hand_end
    sizes = sizes or {}
    if isinstance(end, Stop):
        return f"{names[hand.state.dealer]} (dealer) stops while first"
    if isinstance(end, EarlyEnd):
        return hand.note
    if isinstance(end, Ron):
        wins = ", ".join(f"{names[w.seat]} {value_text(w, sizes)}" for w in end.wins)
        double = {2: "double ron: ", 3: "triple ron: "}.get(len(end.wins), "")
        text = f"{double}{wins} ron off {names[end.discarder]}"
    elif isinstance(end, Tsumo):
        text = f"{names[end.win.seat]} {value_text(end.win, sizes)} tsumo"
    elif isinstance(end, Draw):
        tenpai = ", ".join(names[s] for s in end.tenpai) or "nobody"
        text = f"exhaustive draw, tenpai: {tenpai}"
        if end.nagashi:
            text += "; nagashi mangan: " + ", ".join(names[s] for s in end.nagashi)
        chombo = hand.outcome is not None and any(s.kind == "chombo" for s in hand.outcome.steps)
        noten = [names[s] for s in hand.entry.riichi if s not in end.tenpai]
        if chombo and noten:
            text += "; chombo: " + ", ".join(noten) + " declared riichi but noten"
    elif isinstance(end, Abortive):
        text = "abortive draw: " + end.reason.description
    else:
        text = f"chombo by {names[end.seat]}"
    if isinstance(end, Ron | Tsumo) and end.pao is not None:
        text += f" (pao: {names[end.pao.seat]})"
    if hand.entry.riichi:
        text += "; riichi: " + ", ".join(names[s] for s in hand.entry.riichi)
    return text


def value_text(win: WinEntry, sizes: dict[int, str] | None = None) -> str:
    if win.hand is not None:
        size = (sizes or {}).get(win.seat)
        return f"{size} (whole hand)" if size else "with a whole hand"
    if win.yakuman:
        return "yakuman" if win.yakuman == 1 else f"{win.yakuman}× yakuman"
    han = win.han
    if han >= 13:  # the rules decide: a counted yakuman or a sanbaiman
        return f"{han} han"
    limit = han_limit(han)
    return limit.value if limit else f"{han} han {win.fu} fu"


def with_names(text: str, names: tuple[str, ...]) -> str:
    """The engine's steps say "seat 2 (West)": the table knows the players by name."""
    for s in range(4):
        for wind in SEAT_WINDS:
            text = text.replace(f"seat {s} ({wind})", names[s])
        text = text.replace(f"seat {s}", names[s])
    return text


HAND_STEPS_LEFT_OUT = {"payment", "honba", "deposits", "total"}  # the settlement says these


def size_text(answer: dict[str, Any]) -> str:
    """ "3 han 30 fu", "mangan (5 han)", "yakuman" as the engine scored the hand."""
    if answer["yakuman"]:
        return str(Limit(answer["limit"]).label).lower()
    if answer["limit"]:
        return f"{Limit(answer['limit']).label.lower()} ({answer['han']} han)"
    return f"{answer['han']} han {answer['fu']} fu"


def built_hands(hand: Played, names: tuple[str, ...], rules: RuleSet | None) -> list[dict]:
    """Each whole hand of a hand's wins: its tiles and melds, its size, yaku and steps as the
    hand calculator scores it at this table."""
    shown = whole_hands(hand.entry.end)
    if not shown or rules is None:
        return []
    try:
        answers = hand_answers(hand, rules=rules)
    except ScoringError:  # settled already, so not expected; the settlement still stands
        answers = {}
    rows = []
    for seat, tiles in shown:
        answer = answers.get(seat)
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                **drawable(tiles),
                "size": size_text(answer) if answer else "",
                "yaku": [(y["name"], y["han"]) for y in answer["yaku"]] if answer else [],
                "steps": [
                    st["text"] for st in answer["steps"] if st["kind"] not in HAND_STEPS_LEFT_OUT
                ]
                if answer
                else [],
            }
        )
    return rows


def drawable(hand: dict[str, Any]) -> dict[str, Any]:
    """A stored hand's tiles, winning tile and melds as the tiles tag draws them (in the
    engine's own notation, whatever spacing or list shape the hand was given in)."""
    try:
        request = parse_request({k: hand[k] for k in ("hand", "win", "melds") if k in hand})
    except ScoringError:  # settled already, so not expected: then no pictures
        return {"tiles": "", "win": "", "melds": []}
    return {
        "tiles": format_tiles(request.hand),
        "win": request.win,
        "melds": [m.text() for m in request.melds],
    }


SHOWN = 10  # the hands a board shows at once: the latest, the older ones a page at a time


def window(total: int, before: int | None = None) -> tuple[int, int]:
    """The hands a board shows of `total`, as a slice (`start`, `stop`) of the replay's hands:
    the latest `SHOWN`, or the `SHOWN` before hand number `before` (kept within the game: past
    its end, the latest; at its start, the first).

    >>> window(80), window(80, 71), window(80, 5), window(80, 999), window(80, 1), window(0, 1)
    ((70, 80), (60, 70), (0, 4), (70, 80), (0, 10), (0, 0))
    """
    stop = total if before is None else min(max(before - 1, 0), total)
    if stop == 0:
        stop = min(SHOWN, total)
    return max(0, stop - SHOWN), stop


def history(
    played: Replay,
    names: tuple[str, ...],
    rules: RuleSet | None = None,
    *,
    start: int = 0,
    stop: int | None = None,
) -> list[dict[str, Any]]:
    """The hands with their settlements (with `rules`, each whole hand also scored for
    its size and steps): all of them, or the replay's hands[`start`:`stop`] alone."""
    rows = []
    for hand in played.hands[start:stop]:
        outcome = hand.outcome
        built = built_hands(hand, names, rules)
        sizes = {b["seat"]: b["size"] for b in built if b["size"]}
        rows.append(
            {
                "number": hand.number,
                "name": hand.state.name,
                "summary": summary(hand, names, sizes),
                "built": built,
                "deltas": [signed(d) for d in outcome.deltas] if outcome else ["", "", "", ""],
                "named_deltas": list(zip(names, [signed(d) for d in outcome.deltas], strict=True))
                if outcome
                else [],
                "delta_values": list(outcome.deltas) if outcome else [0, 0, 0, 0],
                "scores": list(outcome.scores) if outcome else list(hand.scores),
                "scores_text": [f"{x:,}" for x in (outcome.scores if outcome else hand.scores)],
                "steps": [with_names(s.text, names) for s in outcome.steps] if outcome else [],
                "note": hand.note,
                "kind": hand.entry.hand_end.kind,
            }
        )
    return rows


def standings(played: Replay, names: tuple[str, ...]) -> dict[str, Any] | None:
    if not played.over or played.abandoned:
        return None
    final = played.final()
    places = ("1st", "2nd", "3rd", "4th")
    return {
        "rows": [
            {
                "place": places[final.ranks[s] - 1],
                "name": names[s],
                "raw": f"{played.scores[s]:,}",
                "points": tenths_text(final.tenths[s]),
            }
            for s in final.order
        ],
        "steps": [with_names(s.text, names) for s in final.steps],
    }


def table_line(played: Replay) -> str:
    """ "South 2, 1 honba; 2 riichi deposits on the table" ("no riichi deposits" for none)."""
    state = played.state
    deposits = deposits_text(state.sticks) if state.sticks else "no riichi deposits"
    return f"{state.name}; {deposits} on the table"
