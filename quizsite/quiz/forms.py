"""The quiz's forms: choosing a quiz, and one answer form per shape of answer.

Amounts are typed as text so that "1300/2600" and "2,600" are accepted; the form checks
the shape (a whole number of points) and says how to fix it, the engine does the rest.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from scoring.engine.generate import LEVELS
from scoring.engine.yaku import ORDINARY, YAKUMAN
from scoring.form_words import SiteWords
from scoring.switch_controls import RuleSwitches, SavedChoice, pairs_of, preset_choices

from .questions import (
    DEFAULTS,
    LEVEL_NOTES,
    LEVEL_TITLES,
    MODE_NOTES,
    MODE_TITLES,
    QUIZ_MODES,
)

NUMBER = re.compile(r"\d+")
MAX_POINTS = 1_000_000
# Two amounts split by a space; each has 3+ digits, so "2 600" stays one amount typed with a space.
TWO_AMOUNTS = re.compile(r"\s*(\d[\d,]{2,})\s+(\d[\d,]{2,})\s*")
# Two amounts split by a slash or a dash ("300/500", "300-500": a phone keypad has no "/").
SEPARATED = re.compile(r"\s*(\d[\d,\s]*?)\s*[/\-\u2013]\s*(\d[\d,\s]*?)\s*")


def attribute_text(value: Any) -> str:
    """An attribute's value as the widget templates write it (`|stringformat:'s'`, escaped
    unless it is safe already)."""
    return str(conditional_escape(value if isinstance(value, SafeData) else str(value)))


class AnswerInput(forms.TextInput):
    """An answer's text input, written in Python: the same HTML as Django's widget templates
    (`input.html` and its `attrs.html`), without rendering two templates for every field of
    every answer form."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        html = [f'<input type="{attribute_text(widget["type"])}" name="{attribute_text(name)}"']
        if widget["value"] is not None:
            html.append(f' value="{attribute_text(widget["value"])}"')
        for key, given in widget["attrs"].items():
            if given is not False:
                html.append(f" {attribute_text(key)}")
                if given is not True:
                    html.append(f'="{attribute_text(given)}"')
        html.append(">")
        return mark_safe("".join(html))  # noqa: S308 (every part escaped above)


def number_input(label: Any, *, autofocus: bool = False, hint: Any = "") -> forms.CharField:
    attrs = {"inputmode": "numeric", "autocomplete": "off", "size": "8", "class": "answer-input"}
    if autofocus:
        attrs["data-autofocus"] = ""  # site.js focuses it without scrolling the question away
    return forms.CharField(
        label=label,
        required=False,
        max_length=40,
        error_messages={
            "max_length": gettext_lazy("That is too long for an answer: type a number, like 7700.")
        },
        help_text=hint,
        widget=AnswerInput(attrs=attrs),
    )


# What a learner is told about each number they type, by what it is: nothing typed, a
# negative number, not a whole number, out of range (whole sentences, for translation).
NUMBER_MESSAGES = {
    "amount": (
        gettext_lazy("Type the amount, like %(example)s."),
        gettext_lazy("The amount cannot be negative."),
        gettext_lazy("The amount is a whole number, like %(example)s."),
        gettext_lazy("The amount runs from 1 to %(most)s."),
    ),
    "non_dealer": (
        gettext_lazy("Type each non-dealer's payment, like %(example)s."),
        gettext_lazy("Each non-dealer's payment cannot be negative."),
        gettext_lazy("Each non-dealer's payment is a whole number, like %(example)s."),
        gettext_lazy("Each non-dealer's payment runs from 1 to %(most)s."),
    ),
    "dealer": (
        gettext_lazy("Type the dealer's payment, like %(example)s."),
        gettext_lazy("The dealer's payment cannot be negative."),
        gettext_lazy("The dealer's payment is a whole number, like %(example)s."),
        gettext_lazy("The dealer's payment runs from 1 to %(most)s."),
    ),
    "fu": (
        gettext_lazy("Type the fu, like %(example)s."),
        gettext_lazy("The fu cannot be negative."),
        gettext_lazy("The fu is a whole number, like %(example)s."),
        gettext_lazy("The fu runs from 1 to %(most)s."),
    ),
    "han": (
        gettext_lazy("Type the han, like %(example)s."),
        gettext_lazy("The han cannot be negative."),
        gettext_lazy("The han is a whole number, like %(example)s."),
        gettext_lazy("The han runs from 1 to %(most)s."),
    ),
}
# The words a number may be typed with ("30 fu", "30符", "7700点", "2000オール", "每家2000"):
# each language's catalogue lists its own, and an answer may use those of any language (a
# learner types as they are used to, whatever the page's language).
UNIT_WORDS = {
    "fu": pgettext_lazy("typed with a number of fu (| between words)", "fu"),
    "han": pgettext_lazy("typed with a number of han (| between words)", "han"),
    "": pgettext_lazy("typed with an amount of points (| between words)", "points|all"),
}


