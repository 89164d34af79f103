"""What other apps (drills, practice) use of the quiz: its questions, answer forms, checks,
verdicts and templates — imported from here only, never from the quiz's other modules.

Every question keeps one protocol (`QuizQuestion`), a hand's (`Question`) or a table's end
(draw, pao, multiple ron, counters, final: `TableQuizQuestion`): it is made from a seed and
options, solves itself and names its templates; this module gives its answer form, judges an
answer and shows its own (`answer_form`, `judge`, `reveal`, `key_verdict`, with the question's
own forms and verdicts: they import the question, so it does not call them). Its templates —
`q.question_template` (tiles, situation, the `data-request` element) and
`q.answer_template` (its answer form or verdict), both reading `q`; give them `linked(q,
url=..., next_url=...)` so the form posts to, and the verdict's "Next" leads to, the caller's
own pages; `q.card_template` shows it in a list, without the prompt. Callers never ask which
kind they hold.

One answer flow: `judge_posted` judges a posted answer (or shows the answer) and
`answer_page` renders the htmx answer; `record` and `session_history` reach the one store of
answers, which registers itself here (`keep_answers_in`), so the quiz imports no other app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple, Protocol, overload

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from scoring.engine import PRESETS, ScoringError
from scoring.engine.generate import LEVELS, MODES
from scoring.engine.rules import ALL_PRESETS
from scoring.switch_controls import switches_in

from . import table_verdicts, verdicts
from .forms import ANSWER_FORMS, AnswerForm
from .questions import (
    DEFAULTS,
    LEVEL_NOTES,
    LEVEL_TITLES,
    MODE_NOTES,
    MODE_TITLES,
    Question,
    QuizError,
    Solution,
)
from .table_forms import TABLE_FORMS
from .table_questions import TABLE_MODES, TableQuizQuestion, TableSolution, is_table_mode
from .table_verdicts import SLIPS
from .verdicts import Verdict

AnyQuestion = Question | TableQuizQuestion

__all__ = [
    "ANSWER_FORMS",
    "DEFAULTS",
    "LEVELS",
    "LEVEL_NOTES",
    "LEVEL_TITLES",
    "MODES",
    "MODE_NOTES",
    "MODE_TITLES",
    "PRESETS",
    "ALL_PRESETS",
    "AnswerForm",
    "Checked",
    "SLIPS",
    "TABLE_MODES",
    "AnyQuestion",
    "Question",
    "QuizQuestion",
    "QuizError",
    "ScoringError",
    "Solution",
    "TableQuizQuestion",
    "TableSolution",
    "Verdict",
    "answer_form",
    "check",
    "check_key",
    "Posted",
    "judge",
    "judge_posted",
    "key_verdict",
    "reveal",
    "answer_page",
    "AnswerStore",
    "keep_answers_in",
    "record",
    "session_history",
    "diagnose",
    "is_table_mode",
    "kind_of",
    "linked",
    "make_question",
    "solve",
    "stored_question",
    "whole_hand_question",
    "HAND_MODES",
]


class QuizQuestion(Protocol):
    """What every quiz question is, a hand's (`Question`) or a table's (`TableQuizQuestion`):
    callers use these and never ask which kind they hold."""

    seed: int
    mode: str
    level: str
    rules: str
    request: dict[str, Any]
    TEMPLATE: ClassVar[str]  # the page; its `#question`, `#answer` and `#progress` partials
    UNSCORABLE: ClassVar[str]  # "The engine cannot {score} this question"

    @property
    def question_template(self) -> str: ...
    @property
    def answer_template(self) -> str: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def key(self) -> str: ...
    @property
    def url(self) -> str: ...
    @property
    def next_url(self) -> str: ...
    def solve(self) -> Any: ...


def kind_of(mode: str) -> type[Question] | type[TableQuizQuestion]:
    """The kind of question a mode asks: a table's end, or a hand."""
    return TableQuizQuestion if is_table_mode(mode) else Question


def make_question(
    seed: int, options: Mapping[str, str], *, focus: Mapping[str, Any] | None = None
) -> AnyQuestion:
    """The question the generator makes from a seed and the options (mode, level, rules),
    built around `focus` when one is given (ScoringError when the options rule it out); a
    table mode gives a table question (no focus: its mode is its focus)."""
    chosen = {k: options[k] for k in DEFAULTS}
    house = options["house"] if "house" in options else switches_in(options)
    return kind_of(chosen["mode"]).made(seed, chosen, focus=focus, house=house)


def stored_question(seed: int, options: Mapping[str, str], request: dict[str, Any]) -> AnyQuestion:
    """A question from a stored request, as it was generated (not regenerated; a table
    question's story, which the request cannot hold, is told again from its seed)."""
    chosen = {k: options[k] for k in DEFAULTS}
    house = options["house"] if "house" in options else switches_in(options)
    return kind_of(chosen["mode"]).made(seed, chosen, request=request, house=house)


