"""The practice question in a link: seed, mode, level, rules and the topic it aims at."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from quizsite.quiz.public import ALL_PRESETS, LEVEL_TITLES, LEVELS, MODES, TABLE_MODES
from scoring.form_words import SiteWords

from .topics import TOPICS


def choices(values: object) -> list[tuple[str, str]]:
    return [(v, v) for v in values]  # type: ignore[attr-defined]


class FixedChoiceField(forms.ChoiceField):
    """A choice field whose choices never change: each form's copy shares them. (Django copies
    every choice for every form made; the topic's 150 cost a practice answer more than its
    scoring.)"""

    def __deepcopy__(self, memo: dict[int, Any]) -> FixedChoiceField:
        result = copy.copy(self)
        memo[id(self)] = result
        result.widget = copy.copy(self.widget)  # its choices shared too
        result.widget.attrs = self.widget.attrs.copy()
        result.error_messages = self.error_messages.copy()
        result.validators = self.validators[:]
        return result


class LevelForm(SiteWords, forms.Form):
    level = forms.ChoiceField(
        label=gettext_lazy("Your level"),
        choices=lambda: [(v, LEVEL_TITLES[v]) for v in LEVELS],  # worded when shown
        initial="beginner",
        help_text=gettext_lazy(
            "Fresh questions come at this level; a weak spot may need a harder hand."
        ),
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[(4, gettext_lazy("Four players")), (3, gettext_lazy("Three players (sanma)"))],
        coerce=int,
        initial=4,
        required=False,
        help_text=gettext_lazy(
            "Three players: no 2m–8m, no chi, Norths set aside, and two payers on a tsumo "
            "(Mahjong Soul's three-player rules)."
        ),
    )


class LinkForm(SiteWords, forms.Form):
    seed = forms.IntegerField(min_value=0, max_value=2**32 - 1)
    mode = forms.ChoiceField(choices=choices(MODES + TABLE_MODES))
    level = forms.ChoiceField(choices=choices(LEVELS))
    rules = forms.ChoiceField(choices=choices(ALL_PRESETS))
    topic = FixedChoiceField(choices=[("", "")] + choices(TOPICS), required=False)
    focused = forms.BooleanField(required=False)  # built around the topic's focus
