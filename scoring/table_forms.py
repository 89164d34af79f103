"""The table rules calculator's two forms: one hand's end, and final scores.

Each form checks the shape of its query parameters and builds the engine's JSON request
(the same the API takes); the engine settles it. An engine message (scores that do not add
up, a pao seat that is the winner, …) becomes the form's error, shown inline.

Both take the three-player presets too: then the table has seats 0 to 2 (seat 3's controls are
drawn hidden, and a seat 3 given anyway is refused in place), the three-player switches (tsumo
loss, …) and the Norths the winner set aside (`kita`, with the winner's hand typed in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.engine.entered import (
    Abortive,
    Chombo,
    Draw,
    HandEnd,
    PaoEntry,
    Ron,
    Tsumo,
    WinEntry,
)
from scoring.engine.errors import ScoringError
from scoring.engine.final import final_json
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import (
    ALL_PRESETS,
    DEFAULT_PRESET,
    SANMA_PRESETS,
    SWITCHES,
    TABLE_SWITCHES,
    Abort,
    parse_table_rules,
)

from .form_words import SiteWords
from .forms import PaymentSwitches, count_field
from .switch_controls import (
    chosen,
    field_name,
    preset_choices,
    rule_set,
    switches_for,
    table_fields,
)

# The table switches (every one of the engine's TABLE_SWITCHES): both calculators read them.
SWITCH_NAMES = frozenset(SWITCHES)
TableSwitches = type("TableSwitches", (forms.Form,), table_fields())

# A chombo's causes in a word or two (the steps say each in full: CHOMBO_CAUSES).
CAUSE_LABELS = {
    "false_win": gettext_lazy("False win"),
    "furiten_ron": gettext_lazy("Ron while furiten"),
    "false_riichi": gettext_lazy("Noten riichi"),
    "riichi_kan": gettext_lazy("Kan after riichi"),
    "wrong_tiles": gettext_lazy("Wrong tile count"),
    "wall": gettext_lazy("Wall knocked over"),
}


def seat_label(seat: int) -> str:
    return _("Seat %(seat)s") % {"seat": seat}


seat_label_lazy = lazy(seat_label, str)
abort_label = lazy(lambda a: a.label, str)

SEAT_CHOICES = [(str(s), seat_label_lazy(s)) for s in range(4)]
NONE_CHOICE = [("", gettext_lazy("none"))]
PRESET_CHOICES = preset_choices(sanma=True)
SANMA_NAMES = " ".join(SANMA_PRESETS)  # site.js shows the three-player controls with these
END_CHOICES = [
    ("ron", gettext_lazy("Ron")),
    ("tsumo", gettext_lazy("Tsumo")),
    ("draw", gettext_lazy("Exhaustive draw")),
    ("abortive", gettext_lazy("Abortive draw")),
    ("chombo", gettext_lazy("Chombo")),
]
NUMBER = forms.TextInput(attrs={"inputmode": "numeric", "size": 6})
SMALL = forms.TextInput(attrs={"inputmode": "numeric", "size": 3})


def score_field(seat: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=seat_label_lazy(seat),
        required=False,
        min_value=-1_000_000,
        max_value=1_000_000,
        widget=NUMBER,
        error_messages={"invalid": score_invalid(seat)},
    )


score_invalid = lazy(
    lambda seat: _("seat %(seat)s's score must be a whole number, such as 25000") % {"seat": seat},
    str,
)
# A field's message naming it as its label does (the label lower-cased: English starts it).
said_of = lazy(lambda template, label: str(template) % {"label": lower_first(str(label))}, str)


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() else text


class SeatSelect(forms.Select):
    """A seat's select whose seat 3 is drawn hidden at a three-player table (site.js hides and
    shows it as the preset changes)."""

    players = 4

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        if str(option["value"]) == "3" and self.players == 3:
            option["attrs"]["hidden"] = True
        return option


def seat_field(label: str, *, blank: bool = False, initial: str = "0") -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        choices=(NONE_CHOICE if blank else []) + SEAT_CHOICES,
        initial="" if blank else initial,
        required=not blank,
        widget=SeatSelect(attrs={"data-seats": ""}),
        error_messages={
            "invalid_choice": said_of(gettext_lazy("%(label)s must be a seat from 0 to 3"), label)
        },
    )


def seats_field(label: str) -> forms.MultipleChoiceField:
    message = gettext_lazy("%(label)s: %%(value)r is not a seat from 0 to 3")
    return forms.MultipleChoiceField(
        label=label,
        choices=SEAT_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": said_of(message, label)},
    )


def han_field(label: str, initial: int | None) -> forms.IntegerField:
    message = gettext_lazy("%(label)s must be a whole number, such as 3")
    return forms.IntegerField(
        label=label,
        required=False,
        initial=initial,
        min_value=1,
        max_value=99,
        widget=SMALL,
        error_messages={"invalid": said_of(message, label)},
    )


def fu_field(label: str) -> forms.IntegerField:
    message = gettext_lazy("%(label)s must be a whole number, such as 30")
    return forms.IntegerField(
        label=label,
        required=False,
        initial=30,
        widget=SMALL,
        error_messages={"invalid": said_of(message, label)},
    )


ROUND_CHOICES = [
    ("E", pgettext_lazy("round", "East")),
    ("S", pgettext_lazy("round", "South")),
    ("W", pgettext_lazy("round", "West")),
    ("N", pgettext_lazy("round", "North")),
]
YAKUMAN_CHOICES = [
    ("0", gettext_lazy("no")),
    ("1", gettext_lazy("yakuman")),
    ("2", gettext_lazy("double yakuman")),
]


class EngineForm(SiteWords, forms.Form):
    """A form whose clean() asks the engine and keeps its answer (or its message)."""

    answer: dict[str, Any]
    # The id of the box that lists this form's messages: a field in error names it in its
    # aria-describedby (the messages are listed together, not under each field).
    messages_id = ""

    @classmethod
    def from_query(cls, query: QueryDict) -> EngineForm:
        data: dict[str, Any] = {
            name: f.initial for name, f in cls.base_fields.items() if f.initial is not None
        }
        for key in query:
            if key in cls.base_fields:
                field = cls.base_fields[key]
                multiple = isinstance(field, forms.MultipleChoiceField)
                data[key] = query.getlist(key) if multiple else query.get(key, "")
        return cls(data)

    def messages(self) -> list[str]:
        return [str(e) for errors in self.errors.values() for e in errors]

    def full_clean(self) -> None:
        super().full_clean()
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs["aria-describedby"] = self.messages_id

    def request(self, d: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    # The field naming the preset, and the seat fields a three-player table leaves out.
    preset_field = "rules"
    seat_3_fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players_of(self.data.get(self.preset_field))
        self.fields[self.preset_field].widget.attrs["data-sanma-presets"] = SANMA_NAMES
        for field in self.fields.values():
            if isinstance(field.widget, SeatSelect):
                field.widget.players = self.players

    @property
    def sanma(self) -> bool:
        return self.players == 3

    def check_seats(self, d: dict[str, Any]) -> None:
        """At a three-player table, no seat 3 anywhere: each field that names it says so."""
        if not self.sanma:
            return
        for name in self.seat_3_fields:
            value = d.get(name)
            if value in (None, "", []):
                continue
            if name[-1] == "3" or value == "3" or (isinstance(value, list) and "3" in value):
                self.add_error(name, str(NO_SEAT_3) % {"label": self.fields[name].label})

    def clean(self) -> dict[str, Any]:
        d = super().clean() or {}
        if not self.errors:
            self.check_seats(d)
        if self.errors:
            return d
        answer = self.ask(self.request(d))
        if "error" in answer:
            raise forms.ValidationError(str(answer["error"]))
        self.answer = answer
        return d


def scores_of(d: dict[str, Any], prefix: str, rules: dict[str, Any]) -> list[int]:
    """A score for each seat (four, or three); a blank one is the rules' start (the preset's
    when the rules are wrong: the engine then says what is)."""
    try:
        start = parse_table_rules(rules)[1].start
    except ScoringError:
        start = ALL_PRESETS[rules["preset"]].table.start
    players = ALL_PRESETS[rules["preset"]].table.players
    return [start if d[f"{prefix}{s}"] is None else d[f"{prefix}{s}"] for s in range(players)]


def switches_of(d: dict[str, Any], preset: str, scope: str) -> dict[str, Any]:
    """The rule set of a calculator: its preset, the table switches and the hand switches of
    `scope` set in its form (a three-player one set with four-player rules is left for the
    engine to refuse, in words)."""
    rules = rule_set(preset, d) | chosen(d, scope, sanma=True)
    hand = {s.name for s in switches_for(scope, sanma=True)}
    return {k: v for k, v in rules.items() if k not in SWITCH_NAMES or k in hand}


def players_of(preset: Any) -> int:
    """3 for a three-player preset's name, else 4 (an unknown name: the field says so)."""
    return 3 if preset in SANMA_PRESETS else 4


