"""What other apps use of the quiz: questions, checks, the answer key and the diagnosis."""

from __future__ import annotations

import pytest

from quizsite.quiz.public import (
    ScoringError,
    Verdict,
    answer_form,
    check,
    check_key,
    diagnose,
    judge,
    judge_posted,
    key_verdict,
    linked,
    make_question,
    reveal,
    solve,
    stored_question,
)
from tests.factory import find, right_answer

OPTIONS = {"mode": "full", "level": "intermediate", "rules": "mahjongsoul"}


def test_a_stored_question_is_the_generated_one():
    q = make_question(42, OPTIONS)
    again = stored_question(42, OPTIONS, q.request)
    assert again == q and again.request == q.request


def test_a_linked_question_posts_and_leads_on_to_the_given_pages():
    q = linked(make_question(42, OPTIONS), url="/d/X/1/", next_url="/d/X/2/")
    assert (q.url, q.next_url) == ("/d/X/1/", "/d/X/2/")
    assert q.kind in {"ron", "all", "split"} and q.request == make_question(42, OPTIONS).request


@pytest.mark.parametrize("mode", ["payment", "fu", "han", "full"])
def test_the_answer_key_is_what_a_right_answer_is_told(mode):
    q, s = find(mode)
    form = answer_form(q, right_answer(q, s))
    assert form.is_valid()
    checked = check(q, form.answer())
    assert checked.verdict.right and checked.category == ""
    assert check_key(q).expected == checked.verdict.expected
    assert [st["text"] for st in check_key(q).steps] == [st["text"] for st in checked.steps]


@pytest.mark.parametrize(
    "hint, slips, category",
    [
        ("You left out the honba: each counter adds 300 to a ron.", ("honba left out",), None),
        # The words of a hint do not make the diagnosis: only the slip the verdict matched.
        ("Count item by item: the base, a closed ron or a tsumo, ...", ("wrong fu",), None),
        ("You missed: Round wind.", ("missed a yaku", "wrong han"), "missed a yaku"),
        ("That is what a dealer would get", (), "other"),
    ],
)
def test_the_diagnosis_is_the_slip_the_verdict_matched(hint, slips, category):
    verdict = Verdict(False, "1000", "2000", [hint], frozenset(), slips=slips)
    assert diagnose(verdict) == (category or slips[0])


def test_a_right_answer_has_no_diagnosis():
    assert diagnose(Verdict(True, "1000", "1000")) == ""


def test_a_real_slip_gets_its_category():
    q, s = find("payment", kind="ron", where=lambda q, s: s.settlement.honba > 0)
    p = right_answer(q, s)
    slip = {"amount": str(int(p["amount"]) - 300 * s.settlement.honba)}
    form = answer_form(q, slip)
    assert form.is_valid()
    assert check(q, form.answer()).category == "honba left out"


# One answer flow: `judge_posted` judges a posted answer to either kind of question.

TABLE_OPTIONS = {"mode": "draw", "level": "intermediate", "rules": "mahjongsoul"}


@pytest.mark.parametrize("options", [OPTIONS, TABLE_OPTIONS])
def test_judge_posted_gives_the_verdict_of_a_valid_answer(options):
    q = make_question(42, options)
    posted = judge_posted(q, right_answer(q, solve(q)))
    assert posted.checked is not None and posted.checked.verdict.right
    assert not posted.revealed and posted.answer == posted.form.answer()
    assert posted.context()["verdict"] is posted.checked.verdict


@pytest.mark.parametrize("options", [OPTIONS, TABLE_OPTIONS])
def test_judge_posted_gives_the_form_with_its_messages_for_a_bad_answer(options):
    q = make_question(42, options)
    posted = judge_posted(q, {"amount": "lots", "seat0": "lots"})
    assert posted.checked is None and posted.answer is None and posted.form.errors
    assert set(posted.context()) == {"form"}


@pytest.mark.parametrize("options", [OPTIONS, TABLE_OPTIONS])
def test_judge_posted_shows_the_answer_when_asked_and_allowed(options):
    q = make_question(42, options)
    posted = judge_posted(q, {"reveal": "1"})
    assert posted.revealed and posted.answer is None
    assert posted.checked is not None and posted.checked.verdict == check(q, None).verdict
    refused = judge_posted(q, {"reveal": "1"}, reveal=False)  # a drill: no answer at all
    assert refused.checked is None and refused.form.errors


def test_judge_posted_says_when_the_engine_cannot_score(monkeypatch):
    from quizsite.quiz import public

    q = make_question(42, OPTIONS)

    def fail(*args, **kwargs):
        raise ScoringError("out of step")

    monkeypatch.setattr(public, "check", fail)
    posted = judge_posted(q, {"reveal": "1"})
    assert posted.checked is None
    assert posted.unscored == "The engine cannot score this question: out of step."
    assert posted.context()["unscored"] == posted.unscored


# One question protocol: both kinds answer the same calls, and no caller asks which kind.


@pytest.mark.parametrize("options", [OPTIONS, TABLE_OPTIONS])
def test_both_kinds_of_question_keep_the_one_protocol(options):
    q = make_question(42, options)
    for name in ("solve", "made"):
        assert callable(getattr(q, name)), name
    solution = q.solve()
    form = answer_form(q, right_answer(q, solution))
    assert form.is_valid() and judge(q, solution, form.answer()).right
    assert reveal(q, solution).revealed and key_verdict(q, solution).expected
    assert q.answer_template.startswith(q.TEMPLATE) and q.question_template.endswith("#question")
    assert q.card_template and q.UNSCORABLE in ("score", "settle")
    assert type(q).made(42, q.options, request=q.request) == q
    moved = linked(q, url="/here/", next_url="/there/")
    assert (type(moved), moved.url, moved.next_url, moved) == (type(q), "/here/", "/there/", q)


def test_no_caller_of_the_quiz_asks_which_kind_of_question_it_holds():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    kind_checks = re.compile(r"isinstance\([^)]*TableQuizQuestion|\.is_table\b")
    found = [
        f"{path.relative_to(root)}:{n}"
        for folder in ("quizsite", "templates")
        for path in sorted((root / folder).rglob("*"))
        if path.suffix in (".py", ".html")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if kind_checks.search(line)
    ]
    assert found == []
