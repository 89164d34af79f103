"""What other apps use of the quiz: questions, checks, the answer key and the diagnosis."""

from __future__ import annotations

import pytest

from quizsite.quiz.public import (
    Verdict,
    answer_form,
    check,
    check_key,
    diagnose,
    linked,
    make_question,
    stored_question,
)

from .factory import find, right_answer

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