# A seat 3 given at a three-player table, in place (its field and the rules' players).
NO_SEAT_3 = gettext_lazy("%(label)s: a three-player table has seats 0, 1 and 2 only, not seat 3")


class HandEndForm(EngineForm, PaymentSwitches, TableSwitches):
    """One hand's end: the table as it starts (the preset, and the switches that change a
    payment, from the engine's registry), and how the hand ended."""

    messages_id = "hand-messages"

    rules = forms.ChoiceField(
        label=gettext_lazy("Rules"), choices=PRESET_CHOICES, initial=DEFAULT_PRESET
    )
    s0, s1, s2, s3 = (score_field(s) for s in range(4))
    dealer = seat_field(gettext_lazy("Dealer"))
    round = forms.ChoiceField(
        label=gettext_lazy("Round"),
        choices=ROUND_CHOICES,
        initial="E",
    )
    honba = count_field(gettext_lazy("Honba"))
    sticks = count_field(gettext_lazy("Riichi deposits"))
    riichi = seats_field(gettext_lazy("Riichi this hand"))
    end = forms.ChoiceField(
        label=gettext_lazy("The hand ends in"),
        choices=END_CHOICES,
        initial="ron",
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": gettext_lazy(
                "the hand's end must be ron, tsumo, draw, abortive or chombo"
            )
        },
    )
    winner = seat_field(gettext_lazy("Winner"), initial="1")
    kita = forms.IntegerField(
        label=gettext_lazy("Norths set aside (kita)"),
        required=False,
        min_value=0,
        max_value=4,
        widget=SMALL,
        error_messages={
            key: gettext_lazy("Norths set aside (kita) must be a whole number from 0 to 4")
            for key in ("invalid", "min_value", "max_value")
        },
    )
    han = han_field(gettext_lazy("Han"), 3)
    fu = fu_field(gettext_lazy("Fu"))
    yakuman = forms.ChoiceField(label=gettext_lazy("Yakuman"), choices=YAKUMAN_CHOICES, initial="0")
    discarder = seat_field(gettext_lazy("Discarder"), initial="2")
    winner2 = seat_field(gettext_lazy("Second winner"), blank=True)
    han2 = han_field(gettext_lazy("Second winner's han"), None)
    fu2 = fu_field(gettext_lazy("Second winner's fu"))
    pao = seat_field(gettext_lazy("Liable player (pao)"), blank=True)
    kan_from = seat_field(gettext_lazy("Kan fed by (rinshan tsumo)"), blank=True)
    whand = forms.CharField(
        label=gettext_lazy("Or the winner's hand"),
        required=False,
        max_length=80,
        widget=forms.TextInput(
            attrs={"size": 22, "autocapitalize": "off", "spellcheck": "false",
                   "placeholder": "11122z, pon 555z", "class": "text-input",
                   "translate": "no"}
        ),
    )  # fmt: skip
    wtile = forms.CharField(
        label=gettext_lazy("Winning tile"),
        required=False,
        max_length=4,
        widget=forms.TextInput(
            attrs={"size": 3, "autocapitalize": "off", "spellcheck": "false", "class": "text-input"}
        ),
    )
    wareme_seat = seat_field(gettext_lazy("Wareme seat"), blank=True)
    tenpai = seats_field(gettext_lazy("Tenpai"))
    h0, h1, h2, h3 = (
        forms.CharField(
            label=seat_label_lazy(s),
            required=False,
            max_length=60,
            widget=forms.TextInput(
                attrs={
                    "size": 16,
                    "autocapitalize": "off",
                    "spellcheck": "false",
                    "class": "text-input",
                }
            ),
        )
        for s in range(4)
    )
    nagashi = seats_field(gettext_lazy("Nagashi mangan"))
    reason = forms.ChoiceField(
        label=gettext_lazy("Abortive draw"),
        choices=[(a.value, abort_label(a)) for a in Abort],
        initial=Abort.FOUR_WINDS.value,
    )
    offender = seat_field(gettext_lazy("Chombo by"), initial="1")
    cause = forms.ChoiceField(
        label=gettext_lazy("Why"),
        choices=[("", gettext_lazy("not said")), *CAUSE_LABELS.items()],
        required=False,
    )

    seat_3_fields = (
        "s3",
        "h3",
        "dealer",
        "riichi",
        "winner",
        "discarder",
        "winner2",
        "pao",
        "kan_from",
        "wareme_seat",
        "tenpai",
        "nagashi",
        "offender",
    )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return settle_json(request)

    def request(self, d: dict[str, Any]) -> dict[str, Any]:
        rules = switches_of(d, d["rules"], "payment")
        return {
            "rules": rules,
            "scores": scores_of(d, "s", rules),
            "dealer": int(d["dealer"]),
            "round": d["round"],
            "honba": d["honba"],
            "sticks": d["sticks"],
            "riichi": [int(s) for s in d["riichi"]],
            "end": END_BUILDERS[d["end"]](d).to_json(),
        } | ({"wareme": int(d["wareme_seat"])} if d["wareme_seat"] else {})

    def scores(self) -> list[int]:
        return list(self.request(self.cleaned_data)["scores"])

    @property
    def switch_controls(self) -> list[forms.BoundField]:
        """The switch fields, in the registry's order (the three-player ones drawn hidden
        with four-player rules)."""
        return [self[s.name] for s in switches_for("payment", sanma=True)]

    @property
    def table_controls(self) -> list[forms.BoundField]:
        """The table switch fields, in the registry's order."""
        return [self[field_name(name)] for name in TABLE_SWITCHES]


