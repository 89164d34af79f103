"""The drill builder's form, and the learner's name form."""

from __future__ import annotations

from django import forms

from quizsite.quiz.public import (
    DEFAULTS,
    LEVEL_NOTES,
    LEVELS,
    MODE_NOTES,
    MODE_TITLES,
    MODES,
    PRESETS,
)

from .models import MAX_QUESTIONS, Drill


class DrillForm(forms.ModelForm):  # type: ignore[type-arg]
    mode = forms.ChoiceField(
        choices=[(m, f"{MODE_TITLES[m]} — {MODE_NOTES[m]}") for m in MODES],
        initial=DEFAULTS["mode"],
        widget=forms.RadioSelect,
    )
    level = forms.ChoiceField(
        choices=[(lv, f"{lv.capitalize()} — {LEVEL_NOTES[lv]}") for lv in LEVELS],
        initial=DEFAULTS["level"],
        widget=forms.RadioSelect,
    )
    rules = forms.ChoiceField(
        choices=[(name, p.title) for name, p in PRESETS.items()], initial=DEFAULTS["rules"]
    )
    count = forms.IntegerField(
        label="Number of questions",
        min_value=1,
        max_value=MAX_QUESTIONS,
        initial=10,
        error_messages={
            "min_value": f"A drill has 1 to {MAX_QUESTIONS} questions.",
            "max_value": f"A drill has 1 to {MAX_QUESTIONS} questions.",
            "invalid": "Type a whole number of questions, like 10.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
    )
    time_limit = forms.IntegerField(
        label="Time limit in minutes",
        required=False,
        min_value=1,
        max_value=600,
        help_text="Counted from each student's start; leave empty for none.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "4"}),
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
        ]
        labels = {
            "shuffle": "Shuffle the order for each student",
            "retries": "Allow retries (a wrong answer may be tried again)",
            "explain": "Show the explanation",
        }
        help_texts = {"shuffle": "", "retries": ""}
        widgets = {
            "title": forms.TextInput(attrs={"placeholder": "Thursday club: fu practice"}),
            "explain": forms.RadioSelect,
        }


class NameForm(forms.Form):
    name = forms.CharField(
        label="Your name",
        max_length=40,
        help_text="As your instructor should see it on the results.",
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": ""}),
        error_messages={"required": "Type your name, so your instructor sees your answers."},
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Type your name, so your instructor sees your answers.")
        return name


class CodeForm(forms.Form):
    code = forms.CharField(label="Drill code", max_length=20)