@lru_cache(maxsize=64)
def unit_words(unit: str, languages: tuple[str, ...]) -> tuple[str, ...]:
    """The words of `unit` in English and every language of the list, longest first.

    >>> unit_words("han", ("en", "ja"))
    ('han', '翻', '飜')
    """
    found: set[str] = set()
    for code in languages:
        with translation.override(code):
            found |= {typed(w).strip().lower() for w in str(UNIT_WORDS[unit]).split("|")}
    return tuple(sorted(found - {""}, key=lambda w: (-len(w), w)))


def without_words(text: str, unit: str) -> str:
    """`text` less the words of `unit`, then of points, typed before or after the number."""
    languages = tuple(code for code, _ in settings.LANGUAGES)
    for kind in dict.fromkeys((unit, "")):
        for w in unit_words(kind, languages):
            text = text.removesuffix(w).removeprefix(w)
    return text


def typed(text: str) -> str:
    """What was typed, with full-width digits and signs (a Japanese keyboard's) made plain."""
    return unicodedata.normalize("NFKC", text)


def whole_number(text: str, what: str, *, unit: str, example: str, most: int) -> int:
    """A positive whole number from what the learner typed ("2,600", "2600 all", "30 fu",
    "３０符"); `what` names its messages (a key of `NUMBER_MESSAGES`)."""
    empty, negative, shape, out_of_range = NUMBER_MESSAGES[what]
    cleaned = typed(text).strip().lower().replace(",", "").replace(" ", "")
    cleaned = without_words(cleaned, unit)
    if not cleaned:
        raise forms.ValidationError(empty % {"example": example})
    if cleaned.startswith("-"):
        raise forms.ValidationError(negative)
    if not NUMBER.fullmatch(cleaned) or not cleaned.isascii():
        raise forms.ValidationError(shape % {"example": example})
    value = int(cleaned)
    if not 0 < value <= most:
        raise forms.ValidationError(out_of_range % {"most": most})
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

    def for_three_players(self) -> None:
        """Words the fields for a three-player question (two payers on a tsumo)."""


class RonForm(AnswerForm):
    amount = number_input(gettext_lazy("The discarder pays"), autofocus=True)

    def clean_amount(self) -> int:
        return points(self.cleaned_data["amount"], "amount")


class AllForm(AnswerForm):
    amount = number_input(
        gettext_lazy("Each other player pays"),
        autofocus=True,
        hint=gettext_lazy("the same from all three"),
    )

    def clean_amount(self) -> int:
        return points(self.cleaned_data["amount"], "amount")

    def for_three_players(self) -> None:
        self.fields["amount"].help_text = gettext("the same from both others")