def hand_of(d: dict[str, Any]) -> dict[str, Any] | None:
    """The winner's whole hand as the hand calculator reads it (the closed tiles, then any
    melds after commas, the winning tile, and the Norths set aside at three players), or None
    when none is typed in."""
    tiles, *melds = (part.strip() for part in d["whand"].split(","))
    if not tiles and not any(melds):
        if d.get("kita"):
            raise forms.ValidationError(
                _(
                    "Norths set aside (kita): type the winner's hand to count them; with han "
                    "and fu, count each North in the han"
                )
            )
        return None
    win = d["wtile"].strip()
    if not win:
        raise forms.ValidationError(
            _("the winner's hand: say which tile completed it (winning tile)")
        )
    hand: dict[str, Any] = {"hand": tiles.replace(" ", ""), "win": win}
    if any(melds):
        hand["melds"] = [m for m in melds if m]
    if d.get("kita"):
        hand["kita"] = d["kita"]
    return hand


def first_win(d: dict[str, Any]) -> WinEntry:
    """The (first) winner: the whole hand when it is typed in, else han and fu or a yakuman."""
    hand = hand_of(d)
    if hand is not None:
        return WinEntry(int(d["winner"]), hand=hand)
    return win_of(d["winner"], d["han"], d["fu"], d["yakuman"])


