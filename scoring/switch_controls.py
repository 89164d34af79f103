"""The engine's hand switches as page controls, made from its registry (`SWITCHES`): one
select per switch, "as the preset" or one of its values in the registry's short words, so a
switch added to the engine gets its control on every page whose answers it changes.

The three-player switches (`Switch.sanma`) and presets are offered only where a page takes
three-player rules (`sanma=True`: the han/fu table, the payment and hand calculators and the
API's points); every other page keeps the four-player ones.

A value travels in a link as its key: `1`/`0` for a yes/no switch (`true`/`false`, `yes`/`no`,
`on`/`off` are read too), the value itself otherwise (`kazoe=sanbaiman`, `double_wind_fu=2`).

>>> key_of(True), key_of(2), value_of(SWITCHES["kiriage"], "on"), value_of(SWITCHES["kazoe"], "")
('1', '2', True, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlencode

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.engine.errors import ScoringError, shorten
from scoring.engine.rules import (
    ALL_PRESETS,
    DEFAULT_PRESET,
    PRESETS,
    SWITCHES,
    TABLE_SWITCHES,
    Switch,
    json_value,
    parse_table_rules,
)

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
    keys = _(" or ").join(key_of(v) for v in switch.values)
    raise ValueError(
        _("%(label)s must be %(keys)s, not %(value)s")
        % {"label": switch.label, "keys": keys, "value": repr(shorten(key.strip()))}
    )


AS_PRESET = gettext_lazy("as the preset")


def registry_words(read: Callable[[], str]) -> str:
    """Words of the engine's registry read when shown, in the language of the request then (a
    form's fields are made once, when the site starts)."""
    return lazy(read, str)()


def preset_choices(*, sanma: bool = False) -> list[tuple[str, str]]:
    """The presets as a form's choices, each title in the language of the page drawing it
    (a form class is made once, so a title read then would stay in one language); the
    three-player presets after the others where the page takes them (`sanma`)."""
    presets = ALL_PRESETS if sanma else PRESETS
    return [(name, registry_words(lambda p=preset: p.title)) for name, preset in presets.items()]


def short_words(switch: Switch, i: int) -> str:
    return registry_words(lambda: switch.short[i])


def choices_of(switch: Switch) -> tuple[tuple[str, str], ...]:
    """The control's choices: "as the preset", then each value's key and short words."""
    shorts = [short_words(switch, i) for i in range(len(switch.values))]
    return (("", AS_PRESET), *zip(map(key_of, switch.values), shorts, strict=True))


def switches_for(scope: str, *, sanma: bool = False) -> list[Switch]:
    """The switches a page offers: `payment` pages (a han and fu count's payment) the ones
    that change a payment; `hand` pages (whole hands scored) every one; the three-player
    ones only on pages that take three-player rules (`sanma`)."""
    return [
        s
        for s in SWITCHES.values()
        if (scope == "hand" or s.scope == "payment") and (sanma or not s.sanma)
    ]


class SwitchField(forms.Field):
    """One switch: blank is "as the preset", else one of its values (typed as the engine
    wants it)."""

    def __init__(self, switch: Switch, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Select(choices=choices_of(switch)))
        label = registry_words(lambda: switch.label)
        super().__init__(label=label, required=False, **kwargs)
        self.switch = switch

    def to_python(self, value: Any) -> Any:
        try:
            return value_of(self.switch, "" if value is None else str(value))
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None

    def prepare_value(self, value: Any) -> Any:
        return key_of(value) if isinstance(value, (bool, int)) else value


def switch_fields(scope: str, *, sanma: bool = False) -> dict[str, SwitchField]:
    """A form's switch fields, by switch name."""
    return {s.name: SwitchField(s) for s in switches_for(scope, sanma=sanma)}


