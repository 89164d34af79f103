"""The engine's hand switches as page controls, made from its registry (`SWITCHES`): one
select per switch, "as the preset" or one of its values in the registry's short words, so a
switch added to the engine gets its control on every page whose answers it changes.

A value travels in a link as its key: `1`/`0` for a yes/no switch (`true`/`false`, `yes`/`no`,
`on`/`off` are read too), the value itself otherwise (`kazoe=sanbaiman`, `double_wind_fu=2`).

>>> key_of(True), key_of(2), value_of(SWITCHES["kiriage"], "on"), value_of(SWITCHES["kazoe"], "")
('1', '2', True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms

from scoring.engine.errors import shorten
from scoring.engine.rules import SWITCHES, Switch

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def key_of(value: Any) -> str:
    """A switch value as a link carries it."""
    return str(int(value)) if isinstance(value, bool) else str(value)


def value_of(switch: Switch, key: str) -> Any:
    """The switch's value for a key from a link ("": None, as the preset); a ValueError
    for a key that is none of its values."""
    word = key.strip().lower()
    if word == "":
        return None
    if all(isinstance(v, bool) for v in switch.values):
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    for value in switch.values:
        if key_of(value) == word:
            return value
    keys = " or ".join(key_of(v) for v in switch.values)
    raise ValueError(f"{switch.label} must be {keys}, not {shorten(key.strip())!r}")


def choices_of(switch: Switch) -> tuple[tuple[str, str], ...]:
    """The control's choices: "as the preset", then each value's key and short words."""
    return (("", "as the preset"), *zip(map(key_of, switch.values), switch.short, strict=True))


def switches_for(scope: str) -> list[Switch]:
    """The switches a page offers: `payment` pages (a han and fu count's payment) the ones
    that change a payment; `hand` pages (whole hands scored) every one."""
    return [s for s in SWITCHES.values() if scope == "hand" or s.scope == "payment"]


class SwitchField(forms.Field):
    """One switch: blank is "as the preset", else one of its values (typed as the engine
    wants it)."""

    def __init__(self, switch: Switch, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Select(choices=choices_of(switch)))
        super().__init__(label=switch.label, required=False, **kwargs)
        self.switch = switch

    def to_python(self, value: Any) -> Any:
        try:
            return value_of(self.switch, "" if value is None else str(value))
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None

    def prepare_value(self, value: Any) -> Any:
        return key_of(value) if isinstance(value, (bool, int)) else value


def switch_fields(scope: str) -> dict[str, SwitchField]:
    """A form's switch fields, by switch name."""
    return {s.name: SwitchField(s) for s in switches_for(scope)}


def chosen(data: dict[str, Any], scope: str) -> dict[str, Any]:
    """The switches set in a form's cleaned data (those left "as the preset" left out)."""
    return {s.name: data[s.name] for s in switches_for(scope) if data.get(s.name) is not None}


@dataclass(frozen=True)
class Control:
    """A switch's select drawn by hand in a template: name, label, choices, the chosen key."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    selected: str
    meaning: str


def controls(values: dict[str, Any], scope: str) -> list[Control]:
    """The switch controls of a page drawn without a Django form, `values` the chosen ones."""
    return [
        Control(
            s.name,
            s.label,
            choices_of(s),
            "" if values.get(s.name) is None else key_of(values[s.name]),
            s.meaning,
        )
        for s in switches_for(scope)
    ]
