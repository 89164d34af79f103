"""The site's own words for the checks Django's form fields make, and typed values quoted in
a message cut short (a 5,000-character value is quoted as its first few characters).

A form that mixes in `SiteWords` keeps every message its fields set themselves and replaces
only Django's stock ones ("Select a valid choice", "Ensure this value has at most 40
characters (it has 5000)", "This field is required", "Enter a whole number").
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine.errors import shorten


@cache
def stock_messages(kind: type[forms.Field]) -> dict[str, Any]:
    """Django's own messages for this kind of field (what `error_messages` starts from)."""
    messages: dict[str, Any] = {}
    for cls in reversed(kind.__mro__):
        messages.update(getattr(cls, "default_error_messages", {}))
    return messages


# The site's message for each check (`{label}` and `{choices}` filled in when it is shown,
# `%(…)` left for Django), marked here and looked up in the page's language when shown.
TOO_LONG = gettext_noop("{label} is too long")
WORDS = {
    "required": gettext_noop("{label} is needed"),
    "invalid": gettext_noop("{label} must be a whole number, such as 2"),
    "invalid_choice": gettext_noop("{label} must be one of {choices}, not %(value)r"),
    "invalid_list": gettext_noop("{label} must be a list of choices"),
    "max_length": gettext_noop("{label} is too long: at most %(limit_value)d characters"),
    "min_length": gettext_noop("{label} is too short: at least %(limit_value)d characters"),
    "min_value": gettext_noop("{label} must be %(limit_value)s or more"),
    "max_value": gettext_noop("{label} must be %(limit_value)s or less"),
    "step_size": gettext_noop("{label} must be a multiple of %(limit_value)s"),
    "max_digits": TOO_LONG,
    "max_decimal_places": TOO_LONG,
    "max_whole_digits": TOO_LONG,
}
# A model's rows are not listed in a message (nor read from the database to make one).
ROWS_CHOICE = gettext_noop("{label} must be one of the list's choices")


def site_message(field: forms.Field, name: str, code: str) -> str:
    """The site's message for one check of `field`, in the current language, naming the
    field as its label does."""
    rows = isinstance(field, forms.ModelChoiceField)
    entry = ROWS_CHOICE if rows and code == "invalid_choice" else WORDS[code]
    message = _(entry)
    label = str(field.label or name.replace("_", " ").capitalize())
    message = message.replace("{label}", label)
    if "{choices}" in message:
        values = getattr(field, "choices", [])
        message = message.replace("{choices}", ", ".join(str(v) for v, _l in values if v != ""))
    return message


site_message_lazy = lazy(lambda field, name, code: site_message(field, name, code), str)


def site_words(field: forms.Field, name: str) -> dict[str, str]:
    """The site's message for each check, naming the field as its label does."""
    return {code: site_message(field, name, code) for code in WORDS}


@cache
def checks_of(kind: type[forms.Field]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The codes of the checks a kind of field makes itself, and of every check a field of
    that kind may make once it has validators (a length, a range...)."""
    own = tuple(code for code in WORDS if code in stock_messages(kind))
    return own, tuple(WORDS)


class SiteWords:
    """A form mixin: the fields' stock messages in the site's words; quoted values shortened.

    The words are found when a message is shown (in the page's language then), not when the
    form is made: a form of 36 fields made for every request looks up none of them."""

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if getattr(self, "fields_shared", False):
            return  # fields made once for the class, this done then (`scoring.forms`)
        for name, field in self.fields.items():
            stock = stock_messages(type(field))
            own_checks, every_check = checks_of(type(field))
            # a message the field was given (not Django's own object) stays the field's own
            own = {c: m for c, m in field.error_messages.items() if m is not stock.get(c)}
            # Validators' messages (max_length, min_value …) are looked up here by code too.
            codes = every_check if field.validators else own_checks
            words = {code: site_message_lazy(field, name, code) for code in codes}
            field.error_messages = {**stock, **words, **own}

    def add_error(self, field: str | None, error: Any) -> None:
        if isinstance(error, ValidationError) and hasattr(error, "error_list"):
            for e in error.error_list:
                if e.params and "value" in e.params:
                    e.params = {**e.params, "value": shorten(str(e.params["value"]))}
        super().add_error(field, error)  # type: ignore[misc]
