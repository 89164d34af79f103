"""The reports' forms: merging a member into another entry of the class, forgetting a
member's class data, and a member's own choice to share their practice."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.form_words import SiteWords

from .models import Member


class MergeForm(SiteWords, forms.Form):
    """The other entry of the same person, then which of the two stays."""

    THIS, OTHER = "this", "other"

    into = forms.ModelChoiceField(
        queryset=Member.objects.none(),
        label=gettext_lazy("The same person as"),
        empty_label=gettext_lazy("Choose a member"),
        error_messages={"required": gettext_lazy("Choose the entry to merge with.")},
    )
    keep = forms.ChoiceField(
        label=gettext_lazy("The entry that stays"),
        choices=[(THIS, THIS), (OTHER, OTHER)],
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose the entry that stays.")},
    )

    def __init__(self, member: Member, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.member = member
        field = self.fields["into"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Member.objects.filter(classroom_id=member.classroom_id).exclude(
            pk=member.pk
        )
        field.label_from_instance = lambda m: m.name  # type: ignore[method-assign]

    def clean_into(self) -> Member:
        other: Member = self.cleaned_data["into"]
        if not other.added and not self.member.added:
            raise forms.ValidationError(
                _(
                    "Both joined with their own accounts: they are two people signing in, and "
                    "each keeps their own answers. Remove the wrong entry instead."
                ),
                code="two_people",
            )
        return other

    def other(self) -> Member | None:
        """The entry asked for (`into`), when it is another entry of the class."""
        value = str(self["into"].value() or "")
        field = self.fields["into"]
        assert isinstance(field, forms.ModelChoiceField)
        return field.queryset.filter(pk=value).first() if value.isdigit() else None  # type: ignore[union-attr]

    def kept_and_gone(self) -> tuple[Member, Member]:
        other = self.cleaned_data["into"]
        if self.cleaned_data["keep"] == self.THIS:
            return self.member, other
        return other, self.member


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
