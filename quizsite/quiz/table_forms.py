"""Answer forms for table questions: each seat's score change (four seats, or three under a
three-player preset), the counters after a hand, or each seat's final score. Each field is
labelled with its seat; what was typed is checked for its shape (a signed whole number, a count,
a score to 0.1) and a message says how to fix it."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .forms import AnswerForm, AnswerInput, typed
from .table_questions import TableQuizQuestion

SIGNED = re.compile(r"[+-]?\d+")
MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-", "＋": "+"})
MAX_CHANGE = 500_000


def text_input(*, signed: bool, autofocus: bool = False) -> AnswerInput:
    # Phones' numeric pads have no minus sign: a signed answer gets the full keyboard's
    # numbers-and-symbols layout ("text" with a decimal hint would drop the minus on iOS too).
    attrs = {
        "inputmode": "text" if signed else "numeric",
        "autocomplete": "off",
        "size": "8",
        "class": "answer-input",
        "spellcheck": "false",
    }
    if autofocus:
        attrs["data-autofocus"] = ""  # site.js focuses it without scrolling the question away
    return AnswerInput(attrs=attrs)


def cleaned(text: str) -> str:
    return typed(text).translate(MINUS_SIGNS).replace(",", "").replace(" ", "").lower()


def signed_points(text: str, who: str) -> int:
    """A score change like "+3000", "-1,000", "−1000" or "0"."""
    value = cleaned(text)
    if not value:
        raise forms.ValidationError(
            _("Type %(seat)s's change, 0 if it stays the same.") % {"seat": who}
        )
    if not SIGNED.fullmatch(value) or not value.isascii():
        raise forms.ValidationError(
            _("%(seat)s's change is a whole number of points with its sign, like +3000 or -1000.")
            % {"seat": who.capitalize()}
        )
    number = int(value)
    if abs(number) > MAX_CHANGE:
        raise forms.ValidationError(
            _("%(seat)s's change is at most %(most)s points.")
            % {"seat": who.capitalize(), "most": MAX_CHANGE}
        )
    return number


COUNT_MESSAGES = {  # nothing typed, not a whole number, too many: for the honba and deposits
    "honba": (
        gettext_lazy("Type the number of honba, 0 if there are none."),
        gettext_lazy("The number of honba is a whole number, like 0 or 2."),
        gettext_lazy("The number of honba is at most %(most)s."),
    ),
    "riichi deposits": (
        gettext_lazy("Type the number of riichi deposits, 0 if there are none."),
        gettext_lazy("The number of riichi deposits is a whole number, like 0 or 2."),
        gettext_lazy("The number of riichi deposits is at most %(most)s."),
    ),
}


def count(text: str, what: str, *, most: int = 99) -> int:
    empty, shape, too_many = COUNT_MESSAGES[what]
    value = cleaned(text)
    if not value:
        raise forms.ValidationError(empty)
    if not value.isdigit() or not value.isascii():
        raise forms.ValidationError(shape)
    if int(value) > most:
        raise forms.ValidationError(too_many % {"most": most})
    return int(value)


def final_tenths(text: str, who: str) -> int:
    """A final score like "+45.0", "-3.5" or "12", in tenths."""
    value = cleaned(text)
    if not value:
        raise forms.ValidationError(
            _("Type %(seat)s's final score, like +45.0 or -12.5.") % {"seat": who}
        )
    try:
        number = Decimal(value)
    except InvalidOperation:
        number = Decimal("NaN")
    if not number.is_finite() or not re.fullmatch(r"[+-]?\d+(\.\d*)?", value):
        raise forms.ValidationError(
            _("%(seat)s's final score is a number with its sign, like +45.0 or -12.5.")
            % {"seat": who.capitalize()}
        )
    tenths = number * 10
    if tenths != tenths.to_integral_value():
        raise forms.ValidationError(
            _("%(seat)s's final score goes to 0.1 at most.") % {"seat": who.capitalize()}
        )
    if abs(number) > 1000:
        raise forms.ValidationError(
            _("%(seat)s's final score is at most 1000.") % {"seat": who.capitalize()}
        )
    return int(tenths)


class TableAnswerForm(AnswerForm):
    """A form whose fields are named after the question's seats."""

    def __init__(self, q: TableQuizQuestion, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.question = q
        self.seat_names = [seat.name for seat in q.seats]  # what the messages call each seat
        self.add_fields(q)

    def add_fields(self, q: TableQuizQuestion) -> None:
        raise NotImplementedError


class DeltasForm(TableAnswerForm):
    """Each seat's score change."""

    def add_fields(self, q: TableQuizQuestion) -> None:
        for seat in q.seats:
            self.fields[f"seat{seat.number}"] = forms.CharField(
                label=seat.label,
                required=False,
                max_length=40,
                widget=text_input(signed=True, autofocus=seat.number == 0),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        changes = []
        for seat in range(len(self.seat_names)):
            try:
                changes.append(signed_points(data.get(f"seat{seat}", ""), self.seat_names[seat]))
            except forms.ValidationError as e:
                self.add_error(f"seat{seat}", e)
        data["deltas"] = tuple(changes)
        return data


class CountersForm(TableAnswerForm):
    """The honba and deposits after the hand, and the next dealer's seat."""

    def add_fields(self, q: TableQuizQuestion) -> None:
        self.fields["honba"] = forms.CharField(
            label=gettext_lazy("Honba next hand"),
            required=False,
            max_length=10,
            widget=text_input(signed=False, autofocus=True),
        )
        self.fields["sticks"] = forms.CharField(
            label=gettext_lazy("Riichi deposits on the table"),
            required=False,
            max_length=10,
            widget=text_input(signed=False),
        )
        self.fields["dealer"] = forms.ChoiceField(
            label=gettext_lazy("Next dealer"),
            choices=[("", _("Choose a seat")), *((str(s.number), s.label) for s in q.seats)],
            required=False,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name, what in (("honba", "honba"), ("sticks", "riichi deposits")):
            try:
                data[name] = count(data.get(name, ""), what)
            except forms.ValidationError as e:
                self.add_error(name, e)
        if data.get("dealer", "") == "":
            self.add_error("dealer", _("Choose the seat that deals the next hand."))
        else:
            data["dealer"] = int(data["dealer"])
        return data


class FinalForm(TableAnswerForm):
    """Each seat's final score."""

    def add_fields(self, q: TableQuizQuestion) -> None:
        for seat in q.seats:
            self.fields[f"seat{seat.number}"] = forms.CharField(
                label=_("%(seat)s (%(points)s points)")
                % {"seat": seat.name, "points": seat.score_text},
                required=False,
                max_length=40,
                widget=text_input(signed=True, autofocus=seat.number == 0),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        tenths = []
        for seat in range(len(self.seat_names)):
            try:
                tenths.append(final_tenths(data.get(f"seat{seat}", ""), self.seat_names[seat]))
            except forms.ValidationError as e:
                self.add_error(f"seat{seat}", e)
        data["tenths"] = tuple(tenths)
        return data


TABLE_FORMS: dict[str, type[TableAnswerForm]] = {
    "deltas": DeltasForm,
    "counters": CountersForm,
    "final": FinalForm,
}
