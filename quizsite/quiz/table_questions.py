"""Table questions: a hand's end to settle (draw, pao, multiple ron, counters) or a game's end
to score (final), rebuilt from the seed and answered by the engine's settle/final.

As with a hand, a question is only its seed, mode, level and rules: the server regenerates the
request (`generate.settlements`) and settles it, so the page carries no answer. Under a
three-player preset (`tenhou_sanma`, `mahjongsoul_sanma`) it has three seats (East, South,
West), three answers, and the preset's three-player payments, uma and oka.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.engine.final import Final, final_scores, parse_order
from scoring.engine.generate.settlements import TABLE_MODES, table_question
from scoring.engine.hand_end import Outcome, settle_end
from scoring.engine.rules import (
    ALL_PRESETS,
    MultipleRon,
    Nagashi,
    Rounding,
    TableRules,
    Ties,
    parse_table_rules,
)
from scoring.engine.table import hand_name, seat_wind
from scoring.engine.table_request import parse_end, parse_table
from scoring.switch_controls import with_switches

from .questions import Asked, parse_options, parse_seed, points_text, wind_name

ROUNDING_NAMES = {
    Rounding.EXACT: gettext_lazy("exact to 0.1"),
    Rounding.FLOOR: gettext_lazy("thousands rounded down, first place takes the rest"),
    Rounding.TOWARD_ZERO: gettext_lazy(
        "the decimals dropped (toward zero), first place takes the rest"
    ),
    Rounding.HALF_DOWN: gettext_lazy(
        "thousands to the nearest, 500 down, first place takes the rest"
    ),
    Rounding.HALF_UP: gettext_lazy("thousands to the nearest, 500 up, first place takes the rest"),
}
MULTIPLE_RON_NAMES = {
    MultipleRon.TRIPLE: gettext_lazy("every ron on one discard is paid (double and triple ron)"),
    MultipleRon.DOUBLE: gettext_lazy(
        "double ron is paid; three rons on one discard abort the hand"
    ),
    MultipleRon.HEAD_BUMP: gettext_lazy(
        "head bump: only the first winner counterclockwise from the discarder wins"
    ),
}
NAGASHI_NAMES = {
    Nagashi.DRAW: gettext_lazy(
        "nagashi mangan is paid as a mangan tsumo without honba, instead of the noten "
        "payments; the hand stays a draw"
    ),
    Nagashi.WIN: gettext_lazy(
        "nagashi mangan counts as a win: paid as a mangan tsumo with the honba, instead of the "
        "noten payments, and it takes the riichi deposits"
    ),
}
PAO_YAKU = {  # the yakuman pao can apply to, as the rule names them
    "daisangen": gettext_lazy("daisangen"),
    "daisuushii": gettext_lazy("daisuushii"),
    "suukantsu": gettext_lazy("suukantsu"),
}
ABORT_NAMES = {  # an abortive draw's reason, as the question's facts say it
    "nine_terminals": gettext_lazy("nine terminals"),
    "four_winds": gettext_lazy("four winds"),
    "four_kans": gettext_lazy("four kans"),
    "four_riichi": gettext_lazy("four riichi"),
    "triple_ron": gettext_lazy("triple ron"),
}
__all__ = [
    "TABLE_MODES",
    "TableQuizQuestion",
    "TableSolution",
    "is_table_mode",
    "load_table_question",
    "outcome_of",
    "solve_table",
]

# "seat 2", and "seat 2 (East)" as the engine's steps write it (the wind is then said once).
SEAT_NUMBER = re.compile(r"\b[Ss]eat ([0-3])(?: \((?:East|South|West|North)\))?(?![\w(])")


def is_table_mode(mode: str | None) -> bool:
    return mode in TABLE_MODES


@dataclass(frozen=True)
class Seat:
    """One seat's row in the question: its number, wind this hand, score and what it did."""

    number: int
    wind: str
    dealer: bool
    score: int
    riichi: bool = False
    tenpai: bool | None = None  # given as a fact (beginner draws)
    hand: str = ""  # tiles shown at a draw

    @property
    def name(self) -> str:
        """What players call the seat: its wind ("East")."""
        return wind_name(self.wind)

    @property
    def score_text(self) -> str:
        """Its score as the page's language writes points."""
        return points_text(self.score)

    @property
    def label(self) -> str:
        return _("%(seat)s (dealer)") % {"seat": self.name} if self.dealer else self.name


