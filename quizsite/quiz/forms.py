"""The quiz's forms: choosing a quiz, and one answer form per shape of answer.

Amounts are typed as text so that "1300/2600" and "2,600" are accepted; the form checks
the shape (a whole number of points) and says how to fix it, the engine does the rest.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

from scoring.engine import PRESETS
from scoring.engine.generate import LEVEL_NOTES, LEVELS
from scoring.engine.yaku import ORDINARY, YAKUMAN
from scoring.form_words import SiteWords
from scoring.switch_controls import RuleSwitches, SavedChoice, pairs_of

from .questions import DEFAULTS, MODE_NOTES, MODE_TITLES, QUIZ_MODES

NUMBER = re.compile(r"\d+")
MAX_POINTS = 1_000_000
# Two amounts split by a space; each has 3+ digits, so "2 600" stays one amount typed with a space.
TWO_AMOUNTS = re.compile(r"\s*(\d[\d,]{2,})\s+(\d[\d,]{2,})\s*")
# Two amounts split by a slash or a dash ("300/500", "300-500": a phone keypad has no "/").
SEPARATED = re.compile(r"\s*(\d[\d,\s]*?)\s*[/\-\u2013]\s*(\d[\d,\s]*?)\s*")


def number_input(label: str, *, autofocus: bool = False, hint: str = "") -> forms.CharField:
    attrs = {"inputmode": "numeric", "autocomplete": "off", "size": "8", "class": "answer-input"}
    if autofocus:
        attrs["autofocus"] = ""
    return forms.CharField(
        label=label,
        required=False,
        max_length=40,
        error_messages={"max_length": "That is too long for an answer: type a number, like 7700."},
        help_text=hint,
        widget=forms.TextInput(attrs=attrs),
    )


def whole_number(text: str, what: str, *, unit: str, example: str, most: int) -> int:
    """A positive whole number from what the learner typed ("2,600", "2600 all", "30 fu")."""
    cleaned = text.strip().lower().replace(",", "").replace(" ", "")
    cleaned = cleaned.removesuffix(unit).removesuffix("all").removesuffix("points")
    if not cleaned:
        raise forms.ValidationError(f"Type {what}, like {example}.")
    if cleaned.startswith("-"):
        raise forms.ValidationError(f"{what.capitalize()} cannot be negative.")
    if not NUMBER.fullmatch(cleaned):
        raise forms.ValidationError(f"{what.capitalize()} is a whole number, like {example}.")
    value = int(cleaned)
    if not 0 < value <= most:
        raise forms.ValidationError(f"{what.capitalize()} runs from 1 to {most}.")
    return value


def points(text: str, what: str) -> int:
    return whole_number(text, what, unit="", example="7700", most=MAX_POINTS)


class AnswerForm(SiteWords, forms.Form):
    """An answer; `answer()` is the cleaned dict the verdict judges."""

    def answer(self) -> dict[str, Any]:
        return dict(self.cleaned_data)

    @property
    def messages(self) -> list[str]:
        return [m for errors in self.errors.values() for m in errors]


class RonForm(AnswerForm):
    amount = number_input("The discarder pays", autofocus=True)

    def clean_amount(self) -> int:
        return points(self.cleaned_data["amount"], "the amount")


class AllForm(AnswerForm):
    amount = number_input("Each other player pays", autofocus=True, hint="the same from all three")

    def clean_amount(self) -> int:
        return points(self.cleaned_data["amount"], "the amount")


class SplitForm(AnswerForm):
    non_dealer = number_input(
        "Each non-dealer pays",
        autofocus=True,
        hint="or both here, the non-dealer's first: a space, - or / between",
    )
    dealer = number_input("The dealer pays")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("non_dealer", ""), data.get("dealer", "")
        if not second.strip():  # both in the first field: "1300/2600", "1300-2600", "1,300 2,600"
            if two := SEPARATED.fullmatch(first) or TWO_AMOUNTS.fullmatch(first):
                first, second = two.groups()
            elif "/" in first:  # "1300/abc": the second part gets its own message
                first, _, second = first.partition("/")
        try:
            data["non_dealer"] = points(first, "each non-dealer's payment")
        except forms.ValidationError as e:
            self.add_error("non_dealer", e)
        try:
            data["dealer"] = points(second, "the dealer's payment")
        except forms.ValidationError as e:
            self.add_error("dealer", e)
        return data


class FuForm(AnswerForm):
    fu = number_input("Fu", autofocus=True)

    def clean_fu(self) -> int:
        return whole_number(self.cleaned_data["fu"], "the fu", unit="fu", example="40", most=200)


YAKU_GROUPS = {"Yaku": ORDINARY, "Yakuman": YAKUMAN}
YAKU_CHOICES = [(title, [(y.id, y.name) for y in group]) for title, group in YAKU_GROUPS.items()]
YAKUMAN_HAN = 13  # the convention the question states: a yakuman counts as 13 han
# A yakuman typed in words: the han it stands for.
YAKUMAN_WORDS = {
    "yakuman": YAKUMAN_HAN,
    "double yakuman": 2 * YAKUMAN_HAN,
    "triple yakuman": 3 * YAKUMAN_HAN,
}
HAN_HINT = "or “yakuman” (13), “double yakuman” (26)"


def han_count(text: str) -> int:
    """The han typed: a number ("3", "3 han") or a yakuman in words ("double yakuman" → 26)."""
    words = " ".join(text.lower().replace("-", " ").split())
    if words in YAKUMAN_WORDS:
        return YAKUMAN_WORDS[words]
    return whole_number(text, "the han", unit="han", example="3", most=99)


class HanForm(AnswerForm):
    han = number_input("Han", autofocus=True, hint=HAN_HINT)
    yaku = forms.MultipleChoiceField(
        label="The yaku (optional)",
        required=False,
        choices=YAKU_CHOICES,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["han"].widget.attrs["inputmode"] = "text"  # "yakuman" can be typed

    def clean_han(self) -> int:
        return han_count(self.cleaned_data["han"])

    def yaku_groups(self) -> list[tuple[str, list[Any]]]:
        """The checklist's boxes grouped: the ordinary yaku, then the yakuman."""
        boxes = {box.data["value"]: box for box in self["yaku"]}
        return [(title, [boxes[y.id] for y in group]) for title, group in YAKU_GROUPS.items()]


