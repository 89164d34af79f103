"""Forms that check the shape of the site's query parameters before the engine sees them.

Every page control is a GET parameter, so a form is bound to the query string merged over
its defaults: `/points/` and `/points/?han=4` both describe a complete calculation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

from django import forms
from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.engine import RuleSet, ScoringError, Settlement, parse_rules, settle
from scoring.engine.errors import shorten
from scoring.engine.rules import ALL_PRESETS, DEFAULT_PRESET, SANMA_PRESETS, preset_of
from scoring.form_words import SiteWords
from scoring.han_fu import (
    FU_MAX_LOW_HAN,
    FU_MIN,
    HAN_MAX,
    HAN_MIN,
    SEVEN_PAIRS_FU,
    dealer_from_seat,
    parse_fu,
    parse_han,
)
from scoring.switch_controls import chosen, preset_choices, switch_fields, switches_for

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})
MAX_STICKS = 99  # honba counters or riichi sticks: far more than any real table sees

T = TypeVar("T")


def checked(parse: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`parse(*args, **kwargs)`, its `ScoringError` turned into the form's error."""
    try:
        return parse(*args, **kwargs)
    except ScoringError as e:
        raise forms.ValidationError(str(e)) from None


class FlagField(forms.Field):
    """A yes/no choice written `1`/`0` (also true/false, yes/no, on/off); blank is `None`."""

    def __init__(self, *, labels: tuple[Any, Any], **kwargs: Any) -> None:
        choices = [("0", labels[0]), ("1", labels[1])]
        kwargs.setdefault("widget", forms.RadioSelect(choices=choices))
        super().__init__(**kwargs)
        self.labels = labels

    def to_python(self, value: Any) -> bool | None:
        word = str(value).strip().lower() if value is not None else ""
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        if word == "":
            return None
        raise forms.ValidationError(
            _("%(label)s must be 1 or 0, not %(value)s")
            % {"label": self.label, "value": repr(shorten(str(value)))}
        )

    def prepare_value(self, value: Any) -> Any:
        # Show `?dealer=true` as the "1" radio button checked.
        try:
            flag = self.to_python(value)
        except forms.ValidationError:
            return value
        return value if flag is None else str(int(flag))


# Text with a number keypad, not <input type="number">: that shows a wrong entry ("abc") as
# blank, so the message under it would quote something the field does not show. The + / −
# buttons beside it (static/js/site.js) step between `data-min` and `data-max`, or through
# `data-steps`.
def numeric(**steps: int | str) -> forms.TextInput:
    attrs = {"inputmode": "numeric", "size": 4, "autocomplete": "off"}
    return forms.TextInput(attrs=attrs | {f"data-{k}": str(v) for k, v in steps.items()})


FU_STEPS = ",".join(str(f) for f in [FU_MIN, SEVEN_PAIRS_FU, *range(30, FU_MAX_LOW_HAN + 1, 10)])


def count_field(label: str) -> forms.IntegerField:
    whole = format_lazy(gettext_lazy("{label} must be a whole number, such as 0 or 2"), label=label)
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAX_STICKS,
        initial=0,
        error_messages={
            "invalid": whole,
            "min_value": format_lazy(gettext_lazy("{label} cannot be negative"), label=label),
            "max_value": format_lazy(
                gettext_lazy("{label} must be {most} or less"), label=label, most=MAX_STICKS
            ),
            "required": whole,
        },
        widget=numeric(min=0, max=MAX_STICKS),
    )


# The engine's switches that change what a han and fu count pays, one field each, from the
# registry (a switch added there gets its field here); the three-player ones too: these pages
# take three-player rules.
PaymentSwitches = type("PaymentSwitches", (forms.Form,), switch_fields("payment", sanma=True))