class SplitForm(AnswerForm):
    non_dealer = number_input(
        gettext_lazy("Each non-dealer pays"),
        autofocus=True,
        hint=gettext_lazy("or both here, the non-dealer's first: a space, - or / between"),
    )
    dealer = number_input(gettext_lazy("The dealer pays"))

    def for_three_players(self) -> None:
        self.fields["non_dealer"].label = gettext("The other non-dealer pays")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = typed(data.get("non_dealer", "")), typed(data.get("dealer", ""))
        if not second.strip():  # both in the first field: "1300/2600", "1300-2600", "1,300 2,600"
            if two := SEPARATED.fullmatch(first) or TWO_AMOUNTS.fullmatch(first):
                first, second = two.groups()
            elif "/" in first:  # "1300/abc": the second part gets its own message
                first, _, second = first.partition("/")
        try:
            data["non_dealer"] = points(first, "non_dealer")
        except forms.ValidationError as e:
            self.add_error("non_dealer", e)
        try:
            data["dealer"] = points(second, "dealer")
        except forms.ValidationError as e:
            self.add_error("dealer", e)
        return data


class FuForm(AnswerForm):
    fu = number_input(pgettext_lazy("answer field", "Fu"), autofocus=True)

    def clean_fu(self) -> int:
        return whole_number(self.cleaned_data["fu"], "fu", unit="fu", example="40", most=200)


YAKU_GROUPS = {
    pgettext_lazy("group of yaku", "Yaku"): ORDINARY,
    pgettext_lazy("group of yaku", "Yakuman"): YAKUMAN,
}
# A yaku's name read when shown, so that it is in the language the engine words it in then.
yaku_name = lazy(lambda yaku_id: YAKU_BY_ID[yaku_id].name, str)
YAKU_BY_ID = {y.id: y for group in YAKU_GROUPS.values() for y in group}
YAKU_CHOICES = [
    (title, [(y.id, yaku_name(y.id)) for y in group]) for title, group in YAKU_GROUPS.items()
]
YAKUMAN_HAN = 13  # the convention the question states: a yakuman counts as 13 han
# A yakuman typed in words: the han it stands for.
YAKUMAN_WORDS = {
    "yakuman": YAKUMAN_HAN,
    "double yakuman": 2 * YAKUMAN_HAN,
    "triple yakuman": 3 * YAKUMAN_HAN,
    "役満": YAKUMAN_HAN,
    "ダブル役満": 2 * YAKUMAN_HAN,
    "トリプル役満": 3 * YAKUMAN_HAN,
}
HAN_HINT = gettext_lazy("or “yakuman” (13), “double yakuman” (26)")


def han_count(text: str) -> int:
    """The han typed: a number ("3", "3 han", "3翻") or a yakuman in words ("double yakuman",
    "ダブル役満" → 26)."""
    words = " ".join(typed(text).lower().replace("-", " ").split())
    if words in YAKUMAN_WORDS:
        return YAKUMAN_WORDS[words]
    return whole_number(text, "han", unit="han", example="3", most=99)


class HanForm(AnswerForm):
    han = number_input(pgettext_lazy("answer field", "Han"), autofocus=True, hint=HAN_HINT)
    yaku = forms.MultipleChoiceField(
        label=gettext_lazy("The yaku (optional)"),
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
        label=pgettext_lazy("quiz option", "Mode"),
        choices=lambda: [(m, MODE_TITLES[m]) for m in QUIZ_MODES],  # worded when shown
        initial=FIRST_MODE,
        widget=forms.RadioSelect,
    )
    level = forms.ChoiceField(
        label=pgettext_lazy("quiz option", "Level"),
        choices=lambda: [(lv, LEVEL_TITLES[lv]) for lv in LEVELS],
        initial=DEFAULTS["level"],
        widget=forms.RadioSelect,
    )
    rules = forms.ChoiceField(
        label=pgettext_lazy("quiz option", "Rules"),
        choices=preset_choices(sanma=True),  # a three-player preset asks three-player questions
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
        return [(lv, LEVEL_TITLES[lv], LEVEL_NOTES[lv]) for lv in LEVELS]