def win_of(seat: str, han: int | None, fu: int | None, yakuman: str) -> WinEntry:
    if yakuman != "0":
        return WinEntry(int(seat), yakuman=int(yakuman))
    if han is None:
        raise forms.ValidationError(_("han: enter the winner's han (or choose a yakuman)"))
    return WinEntry(int(seat), han, 0 if fu is None else fu)


def ron_end(d: dict[str, Any]) -> Ron:
    wins = [first_win(d)]
    if d["winner2"]:
        if d["han2"] is None:
            raise forms.ValidationError(
                _("the second winner's han: enter it, or set the second winner to none")
            )
        wins.append(win_of(d["winner2"], d["han2"], d["fu2"], "0"))
    pao = PaoEntry(int(d["pao"]), int(d["winner"])) if d["pao"] else None
    return Ron(int(d["discarder"]), tuple(wins), pao)


def tsumo_end(d: dict[str, Any]) -> Tsumo:
    pao = PaoEntry(int(d["pao"])) if d["pao"] else None
    return Tsumo(first_win(d), pao, int(d["kan_from"]) if d["kan_from"] else None)


def draw_end(d: dict[str, Any]) -> Draw:
    """Tenpai as ticked, or worked out from the hands shown when any is typed in."""
    nagashi = tuple(int(s) for s in d["nagashi"])
    hands = tuple((s, d[f"h{s}"].strip()) for s in range(4) if d[f"h{s}"].strip())  # no h3 at 3
    if hands:
        return Draw(nagashi=nagashi, hands=hands)
    return Draw(tuple(int(s) for s in d["tenpai"]), nagashi)