@dataclass(frozen=True)
class TableQuizQuestion(Asked):
    """One table question: what generates it, and the generated engine request."""

    TEMPLATE: ClassVar[str] = "quiz/table_question.html"
    UNSCORABLE: ClassVar[str] = "settle"
    STYLESHEET: ClassVar[str] = "css/table_quiz.css"
    CARD: ClassVar[str] = "quiz/table_question.html#table"  # the seats, hands and facts
    story: tuple[str, ...] = field(default=(), compare=False)

    @property
    def kind(self) -> str:
        """The answer's shape: `deltas` (four score changes), `counters` or `final`."""
        return {"counters": "counters", "final": "final"}.get(self.mode, "deltas")

    @property
    def is_table(self) -> bool:
        return True

    # The question protocol (`public.QuizQuestion`): made, solved. Its answer form, judging
    # and the answer shown are `public`'s (`answer_form`, `judge`, `reveal`, `key_verdict`),
    # above this module and its forms and verdicts, which import it.

    @classmethod
    def made(
        cls,
        seed: int,
        options: Mapping[str, str],
        *,
        focus: Mapping[str, Any] | None = None,
        request: dict[str, Any] | None = None,
        house: tuple[tuple[str, str], ...] = (),
    ) -> TableQuizQuestion:
        """The question generated from a seed and the options (its mode is its focus), with the
        `house` switches on top of the preset, or from its stored `request` (its story, which a
        request cannot hold, told again)."""
        made = table_question(seed, **options)
        if request is None:
            rules = with_switches(made.request["rules"], house, table=True)
            request = at_start(made.request, rules)
        return cls(seed, **options, house=house, request=request, story=made.story)

    def solve(self) -> TableSolution:
        return solve_table(self)

    @cached_property
    def table_rules(self) -> TableRules:
        return parse_table_rules(self.request["rules"])[1]

    @property
    def players(self) -> int:
        """4, or 3 under a three-player preset."""
        return self.table_rules.players

    @property
    def prompt(self) -> str:
        return {
            "deltas": _("How does each seat's score change? (Riichi deposits included.)"),
            "counters": _("After this hand: how many honba and riichi deposits, and who deals?"),
            "final": _("What are the final scores, oka and uma included?"),
        }[self.kind]

    @cached_property
    def seats(self) -> list[Seat]:
        r = self.request
        players = len(r["scores"])
        if self.kind == "final":
            return [Seat(s, "ESWN"[s], False, r["scores"][s]) for s in range(players)]
        end = r["end"]
        tenpai = end.get("tenpai") if end["kind"] == "draw" else None
        hands = end.get("hands", {})
        return [
            Seat(
                s,
                seat_wind(s, r["dealer"], players),
                s == r["dealer"],
                r["scores"][s],
                s in r["riichi"],
                None if tenpai is None else s in tenpai,
                hands.get(str(s), ""),
            )
            for s in range(players)
        ]

    @cached_property
    def facts(self) -> list[tuple[str, str]]:
        """The situation as (label, text) rows."""
        r = self.request
        if self.kind == "final":
            return [(_("Riichi deposits left on the table"), str(r["sticks"]))]
        rows = [
            (_("This hand"), hand_name(r["round"], r["dealer"], r["honba"])),
            (_("Honba"), str(r["honba"])),
            (
                _("Riichi deposits on the table"),
                _("%(sticks)s (from earlier hands)") % {"sticks": r["sticks"]},
            ),
        ]
        declared = [self.seat_name(s) for s in r["riichi"]]
        together = pgettext("list separator", ", ").join(declared)
        rows.append((_("Riichi this hand"), together if declared else _("nobody")))
        rows.append((_("How it ended"), self.ending))
        rows += [(_("Also"), self.named_seats(line)) for line in self.story]
        return rows

    def seat_name(self, seat: int) -> str:
        """A seat as players call it: its wind this hand ("South"); in a final score, the wind
        it started the game with."""
        return self.seats[seat].name

    def named_seats(self, text: str) -> str:
        """`text` with each "seat 2" written as the seat's name."""
        return SEAT_NUMBER.sub(lambda m: self.seat_name(int(m.group(1))), text)

    def named_step(self, step: dict[str, Any]) -> dict[str, Any]:
        """An engine step whose text names the seats as players do."""
        return {**step, "text": self.named_seats(step["text"])}

    @property
    def ending(self) -> str:
        end = self.request["end"]
        kind = end["kind"]
        if kind == "draw":
            if "hands" in end:
                return _("exhaustive draw (the wall ran out); every hand is shown below")
            return _("exhaustive draw (the wall ran out)")
        if kind == "abortive":
            reason = ABORT_NAMES.get(end["reason"], end["reason"].replace("_", " "))
            return _("abortive draw: %(reason)s") % {"reason": reason}
        if kind == "chombo":
            return _("chombo by %(seat)s (a false win)") % {"seat": self.seat_name(end["seat"])}
        if kind == "tsumo":
            return _("%(seat)s wins by tsumo with %(hand)s") % {
                "seat": self.seat_name(end["win"]["seat"]),
                "hand": win_text(end["win"]),
            }
        discarder = self.seat_name(end["from"])
        if len(end["wins"]) == 1:
            win = end["wins"][0]
            return _("%(discarder)s discards; %(seat)s wins by ron with %(hand)s") % {
                "discarder": discarder,
                "seat": self.seat_name(win["seat"]),
                "hand": win_text(win),
            }
        wins = pgettext("list separator", "; ").join(
            _("%(seat)s with %(hand)s") % {"seat": self.seat_name(w["seat"]), "hand": win_text(w)}
            for w in end["wins"]
        )
        if len(end["wins"]) == 2:
            text = _("%(discarder)s discards and both ron: %(wins)s")
        elif len(end["wins"]) == 3:
            text = _("%(discarder)s discards and all ron: %(wins)s")
        else:
            text = _("%(discarder)s discards and ron: %(wins)s")
        return text % {"discarder": discarder, "wins": wins}

    @cached_property
    def rule_notes(self) -> list[str]:
        """The preset, and the table rules this question turns on."""
        t = self.table_rules
        notes = [str(ALL_PRESETS[self.rules].title)]
        if self.players == 3:
            notes.append(self.three_player_note)
        if self.mode == "multiron" or (self.mode == "counters" and len(self.wins) > 1):
            three_paid = self.players == 3 and t.multiple_ron is not MultipleRon.HEAD_BUMP
            # at three players no third player can ron: the rule's "three rons" never applies
            notes.append(
                _("double ron is paid") if three_paid else str(MULTIPLE_RON_NAMES[t.multiple_ron])
            )
            notes.append(
                _("the honba go to the first winner only")
                if t.multiple_ron_honba == "head"
                else _("the honba go to every winner")
            )
        if self.nagashi and t.nagashi in NAGASHI_NAMES:
            notes.append(str(NAGASHI_NAMES[t.nagashi]))
        if self.mode == "pao":
            notes.append(
                _("pao for %(yaku)s")
                % {
                    "yaku": pgettext("list separator", ", ").join(
                        str(PAO_YAKU.get(y, y)) for y in t.pao
                    )
                }
            )
            notes.append(
                _("on a shared ron the liable player pays the honba")
                if t.pao_honba == "liable"
                else _("on a shared ron the discarder pays the honba")
            )
        if self.kind == "final":
            uma = "/".join(f"{u:+d}" for u in t.uma)
            notes += [
                _("start %(start)s, target %(target)s (oka %(oka)s.0)")
                % {
                    "start": points_text(t.start),
                    "target": points_text(t.target),
                    "oka": t.oka // 1000,
                },
                _("uma %(uma)s") % {"uma": uma},
                str(ROUNDING_NAMES[t.rounding]),
                _("ties: seat order") if t.ties is Ties.SEAT_ORDER else _("ties: shared"),
                _("leftover deposits: to first place")
                if t.leftover == "first"
                else _("leftover deposits: lost"),
            ]
        return notes

    @property
    def three_player_note(self) -> str:
        """What three players pay that four do not, as this question meets it."""
        if self.kind == "final":
            return _("three players: three places and three uma")
        if self.request["end"]["kind"] == "draw":
            return _("three players: 2000 in noten payments between three")
        tsumo_loss = parse_table_rules(self.request["rules"])[0].tsumo_loss
        return (
            _("three players: honba 200 a counter on a ron; a tsumo has tsumo loss")
            if tsumo_loss
            else _(
                "three players: honba 200 a counter on a ron; a tsumo splits the North's "
                "share between the two payers"
            )
        )

    @property
    def rules_text(self) -> str:
        """The preset and the table rules this question turns on, as one line."""
        return pgettext("between rules", "; ").join(self.rule_notes)

    @property
    def nagashi(self) -> list[int]:
        """The seats with a nagashi mangan at a draw (none for other ends)."""
        return list(self.request.get("end", {}).get("nagashi", []))

    @property
    def wins(self) -> list[dict[str, Any]]:
        end = self.request.get("end", {})
        return list(end.get("wins", [end["win"]] if "win" in end else []))


