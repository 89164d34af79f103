"""The drill builder's form, and the learner's name form."""

from __future__ import annotations

from functools import partial
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from quizsite import names
from quizsite.quiz.public import (
    DEFAULTS,
    LEVEL_NOTES,
    LEVELS,
    MODE_NOTES,
    MODE_TITLES,
    MODES,
    TABLE_MODES,
    is_table_mode,
)
from scoring.engine import ScoringError
from scoring.engine.generate import Focus, check_focus, choices
from scoring.form_words import SiteWords
from scoring.switch_controls import RuleSwitches, SavedChoice, pairs_of, preset_choices

from .focus import LISTS
from .models import LEVEL_TITLES, MAX_QUESTIONS, MAX_STUDENTS, Drill

FOCUS = choices()
# Focus builds hand questions around a yaku, fu item, wait, limit, cell or the counters; a
# table mode (draw, pao, multiple ron, counters, final) is its own focus.
TABLE_FOCUS = gettext_lazy(
    "Focus is for hand questions (payment, fu, han, full hand): a table mode already drills "
    "its own topic, so untick the focus or choose a hand mode."
)


def focus_choices(name: str) -> list[tuple[str, str]]:
    """A focus list's ids with their labels, in the engine's language of the moment."""
    return list(choices()[name])


def mode_choices() -> list[tuple[str, str]]:
    return [(m, f"{MODE_TITLES[m]} — {MODE_NOTES[m]}") for m in (*MODES, *TABLE_MODES)]


def level_choices() -> list[tuple[str, str]]:
    return [(lv, f"{LEVEL_TITLES.get(lv, lv)} — {LEVEL_NOTES[lv]}") for lv in LEVELS]


def between(label: Any, low: int, high: int) -> Any:
    """ "Han from: from 1 to 4." in the page's language, worded when shown."""
    return format_lazy(
        gettext_lazy("{label}: from {low} to {high}."), label=label, low=low, high=high
    )


QUESTIONS_RANGE = gettext_lazy("A drill has 1 to {high} questions.")
STUDENTS_RANGE = gettext_lazy("At most 1 to {high} students, or empty for no cap.")
NO_NAME = gettext_lazy("Type your name, so your instructor sees your answers.")


def cannot_meet(error: Exception) -> str:
    """Why a focus cannot be met (the engine's reason, in its own words)."""
    return _("The focus cannot be met: %(reason)s.") % {"reason": error}


def focus_list(name: str) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=LISTS[name],
        required=False,
        choices=partial(focus_choices, name),
        widget=forms.CheckboxSelectMultiple,
    )


def bound(label: str, span: tuple[int, int]) -> forms.IntegerField:
    low, high = span
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
        error_messages={
            "min_value": between(label, low, high),
            "max_value": between(label, low, high),
            "invalid": format_lazy(
                gettext_lazy("{label}: a whole number from {low} to {high}."),
                label=label,
                low=low,
                high=high,
            ),
        },
    )