def chosen(data: dict[str, Any], scope: str, *, sanma: bool = False) -> dict[str, Any]:
    """The switches set in a form's cleaned data (those left "as the preset" left out)."""
    return {
        s.name: data[s.name]
        for s in switches_for(scope, sanma=sanma)
        if data.get(s.name) is not None
    }


@dataclass(frozen=True)
class Control:
    """A switch's select drawn by hand in a template: name, label, choices, the chosen key."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    selected: str
    meaning: str
    sanma: bool = False  # a three-player switch


def controls(values: dict[str, Any], scope: str, *, sanma: bool = False) -> list[Control]:
    """The switch controls of a page drawn without a Django form, `values` the chosen ones."""
    return [
        Control(
            s.name,
            s.label,
            choices_of(s),
            "" if values.get(s.name) is None else key_of(values[s.name]),
            s.meaning,
            s.sanma,
        )
        for s in switches_for(scope, sanma=sanma)
    ]


# ---- the table's switches ---------------------------------------------------------------------

YES_NO = (("1", gettext_lazy("yes")), ("0", gettext_lazy("no")))


@dataclass(frozen=True)
class TableControl:
    """How a table switch (the engine's TABLE_SWITCHES) is drawn: its label, its kind —
    `choice` (a select of `choices`), `number`, `uma` ("10-30" or four numbers) or `list`
    (some of `choices`, comma-separated; "none" for none) — and its values in short words."""

    label: str
    kind: Literal["choice", "number", "uma", "list"]
    choices: tuple[tuple[str, str], ...] = ()
    key: str = ""  # the name in a form and a link, when the switch's own is a page's field


def field_name(name: str) -> str:
    """A table switch's name in forms and links (`pao_yakuman` for `pao`, …)."""
    return TABLE_CONTROLS[name].key or name


TABLE_CONTROLS: dict[str, TableControl] = {
    "start": TableControl(gettext_lazy("Starting points"), "number"),
    "target": TableControl(gettext_lazy("Target points"), "number"),
    "uma": TableControl(gettext_lazy("Uma"), "uma"),
    "rounding": TableControl(gettext_lazy("Rounding"), "choice", (
        ("exact", gettext_lazy("to 0.1")),
        ("floor", gettext_lazy("down (toward −∞)")),
        ("toward_zero", gettext_lazy("toward zero")),
        ("half_down", gettext_lazy("to the nearest, 500 down")),
        ("half_up", gettext_lazy("to the nearest, 500 up")))),
    "ties": TableControl(gettext_lazy("Ties"), "choice", (
        ("seat_order", gettext_lazy("the earlier dealer ranks higher")),
        ("split", gettext_lazy("places shared")))),
    "leftover": TableControl(gettext_lazy("Deposits left at the end"), "choice", (
        ("first", gettext_lazy("go to first")), ("lost", gettext_lazy("are lost")))),
    "multiple_ron": TableControl(gettext_lazy("Two or three ron"), "choice", (
        ("triple", gettext_lazy("all paid")),
        ("double", gettext_lazy("double paid, triple aborts")),
        ("head_bump", gettext_lazy("head bump")))),
    "multiple_ron_honba": TableControl(gettext_lazy("Honba in a double ron"), "choice", (
        ("head", gettext_lazy("to the first winner")),
        ("each", gettext_lazy("to each winner")))),
    "pao": TableControl(gettext_lazy("Pao for"), "list", (
        ("daisangen", gettext_lazy("daisangen")),
        ("daisuushii", gettext_lazy("daisuushii")),
        ("suukantsu", gettext_lazy("suukantsu"))),
        key="pao_yakuman"),
    "pao_scope": TableControl(gettext_lazy("Pao covers"), "choice", (
        ("whole", gettext_lazy("the whole hand")),
        ("yakuman", gettext_lazy("the liable yakuman")))),
    "pao_honba": TableControl(gettext_lazy("Honba under pao paid by"), "choice", (
        ("liable", gettext_lazy("the liable player")),
        ("discarder", gettext_lazy("the discarder")))),
    "kan_feeder_pays": TableControl(gettext_lazy("Kan feeder pays a rinshan"), "choice", YES_NO),
    "nagashi": TableControl(gettext_lazy("Nagashi mangan"), "choice", (
        ("off", gettext_lazy("not played")),
        ("draw", gettext_lazy("paid in a draw")),
        ("win", gettext_lazy("counts as a win"))),
        key="nagashi_mangan"),
    "abortive": TableControl(gettext_lazy("Abortive draws"), "list", (
        ("nine_terminals", gettext_lazy("nine terminals")),
        ("four_winds", gettext_lazy("four winds")),
        ("four_kans", gettext_lazy("four kans")),
        ("four_riichi", gettext_lazy("four riichi")),
        ("triple_ron", gettext_lazy("three rons")))),
    "chombo": TableControl(gettext_lazy("Chombo"), "choice", (
        ("mangan", gettext_lazy("a mangan payment")),
        ("deduction", gettext_lazy("a final-score deduction")))),
    "chombo_points": TableControl(gettext_lazy("Chombo deduction"), "number"),
    "abortive_honba": TableControl(
        gettext_lazy("Honba up after an abortive draw"), "choice", YES_NO),
    "chombo_honba": TableControl(gettext_lazy("Honba up after a chombo"), "choice", YES_NO),
    "busting": TableControl(gettext_lazy("Busting ends the game"), "choice", YES_NO),
    "tenpai_yame": TableControl(
        gettext_lazy("Last dealer tenpai and first ends the game"), "choice", YES_NO),
    "yakitori": TableControl(gettext_lazy("Yakitori"), "number"),
    "ryanhan_shibari": TableControl(gettext_lazy("Two han from 5 honba"), "choice", YES_NO),
    "wareme": TableControl(gettext_lazy("Wareme"), "choice", YES_NO),
}  # fmt: skip


def table_key_of(name: str, value: Any) -> str:
    """A table switch's JSON value as a link carries it."""
    kind = TABLE_CONTROLS[name].kind
    if kind == "uma" and len(value) == 4:
        a, b, c, d = value
        return f"{b}-{a}" if (c, d) == (-b, -a) else ",".join(map(str, value))
    if kind == "uma":  # three players: the three numbers
        return ",".join(map(str, value))
    if kind == "list":
        return ",".join(value) if value else "none"
    return key_of(value)


def read_uma_key(word: str) -> list[int]:
    parts = word.replace(" ", "").split(",")
    if len(parts) == 1 and "-" in word.lstrip("-"):
        low, high = (int(p) for p in word.split("-", 1))  # "10-30": 30, 10, −10, −30
        return [high, low, -low, -high]
    return [int(p) for p in parts]


def table_value_of(name: str, key: str) -> Any:
    """A table switch's JSON value (as the engine reads it) for a key from a link ("": None,
    as the preset); a ValueError saying what it takes otherwise."""
    control, switch = TABLE_CONTROLS[name], TABLE_SWITCHES[name]
    word = key.strip().lower()
    if word == "":
        return None
    value: Any
    try:
        if control.kind == "number":
            value = int(word.replace(",", ""))
        elif control.kind == "uma":
            value = read_uma_key(word)
        elif control.kind == "list":
            none = word in ("none", _("none"))  # "none", or the word in the page's language
            value = [] if none else [w.strip() for w in word.split(",") if w.strip()]
        elif control.choices == YES_NO:
            value = True if word in TRUE_WORDS else False if word in FALSE_WORDS else word
        else:
            value = word
    except ValueError:
        value = None
    if value is None or switch.read(value) is None:
        raise ValueError(
            _("%(label)s takes %(takes)s, not %(value)s")
            % {"label": control.label, "takes": switch.takes, "value": repr(shorten(key.strip()))}
        )
    return value


class TableSwitchField(forms.Field):
    """One table switch: blank is "as the preset", else its JSON value."""

    def __init__(self, name: str, **kwargs: Any) -> None:
        control = TABLE_CONTROLS[name]
        if control.kind == "choice":
            widget: forms.Widget = forms.Select(choices=(("", AS_PRESET), *control.choices))
        else:
            hint = {
                "number": AS_PRESET,
                "uma": gettext_lazy("as the preset (e.g. 10-30)"),
                "list": gettext_lazy("as the preset (or none)"),
            }[control.kind]
            attrs = {
                "placeholder": hint,
                "size": 14 if control.kind != "number" else 8,
                "class": "switch-text",
            }
            if control.kind == "number":
                attrs["inputmode"] = "numeric"
            widget = forms.TextInput(attrs=attrs)
        help_text = registry_words(lambda: TABLE_SWITCHES[name].meaning)
        kwargs.setdefault("widget", widget)
        super().__init__(label=control.label, required=False, help_text=help_text, **kwargs)
        self.switch_name = name
        # The keys a list takes, shown after the help as code (`_switch_field.html`).
        self.keys = [k for k, _ in control.choices] if control.kind == "list" else []

    def to_python(self, value: Any) -> Any:
        try:
            return table_value_of(self.switch_name, "" if value is None else str(value))
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None

    def prepare_value(self, value: Any) -> Any:
        if value is None or isinstance(value, str):
            return value or ""
        return table_key_of(self.switch_name, value)


def table_fields() -> dict[str, TableSwitchField]:
    """A form's table switch fields, by field name, in the registry's order."""
    return {field_name(name): TableSwitchField(name) for name in TABLE_SWITCHES}


def table_chosen(data: dict[str, Any]) -> dict[str, Any]:
    """The table switches set in a form's cleaned data (JSON values, by switch name)."""
    return {n: data[field_name(n)] for n in TABLE_SWITCHES if data.get(field_name(n)) is not None}


# ---- a whole rule set: what differs from its preset, in words and in a link -------------------


def rule_set(preset: str, data: dict[str, Any]) -> dict[str, Any]:
    """A rule set as the engine reads it: the preset and every switch set in `data`."""
    return {"preset": preset, **chosen(data, "hand"), **table_chosen(data)}


def differences(rules: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """Each switch whose value differs from the preset's: (name, label, the value's words, the
    preset's words)."""
    hand, table = parse_table_rules(rules)
    preset = ALL_PRESETS[hand.name]
    out = []
    for s in SWITCHES.values():
        if s.name not in hand.switches():
            continue  # a three-player switch of four-player rules
        mine, theirs = getattr(hand, s.name), getattr(preset.rules, s.name)
        if mine != theirs:
            out.append((s.name, s.label, s.short[s.values.index(mine)],
                        s.short[s.values.index(theirs)]))  # fmt: skip
    for name, control in TABLE_CONTROLS.items():
        mine, theirs = json_value(getattr(table, name)), json_value(getattr(preset.table, name))
        if mine != theirs:
            out.append((name, control.label, words_of(name, mine), words_of(name, theirs)))
    return out


def words_of(name: str, value: Any) -> str:
    """A table switch's value in short words."""
    control = TABLE_CONTROLS[name]
    if control.kind == "choice":
        return str(dict(control.choices)[key_of(value)])
    if control.kind == "list":
        words = dict(control.choices)
        return ", ".join(str(words[v]) for v in value) if value else _("none")
    if control.kind == "number":
        return f"{value:,}"
    return table_key_of(name, value)


def describe(rules: dict[str, Any]) -> str:
    """The rule set in a line: "Tenhou, with uma 10-30 and kiriage mangan on"."""
    title = ALL_PRESETS[rules.get("preset", DEFAULT_PRESET)].title
    parts = [
        pgettext("a switch and its value", "%(label)s %(words)s")
        % {"label": f"{label[0].lower()}{label[1:]}", "words": words}
        for label, words in ((str(d[1]), d[2]) for d in differences(rules))
    ]
    if not parts:
        return title
    said = parts[0]
    if len(parts) > 1:
        head = pgettext("list separator", ", ").join(parts[:-1])
        said = _("%(head)s and %(last)s") % {"head": head, "last": parts[-1]}
    return _("%(title)s, with %(said)s") % {"title": title, "said": said}


def query_of(rules: dict[str, Any], preset_key: str = "rules") -> str:
    """The rule set as a query string (the preset and each switch that differs)."""
    hand, _ = parse_table_rules(rules)
    pairs = [(preset_key, hand.name)]
    for name, *_ in differences(rules):
        value = rules.get(name)
        if value is None:
            continue
        if name in SWITCHES:
            pairs.append((name, key_of(value)))
        else:
            pairs.append((field_name(name), table_key_of(name, value)))
    return urlencode(pairs)


def hand_controls(form: forms.Form) -> list[forms.BoundField]:
    return [form[s.name] for s in SWITCHES.values() if s.name in form.fields]


def table_controls(form: forms.Form) -> list[forms.BoundField]:
    return [form[field_name(n)] for n in TABLE_SWITCHES]


RuleFields = type("RuleFields", (forms.Form,), {**switch_fields("hand"), **table_fields()})


class RuleSwitches(RuleFields):  # type: ignore[misc, valid-type]
    """Every switch, hand and table, as form fields: a form that sets a whole rule set mixes
    it in (with its own preset field) and draws `hand_controls` and `table_controls`."""

    def hand_controls(self) -> list[forms.BoundField]:
        return hand_controls(self)

    def table_controls(self) -> list[forms.BoundField]:
        return table_controls(self)

    def hand_changed(self) -> int:
        """How many hand switches are set (not "as the preset"): a folded group's summary."""
        return sum(1 for f in hand_controls(self) if f.value() not in (None, ""))

    def table_changed(self) -> int:
        return sum(1 for f in table_controls(self) if f.value() not in (None, ""))

    def check_rules(self, rules: dict[str, Any]) -> None:
        """The engine's word on the rule set (a target below the start, …) as the form's
        error."""
        try:
            parse_table_rules(rules)
        except ScoringError as e:
            self.add_error(None, str(e))


NOT_YOURS = gettext_lazy("Choose one of the rule sets you saved.")


class SavedChoice(forms.Form):
    """A choice among the signed-in user's own saved rule sets (objects with a slug, a name
    and rules): the set chosen fills the rules — its preset, and each switch the form leaves
    "as the preset". Any other set (another user's) is refused with `NOT_YOURS`, never used.
    A form mixes it in before its own `clean` and names its preset field `preset_key`."""

    preset_key = "rules"
    saved = forms.ChoiceField(
        label=gettext_lazy("Your saved rules"),
        required=False,
        choices=[("", gettext_lazy("none: the preset and switches here"))],
        help_text=gettext_lazy(
            "A rule set you saved: its preset and switches are used in place of the Rules "
            "above; a switch set here changes it further."
        ),
        error_messages={"invalid_choice": NOT_YOURS},
    )

    def __init__(self, *args: Any, saved: Iterable[Any] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.saved_sets = {s.slug: s for s in saved}
        field = self.fields["saved"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [*field.choices, *((k, s.name) for k, s in self.saved_sets.items())]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        mine = self.saved_sets.get(data.get("saved") or "")
        if mine is not None:
            fill_from(data, mine.rules, self.preset_key)
        return data


def fill_from(data: dict[str, Any], rules: dict[str, Any], preset_key: str) -> None:
    """A form's cleaned data with a rule set's preset and each of its switches the form
    leaves "as the preset"."""
    data[preset_key] = rules.get("preset", DEFAULT_PRESET)
    for name, value in rules.items():
        key = name if name in SWITCHES else field_name(name) if name in TABLE_SWITCHES else ""
        if key and data.get(key) is None:
            data[key] = value


def initial_of(rules: dict[str, Any], preset_key: str = "preset") -> dict[str, str]:
    """A form's initial data for a rule set: the preset and each switch set, as a link holds
    them."""
    initial = {preset_key: str(rules.get("preset", DEFAULT_PRESET))}
    for name, value in rules.items():
        if name in SWITCHES:
            initial[name] = key_of(value)
        elif name in TABLE_SWITCHES:
            initial[field_name(name)] = table_key_of(name, value)
    return initial


@dataclass(frozen=True)
class SwitchRow:
    """One switch of a rule set against its preset, for a rules page."""

    name: str
    label: str
    value: str
    preset: str
    meaning: str

    @property
    def differs(self) -> bool:
        return self.value != self.preset


def rows_against_preset(rules: dict[str, Any]) -> list[SwitchRow]:
    """Every switch, hand and table, with this rule set's value and its preset's, in words."""
    hand, table = parse_table_rules(rules)
    preset = ALL_PRESETS[hand.name]
    rows = [
        SwitchRow(
            s.name,
            s.label,
            s.short[s.values.index(getattr(hand, s.name))],
            s.short[s.values.index(getattr(preset.rules, s.name))],
            s.meaning,
        )
        for s in SWITCHES.values()
        if s.name in hand.switches()
    ]
    for name, control in TABLE_CONTROLS.items():
        mine, theirs = json_value(getattr(table, name)), json_value(getattr(preset.table, name))
        rows.append(
            SwitchRow(
                name,
                control.label,
                words_of(name, mine),
                words_of(name, theirs),
                TABLE_SWITCHES[name].meaning,
            )
        )
    return rows


# ---- switches carried in a link on top of whatever rules a page makes (the quiz) --------------

TABLE_KEYS = {field_name(n): n for n in TABLE_SWITCHES}
# The three-player switches travel too (a saved three-player set's tsumo loss); a page
# checks them against its preset, which refuses them when it is a four-player one.
SWITCH_KEYS = (*SWITCHES, *TABLE_KEYS)


def switches_in(params: Any) -> tuple[tuple[str, str], ...]:
    """The switches a query sets, as (parameter, key) pairs in the registry's order, each
    checked (a ValueError saying what a bad one takes)."""
    pairs = []
    for key in SWITCH_KEYS:
        raw = params.get(key)
        if raw in (None, ""):
            continue
        if key in SWITCHES:
            pairs.append((key, key_of(value_of(SWITCHES[key], str(raw)))))
        else:
            pairs.append(
                (key, table_key_of(TABLE_KEYS[key], table_value_of(TABLE_KEYS[key], str(raw))))
            )
    return tuple(pairs)


def with_switches(rules: Any, pairs: tuple[tuple[str, str], ...], *, table: bool) -> Any:
    """`rules` (a preset name or a rules object) with the switches of `pairs` set where it does
    not set them itself; the table switches only when `table` (hand scoring takes none)."""
    changes: dict[str, Any] = {}
    for key, word in pairs:
        if key in SWITCHES:
            changes[key] = value_of(SWITCHES[key], word)
        elif table:
            changes[TABLE_KEYS[key]] = table_value_of(TABLE_KEYS[key], word)
    if not changes:
        return rules
    base = {"preset": rules} if isinstance(rules, str) else dict(rules)
    return changes | base


def label_of(name: str) -> str:
    """A table switch's label."""
    return TABLE_CONTROLS[name].label


def pairs_of(data: dict[str, Any]) -> list[list[str]]:
    """The switches set in a RuleSwitches form's cleaned data as [parameter, key] pairs, as a
    link holds them (what a model keeps to make its questions' links)."""
    pairs = [
        [s.name, key_of(data[s.name])] for s in SWITCHES.values() if data.get(s.name) is not None
    ]
    for key, name in TABLE_KEYS.items():
        if data.get(key) is not None:
            pairs.append([key, table_key_of(name, data[key])])
    return pairs