ANSWER_FORMS: dict[str, type[AnswerForm]] = {
    "ron": RonForm,
    "all": AllForm,
    "split": SplitForm,
    "fu": FuForm,
    "han": HanForm,
}


# The start page offers the easiest questions first (han and fu given: what does it pay?); a
# question's link without a mode still means DEFAULTS["mode"].
FIRST_MODE = "payment"


class StartForm(SiteWords, SavedChoice, RuleSwitches):
    """Which questions to ask: mode, level, rules preset (or one of the user's saved rule sets)
    and any switch on top of it (the hand switches for hand questions; the table ones too for
    the table's questions)."""

    mode = forms.ChoiceField(
        choices=[(m, MODE_TITLES[m]) for m in QUIZ_MODES],
        initial=FIRST_MODE,
        widget=forms.RadioSelect,
    )
    level = forms.ChoiceField(
        choices=[(lv, lv.capitalize()) for lv in LEVELS],
        initial=DEFAULTS["level"],
        widget=forms.RadioSelect,
    )
    rules = forms.ChoiceField(
        choices=[(name, p.title) for name, p in PRESETS.items()],
        initial=DEFAULTS["rules"],
    )

    def options(self) -> dict[str, str]:
        """The quiz's options as a question's link holds them: mode, level, the preset and
        each switch set (a saved set's among them)."""
        data = self.cleaned_data
        return {k: data[k] for k in ("mode", "level", "rules")} | dict(pairs_of(data))

    @staticmethod
    def mode_notes() -> list[tuple[str, str, str]]:
        return [(m, MODE_TITLES[m], MODE_NOTES[m]) for m in QUIZ_MODES]

    @staticmethod
    def level_notes() -> list[tuple[str, str, str]]:
        return [(lv, lv.capitalize(), LEVEL_NOTES[lv]) for lv in LEVELS]