class DrillForm(SiteWords, SavedChoice, forms.ModelForm, RuleSwitches):  # type: ignore[type-arg]
    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),  # as the form's list of mistakes names it
        choices=mode_choices,
        initial=DEFAULTS["mode"],
        widget=forms.RadioSelect,
    )
    level = forms.ChoiceField(
        label=gettext_lazy("Level"),  # as the form's list of mistakes names it
        choices=level_choices,
        initial=DEFAULTS["level"],
        widget=forms.RadioSelect,
    )
    rules = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        choices=lambda: preset_choices(sanma=True),  # three-player presets: three-player hands
        initial=DEFAULTS["rules"],
    )
    count = forms.IntegerField(
        label=gettext_lazy("Number of questions"),
        min_value=1,
        max_value=MAX_QUESTIONS,
        initial=10,
        error_messages={
            "min_value": format_lazy(QUESTIONS_RANGE, high=MAX_QUESTIONS),
            "max_value": format_lazy(QUESTIONS_RANGE, high=MAX_QUESTIONS),
            "invalid": gettext_lazy("Type a whole number of questions, like 10."),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
    )
    max_students = forms.IntegerField(
        label=gettext_lazy("At most this many students"),
        required=False,
        min_value=1,
        max_value=MAX_STUDENTS,
        help_text=gettext_lazy(
            "Newcomers are turned away once this many have started; empty for no cap."
        ),
        error_messages={
            "min_value": format_lazy(STUDENTS_RANGE, high=MAX_STUDENTS),
            "max_value": format_lazy(STUDENTS_RANGE, high=MAX_STUDENTS),
            "invalid": gettext_lazy("Type a whole number of students, like 40, or leave it empty."),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
    )
    time_limit = forms.IntegerField(
        label=gettext_lazy("Time limit in minutes"),
        required=False,
        min_value=1,
        max_value=600,
        help_text=gettext_lazy("Counted from each student's start; leave empty for none."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
    )

    focus_yaku = focus_list("yaku")
    focus_fu_items = focus_list("fu_items")
    focus_waits = focus_list("waits")
    focus_limits = focus_list("limits")
    focus_han_low = bound(gettext_lazy("Han from"), FOCUS["han"])
    focus_han_high = bound(gettext_lazy("Han to"), FOCUS["han"])
    focus_fu_low = bound(gettext_lazy("Fu from"), FOCUS["fu"])
    focus_fu_high = bound(gettext_lazy("Fu to"), FOCUS["fu"])
    focus_counters = forms.BooleanField(
        label=gettext_lazy("Honba and riichi deposits on the table"), required=False
    )

    class Meta:
        model = Drill
        fields = [
            "title",
            "count",
            "mode",
            "level",
            "rules",
            "shuffle",
            "retries",
            "explain",
            "time_limit",
            "max_students",
        ]
        labels = {
            "title": gettext_lazy("Title"),
            "shuffle": gettext_lazy("Shuffle the order for each student"),
            "retries": gettext_lazy("Allow retries (a wrong answer may be tried again)"),
            "explain": gettext_lazy("Show the explanation"),
        }
        help_texts = {"shuffle": "", "retries": ""}
        widgets = {
            "title": forms.TextInput(
                attrs={"placeholder": gettext_lazy("Thursday club: fu practice")}
            ),
            "explain": forms.RadioSelect,
        }

    def clean_title(self) -> str:
        return names.check(self.cleaned_data["title"])

    def focus_from(self, data: dict[str, Any]) -> dict[str, Any]:
        """The focus as the generator stores it: the chosen lists, a han or fu range (an
        empty bound is the table's edge), and the counters."""
        focus: dict[str, Any] = {n: data[f"focus_{n}"] for n in LISTS if data.get(f"focus_{n}")}
        for name in ("han", "fu"):
            low, high = data.get(f"focus_{name}_low"), data.get(f"focus_{name}_high")
            if low is not None or high is not None:
                edge_low, edge_high = FOCUS[name]
                focus[name] = [
                    edge_low if low is None else low,
                    edge_high if high is None else high,
                ]
        if data.get("focus_counters"):
            focus["counters"] = True
        return focus

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        focus = self.focus_from(data)
        options = {k: data.get(k) for k in ("level", "mode", "rules")}
        if focus and is_table_mode(options["mode"]):
            self.add_error(None, str(TABLE_FOCUS))
        elif focus and all(options.values()):
            try:
                check_focus(Focus.from_dict(focus), **options)  # type: ignore[arg-type]
            except ScoringError as e:
                self.add_error(None, cannot_meet(e))
        self.instance.focus = focus
        self.instance.house = pairs_of(data)
        return data

    def focus_said(self) -> str:
        """The focus chosen so far, in words ("" for none): the folded focus's summary."""
        values = getattr(self, "cleaned_data", None) if self.is_bound else self.initial
        try:
            focus = self.focus_from(values or {})
            return Focus.from_dict(focus).describe() if focus else ""
        except (ScoringError, TypeError, ValueError):
            return ""

    def focus_errors(self) -> bool:
        """Whether a focus field has a message (the focus then opens)."""
        return any(self[name].errors for name in self.fields if name.startswith("focus_"))

    def focus_fields(self) -> list[forms.BoundField]:
        return [self[f"focus_{name}"] for name in LISTS]

    @classmethod
    def initial_from(cls, query: Any) -> dict[str, Any]:
        """Initial values from a link's query (`builder_url`): each field named there whose
        value the field accepts; anything else is left out (the form checks all on submit)."""
        initial: dict[str, Any] = {}
        for name, field in cls.base_fields.items():
            if name not in query:
                continue
            many = isinstance(field, forms.MultipleChoiceField)
            value = query.getlist(name) if many else query.get(name)
            try:
                initial[name] = field.clean(value)
            except forms.ValidationError:
                continue
        return initial


class EditForm(SiteWords, forms.ModelForm):  # type: ignore[type-arg]
    """A drill's title and options, changed after it is drawn: the questions (their number,
    mode, level, rules and focus) stay as they are, since students answer them."""

    max_students = DrillForm.base_fields["max_students"]
    time_limit = DrillForm.base_fields["time_limit"]

    class Meta:
        model = Drill
        fields = ["title", "shuffle", "retries", "explain", "time_limit", "max_students"]
        labels = DrillForm.Meta.labels
        help_texts = DrillForm.Meta.help_texts
        widgets = DrillForm.Meta.widgets

    def clean_title(self) -> str:
        return names.check(self.cleaned_data["title"])


def builder_fields(focus: dict[str, Any] | Any) -> dict[str, Any]:
    """The builder's focus fields for a focus as the generator stores it (the inverse of
    `DrillForm.focus_from`)."""
    fields: dict[str, Any] = {f"focus_{n}": list(focus[n]) for n in LISTS if focus.get(n)}
    for name in ("han", "fu"):
        if focus.get(name):
            fields[f"focus_{name}_low"], fields[f"focus_{name}_high"] = focus[name]
    if focus.get("counters"):
        fields["focus_counters"] = "on"
    return fields


class NameForm(SiteWords, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Your name"),
        max_length=40,
        help_text=gettext_lazy("As your instructor should see it on the results."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": ""}),
        error_messages={"required": NO_NAME},
    )

    def clean_name(self) -> str:
        name = names.check(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(str(NO_NAME))
        return name


class CodeForm(SiteWords, forms.Form):
    code = forms.CharField(label=gettext_lazy("Drill code"), max_length=20)
