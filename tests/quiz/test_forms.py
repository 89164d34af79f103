"""Answer forms: the shapes of answer they take, and what they say about the rest."""

from __future__ import annotations

import pytest
from django.utils import translation

from quizsite.quiz.forms import FuForm, HanForm, RonForm, SplitForm


@pytest.mark.parametrize(
    ("typed", "amount"),
    [("7700", 7700), (" 7,700 ", 7700), ("7700 points", 7700), ("2600 all", 2600)],
)
def test_it_reads_an_amount(typed: str, amount: int) -> None:
    form = RonForm({"amount": typed})
    assert form.is_valid(), form.errors
    assert form.answer() == {"amount": amount}


@pytest.mark.parametrize(
    ("typed", "says"),
    [("", "Type the amount"), ("abc", "whole number"), ("-1000", "negative"), ("0", "runs from")],
)
def test_it_explains_a_bad_amount(typed: str, says: str) -> None:
    form = RonForm({"amount": typed})
    assert not form.is_valid()
    assert says in " ".join(form.messages)


@pytest.mark.parametrize(
    "data",
    [
        {"non_dealer": "1300", "dealer": "2600"},
        {"non_dealer": "1300/2600", "dealer": ""},
        {"non_dealer": "1300 2600", "dealer": ""},
        {"non_dealer": " 1,300  2,600 ", "dealer": ""},
        {"non_dealer": "1300-2600", "dealer": ""},
        {"non_dealer": "1300 - 2600", "dealer": ""},
        {"non_dealer": "1,300/2,600", "dealer": ""},
    ],
)
def test_it_reads_a_tsumo_split_in_one_or_two_fields(data: dict[str, str]) -> None:
    form = SplitForm(data)
    assert form.is_valid(), form.errors
    assert form.answer() == {"non_dealer": 1300, "dealer": 2600}


def test_it_reads_a_space_in_one_amount_as_a_thousands_gap() -> None:
    form = SplitForm({"non_dealer": "2 600", "dealer": ""})
    assert not form.is_valid()
    assert list(form.errors) == ["dealer"]


def test_it_wants_both_amounts_of_a_split() -> None:
    form = SplitForm({"non_dealer": "1300", "dealer": ""})
    assert not form.is_valid()
    assert "dealer" in form.errors


def test_it_reads_fu_and_han() -> None:
    assert FuForm({"fu": "40 fu"}).is_valid()
    han = HanForm({"han": "3", "yaku": ["riichi", "pinfu"]})
    assert han.is_valid()
    assert han.answer() == {"han": 3, "yaku": ["riichi", "pinfu"]}
    assert not HanForm({"han": "3", "yaku": ["not_a_yaku"]}).is_valid()


@pytest.mark.parametrize("typed", ["300-500", "300 500", "300/500", " 300 / 500 "])
def test_it_reads_a_small_tsumo_split_every_way_a_keypad_types_it(typed: str) -> None:
    form = SplitForm({"non_dealer": typed, "dealer": ""})
    assert form.is_valid(), form.errors
    assert form.answer() == {"non_dealer": 300, "dealer": 500}


def test_it_still_refuses_a_negative_amount() -> None:
    form = SplitForm({"non_dealer": "-300", "dealer": "500"})
    assert not form.is_valid()
    assert "negative" in " ".join(form.messages)


@pytest.mark.parametrize(
    ("typed", "han"),
    [
        ("yakuman", 13),
        (" Yakuman ", 13),
        ("double yakuman", 26),
        ("Double-Yakuman", 26),
        ("13", 13),
        ("26 han", 26),
    ],
)
def test_it_reads_a_yakuman_as_its_han(typed: str, han: int) -> None:
    form = HanForm({"han": typed})
    assert form.is_valid(), form.errors
    assert form.answer()["han"] == han


def test_it_offers_the_yakuman_apart_from_the_yaku() -> None:
    groups = dict(HanForm().yaku_groups())
    assert list(groups) == ["Yaku", "Yakuman"]
    values = {title: {box.data["value"] for box in boxes} for title, boxes in groups.items()}
    assert {"suuankou", "kokushi", "daisangen"} <= values["Yakuman"]
    assert "riichi" in values["Yaku"] and "riichi" not in values["Yakuman"]
    assert not values["Yaku"] & values["Yakuman"]
    assert HanForm({"han": "13", "yaku": ["suuankou"]}).is_valid()


@pytest.mark.parametrize(
    ("form", "field", "typed", "value"),
    [
        (FuForm, "fu", "30符", 30),  # Japanese
        (FuForm, "fu", "30부", 30),  # Korean
        (HanForm, "han", "3飜", 3),
        (HanForm, "han", "3番", 3),  # Chinese
        (HanForm, "han", "3판", 3),
        (RonForm, "amount", "7700点", 7700),
        (RonForm, "amount", "2600オール", 2600),
        (RonForm, "amount", "每家2600", 2600),  # Chinese says "each" before the amount
        (RonForm, "amount", "2600 올", 2600),
        (RonForm, "amount", "7700점", 7700),
    ],
)
def test_it_reads_the_units_of_every_language_whatever_the_pages(form, field, typed, value):
    """The words typed with a number come from each language's catalogue (so a new language
    brings its own), and any language's are read on any page."""
    for code in ("en", "ja"):
        with translation.override(code):
            answered = form({field: typed})
            assert answered.is_valid(), (code, typed, answered.errors)
            assert answered.answer()[field] == value


def test_a_unit_word_is_no_number() -> None:
    with translation.override("ja"):
        form = FuForm({"fu": "符"})
        assert not form.is_valid()
        assert form.messages == ["符を40のように入力してください。"]