END_BUILDERS: dict[str, Callable[[dict[str, Any]], HandEnd]] = {
    "ron": ron_end,
    "tsumo": tsumo_end,
    "draw": draw_end,
    "abortive": lambda d: Abortive(Abort(d["reason"])),
    "chombo": lambda d: Chombo(int(d["offender"]), d.get("cause") or ""),
}


class FinalForm(EngineForm, TableSwitches):
    """Final scores: raw points at the end and the deposits left over."""

    messages_id = "final-messages"
    preset_field = "final_rules"
    seat_3_fields = ("p3", "no_win", "chombos")

    final_rules = forms.ChoiceField(
        label=gettext_lazy("Rules"), choices=PRESET_CHOICES, initial=DEFAULT_PRESET
    )
    p0, p1, p2, p3 = (score_field(s) for s in range(4))
    left = count_field(gettext_lazy("Riichi deposits left"))
    no_win = seats_field(gettext_lazy("Won no hand (yakitori)"))
    chombos = seats_field(gettext_lazy("Chombo taken off the final score"))

    @classmethod
    def from_query(cls, query: QueryDict) -> EngineForm:
        """A link naming only the hand's rules (`/rules/`' cards, a saved set's page) opens
        the final scores by the same preset: a three-player preset's three places."""
        if "final_rules" not in query and query.get("rules") in ALL_PRESETS:
            query = query.copy()
            query["final_rules"] = query["rules"]
        return super().from_query(query)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return final_json(request)

    def request(self, d: dict[str, Any]) -> dict[str, Any]:
        rules = switches_of(d, d["final_rules"], "none")
        return {
            "rules": rules,
            "scores": scores_of(d, "p", rules),
            "sticks": d["left"],
            "yakitori": [int(s) for s in d["no_win"]],
            "chombo": [int(s) for s in d["chombos"]],
        }