HAND_MODES = MODES  # what a whole hand can be asked as: its payment, fu, han, or in full


def whole_hand_question(
    seed: int, request: dict[str, Any], mode: str, *, level: str = "advanced"
) -> Question:
    """A question in a hand mode about a whole hand's score request (complete: seated, with its
    own rules), as a stored question is asked: the hand itself for fu, han and full; for the
    payment, its han and fu as the engine scores it, with its seat, win and counters (a
    ScoringError when the engine cannot score the hand). `seed` names it in labels only."""
    if mode not in HAND_MODES:
        raise QuizError(f"{mode!r} is not a hand mode")
    rules = request.get("rules")
    preset = rules.get("preset", DEFAULTS["rules"]) if isinstance(rules, dict) else rules
    options = {"mode": mode, "level": level, "rules": preset or DEFAULTS["rules"]}
    # every field a question shows, as a generated hand has them (a kept hand may leave out
    # what it does not use: no melds, no flags, no ura)
    request = {"melds": [], "dora": "", "ura": "", "flags": [], "honba": 0, "sticks": 0} | request
    if mode == "payment":
        request = payment_request(request)
    return Question.made(seed, options, request=request)


def payment_request(request: dict[str, Any]) -> dict[str, Any]:
    """The payment question a whole hand makes: its han and fu (a yakuman's count, a counted
    yakuman's han) as the engine scores it, the winner's seat, ron or tsumo and the honba."""
    from scoring.engine import score

    scored = score(request).to_json()
    asked: dict[str, Any] = {"han": scored["han"], "fu": scored["fu"]}
    if scored["yakuman"] and not scored["kazoe"]:
        asked = {"han": 13, "fu": scored["fu"], "yakuman": scored["yakuman"]}
    return {
        **asked,
        "dealer": request.get("seat") == "E",
        "tsumo": bool(request.get("tsumo")),
        "honba": int(request.get("honba", 0)),
        "sticks": 0,
        "rules": request.get("rules", DEFAULTS["rules"]),
    }


@overload
def solve(q: Question) -> Solution: ...
@overload
def solve(q: TableQuizQuestion) -> TableSolution: ...
def solve(q: AnyQuestion) -> Solution | TableSolution:
    """The engine's answer: a hand scored, or a hand's end settled (a game's end scored)."""
    return q.solve()


def linked(q: AnyQuestion, *, url: str, next_url: str) -> AnyQuestion:
    """The question with its form posting to `url` and its "Next" leading to `next_url`."""
    return replace(q, action=url, onward=next_url)


# The rest of the protocol, for either kind of question: its answer form, the verdict on an
# answer, the answer shown and the key's verdict, each kind's from its own forms and verdicts
# (which import the questions: so the question does not call them itself).


class Answering(NamedTuple):
    form: Callable[[Any, Any], AnswerForm]  # (question, data)
    judge: Callable[[Any, Any, dict[str, Any]], Verdict]  # (question, solution, answer)
    reveal: Callable[[Any, Any], Verdict]  # (question, solution)
    key: Callable[[Any, Any], Verdict]  # (question, solution)


def hand_answer_form(q: Question, data: Any) -> AnswerForm:
    """A hand question's answer form, its fields worded for three players when it is one."""
    form = ANSWER_FORMS[q.kind](data)
    if q.sanma:
        form.for_three_players()
    return form


ANSWERING: dict[type, Answering] = {
    Question: Answering(
        lambda q, data: hand_answer_form(q, data),
        verdicts.judge,
        verdicts.reveal,
        verdicts.key_verdict,
    ),
    TableQuizQuestion: Answering(
        lambda q, data: TABLE_FORMS[q.kind](q, data),
        table_verdicts.judge_table,
        table_verdicts.reveal_table,
        table_verdicts.reveal_table,  # a table's key: the answer shown
    ),
}


def answer_form(q: AnyQuestion, data: Any = None) -> AnswerForm:
    """The answer form for this question's shape (bound when `data` is given)."""
    return ANSWERING[type(q)].form(q, data)


def judge(q: AnyQuestion, solution: Any, answer: dict[str, Any]) -> Verdict:
    """The verdict on an answer (the answer form's `answer()`) to the question solved."""
    return ANSWERING[type(q)].judge(q, solution, answer)


def reveal(q: AnyQuestion, solution: Any) -> Verdict:
    """The verdict when the answer is shown without one given: wrong, the answer said."""
    return ANSWERING[type(q)].reveal(q, solution)


def key_verdict(q: AnyQuestion, solution: Any) -> Verdict:
    """The verdict that words the answer key: a hand's judges an answer right for no
    question (its "expected" says the most), a table's shows the answer."""
    return ANSWERING[type(q)].key(q, solution)


@dataclass(frozen=True)
class Checked:
    """An answer judged: the verdict, and the explanation's steps marked where the slip shows."""

    verdict: Verdict
    steps: list[dict[str, Any]]

    @property
    def category(self) -> str:
        return diagnose(self.verdict)

    def context(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "steps": self.steps}