class SharedFields(dict[str, forms.Field]):
    """A form class's fields made once (its words and attributes set), shared by every form
    of the class: never changed after they are made, so a copy is the same fields."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return dict(self)


SHARED_FIELDS: dict[type[forms.Form], SharedFields] = {}


class RulesForm(SiteWords, PaymentSwitches):
    """The rule preset (four- or three-player), the switches that change a payment, and the
    counters on the table."""

    rules = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        choices=preset_choices(sanma=True),
        initial=DEFAULT_PRESET,
        error_messages={
            "invalid_choice": format_lazy(
                gettext_lazy("unknown rules preset %(value)r: choose one of {presets}"),
                presets=", ".join(ALL_PRESETS),
            ),
            "required": format_lazy(
                gettext_lazy("rules needs a preset: choose one of {presets}"),
                presets=", ".join(ALL_PRESETS),
            ),
        },
    )
    honba = count_field(gettext_lazy("Honba"))
    sticks = count_field(gettext_lazy("Riichi deposits"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # A form bound to data alone (every page's) takes the fields its class made once, as
        # the code below left them, not a deep copy of its ~40 fields on every request.
        plain = not kwargs and len(args) <= 1
        shared = SHARED_FIELDS.get(type(self)) if plain else None
        if shared is not None:
            self.fields_shared = True
            self.base_fields = shared  # what Django's form copies: a dict of the same fields
        super().__init__(*args, **kwargs)
        if shared is not None:
            return
        # Each field names the line under it that holds its message (empty while it has none),
        # so the message can come and go by htmx without the field being drawn again.
        for field in self:
            field.field.widget.attrs["aria-describedby"] = f"{field.auto_id}_error"
        # which presets are three-player rules (their switches show with them: site.js)
        self.fields["rules"].widget.attrs["data-sanma-presets"] = " ".join(SANMA_PRESETS)
        if plain:
            SHARED_FIELDS[type(self)] = SharedFields(self.fields)

    @classmethod
    def from_query(cls, query: QueryDict, *, defaults: bool = True) -> Self:
        """The form bound to `query` over the fields' initial values (only the rules' and
        the counters' when `defaults` is off: the API asks for han and fu)."""
        fields = cls.base_fields if defaults else RulesForm.base_fields
        data = {name: f.initial for name, f in fields.items() if f.initial is not None}
        data.update({key: query.get(key, "") for key in query if key in cls.base_fields})
        return cls(data)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # a three-player switch set with four-player rules: said under the switch
        if data.get("rules") in ALL_PRESETS and not self.is_sanma(data):
            for s in switches_for("payment", sanma=True):
                if s.sanma and data.get(s.name) is not None:
                    try:
                        parse_rules({"preset": data["rules"], s.name: data[s.name]})
                    except ScoringError as e:
                        self.add_error(s.name, str(e))
        return data

    @staticmethod
    def is_sanma(data: dict[str, Any]) -> bool:
        """Whether the rules chosen are three-player rules."""
        name = data.get("rules")
        return name in ALL_PRESETS and preset_of(name).rules.players == 3

    def rule_set(self) -> RuleSet:
        d = self.cleaned_data
        options = {"preset": d["rules"], **chosen(d, "payment", sanma=self.is_sanma(d))}
        return parse_rules(options)

    @property
    def sanma(self) -> bool:
        """Whether the page shows three-player rules (the preset chosen, as the form reads it)."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return self.is_sanma({"rules": data.get("rules", self.data.get("rules"))})

    @property
    def switch_controls(self) -> list[forms.BoundField]:
        """The switch fields, in the registry's order (the three-player ones drawn hidden
        unless the rules are three-player rules: `controls.html`)."""
        return [self[s.name] for s in switches_for("payment", sanma=True)]

    @property
    def hidden_switches(self) -> frozenset[str]:
        """The switch controls drawn hidden: the three-player ones, with four-player rules
        and no value set (a value set shows, with what is wrong with it)."""
        if self.sanma:
            return frozenset()
        return frozenset(
            s.name
            for s in switches_for("payment", sanma=True)
            if s.sanma and not self.data.get(s.name) and s.name not in self.errors
        )

    def rules_changed(self) -> bool:
        """Whether the rules or the counters differ from the defaults (or are wrong)."""
        names = RulesForm.base_fields
        if any(name in self.errors for name in names):
            return True
        return any(
            str(self.data.get(name, "")) != ("" if field.initial is None else str(field.initial))
            for name, field in names.items()
        )

    def messages(self) -> list[str]:
        """Every error as one sentence a player can act on."""
        return [str(e) for errors in self.errors.values() for e in errors]

    def query(self, **changes: Any) -> str:
        """The form's cleaned values as a query string, with `changes` applied."""
        values = {**self.cleaned_data, **changes}
        q = QueryDict(mutable=True)
        for name, value in values.items():
            if value is None:
                continue
            q[name] = str(int(value)) if isinstance(value, bool) else str(value)
        return q.urlencode()


