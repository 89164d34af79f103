"""Forms that check the shape of the site's query parameters before the engine sees them.

Every page control is a GET parameter, so a form is bound to the query string merged over
its defaults: `/points/` and `/points/?han=4` both describe a complete calculation.
"""

from __future__ import annotations

from typing import Any, Self

from django import forms
from django.http import QueryDict

from scoring.engine import PRESETS, RuleSet, Settlement, parse_rules, settle
from scoring.engine.rules import DEFAULT_PRESET

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})
MAX_STICKS = 99  # honba counters or riichi sticks: far more than any real table sees
MAX_HAN = 13  # as the CLI: 13 stands for 13 or more
FU_RANGE = (20, 130)
FU_MAX_LOW_HAN = 110  # no 1 or 2 han hand reaches more fu
HAN_HELP = (
    f"han must be a whole number from 1 to {MAX_HAN} ({MAX_HAN} stands for {MAX_HAN} or more)"
)


class FlagField(forms.Field):
    """A yes/no choice written `1`/`0` (also true/false, yes/no, on/off); blank is `None`."""

    def __init__(self, *, labels: tuple[str, str], **kwargs: Any) -> None:
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
        raise forms.ValidationError(f"{self.label} must be 1 or 0, not {value!r}")

    def prepare_value(self, value: Any) -> Any:
        # Show `?dealer=true` as the "1" radio button checked.
        try:
            flag = self.to_python(value)
        except forms.ValidationError:
            return value
        return value if flag is None else str(int(flag))


def count_field(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAX_STICKS,
        initial=0,
        error_messages={
            "invalid": f"{label} must be a whole number, such as 0 or 2",
            "min_value": f"{label} cannot be negative",
            "max_value": f"{label} must be {MAX_STICKS} or less",
            "required": f"{label} must be a whole number, such as 0 or 2",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class RulesForm(forms.Form):
    """The rule preset, the kiriage switch and the counters on the table."""

    rules = forms.ChoiceField(
        label="Rules",
        choices=[(name, preset.title) for name, preset in PRESETS.items()],
        initial=DEFAULT_PRESET,
        error_messages={
            "invalid_choice": "unknown rules preset %(value)r: choose one of " + ", ".join(PRESETS)
        },
    )
    kiriage = FlagField(
        label="Kiriage mangan",
        labels=("off", "on"),
        required=False,
        widget=forms.Select(choices=[("", "as the preset"), ("1", "on"), ("0", "off")]),
    )
    honba = count_field("Honba")
    sticks = count_field("Riichi deposits")

    @classmethod
    def from_query(cls, query: QueryDict, *, defaults: bool = True) -> Self:
        """The form bound to `query` over the fields' initial values (only the rules' and
        the counters' when `defaults` is off: the API asks for han and fu)."""
        fields = cls.base_fields if defaults else RulesForm.base_fields
        data = {name: f.initial for name, f in fields.items() if f.initial is not None}
        data.update({key: query.get(key, "") for key in query if key in cls.base_fields})
        return cls(data)

    def rule_set(self) -> RuleSet:
        options: dict[str, Any] = {"preset": self.cleaned_data["rules"]}
        if self.cleaned_data.get("kiriage") is not None:
            options["kiriage"] = self.cleaned_data["kiriage"]
        return parse_rules(options)

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
        label="Show",
        choices=[("both", "both"), ("non_dealer", "non-dealer"), ("dealer", "dealer")],
        initial="both",
        widget=forms.RadioSelect,
    )


class PointsForm(RulesForm):
    """One win: han, fu, dealer or not, ron or tsumo, under the rules."""

    han = forms.IntegerField(
        label="Han",
        min_value=1,
        max_value=MAX_HAN,
        initial=4,
        error_messages={
            "invalid": HAN_HELP,
            "required": HAN_HELP,
            "min_value": "han must be at least 1: a hand needs a yaku to win",
            "max_value": HAN_HELP,
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    fu = forms.IntegerField(
        label="Fu",
        required=False,
        initial=30,
        error_messages={"invalid": "fu must be a whole number, such as 30"},
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    dealer = FlagField(label="Dealer", labels=("non-dealer", "dealer"), initial="0", required=False)
    tsumo = FlagField(label="Tsumo", labels=("ron", "tsumo"), initial="0", required=False)

    def clean_fu(self) -> int | None:
        fu: int | None = self.cleaned_data.get("fu")
        low, high = FU_RANGE
        if fu is not None and fu != 25 and not (low <= fu <= high and fu % 2 == 0):
            raise forms.ValidationError(
                f"fu must be 25 or an even number from {low} to {high}, not {fu}"
            )
        return fu

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        han = data.get("han")
        fu = data.get("fu")
        if han is not None and han < 5 and fu is None and "fu" not in self.errors:
            self.add_error("fu", "fu is needed below 5 han (from 5 han up the fu do not count)")
        if han is not None and han <= 2 and fu is not None and fu > FU_MAX_LOW_HAN:
            self.add_error("fu", f"fu is at most {FU_MAX_LOW_HAN} with {han} han, not {fu}")
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
