"""The site's own words for the checks Django's form fields make, and typed values quoted in
a message cut short (a 5,000-character value is quoted as its first few characters).

A form that mixes in `SiteWords` keeps every message its fields set themselves and replaces
only Django's stock ones ("Select a valid choice", "Ensure this value has at most 40
characters (it has 5000)", "This field is required", "Enter a whole number").
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.engine.errors import shorten


def stock_messages(field: forms.Field) -> dict[str, str]:
    """Django's own messages for this kind of field (what `error_messages` starts from)."""
    messages: dict[str, str] = {}
    for cls in reversed(type(field).__mro__):
        messages.update(getattr(cls, "default_error_messages", {}))
    return messages


def site_words(field: forms.Field, name: str) -> dict[str, str]:
    """The site's message for each check, naming the field as its label does."""
    label = str(field.label or name.replace("_", " ").capitalize())
    # A model's rows are not listed in a message (nor read from the database to make one).
    rows = isinstance(field, forms.ModelChoiceField)
    choices = (
        ""
        if rows
        else ", ".join(str(value) for value, _label in getattr(field, "choices", []) if value != "")
    )

    # In the page's language; `{label}` and `{choices}` filled here, `%(…)` left for Django.
    def say(message: str) -> str:
        return message.replace("{label}", label).replace("{choices}", choices)

    too_long = say(_("{label} is too long"))
    words = {
        "required": say(_("{label} is needed")),
        "invalid": say(_("{label} must be a whole number, such as 2")),
        "invalid_choice": say(_("{label} must be one of {choices}, not %(value)r")),
        "invalid_list": say(_("{label} must be a list of choices")),
        "max_length": say(_("{label} is too long: at most %(limit_value)d characters")),
        "min_length": say(_("{label} is too short: at least %(limit_value)d characters")),
        "min_value": say(_("{label} must be %(limit_value)s or more")),
        "max_value": say(_("{label} must be %(limit_value)s or less")),
        "step_size": say(_("{label} must be a multiple of %(limit_value)s")),
        "max_digits": too_long,
        "max_decimal_places": too_long,
        "max_whole_digits": too_long,
    }
    if rows:
        words["invalid_choice"] = say(_("{label} must be one of the list's choices"))
    return words


class SiteWords:
    """A form mixin: the fields' stock messages in the site's words; quoted values shortened."""

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            stock = stock_messages(field)
            words = site_words(field, name)
            own = {
                code: message
                for code, message in field.error_messages.items()
                if message != stock.get(code)
            }
            # Validators' messages (max_length, min_value …) are looked up here by code too.
            field.error_messages = {**stock, **words, **own}

    def add_error(self, field: str | None, error: Any) -> None:
        if isinstance(error, ValidationError) and hasattr(error, "error_list"):
            for e in error.error_list:
                if e.params and "value" in e.params:
                    e.params = {**e.params, "value": shorten(str(e.params["value"]))}
        super().add_error(field, error)  # type: ignore[misc]