def win_text(win: dict[str, Any]) -> str:
    if win.get("yakuman"):
        return _("a yakuman")
    if win["han"] >= 5:
        return _("%(han)s han") % {"han": win["han"]}
    return _("%(han)s han %(fu)s fu") % {"han": win["han"], "fu": win["fu"]}


def load_table_question(seed: str, params: Mapping[str, str]) -> TableQuizQuestion:
    """The table question a link names, regenerated from its seed."""
    options = parse_options(params)
    house = options.pop("house")
    return TableQuizQuestion.made(parse_seed(seed), options, house=house)


@dataclass(frozen=True)
class TableSolution:
    """The engine's answer: the settled hand (deltas, next counters) or the final points."""

    steps: list[dict[str, Any]]
    outcome: Outcome | None = None
    final: Final | None = None

    @property
    def deltas(self) -> tuple[int, ...]:
        assert self.outcome is not None
        return self.outcome.deltas

    @property
    def counters(self) -> tuple[int, int, int]:
        assert self.outcome is not None
        n = self.outcome.next
        return n.honba, n.sticks, n.dealer

    @property
    def tenths(self) -> tuple[int, ...]:
        assert self.final is not None
        return self.final.tenths


def solve_table(q: TableQuizQuestion) -> TableSolution:
    """Settle or score the question with the engine."""
    if q.kind == "final":
        final = final_of(q.request)
        return TableSolution([q.named_step(s.to_json()) for s in final.steps], final=final)
    outcome = outcome_of(q.request)
    return TableSolution([q.named_step(s.to_json()) for s in outcome.steps], outcome=outcome)


def at_start(request: dict[str, Any], rules: Any) -> dict[str, Any]:
    """A generated request under the house `rules`: each seat's score moved by the difference
    between their start and the preset's (the story's gaps kept), so that the scores add up to
    the table's total (a 30,000 start: every seat 5,000 up)."""
    shift = parse_table_rules(rules)[1].start - parse_table_rules(request["rules"])[1].start
    scores = [s + shift for s in request["scores"]]
    return request | {"rules": rules, "scores": scores}


def final_of(request: dict[str, Any]) -> Final:
    """The engine's final points for a generated final request (already legal)."""
    _, rules = parse_table_rules(request["rules"])
    return final_scores(
        request["scores"],
        rules=rules,
        sticks=request["sticks"],
        seat_order=parse_order(
            request.get("seat_order", list(range(rules.players))), rules.players
        ),
    )


def outcome_of(request: dict[str, Any]) -> Outcome:
    """The engine's settlement of a settle request (a ScoringError if it is not legal)."""
    rules, table_rules = parse_table_rules(request["rules"])
    table = parse_table(request, table_rules)
    end = parse_end(request["end"], table, rules, table_rules)
    return settle_end(table, end, rules=rules, table_rules=table_rules)