class TableForm(RulesForm):
    """The han/fu table's controls: rules plus which seat's tables to show."""

    seat = forms.ChoiceField(
        label=gettext_lazy("Show"),
        choices=[
            ("both", pgettext_lazy("which tables", "both")),
            ("non_dealer", pgettext_lazy("which tables", "non-dealer")),
            ("dealer", pgettext_lazy("which tables", "dealer")),
        ],
        initial="both",
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": gettext_lazy(
                "seat must be both, non_dealer or dealer, not %(value)r"
            ),
            "required": gettext_lazy("seat must be both, non_dealer or dealer"),
        },
    )


class PointsForm(RulesForm):
    """One win: han, fu, dealer or not, ron or tsumo, under the rules."""

    # Typed text, checked by `scoring.han_fu` (as the CLI checks it) in `clean_han`/`clean_fu`.
    han = forms.CharField(
        label=gettext_lazy("Han"),
        initial=4,
        required=False,
        widget=numeric(min=HAN_MIN, max=HAN_MAX),
    )
    fu = forms.CharField(
        label=gettext_lazy("Fu"),
        initial=30,
        required=False,
        widget=numeric(steps=FU_STEPS),
    )
    dealer = FlagField(
        label=gettext_lazy("Dealer"),
        labels=(pgettext_lazy("the winner", "non-dealer"), pgettext_lazy("the winner", "dealer")),
        initial="0",
        required=False,
    )
    tsumo = FlagField(
        label=gettext_lazy("Tsumo"),
        labels=(pgettext_lazy("a win by", "ron"), pgettext_lazy("a win by", "tsumo")),
        initial="0",
        required=False,
    )
    # The winner's seat wind in place of the dealer flag (E: the dealer); blank: the flag.
    seat = forms.CharField(label=gettext_lazy("Seat wind"), required=False, empty_value=None)

    @classmethod
    def from_query(cls, query: QueryDict, *, defaults: bool = True) -> Self:
        form = super().from_query(query, defaults=defaults)
        if query.get("seat") and "dealer" not in query:
            form.data.pop("dealer", None)  # the seat says it: no default flag to disagree
        return form

    def clean_han(self) -> int:
        return checked(parse_han, self.cleaned_data["han"])

    def clean_fu(self) -> int | None:
        # Fields clean in order, so han is known here (missing if it was wrong).
        return checked(parse_fu, self.cleaned_data["fu"], han=self.cleaned_data.get("han"))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("seat") and "dealer" not in self.errors:
            try:
                data["dealer"] = dealer_from_seat(data["seat"], dealer=data.get("dealer"))
            except ScoringError as e:
                self.add_error("seat", str(e))
        for flag in ("dealer", "tsumo"):
            if data.get(flag) is None and flag not in self.errors:
                data[flag] = False
        return data

    def settlement(self) -> Settlement:
        """The engine's payments for the win the form describes (call after `is_valid`)."""
        d = self.cleaned_data
        return settle(
            d["han"],
            d["fu"] or 0,
            dealer=d["dealer"],
            tsumo=d["tsumo"],
            honba=d["honba"],
            sticks=d["sticks"],
            rules=self.rule_set(),
        )
