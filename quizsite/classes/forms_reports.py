"""The reports' forms: merging a member into another entry of the class, forgetting a
member's class data, and a member's own choice to share their practice."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from scoring.form_words import SiteWords

from .models import Member


class MergeForm(SiteWords, forms.Form):
    into = forms.ModelChoiceField(
        queryset=Member.objects.none(),
        label=gettext_lazy("The same person as"),
        empty_label=gettext_lazy("Choose a member"),
        error_messages={"required": gettext_lazy("Choose the entry to merge with.")},
    )

    def __init__(self, member: Member, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["into"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Member.objects.filter(classroom_id=member.classroom_id).exclude(
            pk=member.pk
        )
        field.label_from_instance = lambda m: m.name  # type: ignore[method-assign]


class ConfirmForm(SiteWords, forms.Form):
    confirm = forms.BooleanField(
        label=gettext_lazy("Yes, delete these answers"),
        error_messages={"required": gettext_lazy("Tick the box to confirm.")},
    )


class ShareForm(SiteWords, forms.Form):
    shares_practice = forms.BooleanField(
        required=False,
        label=gettext_lazy("Let the class's instructors see my practice outside the class too"),
    )
