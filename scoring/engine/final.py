"""Final scores: raw points at the game's end → placements and final points with oka and uma.

final points = (points − target) / 1000 + uma for the place, first place also taking the oka
(4 × (target − start)); the rules say how thousands are rounded (first place then takes what
rounding leaves over), how ties are ranked, where leftover riichi deposits go, and what
yakitori and chombo deductions take. Points are worked in tenths so that nothing is lost to
floating point; the answer is in points (45.0).

>>> r = final_scores((42000, 28000, 18000, 12000), rules=get_table_rules("tenhou"))
>>> r.points, r.ranks
((52.0, 8.0, -22.0, -38.0), (1, 2, 3, 4))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .end_words import END, ERRORS, joined, place_word
from .errors import ScoringError
from .explain import Step
from .request import load_object
from .rules import Chombo, Rounding, RuleSet, TableRules, Ties, get_table_rules, parse_table_rules
from .sanma_words import SANMA_ERRORS
from .table_request import check_total, parse_count, parse_scores, parse_seat
from .words import phrase, word

FINAL_FIELDS = ("rules", "scores", "sticks", "seat_order", "yakitori", "chombo")


@dataclass(frozen=True)
class Final:
    """Each seat's rank (1–4; tied players share a rank when ties are split) and final points,
    in seat order, with the steps."""

    ranks: tuple[int, ...]
    points: tuple[float, ...]
    order: tuple[int, ...]  # seats from first to fourth
    steps: tuple[Step, ...]
    tenths: tuple[int, ...]  # the points × 10, exactly
    scores: tuple[int, ...] = ()  # the scores at the end, deposits left included where they go

    def to_json(self, rules: TableRules, hand_rules: RuleSet | None = None) -> dict[str, Any]:
        shown: dict[str, Any] = {"preset": rules.name}
        if hand_rules is not None:
            shown.update(hand_rules.switches())
        shown.update(rules.switches())
        return {
            "ranks": list(self.ranks),
            "points": list(self.points),
            "order": list(self.order),
            "steps": [s.to_json() for s in self.steps],
            "rules": shown,
        }


def tenths_text(t: int) -> str:
    """Tenths of a point as signed points: 450 → '+45.0'.

    >>> tenths_text(450), tenths_text(-35), tenths_text(0)
    ('+45.0', '-3.5', '0.0')
    """
    sign = "+" if t > 0 else "-" if t < 0 else ""
    return f"{sign}{abs(t) // 10}.{abs(t) % 10}"


def round_thousands(points: int, rounding: Rounding) -> int:
    """Raw points rounded to thousands, in thousands.

    >>> [round_thousands(p, Rounding.HALF_DOWN) for p in (24500, 24600, -1500)]
    [24, 25, -2]
    >>> [round_thousands(p, Rounding.HALF_UP) for p in (24500, 24400, -2500, -1400)]
    [25, 24, -3, -1]
    >>> round_thousands(24900, Rounding.FLOOR), round_thousands(-100, Rounding.FLOOR)
    (24, -1)
    """
    q, r = divmod(points, 1000)
    if rounding is Rounding.HALF_DOWN:
        return q + (r > 500)
    if rounding is Rounding.HALF_UP:  # 四捨五入 on the score as written: −2,500 → −3,000
        size = (abs(points) + 500) // 1000
        return size if points >= 0 else -size
    return q


def ranking(scores: Sequence[int], seat_order: Sequence[int]) -> list[int]:
    """Seats from first to last: most points first, then the earlier in `seat_order`.

    >>> ranking((30000, 30000, 20000, 20000), (0, 1, 2, 3))
    [0, 1, 2, 3]
    """
    return sorted(range(len(scores)), key=lambda s: (-scores[s], seat_order.index(s)))


def final_scores(
    scores: Sequence[int],
    *,
    rules: TableRules,
    sticks: int = 0,
    seat_order: Sequence[int] = (0, 1, 2, 3),
    yakitori: Sequence[int] = (),
    chombo: Sequence[int] = (),
) -> Final:
    """The final points of a game that ended with `scores` and `sticks` deposits left (four
    players, or three: as many as `rules.uma` has places)."""
    steps: list[Step] = []
    raw = list(scores)
    seat_order = [s for s in seat_order if s < len(raw)]
    order = ranking(raw, seat_order)
    say = steps.append
    if sticks:
        lost = rules.leftover == "lost"
        many = "n" if sticks > 1 else "1"
        if lost:
            text = phrase(END, f"final.lost.{many}", sticks=sticks)
        else:
            raw[order[0]] += 1000 * sticks
            text = phrase(
                END,
                f"final.first.{many}",
                sticks=sticks,
                seat=order[0],
                points=1000 * sticks,
                total=raw[order[0]],
            )
        say(Step("deposits", text, {"sticks": sticks, "lost": lost}))
    say(ranking_step(raw, order, seat_order, rules))
    groups = tie_groups(raw, order, rules)
    bonus = place_bonus(order, groups, seat_order, rules)
    tenths = [0] * len(raw)
    for place, seat in enumerate(order):
        base, text = base_points(raw[seat], rules)
        tenths[seat] = base + bonus[seat]
        extras = bonus_text(place, seat, groups, rules, bonus[seat])
        say(
            Step(
                "points",
                phrase(
                    END,
                    "final.points",
                    place=place_word(place),
                    seat=seat,
                    text=text,
                    extras=extras,
                    total=tenths_text(tenths[seat]),
                ),
                {"seat": seat, "place": place + 1, "base": base / 10, "bonus": bonus[seat] / 10},
            )
        )
    rest = (-10 * sticks if rules.leftover == "lost" else 0) - sum(tenths)
    if rest:
        tenths[order[0]] += rest
        say(
            Step(
                "rest",
                phrase(
                    END,
                    "final.rest",
                    rest=tenths_text(rest),
                    seat=order[0],
                    total=tenths_text(tenths[order[0]]),
                ),
                {"rest": rest / 10},
            )
        )
    penalties(tenths, yakitori, chombo, rules, say)
    say(
        Step(
            "total",
            phrase(END, "final.total", total=tenths_text(sum(tenths))),
            {"sum": sum(tenths) / 10},
        )
    )
    ranks = [0] * len(raw)
    for group in groups:
        for seat in group:
            ranks[seat] = 1 + order.index(group[0])
    return Final(
        tuple(ranks),
        tuple(t / 10 for t in tenths),
        tuple(order),
        tuple(steps),
        tuple(tenths),
        tuple(raw),
    )


def ranking_step(
    raw: Sequence[int], order: Sequence[int], seat_order: Sequence[int], rules: TableRules
) -> Step:
    places = joined(
        [
            phrase(END, "final.place", place=place_word(p), seat=s, points=raw[s])
            for p, s in enumerate(order)
        ]
    )
    text = phrase(END, "final.ranking", places=places)
    tied = [s for s in order if sum(raw[t] == raw[s] for t in order) > 1]
    if tied and rules.ties is Ties.SEAT_ORDER:
        text += word(END, "final.ties.seat_order")
    elif tied:
        text += word(END, "final.ties.split")
    return Step("ranking", text, {"order": list(order)})


def tie_groups(raw: Sequence[int], order: Sequence[int], rules: TableRules) -> list[list[int]]:
    """The seats in place order, grouped by equal points when ties are split."""
    groups: list[list[int]] = []
    for seat in order:
        if groups and rules.ties is Ties.SPLIT and raw[groups[-1][0]] == raw[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def place_bonus(
    order: Sequence[int],
    groups: Sequence[Sequence[int]],
    seat_order: Sequence[int],
    rules: TableRules,
) -> list[int]:
    """Uma (and oka for first) by seat, in tenths; a tied group shares its places' total, a
    tenth left over going to the earlier seat in `seat_order`."""
    by_place = [10 * u for u in rules.uma]
    by_place[0] += rules.oka // 100
    bonus = [0] * len(order)
    place = 0
    for group in groups:
        total = sum(by_place[place : place + len(group)])
        share, left = divmod(total, len(group))
        for i, seat in enumerate(sorted(group, key=seat_order.index)):
            bonus[seat] = share + (1 if i < left else 0)
        place += len(group)
    return bonus


def base_points(points: int, rules: TableRules) -> tuple[int, str]:
    """(points − target) / 1000 in tenths, rounded as the rules say, and how it was found."""
    if rules.rounding is Rounding.EXACT:
        base = (points - rules.target) // 100
        return base, phrase(
            END, "final.exact", points=points, target=rules.target, base=tenths_text(base)
        )
    if rules.rounding is Rounding.TOWARD_ZERO:
        diff = points - rules.target
        thousands = abs(diff) // 1000 * (1 if diff >= 0 else -1)
        exact = diff // 100  # the target and the points are in hundreds
        text = phrase(
            END, "final.exact", points=points, target=rules.target, base=tenths_text(exact)
        )
        if exact != 10 * thousands:
            text += phrase(END, "final.dropped", base=tenths_text(10 * thousands))
        return 10 * thousands, text
    thousands = round_thousands(points, rules.rounding)
    base = 10 * (thousands - rules.target // 1000)
    how = word(END, f"final.{rules.rounding.value}")
    return (
        base,
        phrase(
            END,
            "final.thousands",
            points=points,
            thousands=thousands,
            how=how,
            target=rules.target // 1000,
            base=tenths_text(base),
        ),
    )


def bonus_text(
    place: int, seat: int, groups: Sequence[Sequence[int]], rules: TableRules, bonus: int
) -> str:
    group = next(g for g in groups if seat in g)
    if len(group) > 1:
        return phrase(END, "final.shared", bonus=tenths_text(bonus))
    parts = []
    if place == 0 and rules.oka:
        parts.append(phrase(END, "final.oka", oka=tenths_text(rules.oka // 100)))
    if rules.uma[place]:
        parts.append(phrase(END, "final.uma", uma=tenths_text(10 * rules.uma[place])))
    return "".join(parts)


def penalties(
    tenths: list[int], yakitori: Sequence[int], chombo: Sequence[int], rules: TableRules, say: Any
) -> None:
    for seat in yakitori:
        tenths[seat] -= 10 * rules.yakitori
        text = phrase(END, "final.yakitori", seat=seat, points=rules.yakitori)
        say(Step("yakitori", text, {"seat": seat}))
    for seat in chombo:
        tenths[seat] -= 10 * rules.chombo_points
        text = phrase(END, "final.chombo", seat=seat, points=rules.chombo_points)
        say(Step("chombo", text, {"seat": seat}))


# ---- JSON ---------------------------------------------------------------------------------------


def final_json(request: Any) -> dict[str, Any]:
    """The API's answer to a final-score request (dict or JSON text), or `{"error": ...}`.

    >>> final_json({"rules": "wrc", "scores": [45000, 30000, 25000, 20000]})["points"]
    [30.0, 5.0, -10.0, -25.0]
    """
    try:
        data = load_object(request)
        for key in data:
            if key not in FINAL_FIELDS:
                raise ScoringError(
                    f"unknown field {key!r}: the fields are {', '.join(FINAL_FIELDS)}"
                )
        if "scores" not in data:
            raise ScoringError('the request needs "scores"')
        hand_rules, rules = parse_table_rules(data.get("rules"))
        scores = parse_scores(data["scores"], rules.players)
        if any(s % 100 for s in scores):
            raise ScoringError(word(ERRORS, "hundreds"))
        sticks = parse_count(data.get("sticks", 0), "sticks")
        check_total(scores, sticks, rules)
        players = rules.players
        seat_order = parse_order(data.get("seat_order", list(range(players))), players)
        yakitori = parse_seat_list(
            data.get("yakitori", []), "yakitori", distinct=True, players=players
        )
        if yakitori and not rules.yakitori:
            raise ScoringError(phrase(ERRORS, "no_yakitori", rules=rules.name))
        chombo = parse_seat_list(data.get("chombo", []), "chombo", distinct=False, players=players)
        if chombo and rules.chombo is not Chombo.DEDUCTION:
            raise ScoringError(phrase(ERRORS, "chombo_at_table", rules=rules.name))
        result = final_scores(
            scores,
            rules=rules,
            sticks=sticks,
            seat_order=seat_order,
            yakitori=yakitori,
            chombo=chombo,
        )
    except ScoringError as e:
        return {"error": str(e)}
    return result.to_json(rules, hand_rules)


def parse_order(value: Any, players: int = 4) -> tuple[int, ...]:
    seats = parse_seat_list(value, "seat_order", distinct=True, players=players)
    if len(seats) != players:
        raise ScoringError(word(SANMA_ERRORS if players == 3 else ERRORS, "seat_order"))
    return seats


def parse_seat_list(value: Any, what: str, *, distinct: bool, players: int = 4) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ScoringError(phrase(ERRORS, "seat_list", what=what))
    seats = tuple(parse_seat(v, what, players) for v in value)
    if distinct and len(set(seats)) != len(seats):
        raise ScoringError(phrase(ERRORS, "seat_twice", what=what))
    return seats


__all__ = ["Final", "final_json", "final_scores", "get_table_rules"]
