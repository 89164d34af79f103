"""Judging a table answer: right or wrong, and the slip that gives exactly the learner's answer.

Each slip is the engine run again on the question with one thing changed (the riichi deposit
left out, pao ignored, the head bump ignored, another rounding method, ...) or the engine's own
transfers with one moved: when what it gives equals the answer, the verdict names the slip and
marks the step that shows it ("Look here"). Slips that would give the right answer are never
named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.engine.errors import ScoringError
from scoring.engine.final import tenths_text
from scoring.engine.hand_end import Outcome
from scoring.engine.rules import MultipleRon, Nagashi, Rounding, Ties

from .questions import points_text
from .table_questions import (
    ROUNDING_NAMES,
    TableQuizQuestion,
    TableSolution,
    final_of,
    outcome_of,
)
from .verdicts import REVEALED, Verdict

Answer = dict[str, Any]


class Slip(NamedTuple):
    """A slip: what the learner would answer (None when the slip does not apply), the hint,
    the step kinds to mark, and its name (the verdict's diagnosis: one of `SLIPS`)."""

    value: Callable[[], tuple[int, ...] | None]
    hint: str
    marks: frozenset[str]
    name: str


# Every slip a table verdict can name, as a results board and practice read it.
SLIPS = (
    "noten 1000 per pair",
    "noten paid the wrong way",
    "noten 3000 not shared",
    "noten paid as at four",
    "draw deposits taken",
    "tenpai misread",
    "nagashi left out",
    "nagashi and noten both paid",
    "nagashi as a win",
    "nagashi as a draw",
    "riichi deposit left out",
    "honba left out",
    "deposits not taken",
    "deposits to the wrong winner",
    "changes do not add up",
    "pao ignored",
    "pao paid whole on a ron",
    "pao honba payer",
    "head bump ignored",
    "three rons abort",
    "every ron is paid",
    "multiple ron honba",
    "honba after the hand",
    "deposits after the hand",
    "next dealer",
    "final rounding",
    "oka left out",
    "counted from the start",
    "uma left out",
    "uma by seat",
    "ties",
    "leftover deposits",
    "scores do not add up",
)


def judge_table(q: TableQuizQuestion, sol: TableSolution, answer: Answer) -> Verdict:
    return JUDGES[q.kind](q, sol, answer)


def reveal_table(q: TableQuizQuestion, sol: TableSolution) -> Verdict:
    """The answer shown without one given: wrong, with the right answer and nothing marked."""
    right = {
        "deltas": lambda: signed(q, sol.deltas),
        "counters": lambda: counters_text(q, sol.counters),
        "final": lambda: final_text(q, sol.tenths),
    }[q.kind]()
    return Verdict(False, str(REVEALED), right, revealed=True)


def first_slip(slips: list[Slip], given: tuple[int, ...], right: tuple[int, ...]) -> Slip | None:
    for slip in slips:
        try:
            value = slip.value()
        except ScoringError:  # the changed request is not legal: not a slip here
            continue
        if value is not None and value != right and value == given:
            return slip
    return None


def marks(*kinds: str) -> frozenset[str]:
    return frozenset(kinds)


def named(verdict: Verdict, slip: Slip) -> Verdict:
    """The verdict with the slip's hint, its marks and its name."""
    return replace(verdict, hints=[slip.hint], highlight=slip.marks, slips=(slip.name,))


# ---- score changes (draw, pao, multiple ron) ---------------------------------------------------


def signed(q: TableQuizQuestion, values: tuple[int, ...]) -> str:
    return pgettext("list separator", ", ").join(
        _("%(seat)s: %(change)s")
        % {"seat": q.seat_name(s), "change": points_text(v, sign=True) if v else "0"}
        for s, v in enumerate(values)
    )


def judge_deltas(q: TableQuizQuestion, sol: TableSolution, answer: Answer) -> Verdict:
    given, right = tuple(answer["deltas"]), sol.deltas
    verdict = Verdict(given == right, signed(q, given), signed(q, right))
    if verdict.right:
        return verdict
    slip = first_slip(delta_slips(q, sol), given, right)
    if slip is not None:
        return named(verdict, slip)
    if sum(given) != sum(right):
        return replace(
            verdict,
            hints=[
                _(
                    "Your changes add up to %(given)s; they add up to %(right)s (what went "
                    "onto or came off the table as riichi deposits)."
                )
                % {"given": f"{sum(given):+d}", "right": f"{sum(right):+d}"}
            ],
            highlight=marks("riichi", "deposits"),
            slips=("changes do not add up",),
        )
    return verdict


def variant(q: TableQuizQuestion, **changes: Any) -> dict[str, Any]:
    """The question's request with some fields changed (`end_*` changes the end's fields,
    `rule_*` a table rule switch)."""
    request = dict(q.request)
    end = dict(request["end"])
    rules = request["rules"]
    rules = dict(rules) if isinstance(rules, dict) else {"preset": rules}
    for key, value in changes.items():
        if key.startswith("end_"):
            if value is None:
                end.pop(key[4:], None)
            else:
                end[key[4:]] = value
        elif key.startswith("rule_"):
            rules[key[5:]] = value
        else:
            request[key] = value
    return request | {"end": end, "rules": rules}


def deltas_of(request: dict[str, Any]) -> tuple[int, ...]:
    return outcome_of(request).deltas


def moved(outcome: Outcome, reason: str, *, to: int | None) -> tuple[int, ...]:
    """The deltas with the transfers of `reason` taken away (to=None) or given to seat `to`."""
    deltas = list(outcome.deltas)
    for t in outcome.transfers:
        if t.reason != reason:
            continue
        if t.payer is not None:
            deltas[t.payer] += t.amount
        if t.payee is not None:
            deltas[t.payee] -= t.amount
        if to is not None:
            deltas[to] += t.amount
    return tuple(deltas)


def delta_slips(q: TableQuizQuestion, sol: TableSolution) -> list[Slip]:
    out = sol.outcome
    assert out is not None
    r, end = q.request, q.request["end"]
    slips: list[Slip] = [*MODE_SLIPS.get(end["kind"], no_slips)(q, sol)]
    if r["riichi"]:
        who = pgettext("list separator", ", ").join(q.seat_name(s) for s in r["riichi"])
        slips.append(
            Slip(
                lambda: deltas_of(variant(q, riichi=[])),
                _("Riichi this hand costs 1000 each, put on the table: %(who)s −1000.")
                % {"who": who},
                marks("riichi"),
                "riichi deposit left out",
            )
        )
    if r["honba"] and end["kind"] in ("ron", "tsumo"):
        slips.append(
            Slip(
                lambda: deltas_of(variant(q, honba=0)),
                (
                    _(
                        "You left out the %(honba)s honba: 300 each on a ron (100 from each "
                        "payer on a tsumo)."
                    )
                    if q.players == 4
                    else _(
                        "You left out the %(honba)s honba: at three players 200 each on a ron "
                        "(100 from each of the two payers on a tsumo)."
                    )
                )
                % {"honba": r["honba"]},
                marks("payment"),
                "honba left out",
            )
        )
    taken = [t for t in out.transfers if t.reason == "riichi deposits"]
    if taken:
        winner = taken[0].payee
        slips.append(
            Slip(
                lambda: moved(out, "riichi deposits", to=None),
                _("The winner (%(seat)s) also takes the riichi deposits on the table: +%(amount)s.")
                % {"seat": q.seat_name(winner), "amount": taken[0].amount},
                marks("deposits"),
                "deposits not taken",
            )
        )
        for other in (w["seat"] for w in end.get("wins", [])):
            if other != winner:
                slips.append(
                    Slip(
                        lambda other=other: moved(out, "riichi deposits", to=other),  # type: ignore[misc]
                        _(
                            "The deposits go to one winner only: %(seat)s, the first "
                            "counterclockwise from the discarder."
                        )
                        % {"seat": q.seat_name(winner)},
                        marks("deposits"),
                        "deposits to the wrong winner",
                    )
                )
    return slips


def no_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    return iter(())


def draw_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    out = sol.outcome
    assert out is not None
    end = q.request["end"]
    tenpai = set(out.steps[[s.kind for s in out.steps].index("tenpai")].numbers["tenpai"])
    noten_part = moved(out, "noten payment", to=None)

    def with_noten(each: Callable[[int], int]) -> tuple[int, ...]:
        """The deltas with the noten payments replaced: `each(seat)` for each seat."""
        return tuple(d + each(s) for s, d in enumerate(noten_part))

    # With a nagashi mangan no noten payments are made: its own slips take their place.
    noten_paid = not q.nagashi
    if q.nagashi:
        yield from nagashi_slips(q, sol)
    real = tuple(o - n for o, n in zip(out.deltas, noten_part, strict=True))
    players = q.players
    if players == 3:
        yield from sanma_noten_slips(tenpai, with_noten, noten_paid=noten_paid)
    if len(tenpai) == 2 and noten_paid and players == 4:
        yield Slip(
            lambda: with_noten(lambda s: 2000 if s in tenpai else -2000),
            _(
                "The noten payments are 3000 in all: with two tenpai each noten player pays 1500 "
                "and each tenpai player gets 1500 (not 1000 per pair)."
            ),
            marks("noten"),
            "noten 1000 per pair",
        )
    if any(real) and noten_paid:
        yield Slip(
            lambda: with_noten(lambda s: -real[s]),
            _("The noten players pay the tenpai players, not the other way round."),
            marks("noten"),
            "noten paid the wrong way",
        )
    if 0 < len(tenpai) < 4 and noten_paid and players == 4:
        yield Slip(
            lambda: with_noten(lambda s: 3000 if s in tenpai else -1000 * len(tenpai)),
            _(
                "The 3000 is shared: with %(count)s tenpai each tenpai player gets %(each)s, "
                "not 3000."
            )
            % {"count": len(tenpai), "each": 3000 // len(tenpai)},
            marks("noten"),
            "noten 3000 not shared",
        )
    left = q.request["sticks"] + len(q.request["riichi"])
    if left and not (q.nagashi and q.table_rules.nagashi is Nagashi.WIN):  # a win takes them
        for seat in sorted(tenpai):
            yield Slip(
                lambda seat=seat: tuple(  # type: ignore[misc]
                    d + (1000 * left if s == seat else 0) for s, d in enumerate(out.deltas)
                ),
                _(
                    "Nobody takes the riichi deposits at a draw: they stay on the table for "
                    "the next winner."
                ),
                marks("next"),
                "draw deposits taken",
            )
    if "hands" in end:
        for seat in range(players):
            flipped = sorted(tenpai ^ {seat})
            shown = end["hands"][str(seat)]
            text = (
                _("%(seat)s's hand %(hand)s is tenpai: look at its wait below.")
                if seat in tenpai
                else _("%(seat)s's hand %(hand)s is noten: no tile completes it.")
            ) % {"seat": q.seat_name(seat), "hand": shown}
            yield Slip(
                lambda flipped=flipped: deltas_of(  # type: ignore[misc]
                    variant(q, end_hands=None, end_tenpai=flipped)
                ),
                text,
                marks("hand_shown", "tenpai"),
                "tenpai misread",
            )


def sanma_noten_slips(
    tenpai: set[int],
    with_noten: Callable[[Callable[[int], int]], tuple[int, ...]],
    *,
    noten_paid: bool,
) -> Iterator[Slip]:
    """At three players the noten payments are 2000 in all: paid as four players pay them
    (3000 in all) is the slip a four-player habit makes."""
    count = len(tenpai)
    if not noten_paid or count in (0, 3):
        return
    gain, loss = 3000 // count, 3000 // (3 - count)
    yield Slip(
        lambda: with_noten(lambda s: gain if s in tenpai else -loss),
        _(
            "At three players the noten payments are 2000 in all, not 3000: with %(count)s "
            "tenpai each tenpai player gets %(each)s."
        )
        % {"count": count, "each": 2000 // count},
        marks("noten"),
        "noten paid as at four",
    )


def nagashi_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    """Nagashi mangan left out (the noten payments paid instead), paid on top of the noten
    payments, or settled as the other rule (a win rather than a draw, or the other way)."""
    out = sol.outcome
    assert out is not None
    who = pgettext("between two", " and ").join(q.seat_name(s) for s in q.nagashi)
    who = who.capitalize()
    rule = q.table_rules.nagashi
    without = variant(q, end_nagashi=None)
    yield Slip(
        lambda: deltas_of(without),
        (
            _(
                "%(who)s discarded only terminals and honours, none called: nagashi mangan, "
                "paid as a mangan tsumo instead of the noten payments (a win under these rules: "
                "the honba and the riichi deposits go with it)."
            )
            if rule is Nagashi.WIN
            else _(
                "%(who)s discarded only terminals and honours, none called: nagashi mangan, "
                "paid as a mangan tsumo instead of the noten payments."
            )
        )
        % {"who": who},
        marks("nagashi", "win"),
        "nagashi left out",
    )

    def with_noten_too() -> tuple[int, ...]:
        plain = outcome_of(without)
        noten = moved(plain, "noten payment", to=None)
        return tuple(d + p - n for d, p, n in zip(out.deltas, plain.deltas, noten, strict=True))

    yield Slip(
        with_noten_too,
        _("Nagashi mangan replaces the noten payments: nobody pays for being noten as well."),
        marks("nagashi"),
        "nagashi and noten both paid",
    )
    other = Nagashi.WIN if rule is Nagashi.DRAW else Nagashi.DRAW
    yield Slip(
        lambda: deltas_of(variant(q, rule_nagashi=other.value)),
        _(
            "Under these rules nagashi mangan is a draw, not a win: no honba are paid and the "
            "riichi deposits stay on the table."
        )
        if rule is Nagashi.DRAW
        else _(
            "Under these rules nagashi mangan counts as a win: the honba are paid with it and it "
            "takes the riichi deposits on the table."
        ),
        marks("nagashi"),
        "nagashi as a win" if rule is Nagashi.DRAW else "nagashi as a draw",
    )


def pao_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    end = q.request["end"]
    pao = end["pao"]
    liable, kind = pao["seat"], end["kind"]
    tsumo = kind == "tsumo"
    shared = not tsumo and end["from"] != liable
    yield Slip(
        lambda: deltas_of(variant(q, end_pao=None)),
        (
            _(
                "Pao: %(seat)s is liable for this yakuman. On a tsumo the liable player pays all "
                "of it, as if it had dealt in; the others pay nothing."
            )
            if tsumo
            else _(
                "Pao: %(seat)s is liable for this yakuman. On a ron the liable player and the "
                "discarder split it half and half."
            )
            if shared
            else _(
                "Pao: %(seat)s is liable for this yakuman. Here the liable player dealt in "
                "itself, so it pays the whole ron."
            )
        )
        % {"seat": q.seat_name(liable)},
        marks("pao", "win"),
        "pao ignored",
    )
    if shared:
        yield Slip(
            lambda: deltas_of(variant(q, end_from=liable, end_pao=None)),
            _(
                "On a ron by another player's discard, the liable player pays only half: the "
                "discarder pays the other half."
            ),
            marks("pao"),
            "pao paid whole on a ron",
        )
        if q.request["honba"]:
            other = "discarder" if q.table_rules.pao_honba == "liable" else "liable"
            yield Slip(
                lambda: deltas_of(variant(q, rule_pao_honba=other)),
                _(
                    "Under these rules the liable player pays the honba on a shared ron, not "
                    "the discarder."
                )
                if other == "discarder"
                else _(
                    "Under these rules the discarder pays the honba on a shared ron, not the "
                    "liable player."
                ),
                marks("pao"),
                "pao honba payer",
            )


def ron_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    if "pao" in q.request["end"]:
        yield from pao_slips(q, sol)
        return
    wins = q.request["end"]["wins"]
    if len(wins) < 2:
        return
    t = q.table_rules
    order = pgettext("list separator", ", ").join(q.seat_name(w["seat"]) for w in wins)
    if t.multiple_ron is MultipleRon.HEAD_BUMP:
        yield Slip(
            lambda: deltas_of(variant(q, rule_multiple_ron="triple")),
            _(
                "These rules have the head bump: only the first winner counterclockwise from "
                "the discarder is paid; the others' rons do not count."
            ),
            marks("head_bump"),
            "head bump ignored",
        )
    elif len(wins) == 3 and t.multiple_ron is MultipleRon.DOUBLE:
        for paid in ("triple", "head_bump"):
            yield Slip(
                lambda paid=paid: deltas_of(variant(q, rule_multiple_ron=paid)),  # type: ignore[misc]
                _("Three rons on one discard abort the hand under these rules: nothing is paid."),
                marks("abortive"),
                "three rons abort",
            )
        return
    else:
        yield Slip(
            lambda: deltas_of(variant(q, rule_multiple_ron="head_bump")),
            _(
                "These rules pay every ron on the discard (%(order)s): each winner is paid its "
                "own hand by the discarder."
            )
            % {"order": order},
            marks("payment", "win"),
            "every ron is paid",
        )
    if q.request["honba"] and t.multiple_ron is not MultipleRon.HEAD_BUMP:
        other = "each" if t.multiple_ron_honba == "head" else "head"
        yield Slip(
            lambda: deltas_of(variant(q, rule_multiple_ron_honba=other)),
            _(
                "Under these rules the honba go to the first winner counterclockwise from the "
                "discarder only."
            )
            if other == "each"
            else _("Under these rules the honba go to every winner."),
            marks("payment"),
            "multiple ron honba",
        )


def tsumo_slips(q: TableQuizQuestion, sol: TableSolution) -> Iterator[Slip]:
    if "pao" in q.request["end"]:
        yield from pao_slips(q, sol)


MODE_SLIPS: dict[str, Callable[[TableQuizQuestion, TableSolution], Iterator[Slip]]] = {
    "draw": draw_slips,
    "ron": ron_slips,
    "tsumo": tsumo_slips,
}


# ---- counters -----------------------------------------------------------------------------------


def counters_text(q: TableQuizQuestion, values: tuple[int, ...]) -> str:
    honba, sticks, dealer = values
    return ngettext(
        "%(honba)s honba, %(sticks)s riichi deposit, %(seat)s deals",
        "%(honba)s honba, %(sticks)s riichi deposits, %(seat)s deals",
        sticks,
    ) % {"honba": honba, "sticks": sticks, "seat": q.seat_name(dealer)}


def judge_counters(q: TableQuizQuestion, sol: TableSolution, answer: Answer) -> Verdict:
    given = (answer["honba"], answer["sticks"], answer["dealer"])
    right = sol.counters
    verdict = Verdict(given == right, counters_text(q, given), counters_text(q, right))
    if verdict.right:
        return verdict
    hints, kinds = counter_hints(q, sol, given)
    wrong = [name for name, g, r in zip(COUNTER_PARTS, given, right, strict=True) if g != r]
    return replace(verdict, hints=hints, highlight=frozenset(kinds) | {"next"}, slips=tuple(wrong))


COUNTER_PARTS = ("honba after the hand", "deposits after the hand", "next dealer")


def counter_hints(
    q: TableQuizQuestion, sol: TableSolution, given: tuple[int, int, int]
) -> tuple[list[str], set[str]]:
    """One hint per wrong part (honba, deposits, dealer) where the slip is known."""
    r = q.request
    end = r["end"]["kind"]
    honba, sticks, dealer = sol.counters
    before, here = r["honba"], r["sticks"] + len(r["riichi"])
    hints: list[str] = []
    kinds: set[str] = set()
    if given[0] != honba:
        if honba == 0 and given[0] == before + 1:
            hints.append(_("A non-dealer's win resets the honba to 0."))
        elif honba == 0 and given[0] == before:
            hints.append(_("A non-dealer's win resets the honba to 0: they do not stay."))
        elif honba == before + 1 and given[0] in (0, before):
            after = {
                "draw": _("After a draw the honba go up by one: %(before)s → %(after)s."),
                "abortive": _(
                    "After an abortive draw the honba go up by one: %(before)s → %(after)s."
                ),
            }.get(end, _("After a dealer's win the honba go up by one: %(before)s → %(after)s."))
            hints.append(after % {"before": before, "after": honba})
        elif end == "chombo" and given[0] != before:
            hints.append(_("A chombo replays the hand with the same honba."))
    if given[1] != sticks:
        kinds.add("deposits")
        if sticks == 0 and given[1] in (here, r["sticks"]):
            hints.append(_("The winner takes every riichi deposit on the table: none are left."))
        elif end == "chombo" and given[1] == here:
            hints.append(_("After a chombo this hand's riichi deposits go back to their owners."))
        elif sticks == here and given[1] == 0:
            hints.append(_("At a draw nobody takes the riichi deposits: they stay on the table."))
        elif sticks == here and given[1] == r["sticks"] and r["riichi"]:
            kinds.add("riichi")
            added = len(r["riichi"])
            hints.append(
                ngettext(
                    "This hand's riichi adds %(added)s deposit to the %(there)s already there.",
                    "This hand's riichi adds %(added)s deposits to the %(there)s already there.",
                    added,
                )
                % {"added": added, "there": r["sticks"]}
            )
    if given[2] != dealer:
        if dealer != r["dealer"] and given[2] == r["dealer"]:
            passes = (
                _("The dealer was not tenpai: the deal passes to %(seat)s.")
                if end == "draw"
                else _("The dealer did not win: the deal passes to %(seat)s.")
            )
            hints.append(passes % {"seat": q.seat_name(dealer)})
        elif dealer == r["dealer"]:
            stays = {
                "draw": _("The dealer was tenpai at the draw: it stays the dealer (renchan)."),
                "abortive": _(
                    "The dealer keeps the deal after an abortive draw: it stays the dealer "
                    "(renchan)."
                ),
                "chombo": _(
                    "The dealer keeps the deal: a chombo replays the hand: it stays the dealer "
                    "(renchan)."
                ),
            }
            hints.append(stays.get(end, _("The dealer won: it stays the dealer (renchan).")))
        else:
            hints.append(_("The deal passes counterclockwise: to the next seat, one at a time."))
    return hints, kinds


# ---- final scores ------------------------------------------------------------------------------


def final_text(q: TableQuizQuestion, tenths: tuple[int, ...]) -> str:
    return pgettext("list separator", ", ").join(
        _("%(seat)s: %(change)s") % {"seat": q.seat_name(s), "change": tenths_text(t)}
        for s, t in enumerate(tenths)
    )


def judge_final(q: TableQuizQuestion, sol: TableSolution, answer: Answer) -> Verdict:
    given, right = tuple(answer["tenths"]), sol.tenths
    verdict = Verdict(given == right, final_text(q, given), final_text(q, right))
    if verdict.right:
        return verdict
    slip = first_slip(final_slips(q, sol), given, right)
    if slip is not None:
        return named(verdict, slip)
    if sum(given) != sum(right):
        return replace(
            verdict,
            hints=[_("Your scores add up to %(given)s: final scores add up to %(right)s.")
                   % {"given": tenths_text(sum(given)), "right": tenths_text(sum(right))}],
            highlight=marks("total", "rest"),
            slips=("scores do not add up",),
        )  # fmt: skip
    return verdict


def final_variant(q: TableQuizQuestion, **switches: Any) -> tuple[int, ...]:
    rules = q.request["rules"]
    rules = dict(rules) if isinstance(rules, dict) else {"preset": rules}
    return final_of(q.request | {"rules": rules | switches}).tenths


def final_slips(q: TableQuizQuestion, sol: TableSolution) -> list[Slip]:
    t = q.table_rules
    final = sol.final
    assert final is not None
    first = final.order[0]
    slips: list[Slip] = [
        Slip(
            lambda r=r: final_variant(q, rounding=r.value),  # type: ignore[misc]
            _("These rules make raw points %(rule)s; your scores fit %(other)s.")
            % {"rule": ROUNDING_NAMES[t.rounding], "other": ROUNDING_NAMES[r]},
            marks("points", "rest"),
            "final rounding",
        )
        for r in Rounding
        if r is not t.rounding
    ]
    if t.oka:
        slips.append(
            Slip(
                lambda: tuple(
                    v - (t.oka // 100 if s == first else 0) for s, v in enumerate(final.tenths)
                ),
                _(
                    "First place also takes the oka: %(players)s × (%(target)s − %(start)s) = "
                    "%(oka)s."
                )
                % {
                    "players": t.players,
                    "target": t.target,
                    "start": t.start,
                    "oka": tenths_text(t.oka // 100),
                },
                marks("points"),
                "oka left out",
            )
        )
        slips.append(
            Slip(
                lambda: final_variant(q, target=t.start),
                _(
                    "Count from the target %(target)s, not the start %(start)s: the difference "
                    "is the oka, which goes to first place."
                )
                % {"target": t.target, "start": t.start},
                marks("points"),
                "counted from the start",
            )
        )
    slips.append(
        Slip(
            lambda: final_variant(q, uma=[0] * t.players),
            _("Add the uma for each place: %(uma)s.") % {"uma": "/".join(f"{u:+d}" for u in t.uma)},
            marks("points"),
            "uma left out",
        )
    )
    slips.append(
        Slip(
            lambda: tuple(
                v - 10 * t.uma[final.order.index(s)] + 10 * t.uma[s]
                for s, v in enumerate(final.tenths)
            ),
            _("The uma goes by final place (1st to 4th), not by seat.")
            if t.players == 4
            else _("The uma goes by final place (1st to 3rd), not by seat."),
            marks("points", "ranking"),
            "uma by seat",
        )
    )
    if len(set(q.request["scores"])) < t.players:
        other = Ties.SPLIT if t.ties is Ties.SEAT_ORDER else Ties.SEAT_ORDER
        slips.append(
            Slip(
                lambda: final_variant(q, ties=other.value),
                _(
                    "Tied players are ranked by seat order under these rules (the earlier seat "
                    "is higher)."
                )
                if t.ties is Ties.SEAT_ORDER
                else _("Tied players share their places' oka and uma under these rules."),
                marks("ranking", "points"),
                "ties",
            )
        )
    if q.request["sticks"]:
        other_leftover = "lost" if t.leftover == "first" else "first"
        slips.append(
            Slip(
                lambda: final_variant(q, leftover=other_leftover),
                _("Deposits left on the table at the end go to first place.")
                if t.leftover == "first"
                else _("Deposits left on the table at the end are lost."),
                marks("deposits"),
                "leftover deposits",
            )
        )
    return slips


JUDGES: dict[str, Callable[[TableQuizQuestion, TableSolution, Answer], Verdict]] = {
    "deltas": judge_deltas,
    "counters": judge_counters,
    "final": judge_final,
}
