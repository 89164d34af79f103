"""The games' forms: a new game, and one hand as entered at the table.

The forms check the input's shape and turn it into what the engine reads (a rules object, a
hand's end in the settle request's shape); whether the hand can be settled is the engine's
answer (`Game.replay`), shown beside the form.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from quizsite.names import NameField
from scoring.engine.entered import (
    Abortive,
    Chombo,
    Draw,
    HandEnd,
    PaoEntry,
    Ron,
    Stop,
    Tsumo,
    WinEntry,
)
from scoring.engine.game import Entry, game_end_of
from scoring.engine.payment import impossible_reason
from scoring.engine.rules import (
    SANMA_PRESETS,
    SWITCHES,
    Abort,
    MultipleRon,
    Nagashi,
    RuleSet,
    TableRules,
)
from scoring.form_words import SiteWords
from scoring.picker import FLAG_LABELS, MELD_WORDS, safe_tiles
from scoring.switch_controls import (
    RuleSwitches,
    SavedChoice,
    SwitchField,
    preset_choices,
    rule_set,
)

from .models import (
    DIFFERENT_NAMES,
    SEAT_NAMES,
    Game,
    SavedRules,
    check_player_name,
    names_differ,
    players_of,
)

SEATS = [(str(s), SEAT_NAMES[s]) for s in range(4)]
SEAT_FIELDS = ("east", "south", "west", "north")
# The three-player switches (tsumo loss, nukidora, North a value tile): a game under a
# three-player preset may set them; four-player rules refuse them (the engine's message).
SANMA_SWITCHES = [s for s in SWITCHES.values() if s.sanma]
THREE_NAMES = gettext_lazy(
    "These are three-player rules: a three-player game has no North seat, so leave its name "
    "blank (or choose four-player rules)."
)
FOUR_NAMES = gettext_lazy("A four-player game needs the North player's name too.")
NO_KITA = gettext_lazy(
    "Norths are set aside (nukidora) only at a three-player table: this game has four players."
)
MULTIPLE_RON_NAMES = {
    MultipleRon.TRIPLE: gettext_lazy("Double and triple ron are paid"),
    MultipleRon.DOUBLE: gettext_lazy("Double ron is paid; a triple ron aborts the hand"),
    MultipleRon.HEAD_BUMP: gettext_lazy("Head bump: only the first winner after the discarder"),
}
DEFAULT = ""
SAVED = "saved:"  # a saved set's value in the new game's rules control: "saved:<slug>"
PICK_RULES = gettext_lazy("Choose one of the presets or of the rule sets you saved.")


SanmaSwitches = type(
    "SanmaSwitches", (forms.Form,), {s.name: SwitchField(s) for s in SANMA_SWITCHES}
)


class NewGameForm(SiteWords, SavedChoice, RuleSwitches, SanmaSwitches):  # type: ignore[misc, valid-type]
    """A new game: the players by seat (three under a three-player preset, North left
    blank), the preset (four- or three-player) and every switch (as the preset unless set),
    and the length."""

    east = forms.CharField(label=SEAT_NAMES[0], max_length=40, validators=[check_player_name])
    south = forms.CharField(label=SEAT_NAMES[1], max_length=40, validators=[check_player_name])
    west = forms.CharField(label=SEAT_NAMES[2], max_length=40, validators=[check_player_name])
    north = forms.CharField(
        label=SEAT_NAMES[3], max_length=40, validators=[check_player_name], required=False
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        choices=preset_choices(sanma=True),
        initial="mahjongsoul",
        error_messages={"invalid_choice": PICK_RULES},
    )
    length = forms.ChoiceField(
        label=gettext_lazy("Length"), choices=Game.Length.choices, initial=Game.Length.EAST_SOUTH
    )
    preset_key = "preset"

    def checked(self, data: dict[str, Any]) -> dict[str, Any]:
        ruled = "preset" in data or self.league is not None
        players = players_of(self.rules()) if ruled else 4
        if players == 3 and (data.get("north") or "north" in self.errors):
            self.errors.pop("north", None)
            self.add_error("north", THREE_NAMES)
        elif players == 4 and not data.get("north") and "north" not in self.errors:
            self.add_error("north", FOUR_NAMES)
        names = [data.get(w) for w in SEAT_FIELDS[:players]]
        if all(names) and not names_differ(names):
            self.add_error(None, DIFFERENT_NAMES)
        if ruled:
            self.check_rules(self.rules())
        return data

    def __init__(self, *args: Any, league: SavedRules | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league  # a club's league rules: the game is played by them
        # which presets are three-player rules: their switches show and North hides (site.js)
        self.fields["preset"].widget.attrs["data-sanma-presets"] = " ".join(SANMA_PRESETS)
        if self.saved_sets:  # one control: the presets, then the user's own saved sets
            field = self.fields["preset"]
            assert isinstance(field, forms.ChoiceField)
            mine = [(SAVED + slug, s.name) for slug, s in self.saved_sets.items()]
            field.choices = [
                (gettext_lazy("Presets"), preset_choices(sanma=True)),
                (gettext_lazy("Your saved rules"), mine),
            ]

    def clean(self) -> dict[str, Any]:
        # A saved set picked in the rules' one control is read as the `saved` choice: its
        # preset and switches fill the rules (`SavedChoice`).
        picked = str(self.cleaned_data.get("preset") or "")
        if picked.startswith(SAVED):
            self.cleaned_data["saved"] = picked.removeprefix(SAVED)
        return self.checked(super().clean())

    def rules(self) -> dict[str, Any]:
        if self.league is not None:
            return dict(self.league.rules)
        data = self.cleaned_data
        sanma = {s.name: data[s.name] for s in SANMA_SWITCHES if data.get(s.name) is not None}
        return {**rule_set(data["preset"], data), **sanma}

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[seat] for seat in SEAT_FIELDS]

    def sanma(self) -> bool:
        """Whether the rules chosen (as posted, or the league's) are three-player rules: the
        North seat is then drawn hidden (site.js shows it again for four-player rules)."""
        if self.league is not None:
            return players_of(self.league.rules) == 3
        chosen = str(self["preset"].value() or "")
        saved = self.saved_sets.get(chosen.removeprefix(SAVED))
        if chosen.startswith(SAVED) and saved is not None:
            return players_of(saved.rules) == 3
        return chosen in SANMA_PRESETS

    def game(self) -> Game:
        data = self.cleaned_data
        ends = game_end_of(self.rules()["preset"])
        return Game(
            east=data["east"],
            south=data["south"],
            west=data["west"],
            north=data["north"] if players_of(self.rules()) == 4 else "",
            rules=self.rules(),
            length=data["length"],
            extension=ends.extension,
            agari_yame=ends.agari_yame,
        )


# ---- one hand -----------------------------------------------------------------------------

KINDS = [
    ("ron", pgettext_lazy("how a hand ended", "Ron")),
    ("tsumo", pgettext_lazy("how a hand ended", "Tsumo")),
    ("draw", pgettext_lazy("how a hand ended", "Draw")),
    ("abortive", pgettext_lazy("how a hand ended", "Abortive")),
    ("chombo", pgettext_lazy("how a hand ended", "Chombo")),
]
LIMITS = [
    ("", gettext_lazy("han/fu")),
    ("5", gettext_lazy("Mangan")),
    ("6", gettext_lazy("Haneman")),
    ("8", gettext_lazy("Baiman")),
    ("11", gettext_lazy("Sanbaiman")),
    ("y1", gettext_lazy("Yakuman")),
    ("y2", gettext_lazy("Double yakuman")),
]
# The win's situation for a whole hand, as the calculator offers it; riichi is the hand's own
# riichi mark (a double riichi is ticked here and marked as riichi too).
HAND_FLAGS = [(k, v) for k, v in FLAG_LABELS.items() if k != "riichi"]
FU_CHOICES = [("", pgettext_lazy("a blank choice", "fu"))] + [
    (str(f), str(f)) for f in (20, 25, *range(30, 120, 10))
]
HAN_CHOICES = [("", pgettext_lazy("a blank choice", "han"))] + [
    (str(h), str(h)) for h in range(1, 13)
]


# One tap each: han 1-4 (larger hands are a limit's chip), every fu, the limits ("" = han/fu).
HAN_CHIPS = [(str(h), str(h)) for h in range(1, 5)]
# Three players: the Norths a winner set aside (nukidora), 0 to 4, given with a whole hand.
KITA_CHOICES = [(str(n), str(n)) for n in range(5)]
KITA_RANGE = gettext_lazy(
    "The Norths set aside are a number from 0 to 4 (North has four tiles), not %(value)s."
)
NO_SUCH_SEAT = gettext_lazy(
    "A three-player table has three seats (East, South, West): there is no seat %(value)s."
)


def chips(value: Any, choices: list[tuple[str, str]]) -> list[tuple[str, str, bool]]:
    """A choice field drawn as one-tap chips: (value, label, chosen); a value held that has no
    chip of its own (an edited hand's 7 han) gets one.

    >>> chips("7", [("1", "1")])
    [('1', '1', False), ('7', '7', True)]
    """
    held = "" if value is None else str(value)
    drawn = [(v, label, v == held) for v, label in choices]
    if held and all(v != held for v, _ in choices):
        drawn.append((held, held, True))
    return drawn


def seat_field(label: str, required: bool = False) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label, choices=[("", "—"), *SEATS], coerce=int, required=required, empty_value=None
    )


def seats_field(label: str) -> forms.TypedMultipleChoiceField:
    return forms.TypedMultipleChoiceField(
        label=label, choices=SEATS, coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )


class HandForm(SiteWords, forms.Form):
    """One hand as the table saw it. Per seat: won, its value, riichi, tenpai; for the hand:
    how it ended, who dealt in, pao, nagashi, an abortive draw's reason, a chombo."""

    kind = forms.ChoiceField(
        label=gettext_lazy("How the hand ended"),
        choices=KINDS,
        widget=forms.RadioSelect,
        initial="ron",
    )
    riichi = seats_field(gettext_lazy("Riichi declared"))
    winners = seats_field(gettext_lazy("Won"))
    discarder = seat_field(gettext_lazy("Dealt in (ron from)"))
    tenpai = seats_field(gettext_lazy("Tenpai"))
    nagashi = seats_field(gettext_lazy("Nagashi mangan"))
    reason = forms.ChoiceField(
        label=gettext_lazy("Why"),
        required=False,
        choices=lambda: [("", "—"), *((a.value, a.description) for a in Abort)],  # when read
    )
    chombo = seat_field(gettext_lazy("Chombo by"))
    pao = seat_field(gettext_lazy("Pao: liable player"))
    pao_for = seat_field(gettext_lazy("for the winner"))
    dora = forms.CharField(label=gettext_lazy("Dora indicators"), required=False, max_length=20)
    ura = forms.CharField(label=gettext_lazy("Ura-dora indicators"), required=False, max_length=20)

    def __init__(
        self,
        *args: Any,
        names: tuple[str, ...] = ("", "", "", ""),
        rules: RuleSet | None = None,
        table_rules: TableRules | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.names = names
        self.rules = rules  # the game's: a value these rules cannot produce is warned about
        self.table_rules = table_rules
        # 3 or 4 seats: the rules' (a three-player preset), else one a name
        self.players = rules.players if rules is not None else len(names)
        # What the table should look at again before saving (a value these rules cannot
        # produce, a riichi player left noten at a draw): saved only with "Save anyway".
        self.warnings: list[str] = []
        labelled = [(str(s), names[s] or SEAT_NAMES[s]) for s in range(self.players)]
        for name, field in self.fields.items():
            if isinstance(field, forms.ChoiceField) and field.choices and name not in (
                "kind", "reason",
            ):  # fmt: skip
                blank = [c for c in field.choices if c[0] == ""]
                field.choices = [*blank, *labelled]
                if self.players == 3:
                    field.error_messages["invalid_choice"] = NO_SUCH_SEAT
        if self.players == 3 and table_rules is not None:  # no four winds, riichi or rons
            reason = self.fields["reason"]
            assert isinstance(reason, forms.ChoiceField)
            reason.choices = [
                ("", "—"),
                *((a.value, a.description) for a in Abort if a in table_rules.abortive),
            ]
        for s in range(4):
            self.fields[f"kita_{s}"] = forms.TypedChoiceField(
                label=_("Norths set aside"), choices=KITA_CHOICES, coerce=int, required=False,
                empty_value=0, error_messages={"invalid_choice": KITA_RANGE},
            )  # fmt: skip
            self.fields[f"han_{s}"] = forms.TypedChoiceField(
                label=_("han"), choices=HAN_CHOICES, coerce=int, required=False, empty_value=None
            )
            self.fields[f"fu_{s}"] = forms.TypedChoiceField(
                label=_("fu"), choices=FU_CHOICES, coerce=int, required=False, empty_value=None
            )
            self.fields[f"limit_{s}"] = forms.ChoiceField(
                label=_("limit"), choices=LIMITS, required=False
            )
            self.fields[f"tiles_{s}"] = forms.CharField(
                label=_("tiles"), required=False, max_length=120
            )
            self.fields[f"melds_{s}"] = forms.CharField(
                label=_("melds"), required=False, max_length=100
            )
            self.fields[f"win_{s}"] = forms.CharField(
                label=_("winning tile"), required=False, max_length=4
            )
            self.fields[f"flags_{s}"] = forms.MultipleChoiceField(
                label=_("the win"), choices=HAND_FLAGS, required=False,
                widget=forms.CheckboxSelectMultiple,
            )  # fmt: skip

    def seat_rows(self) -> list[dict[str, Any]]:
        """Each seat's own fields, for the template's one row per player."""
        return [
            {
                "seat": s,
                "mode_name": f"mode_{s}",
                "name": self.names[s],
                "wind": SEAT_NAMES[s],
                "han": self[f"han_{s}"],
                "fu": self[f"fu_{s}"],
                "limit": self[f"limit_{s}"],
                "tiles": self[f"tiles_{s}"],
                "melds": self[f"melds_{s}"],
                "win_tile": self[f"win_{s}"],
                "flags": self[f"flags_{s}"],
                "won": str(s) in [str(v) for v in self["winners"].value() or []],
                "riichi": str(s) in [str(v) for v in self["riichi"].value() or []],
                "tenpai": str(s) in [str(v) for v in self["tenpai"].value() or []],
                "nagashi": str(s) in [str(v) for v in self["nagashi"].value() or []],
                "dealt_in": str(self["discarder"].value()) == str(s),
                "chombo": str(self["chombo"].value()) == str(s),
                "kita": self[f"kita_{s}"],
                "kita_chips": chips(self[f"kita_{s}"].value() or "0", KITA_CHOICES),
                "han_chips": chips(self[f"han_{s}"].value(), HAN_CHIPS),
                "fu_chips": chips(self[f"fu_{s}"].value(), FU_CHOICES[1:]),
                "limit_chips": chips(self[f"limit_{s}"].value(), LIMITS),
            }
            for s in range(self.players)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.players == 4 and any(data.get(f"kita_{s}") for s in range(4)):
            self.add_error(None, NO_KITA)
        if self.errors:
            return data
        try:
            data["entry"] = Entry.of(sorted(data.get("riichi") or []), self.end(data))
        except ValueError as e:
            self.add_error(None, str(e))
        return data

    def end(self, data: dict[str, Any]) -> HandEnd:
        kind = data["kind"]
        if kind in ("ron", "tsumo"):
            return self.win_end(kind, data)
        if kind == "draw":
            tenpai = tuple(sorted(data.get("tenpai") or []))
            nagashi_wins = self.table_rules is not None and self.table_rules.nagashi is Nagashi.WIN
            noten_riichi = set(data.get("riichi") or []) - set(tenpai)
            if data.get("nagashi") and nagashi_wins:
                noten_riichi = set()  # a nagashi mangan that counts as a win: no chombo
            for seat in sorted(noten_riichi):
                who = self.names[seat] or SEAT_NAMES[seat]
                self.warnings.append(
                    _(
                        "%(who)s declared riichi but is not marked tenpai: that is a chombo "
                        "(a mangan-sized penalty, below), not a noten payment. If %(who)s was "
                        "tenpai, mark it and settle again."
                    )
                    % {"who": who}
                )
            return Draw(tenpai, tuple(sorted(data.get("nagashi") or [])))
        if kind == "abortive":
            if not data.get("reason"):
                raise ValueError(_("Choose why the hand was aborted."))
            return Abortive(Abort(data["reason"]))
        if data.get("chombo") is None:
            raise ValueError(_("Choose who made the chombo."))
        return Chombo(data["chombo"])

    def win_end(self, kind: str, data: dict[str, Any]) -> Ron | Tsumo:
        winners = sorted(data.get("winners") or [])
        if not winners:
            raise ValueError(_("Tick the player who won (up to three for a multiple ron)."))
        if kind == "ron" and data.get("discarder") is None:
            raise ValueError(_("Choose who dealt in (the player the ron is from)."))
        wins = tuple(self.win(s, data) for s in winners)
        if kind == "tsumo" and len(wins) > 1:
            raise ValueError(_("A tsumo has one winner: tick only one player."))
        pao = None
        if data.get("pao") is not None:
            target = data.get("pao_for")
            if target is None:
                target = winners[0] if len(winners) == 1 else None
            if target is None:
                raise ValueError(_("With two winners, choose which one the pao is for."))
            pao = PaoEntry(data["pao"], target)
        if kind == "tsumo":
            return Tsumo(wins[0], pao)
        return Ron(data["discarder"], wins, pao)

    def win(self, seat: int, data: dict[str, Any]) -> WinEntry:
        limit = data.get(f"limit_{seat}") or ""
        who = self.names[seat] or SEAT_NAMES[seat]
        tiles, melds = split_hand(data.get(f"tiles_{seat}", ""), data.get(f"melds_{seat}", ""))
        if tiles or melds:
            return WinEntry(seat, hand=self.hand_request(seat, tiles, melds, who, data))
        if data.get(f"kita_{seat}"):
            raise ValueError(
                _(
                    "%(who)s: the Norths set aside are counted for a whole hand. Build "
                    "%(who)s's hand, or count each North as a dora in the han and leave the "
                    "Norths at 0."
                )
                % {"who": who}
            )
        if flags := data.get(f"flags_{seat}"):
            named = pgettext("between names in a list", ", ").join(
                str(dict(HAND_FLAGS)[f]) for f in flags
            )
            raise ValueError(
                _(
                    "%(who)s: %(named)s counts for a whole hand only. Build %(who)s's hand, or "
                    "give its value as han and fu."
                )
                % {"who": who, "named": named}
            )
        if limit.startswith("y"):
            return WinEntry(seat, yakuman=int(limit[1:]))
        if limit:
            return WinEntry(seat, int(limit), 0)
        han, fu = data.get(f"han_{seat}"), data.get(f"fu_{seat}")
        if han is None:
            raise ValueError(_("%(who)s won: choose the han (or a limit).") % {"who": who})
        if han >= 5:
            return WinEntry(seat, han, 0)
        if fu is None:
            raise ValueError(
                _("%(who)s won with %(han)s han: choose the fu too.") % {"who": who, "han": han}
            )
        self.check_value(who, han, fu, tsumo=data["kind"] == "tsumo")
        return WinEntry(seat, han, fu)

    def check_value(self, who: str, han: int, fu: int, *, tsumo: bool) -> None:
        """A han and fu no hand can score this way is refused; one only these rules rule out
        (the engine says which) is a warning the table must confirm."""
        said = {"who": who, "han": han, "fu": fu}
        if reason := impossible_reason(han, fu, tsumo=tsumo, rules=None):
            if tsumo:
                text = _(
                    "%(who)s: no hand scores %(han)s han %(fu)s fu by tsumo (%(reason)s). "
                    "Check the han and fu."
                )
            else:
                text = _(
                    "%(who)s: no hand scores %(han)s han %(fu)s fu by ron (%(reason)s). "
                    "Check the han and fu."
                )
            raise ValueError(text % {**said, "reason": reason})
        if self.rules and (reason := impossible_reason(han, fu, tsumo=tsumo, rules=self.rules)):
            if tsumo:
                text = _(
                    "%(who)s: %(han)s han %(fu)s fu by tsumo cannot happen under these rules "
                    "(%(reason)s)."
                )
            else:
                text = _(
                    "%(who)s: %(han)s han %(fu)s fu by ron cannot happen under these rules "
                    "(%(reason)s)."
                )
            self.warnings.append(text % {**said, "reason": reason})

    def hand_request(
        self, seat: int, tiles: str, melds: list[str], who: str, data: dict[str, Any]
    ) -> dict[str, Any]:
        """A whole hand as the hand calculator reads it (closed tiles with the winning tile,
        the melds in its words, the indicators and the win's flags); the engine scores it
        with the table's seat, round, ron or tsumo and honba."""
        win_tile = "".join(data.get(f"win_{seat}", "").split())
        if not tiles:
            raise ValueError(
                _("%(who)s's hand: add the tiles outside the melds, the winning tile among them.")
                % {"who": who}
            )
        if not win_tile:
            have, need = len(safe_tiles(tiles)), 14 - 3 * len(melds)
            if have and have != need:
                raise ValueError(
                    ngettext(
                        "%(who)s's hand has %(have)s tiles outside the melds; with %(melds)s "
                        "meld it needs %(need)s, the winning tile among them.",
                        "%(who)s's hand has %(have)s tiles outside the melds; with %(melds)s "
                        "melds it needs %(need)s, the winning tile among them.",
                        len(melds),
                    )
                    % {"who": who, "have": have, "melds": len(melds), "need": need}
                )
            raise ValueError(
                _("%(who)s's hand: say which tile completed it (the winning tile).") % {"who": who}
            )
        request: dict[str, Any] = {"hand": tiles, "win": win_tile}
        if melds:
            request["melds"] = melds
        if kita := data.get(f"kita_{seat}"):
            request["kita"] = kita  # three players: the Norths set aside, each a dora
        for key in ("dora", "ura"):
            if data.get(key, "").strip():
                request[key] = "".join(data[key].split())
        flags = list(data.get(f"flags_{seat}") or [])
        riichi = seat in (data.get("riichi") or [])
        if "double_riichi" in flags and not riichi:
            raise ValueError(
                _("%(who)s's double riichi: tick riichi for %(who)s too (the deposit).")
                % {"who": who}
            )
        if riichi and "double_riichi" not in flags:
            flags.insert(0, "riichi")
        if flags:
            request["flags"] = flags
        return request


def split_hand(tiles: str, melds: str) -> tuple[str, list[str]]:
    """A typed hand as the calculator takes it: the closed tiles, and the melds in its words
    (`chi 123m, pon 777z`), which may also follow the tiles after commas. Whatever the melds
    field holds is a meld (the engine says what is wrong with one it cannot read).

    >>> split_hand("234m 55s, chi 123m", "pon 777z,ankan 9999p")
    ('234m55s', ['chi 123m', 'pon 777z', 'ankan 9999p'])
    >>> split_hand("chi 123m", "PON 777z, pom 111z")
    ('', ['chi 123m', 'pon 777z', 'pom 111z'])
    """
    closed, found = [], []
    for part in tiles.split(","):
        words = part.split()
        if words and words[0].lower() in MELD_WORDS:
            found.append(meld_text(words))
        elif words:
            closed.append("".join(words))
    found += [meld_text(part.split()) for part in melds.split(",") if part.strip()]
    return "".join(closed), found


def meld_text(words: list[str]) -> str:
    """ "PON 7 7 7z" → "pon 777z": the meld word, then its tiles."""
    return f"{words[0].lower()} {''.join(words[1:])}".strip()


def initial_of(entry: Entry) -> dict[str, Any]:
    """The form's values for a hand as stored (to edit it), read from its typed end."""
    end = entry.hand_end
    initial: dict[str, Any] = {"kind": end.kind, "riichi": [str(s) for s in entry.riichi]}
    wins = end.wins if isinstance(end, Ron | Tsumo) else ()
    initial["winners"] = [str(w.seat) for w in wins]
    for w in wins:
        initial.update(win_initial(w))
        if w.hand is not None:
            initial["dora"], initial["ura"] = w.hand.get("dora", ""), w.hand.get("ura", "")
    if isinstance(end, Ron):
        initial["discarder"] = str(end.discarder)
    if isinstance(end, Ron | Tsumo) and end.pao is not None:
        # An import may leave out whom the pao is for when one player won.
        target = end.pao.target(wins)
        initial["pao"], initial["pao_for"] = (
            str(end.pao.seat),
            "" if target is None else str(target),
        )
    if isinstance(end, Draw):
        initial["tenpai"] = [str(s) for s in end.tenpai]
        initial["nagashi"] = [str(s) for s in end.nagashi]
    if isinstance(end, Abortive):
        initial["reason"] = end.reason.value
    if isinstance(end, Chombo):
        initial["chombo"] = str(end.seat)
    return initial


def win_initial(w: WinEntry) -> dict[str, Any]:
    """One winner's fields: the whole hand, a limit's chip, or han and fu."""
    s = w.seat
    if w.hand is not None:
        melds = w.hand.get("melds", [])
        return {
            f"kita_{s}": str(w.hand.get("kita", 0)),
            f"tiles_{s}": w.hand["hand"],
            f"win_{s}": w.hand["win"],
            f"melds_{s}": melds if isinstance(melds, str) else ", ".join(melds),
            f"flags_{s}": [f for f in w.hand.get("flags", []) if f != "riichi"],
        }
    if w.yakuman:
        return {f"limit_{s}": f"y{w.yakuman}"}
    if w.han >= 5 and str(w.han) in dict(LIMITS):
        return {f"limit_{s}": str(w.han)}
    return {f"han_{s}": str(w.han or ""), f"fu_{s}": str(w.fu) if w.fu else ""}


STOP_ENTRY = Entry.of((), Stop())


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Any number of files (Django's documented way): a list of them, empty when none."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(d, initial) for d in data if d]
        return [single(data, initial)] if data else []


KEPT = r"\A[0-9a-f]{64}\Z"


class ImportForm(SiteWords, forms.Form):
    file = MultipleFileField(
        label=gettext_lazy("A game's JSON file, or game logs (gzipped too, or a zip of them)"),
        required=False,
    )
    text = forms.CharField(
        label=gettext_lazy("or paste it here"), required=False, widget=forms.Textarea
    )
    me = forms.CharField(
        label=gettext_lazy("Your name in the game"),
        help_text=gettext_lazy(
            "The name you played under (optional): the review then marks your wins, deal-ins "
            "and riichi. Signed in, it is saved on your account for your next imports."
        ),
        max_length=40,
        required=False,
    )
    # Asked only when a log names no rules Tenbō knows (`logs.NeedsPreset`).
    preset = forms.ChoiceField(
        label=gettext_lazy("The rules the game was played by"),
        required=False,
        choices=lambda: [("", gettext_lazy("Choose a preset…")), *preset_choices(sanma=True)],
    )
    # A log kept for this visitor while the page asks about it (its digest): a log cut short
    # to confirm, or one whose rules are asked for; `cut_ok` is the confirmation.
    kept = forms.RegexField(regex=KEPT, required=False, widget=forms.HiddenInput)
    cut_ok = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_me(self) -> str:
        return " ".join(self.cleaned_data["me"].split())


class ClubForm(SiteWords, forms.Form):
    name = NameField(label=gettext_lazy("The club's name"), max_length=60)


class LeagueForm(SiteWords, forms.Form):
    since = forms.DateField(
        label=gettext_lazy("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": gettext_lazy("From must be a date, such as 2026-11-23")},
    )
    until = forms.DateField(
        label=gettext_lazy("To"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": gettext_lazy("To must be a date, such as 2026-11-23")},
    )


class SavedRulesForm(SiteWords, RuleSwitches, SanmaSwitches):  # type: ignore[misc, valid-type]
    """A named rule set: a preset (four- or three-player) and the switches that differ from it
    (the three-player ones only under a three-player preset: the engine refuses them
    otherwise, and says so on the form)."""

    name = NameField(label=gettext_lazy("Name"), max_length=80)
    preset = forms.ChoiceField(
        label=gettext_lazy("Start from"),
        choices=preset_choices(sanma=True),
        initial="mahjongsoul",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # which presets are three-player rules: their switches show (site.js)
        self.fields["preset"].widget.attrs["data-sanma-presets"] = " ".join(SANMA_PRESETS)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "preset" in data:
            self.check_rules(self.rules())
        return data

    def rules(self) -> dict[str, Any]:
        data = self.cleaned_data
        sanma = {s.name: data[s.name] for s in SANMA_SWITCHES if data.get(s.name) is not None}
        return {**rule_set(data["preset"], data), **sanma}

    def sanma(self) -> bool:
        """Whether the preset chosen is a three-player one: its switches are drawn shown."""
        return str(self["preset"].value() or "") in SANMA_PRESETS
