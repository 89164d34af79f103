"""Judging an answer: right or wrong, and where the learner probably went wrong.

A wrong payment is compared with the payments of the usual slips (honba left out, the
dealer's share for a non-dealer, no rounding, a han or 10 fu off, ...), a wrong fu or han
count with the counts its slips give (an item missed, a closed ron counted as a tsumo, a
red five missed, ...): when the learner's answer is exactly what one slip gives, the verdict
names it (its diagnosis, in `slips`) and the explanation highlights the step that shows it.
An answer no slip gives is diagnosed plainly: a wrong payment, a wrong fu or han count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from scoring.engine import RuleSet, Settlement, parse_rules, settle
from scoring.engine.payment import round_fu, round_up_100
from scoring.engine.request import parse_meld
from scoring.engine.tiles import dora_from_indicator, parse_tiles, tile_index, tile_name
from scoring.engine.yaku import DORA_NAMES, YAKU

from .questions import Question, Solution, points_text

Answer = dict[str, Any]  # the cleaned form: amount | non_dealer+dealer | fu | han (+ yaku)


@dataclass(frozen=True)
class Verdict:
    right: bool
    given: str
    expected: str
    hints: list[str] = field(default_factory=list)
    highlight: frozenset[str] = frozenset()  # step kinds the hints point at
    highlight_items: frozenset[str] = frozenset()  # fu or yaku step texts to point at
    revealed: bool = False  # the learner asked for the answer (it counts as wrong)
    # The diagnosis of a wrong answer, first: the slip it matches, or the plain one of its kind
    # (`WRONG`); a table verdict names its slips (`table_verdicts.SLIPS`).
    slips: tuple[str, ...] = ()
    # The fu items a fu slip names, by their reasons in English (what topics read them by).
    fu_reasons: tuple[str, ...] = ()

    def marks(self, step: dict[str, Any]) -> bool:
        return step["kind"] in self.highlight or step["text"] in self.highlight_items


def judge(question: Question, solution: Solution, answer: Answer) -> Verdict:
    return JUDGES[question.kind](question, solution, answer)


REVEALED = gettext_lazy("answer shown")
# An answer no slip gives: the plain diagnosis of each kind of question.
WRONG = {"ron": "wrong payment", "all": "wrong payment", "split": "wrong payment"}
WRONG |= {"fu": "wrong fu", "han": "wrong han"}


def reveal(question: Question, solution: Solution) -> Verdict:
    """The answer shown without one given: wrong, with the right answer and nothing marked."""
    return Verdict(False, str(REVEALED), expected(question, solution), revealed=True)


def key_verdict(question: Question, solution: Solution) -> Verdict:
    """The verdict that words the answer key: an answer right for no question judged, so that
    its "expected" says the most ("30 fu (28 before rounding up)")."""
    blank = {"amount": 0, "non_dealer": 0, "dealer": 0, "fu": 0, "han": 0, "yaku": []}
    return judge(question, solution, blank)


def expected(q: Question, sol: Solution) -> str:
    """The right answer as the verdict shows it."""
    if q.kind == "fu":
        return expected_fu(sol)
    if q.kind == "han":
        return expected_han(sol)
    return show_amounts(amounts(sol.settlement, q.kind), q.kind, sanma=q.sanma)


# Payments.


def amounts(settlement: Settlement, kind: str) -> tuple[int, ...]:
    """What a payment answer of this kind would be for a settlement (its shape may differ)."""
    p = settlement.payments
    if kind == "ron":
        return (p.get("ron", p.get("dealer", p.get("each", 0))),)
    if kind == "all":
        return (p.get("each", p.get("non_dealer", p.get("ron", 0))),)
    if "non_dealer" in p:
        return (p["non_dealer"], p["dealer"])
    return (p.get("each", 0), p.get("each", 0))


def show_amounts(values: tuple[int, ...], kind: str, *, sanma: bool = False) -> str:
    if kind == "all":
        return _("%(each)s all") % {"each": points_text(values[0])}
    if kind == "split" and sanma:
        return _("%(non_dealer)s/%(dealer)s (the other non-dealer / the dealer)") % {
            "non_dealer": points_text(values[0]),
            "dealer": points_text(values[1]),
        }
    if kind == "split":
        return _("%(non_dealer)s/%(dealer)s (each non-dealer / the dealer)") % {
            "non_dealer": points_text(values[0]),
            "dealer": points_text(values[1]),
        }
    return points_text(values[0])


def given_amounts(answer: Answer, kind: str) -> tuple[int, ...]:
    if kind == "split":
        return (answer["non_dealer"], answer["dealer"])
    return (answer["amount"],)


def resettle(s: Settlement, rules: RuleSet, **changes: Any) -> Settlement:
    """The same win settled again with some facts changed (han, fu, dealer, tsumo, honba...)."""
    b = s.basic
    facts: dict[str, Any] = {
        "han": b.han,
        "fu": b.fu,
        "dealer": s.dealer,
        "tsumo": s.tsumo,
        "honba": s.honba,
        "sticks": s.sticks,
        "rules": rules,
        "yakuman": b.yakuman,
    } | changes
    return settle(facts.pop("han"), facts.pop("fu"), **facts)


def by_payer(values: dict[str, int], kind: str) -> tuple[int, ...]:
    if kind == "split":
        return (values.get("non_dealer", 0), values.get("dealer", 0))
    return (next(iter(values.values())),)


def unrounded(s: Settlement, kind: str) -> tuple[int, ...] | None:
    if all(sh.raw == sh.rounded for sh in s.shares):
        return None
    return by_payer({sh.payer: sh.raw + sh.honba for sh in s.shares}, kind)


def rounded_down(s: Settlement, kind: str) -> tuple[int, ...] | None:
    if all(sh.raw == sh.rounded for sh in s.shares):
        return None
    return by_payer({sh.payer: sh.raw // 100 * 100 + sh.honba for sh in s.shares}, kind)


def uncapped(s: Settlement, kind: str) -> tuple[int, ...]:
    b = s.basic
    return by_payer(
        {sh.payer: round_up_100(b.formula * sh.multiplier) + sh.honba for sh in s.shares}, kind
    )


Marks = tuple[frozenset[str], frozenset[str]]  # step kinds, and single step texts, to mark


class Slip(NamedTuple):
    """A usual slip: what the learner would answer making it (None: no such answer here),
    what to tell them, the steps to mark, and its name (the verdict's diagnosis)."""

    gives: Callable[[], tuple[int, ...] | None]
    hint: str
    marks: Marks
    name: str


def dora_steps(steps: list[dict[str, Any]], *, counting: bool = True) -> list[dict[str, Any]]:
    """The explanation's dora steps that add han (or, with `counting` False, the indicator
    steps, whether or not their dora is held)."""
    if counting:
        return [s for s in steps if s["kind"] == "dora" and s["numbers"].get("count")]
    return [s for s in steps if s["kind"] == "dora" and s["numbers"].get("kind") in DORA_STEP_KINDS]


DORA_STEP_KINDS = ("dora", "ura_dora")  # the indicator steps (the red fives' step is aka_dora)


def texts(steps: list[dict[str, Any]]) -> frozenset[str]:
    return frozenset(s["text"] for s in steps)


def one_han_steps(steps: list[dict[str, Any]]) -> frozenset[str]:
    """The steps of what is worth one han: a 1-han yaku, a single dora, one red five."""
    return texts(
        [s for s in steps if s["kind"] == "yaku" and s["numbers"].get("han") == 1]
        + [s for s in dora_steps(steps) if s["numbers"]["count"] == 1]
    )


def indicators_as_dora(request: dict[str, Any], yaku: list[dict[str, Any]]) -> int | None:
    """The han a hand would have if each indicator were taken for the dora itself — a
    beginner's usual slip — or None unless that gives more han (fewer reads as dora missed)."""
    held = [tile_index(t) for t in parse_tiles(request["hand"])]
    held += [i for meld in request["melds"] for i in parse_meld(meld).indices]
    indicators = parse_tiles(request["dora"]) + parse_tiles(request["ura"])
    mistaken = sum(held.count(tile_index(i)) for i in indicators)
    real = sum(y["han"] for y in yaku if y["id"] in ("dora", "ura_dora"))
    han = sum(y["han"] for y in yaku) - real + mistaken
    return han if mistaken > real else None


def indicator_hint(request: dict[str, Any]) -> str:
    first = parse_tiles(request["dora"])[0]
    players = parse_rules(request["rules"]).players  # at three, 1m points at 9m
    dora = tile_name(dora_from_indicator(first, players=players))
    return _(
        "The dora is the tile after the indicator, not the indicator itself: "
        "%(indicator)s points at %(dora)s."
    ) % {"indicator": first, "dora": dora}


def one_han_items(yaku: list[dict[str, Any]]) -> str:
    """The yaku and dora worth one han each, as "Riichi, Pinfu or Dora"."""
    names = [y["name"] for y in yaku if y["han"] == 1]
    if len(names) < 2:
        return "".join(names)
    return _("%(some)s or %(last)s") % {
        "some": pgettext("list separator", ", ").join(names[:-1]),
        "last": names[-1],
    }


def sanma_slips(
    q: Question, s: Settlement, rules: RuleSet, mark: Callable[..., Marks]
) -> list[Slip]:
    """The three-player slips: a ron's honba counted as at four (300 a counter), and a
    tsumo's North share handled the other way (lost under tsumo loss, split without it)."""
    kind = q.kind
    slips = [
        Slip(
            lambda: (amounts(s, kind)[0] + 100 * s.honba,) if s.honba and kind == "ron" else None,
            _(
                "With three players each counter adds 200 to a ron, not 300: 100 for each of "
                "the two other players."
            ),
            mark("honba"),
            "three-player honba",
        )
    ]
    if s.tsumo:
        other = replace(rules, tsumo_loss=not rules.tsumo_loss)
        slips.append(
            Slip(
                lambda: amounts(resettle(s, other), kind),
                _(
                    "These rules have tsumo loss: the missing North seat's share is lost, not "
                    "split between the two who pay."
                )
                if rules.tsumo_loss
                else _(
                    "These rules split the missing North seat's share: each of the two who pay "
                    "adds half of it, rounded up to 100."
                ),
                mark("north"),
                "tsumo loss",
            )
        )
    return slips


def payment_slips(
    q: Question,
    s: Settlement,
    rules: RuleSet,
    yaku: list[dict[str, Any]],
    steps: list[dict[str, Any]],
) -> list[Slip]:
    """Common slips: (what the learner would answer, what to tell them, steps to highlight)."""
    kind, b = q.kind, s.basic

    def again(**changes: Any) -> tuple[int, ...]:
        return amounts(resettle(s, rules, **changes), kind)

    def mark(*kinds: str, items: frozenset[str] = frozenset()) -> Marks:
        return frozenset(kinds), items

    slips: list[Slip] = [
        Slip(
            lambda: again(honba=0) if s.honba else None,
            _("You left out the honba: each counter adds 100 to every payment on a tsumo.")
            if q.tsumo
            else _("You left out the honba: each counter adds 200 to a ron with three players.")
            if rules.players == 3
            else _("You left out the honba: each counter adds 300 to a ron."),
            mark("honba"),
            "honba left out",
        ),
        Slip(
            lambda: (amounts(s, kind)[0] + s.deposits,) if s.deposits and kind == "ron" else None,
            _("The riichi deposits go to the winner from the table, not from the discarder."),
            mark("deposits"),
            "riichi deposits",
        ),
        Slip(
            lambda: unrounded(s, kind),
            _("Each payment is rounded up to the next 100: look at the rounding below."),
            mark("payment"),
            "rounding",
        ),
        Slip(
            lambda: rounded_down(s, kind),
            _("Payments are rounded up to the next 100, never down."),
            mark("payment"),
            "rounding",
        ),
        Slip(
            lambda: again(dealer=not s.dealer),
            _(
                "That is what a non-dealer would get; this winner is the dealer: 6× basic "
                "points on a ron, 2× from everyone on a tsumo."
            )
            if q.dealer
            else _(
                "That is what a dealer would get; this winner is not the dealer: 4× basic "
                "points on a ron, 2× from the dealer and 1× from the others on a tsumo."
            ),
            mark("payment"),
            "dealer multiplier",
        ),
        Slip(
            lambda: tuple(reversed(amounts(s, kind))) if kind == "split" else None,
            _("The two amounts are the other way round: the dealer pays double."),
            mark("payment"),
            "dealer multiplier",
        ),
        Slip(
            lambda: (resettle(s, rules, tsumo=True).total - s.deposits,) if kind == "ron" else None,
            _(
                "That is what a tsumo of this hand brings in all; on a ron the discarder alone "
                "pays."
            ),
            mark("payment"),
            "ron and tsumo mixed up",
        ),
    ]
    if rules.players == 3:
        slips += sanma_slips(q, s, rules, mark)
    if b.formula >= 2000:
        slips.append(
            Slip(
                lambda: uncapped(s, kind),
                _(
                    "The basic points %(basic)s are over the cap: the hand is a mangan, "
                    "2000 basic points."
                )
                % {"basic": b.formula},
                mark("limit", "basic_points"),
                "limit (mangan cap, kiriage)",
            )
        )
    if (b.han, b.fu_rounded) in ((4, 30), (3, 60)) and b.yakuman == 0:
        flipped = replace(rules, kiriage=not rules.kiriage)
        slips.append(
            Slip(
                lambda: amounts(resettle(s, flipped), kind),
                _(
                    "Kiriage mangan rounds 4 han 30 fu and 3 han 60 fu up to a mangan under "
                    "some rules; these rules do."
                )
                if rules.kiriage
                else _(
                    "Kiriage mangan rounds 4 han 30 fu and 3 han 60 fu up to a mangan under "
                    "some rules; these rules do not."
                ),
                mark("limit", "basic_points"),
                "limit (mangan cap, kiriage)",
            )
        )
    mistaken = None if q.is_payment or b.yakuman else indicators_as_dora(q.request, yaku)
    if mistaken is not None:
        slips.append(
            Slip(
                lambda han=mistaken: again(han=han),  # type: ignore[misc]
                indicator_hint(q.request),
                mark(items=texts(dora_steps(steps, counting=False))),
                "dora indicator taken as dora",
            )
        )
    if not q.is_payment and b.yakuman == 0:
        missed = one_han_items(yaku)
        fits = {"han": b.han - 1, "fu": b.fu}
        short_text = (
            _("Your amount fits %(han)s han %(fu)s fu — one han short: did you miss %(missed)s?.")
            % (fits | {"missed": missed})
            if missed
            else _(
                "Your amount fits %(han)s han %(fu)s fu — one han short: check the yaku and the "
                "dora."
            )
            % fits
        )
        fu_marks = mark("fu", "fu_total")
        for han, fu, text, marks, name in (
            (b.han - 1, b.fu, short_text, mark(items=one_han_steps(steps)), "one han short"),
            (
                b.han + 1,
                b.fu,
                _(
                    "Your amount fits %(han)s han %(fu)s fu — one han too many: check the yaku "
                    "and the dora."
                ),
                mark("yaku", items=texts(dora_steps(steps))),
                "one han too many",
            ),
            (
                b.han,
                b.fu_rounded - 10,
                _("Your amount fits %(han)s han %(fu)s fu — 10 fu short: recount the fu."),
                fu_marks,
                "10 fu short",
            ),
            (
                b.han,
                b.fu_rounded + 10,
                _("Your amount fits %(han)s han %(fu)s fu — 10 fu too many: recount the fu."),
                fu_marks,
                "10 fu too many",
            ),
        ):
            if han >= 1 and fu >= 20:
                hint = text if name == "one han short" else text % {"han": han, "fu": fu}
                slips.append(
                    Slip(
                        lambda han=han, fu=fu: again(han=han, fu=fu),  # type: ignore[misc]
                        hint,
                        marks,
                        name,
                    )
                )
    return slips


def judge_payment(q: Question, sol: Solution, answer: Answer) -> Verdict:
    s, kind = sol.settlement, q.kind
    right_values, given = amounts(s, kind), given_amounts(answer, kind)
    verdict = Verdict(
        given == right_values,
        show_amounts(given, kind, sanma=q.sanma),
        show_amounts(right_values, kind, sanma=q.sanma),
    )
    if verdict.right:
        return verdict
    rules = parse_rules(q.request["rules"])
    for slip in payment_slips(q, s, rules, sol.yaku, sol.steps):
        if slip.gives() == given:
            kinds, items = slip.marks
            return replace(
                verdict,
                hints=[slip.hint],
                highlight=kinds,
                highlight_items=items,
                slips=(slip.name,),
            )
    if any(a % 100 for a in given):  # an amount left unrounded, whatever else went wrong
        return replace(
            verdict,
            hints=[_("Every payment is a multiple of 100: round each one up.")],
            highlight=frozenset({"payment"}),
            slips=("rounding",),
        )
    return replace(verdict, slips=(WRONG[kind],))


# Fu.


TOO_MANY_FU = 40  # more than these slips add up to: count again from the start


def expected_fu(sol: Solution) -> str:
    if sol.fu != sol.fu_raw:
        return _("%(fu)s fu (%(raw)s before rounding up)") % {"fu": sol.fu, "raw": sol.fu_raw}
    return _("%(fu)s fu") % {"fu": sol.fu}


class FuSlip(NamedTuple):
    """A fu count slip: the count it gives (before rounding), what to tell the learner, the
    fu items to mark (as shown, and as checked: in English), and its name (the diagnosis)."""

    gives: int
    hint: str
    items: list[dict[str, Any]]
    name: str
    checked: list[dict[str, Any]] = []


def item_step(item: dict[str, Any]) -> str:
    return f"+{item['fu']} fu: {item['reason']}"


def fu_slips(q: Question, sol: Solution) -> list[FuSlip]:
    """The usual slips in counting this hand's fu, each with the count it would give."""
    raw = sol.fu_raw
    # Each item as read by the checks (English) beside the same item as shown.
    pairs = list(zip(sol.checked_items or sol.fu_items, sol.fu_items, strict=True))
    shown = dict((id(c), s) for c, s in pairs)
    items = [c for c, _s in pairs]

    def said(item: dict[str, Any]) -> dict[str, Any]:
        return shown[id(item)]

    has = {name: [i for i in items if i["reason"].startswith(start)] for name, start in FU_REASONS}
    slips = []
    for fu in sorted({i["fu"] for i in items if not i["reason"].startswith("base")}):
        missed = [i for i in items if i["fu"] == fu]
        names = pgettext("between choices", " or ").join(
            _("“%(reason)s”") % {"reason": said(i)["reason"]} for i in missed
        )
        hint = _("You may have missed %(items)s (+%(fu)s fu).") % {"items": names, "fu": fu}
        slips.append(FuSlip(raw - fu, hint, [said(i) for i in missed], "missed a fu item", missed))
    if q.request["tsumo"] and not has["tsumo"] and any(y["id"] == "pinfu" for y in sol.yaku):
        hint = _("A pinfu tsumo does not add the 2 fu for tsumo: it stays at 20.")
        slips.append(FuSlip(raw + 2, hint, [], "pinfu tsumo fu"))
    for item in has["closed_ron"]:
        hint = _(
            "That is the count for a tsumo: a closed hand won on a discard adds 10 fu "
            "(menzen ron), not the 2 of a tsumo."
        )
        slips.append(FuSlip(raw - 10 + 2, hint, [said(item)], "ron and tsumo fu mixed up", [item]))
    for item in has["tsumo"]:
        hint = _(
            "That is the count for a ron: a win by self-draw adds 2 fu (tsumo), not the 10 "
            "of a closed ron."
        )
        slips.append(FuSlip(raw - 2 + 10, hint, [said(item)], "ron and tsumo fu mixed up", [item]))
    for item in items:
        if "completed on a discard" in item["reason"]:
            hint = _(
                "A triplet completed by a ron counts as open: "
                "“%(reason)s” is worth %(fu)s fu, not %(double)s."
            ) % {"reason": said(item)["reason"], "fu": item["fu"], "double": 2 * item["fu"]}
            slips.append(
                FuSlip(raw + item["fu"], hint, [said(item)], "ron triplet counted closed", [item])
            )
    is_open = any(not m.startswith("ankan") for m in q.request["melds"])
    if is_open and not q.request["tsumo"] and not has["open_no_fu"]:
        hint = _("An open hand never gets the 10 fu for a closed ron (menzen ron).")
        slips.append(FuSlip(raw + 10, hint, [], "closed ron fu on an open hand"))
    return slips


FU_REASONS = (  # the engine's fu items some slips are about, by the start of their reason
    ("closed_ron", "closed hand won on a discard"),
    ("tsumo", "won by self-draw"),
    ("open_no_fu", "open hand won on a discard with no other fu"),
)


def judge_fu(q: Question, sol: Solution, answer: Answer) -> Verdict:
    given = answer["fu"]
    right = given in (sol.fu, sol.fu_raw)
    verdict = Verdict(right, _("%(fu)s fu") % {"fu": given}, expected_fu(sol))
    if right:
        return verdict
    for slip in fu_slips(q, sol):
        # The slip's count, as counted or rounded up as the learner may have.
        if slip.gives >= 20 and given in (slip.gives, round_fu(slip.gives)):
            marks = frozenset(item_step(i) for i in slip.items)
            return replace(
                verdict,
                hints=[slip.hint],
                highlight=frozenset({"fu_total"}),
                highlight_items=marks,
                slips=(slip.name,),
                fu_reasons=tuple(i["reason"] for i in slip.checked),
            )
    diff = sol.fu_raw - given
    if -TOO_MANY_FU <= diff < 0:
        hint = _(
            "That is %(fu)s fu too many: count each item once, checking it against the fu sheet."
        ) % {"fu": abs(diff)}
    else:
        hint = _(
            "Count item by item: the base, a closed ron or a tsumo, each triplet and quad, "
            "the wait, the pair."
        )
    return replace(verdict, hints=[hint], highlight=frozenset({"fu_total"}), slips=("wrong fu",))


# Han.


def judge_han(q: Question, sol: Solution, answer: Answer) -> Verdict:
    given, named = answer["han"], set(answer.get("yaku") or ())
    ordinary = {y["id"] for y in sol.yaku if y["id"] not in DORA_NAMES}
    han_right = given == sol.han
    yaku_right = not named or named == ordinary
    names = {y["id"]: y["name"] for y in sol.yaku}
    shown = (
        ngettext(
            "%(han)s han (%(count)s yaku named)", "%(han)s han (%(count)s yaku named)", len(named)
        )
        % {"han": given, "count": len(named)}
        if named
        else _("%(han)s han") % {"han": given}
    )
    expected = expected_han(sol)
    verdict = Verdict(han_right and yaku_right, shown, expected)
    if verdict.right:
        return verdict
    hints: list[str] = []
    slips: list[str] = []
    if named:
        missed = [names[i] for i in sorted(ordinary - named)]
        extra = sorted(named - ordinary)
        if missed:
            list_ = pgettext("list separator", ", ").join(missed)
            hints.append(_("You missed: %(yaku)s.") % {"yaku": list_})
            slips.append("missed a yaku")
        if extra:
            list_ = pgettext("list separator", ", ").join(yaku_label(i) for i in extra)
            hints.append(_("Not in this hand: %(yaku)s.") % {"yaku": list_})
            slips.append("a yaku that is not there")
    kinds: frozenset[str] = frozenset()
    items = (
        frozenset(s["text"] for s in yaku_steps(sol, ordinary - named)) if named else frozenset()
    )
    if not han_right:
        hint, more_kinds, more_items, slip = han_count_hint(q, sol, given, named=bool(named))
        hints += [hint] if hint else []
        slips.append(slip)
        kinds, items = kinds | more_kinds, items | more_items
    return replace(verdict, hints=hints, highlight=kinds, highlight_items=items, slips=tuple(slips))


def yaku_steps(sol: Solution, ids: set[str]) -> list[dict[str, Any]]:
    """The explanation's steps of these yaku."""
    return [s for s in sol.steps if s["kind"] == "yaku" and s["numbers"].get("id") in ids]


def missed_dora_hint(step: dict[str, Any]) -> str:
    count = step["numbers"]["count"]
    if step["numbers"]["kind"] == "aka_dora":
        if count == 1:
            return _("You missed a red five: each red five is a dora, worth 1 han.")
        return _("You missed %(count)s red fives: each red five is a dora, worth 1 han.") % {
            "count": count
        }
    return _("You missed %(count)s han of dora: %(step)s.") % {
        "count": count,
        "step": step["text"],
    }


def dora_label(step: dict[str, Any]) -> str:
    """A counting dora step named short: "the red five", "the dora", "the ura dora"."""
    kind, count = step["numbers"]["kind"], step["numbers"]["count"]
    if kind == "aka_dora":
        if count == 1:
            return _("the red five")
        return _("the %(count)s red fives") % {"count": count}
    return _("the ura dora") if kind == "ura_dora" else _("the dora")


def han_count_hint(
    q: Question, sol: Solution, given: int, *, named: bool
) -> tuple[str, frozenset[str], frozenset[str], str]:
    """Why the han count is wrong, the steps to mark (kinds, texts): only those that show
    the slip (a red five missed marks the red fives, not an indicator that found none), and
    the diagnosis: the slip whose count the answer is, else a plain "wrong han"."""
    short = sol.han - given
    counting = dora_steps(sol.steps)
    dora = sum(s["numbers"]["count"] for s in counting)
    reduced = [y for y in sol.yaku if y["open_reduced"]]
    none: frozenset[str] = frozenset()
    if sol.yakuman:
        hint = _(
            "This hand is %(yakuman)s: a yakuman counts as 13 han (26 for a double), whatever "
            "else the hand holds, so %(han)s han."
        ) % {"yakuman": yakuman_words(sol.yakuman), "han": sol.han}
        return hint, frozenset({"yaku"}), none, "wrong han"
    if given == indicators_as_dora(q.request, sol.yaku):
        indicators = texts(dora_steps(sol.steps, counting=False))
        return indicator_hint(q.request), none, indicators, "dora indicator taken as dora"
    missed_dora = [s for s in counting if s["numbers"]["count"] == short]
    worth = (
        [] if named else [y for y in sol.yaku if y["han"] == short and y["id"] not in DORA_NAMES]
    )
    if len(missed_dora) == 1 and not worth:
        return missed_dora_hint(missed_dora[0]), none, texts(missed_dora), "missed dora"
    if missed_dora or worth:
        names = pgettext("between choices", " or ").join(
            [y["name"] for y in worth] + [dora_label(s) for s in missed_dora]
        )
        steps = yaku_steps(sol, {y["id"] for y in worth}) + missed_dora
        slip = "missed a yaku" if worth else "missed dora"
        hint = _("%(short)s han short: did you miss %(names)s?") % {"short": short, "names": names}
        return hint, none, texts(steps), slip
    if dora and short == dora:
        hint = _("Dora are not yaku, but each adds a han: %(dora)s here.") % {"dora": dora}
        return hint, none, texts(counting), "missed dora"
    if reduced and given == sol.han + len(reduced):
        names = pgettext("list separator", ", ").join(y["name"] for y in reduced)
        steps = yaku_steps(sol, {y["id"] for y in reduced})
        hint = _("On an open hand %(yaku)s is worth one han less.") % {"yaku": names}
        return hint, none, texts(steps), "open-hand han"
    if short < 0 and not named:
        hint = _(
            "That is %(han)s han too many: count each yaku once, at its han for an open or "
            "closed hand, and only the dora the indicators point at."
        ) % {"han": -short}
        return hint, frozenset({"han"}), none, "wrong han"
    return "", none, none, "wrong han"


YAKUMAN_COUNTS = {
    1: gettext_lazy("a yakuman"),
    2: gettext_lazy("a double yakuman"),
    3: gettext_lazy("a triple yakuman"),
}


def yakuman_words(count: int) -> str:
    if count in YAKUMAN_COUNTS:
        return str(YAKUMAN_COUNTS[count])
    return _("a %(count)s-fold yakuman") % {"count": count}


def expected_han(sol: Solution) -> str:
    """The right han answer with its parts: "3 han: Riichi 1, Pinfu 1, Dora 1", "a yakuman
    (13 han): Four concealed triplets", "13 han (counted yakuman; 16 han in all): …"."""
    comma = pgettext("list separator", ", ")
    if sol.yakuman:
        return _("%(yakuman)s (%(han)s han): %(yaku)s") % {
            "yakuman": yakuman_words(sol.yakuman),
            "han": sol.han,
            "yaku": comma.join(y["name"] for y in sol.yaku),
        }
    return _("%(han)s: %(yaku)s") % {
        "han": sol.han_text,
        "yaku": comma.join(
            _("%(name)s %(han)s") % {"name": y["name"], "han": y["han"]} for y in sol.yaku
        ),
    }


def yaku_label(yaku_id: str) -> str:
    return YAKU[yaku_id].name if yaku_id in YAKU else yaku_id


JUDGES: dict[str, Callable[[Question, Solution, Answer], Verdict]] = {
    "ron": judge_payment,
    "all": judge_payment,
    "split": judge_payment,
    "fu": judge_fu,
    "han": judge_han,
}