def check(q: AnyQuestion, answer: dict[str, Any] | None) -> Checked:
    """Solve the question with the engine and judge the answer (no answer: show it, which
    counts as wrong)."""
    solution = solve(q)
    verdict = reveal(q, solution) if answer is None else judge(q, solution, answer)
    return Checked(verdict, [{**s, "marked": verdict.marks(s)} for s in solution.steps])


@dataclass(frozen=True)
class Key:
    """A question's answer key: the right answer, and the explanation's steps."""

    expected: str
    steps: list[dict[str, Any]]


def check_key(q: AnyQuestion) -> Key:
    """The answer key of either kind of question."""
    solution = solve(q)
    verdict = key_verdict(q, solution)
    return Key(verdict.expected, [{**s, "marked": False} for s in solution.steps])


def diagnose(verdict: Verdict) -> str:
    """The category of a wrong answer for a results board: the slip its verdict names (one
    the answer matches, else the plain "wrong fu" and the like), "" when right, "other" for
    an answer shown without one given."""
    if verdict.right:
        return ""
    return verdict.slips[0] if verdict.slips else "other"


@dataclass(frozen=True)
class Posted:
    """A posted answer judged: the form with its messages (`checked` None), the verdict of a
    valid answer or of the answer shown (`revealed`), or the engine's failure (`unscored`).
    `answer` is what the learner gave (None when they asked to see the answer)."""

    form: AnswerForm
    checked: Checked | None = None
    answer: dict[str, Any] | None = None
    unscored: str = ""

    @property
    def revealed(self) -> bool:
        return self.checked is not None and self.checked.verdict.revealed

    def context(self) -> dict[str, Any]:
        """What the `#answer` partial shows: the form, the verdict, or why there is none."""
        if self.unscored:
            return {"form": self.form, "unscored": self.unscored}
        if self.checked is None:
            return {"form": self.form}
        return {"form": self.form} | self.checked.context()


def judge_posted(q: AnyQuestion, data: Mapping[str, Any], *, reveal: bool = True) -> Posted:
    """Judge a posted answer to either kind of question: "reveal" in the data (when `reveal`
    allows it: not in a drill) shows the answer, which counts as wrong; otherwise the form
    checks the answer's shape and the engine judges it. Storing is the caller's."""
    revealing = reveal and "reveal" in data
    form = answer_form(q, None if revealing else data)
    if not revealing and not form.is_valid():
        return Posted(form)
    answer = None if revealing else form.answer()
    try:
        return Posted(form, check(q, answer), answer)
    except ScoringError as e:  # a generator and engine out of step: say so, do not fail
        unscored = (
            _("The engine cannot settle this question: %(error)s.")
            if q.UNSCORABLE == "settle"
            else _("The engine cannot score this question: %(error)s.")
        )
        return Posted(form, unscored=unscored % {"error": e})


def answer_page(
    request: HttpRequest, template: str, context: dict[str, Any], *, progress: bool = True
) -> HttpResponse:
    """An answer's htmx response: the template's `#answer` partial and (when `progress`) its
    `#progress`, swapped out of band."""
    page = render_to_string(f"{template}#answer", context, request)
    if progress:
        page += render_to_string(f"{template}#progress", context | {"oob": True}, request)
    return HttpResponse(page)


# The one store of answers. The quiz asks questions and judges answers; the app that keeps
# every answer (practice: its `Response` rows) registers itself here when it is ready, so the
# quiz and drills record answers and read this session's history through this module without
# importing it: the dependencies point one way (practice → drills → quiz).


class AnswerStore(Protocol):
    def record(
        self,
        request: HttpRequest,
        question: Any,
        checked: Checked,
        *,
        answer: dict[str, Any] | None,
        source: str = "quiz",
        ref: str = "",
    ) -> bool: ...

    def session_history(self, request: HttpRequest, *, source: str = "") -> list[Any]: ...


STORE: list[AnswerStore] = []  # the registered store (one)


def keep_answers_in(store: AnswerStore) -> None:
    """Register the store of answers (called by its app once, when Django is ready)."""
    STORE[:] = [store]


def answer_store() -> AnswerStore:
    if not STORE:
        raise LookupError("no store of answers is registered (is practice installed?)")
    return STORE[0]


def record(
    request: HttpRequest,
    question: AnyQuestion,
    checked: Checked,
    *,
    answer: dict[str, Any] | None,
    source: str = "quiz",
    ref: str = "",
) -> bool:
    """Store an answered question for the learner (`answer` None: the answer was shown);
    False when this learner had already answered it. `ref` names it within `source`."""
    return answer_store().record(request, question, checked, answer=answer, source=source, ref=ref)


def session_history(request: HttpRequest, *, source: str = "") -> list[Any]:
    """This learner's answers in this browser session, oldest first (of one `source`)."""
    return answer_store().session_history(request, source=source)
