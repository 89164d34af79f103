"""The hand calculator's state as it lives in the URL, and the palette's edits to it.

``/hand/?hand=234m567p234s345s55s&win=5s&melds=chi+123m,pon+777z&tsumo=1&seat=S&round=E
&dora=3m&ura=&flags=riichi,ippatsu&honba=0&sticks=0&rules=mahjongsoul``

A form checks the shape of each parameter; the engine judges the hand itself. Without
JavaScript the palette's buttons submit ``add=5s`` or ``remove=hand:3``; `apply_edit` turns
that into the next state, and the view redirects to its clean URL.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.engine import ScoringError
from scoring.engine.request import check_copies
from scoring.engine.rules import ALL_PRESETS, DEFAULT_PRESET
from scoring.engine.tiles import WIND_LABELS, format_tiles, parse_tiles, tile_index
from scoring.form_words import SiteWords
from scoring.switch_controls import key_of, switch_fields, switches_for

from .tile_catalog import CODES, RED_FIVES, kind_of

WINDS = list(WIND_LABELS.items())
FLAG_LABELS = {
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "rinshan": _("Rinshan (after a kan)"),
    "chankan": _("Chankan (robbing a kan)"),
    "haitei": _("Haitei (last draw)"),
    "houtei": _("Houtei (last discard)"),
    "tenhou": _("Tenhou"),
    "chiihou": _("Chiihou"),
}
MODES = {
    "hand": pgettext_lazy("where a tile goes", "Hand"),
    "chi": pgettext_lazy("where a tile goes", "Chi"),
    "pon": pgettext_lazy("where a tile goes", "Pon"),
    "kan": pgettext_lazy("where a tile goes", "Open kan"),
    "ankan": pgettext_lazy("where a tile goes", "Closed kan"),
    "dora": pgettext_lazy("where a tile goes", "Dora indicator"),
    "ura": pgettext_lazy("where a tile goes", "Ura indicator"),
}
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4}
TEXT_FIELDS = ("hand", "win", "dora", "ura")


# Every hand switch of the engine's registry, one field each (a whole hand is scored here,
# so each switch can change the answer), the three-player ones too.
HandSwitches = type("HandSwitches", (forms.Form,), switch_fields("hand", sanma=True))
SANMA_CHARACTERS = frozenset({*(f"{n}m" for n in range(2, 9)), "0m"})  # not in a three-player set


class HandForm(SiteWords, HandSwitches):
    """The shape of each parameter; the engine checks that the tiles make a hand."""

    hand = forms.CharField(label=_("The hand"), required=False, max_length=60, strip=True)
    win = forms.CharField(label=_("The winning tile"), required=False, max_length=4, strip=True)
    melds = forms.CharField(label=_("The melds"), required=False, max_length=100, strip=True)
    tsumo = forms.TypedChoiceField(
        label=_("Ron or tsumo"),
        choices=[("0", _("Ron")), ("1", _("Tsumo"))],
        coerce=lambda v: v == "1",
        required=False,
        error_messages={"invalid_choice": _("ron or tsumo is 0 (ron) or 1 (tsumo), not %(value)r")},
    )
    seat = forms.ChoiceField(label=_("Seat wind"), choices=WINDS, required=False)
    round = forms.ChoiceField(label=_("Round wind"), choices=WINDS, required=False)
    dora = forms.CharField(label=_("Dora indicators"), required=False, max_length=20, strip=True)
    ura = forms.CharField(label=_("Ura indicators"), required=False, max_length=20, strip=True)
    flags = forms.MultipleChoiceField(
        label=_("Flags"),
        choices=list(FLAG_LABELS.items()),
        required=False,
        error_messages={
            "invalid_choice": format_lazy(
                _("Unknown flag %(value)r: choose from {flags}"), flags=", ".join(FLAG_LABELS)
            )
        },
    )
    honba = forms.IntegerField(label=_("Honba"), min_value=0, max_value=99, required=False)
    sticks = forms.IntegerField(
        label=_("Riichi deposits"), min_value=0, max_value=99, required=False
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        choices=[(name, p.title) for name, p in ALL_PRESETS.items()],
        required=False,
    )
    kita = forms.IntegerField(label=_("Norths set aside"), min_value=0, max_value=4, required=False)
    mode = forms.ChoiceField(choices=list(MODES.items()), required=False)


@dataclass(frozen=True)
class HandState:
    """One calculator page: every input, already shaped, as the engine and URL want it."""

    hand: str = ""
    win: str = ""
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    seat: str = "S"
    round: str = "E"
    dora: str = ""
    ura: str = ""
    flags: tuple[str, ...] = ()
    honba: int = 0
    sticks: int = 0
    rules: str = DEFAULT_PRESET
    switches: tuple[tuple[str, Any], ...] = ()  # (switch, value) set apart from the preset
    mode: str = "hand"
    errors: dict[str, str] = field(default_factory=dict)
    kita: int = 0  # three players: Norths set aside (nukidora)

    @property
    def sanma(self) -> bool:
        """Whether the rules are three-player rules."""
        preset = ALL_PRESETS.get(self.rules)
        return preset is not None and preset.rules.players == 3

    @property
    def engine_rules(self) -> str | dict[str, Any]:
        """The preset's name, or the preset with the switches set on this page."""
        return {"preset": self.rules, **dict(self.switches)} if self.switches else self.rules

    def engine_request(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "win": self.win or self.default_win(),
            "melds": list(self.melds),
            "tsumo": self.tsumo,
            "seat": self.seat,
            "round": self.round,
            "dora": self.dora,
            "ura": self.ura,
            "flags": list(self.flags),
            "honba": self.honba,
            "sticks": self.sticks,
            "rules": self.engine_rules,
            **({"kita": self.kita} if self.kita else {}),
        }

    def default_win(self) -> str:
        """With no winning tile chosen, the last tile written in the hand."""
        tiles = safe_tiles(self.hand)
        return tiles[-1] if tiles else ""

    def pairs(self, *, with_mode: bool = False) -> list[tuple[str, str]]:
        """The clean parameters: defaults (seat S, round E, ron, 0) left out."""
        pairs = [
            ("hand", self.hand),
            ("win", self.win),
            ("melds", ",".join(self.melds)),
            ("tsumo", "1" if self.tsumo else ""),
            ("seat", "" if self.seat == "S" else self.seat),
            ("round", "" if self.round == "E" else self.round),
            ("dora", self.dora),
            ("ura", self.ura),
            ("flags", ",".join(self.flags)),
            ("honba", str(self.honba) if self.honba else ""),
            ("sticks", str(self.sticks) if self.sticks else ""),
            ("rules", "" if self.rules == DEFAULT_PRESET else self.rules),
            ("kita", str(self.kita) if self.kita else ""),
            *((name, key_of(value)) for name, value in self.switches),
            ("mode", self.mode if with_mode and self.mode != "hand" else ""),
        ]
        return [(key, value) for key, value in pairs if value]

    def query(self, *, with_mode: bool = False) -> str:
        """The clean query string, commas left readable: ``melds=chi+123m,pon+777z``."""
        return urlencode(self.pairs(with_mode=with_mode), safe=",")

    def tiles_in_use(self) -> list[str]:
        """Every tile written so far: the hand's, the melds', the indicators'."""
        return [
            *safe_tiles(self.hand),
            *(t for m in self.melds for t in safe_tiles(m.partition(" ")[2])),
            *safe_tiles(self.dora),
            *safe_tiles(self.ura),
        ]

    def counts(self) -> Counter[str]:
        """Tiles in use by kind ("5p"), red fives also under their own code ("0p")."""
        seen = self.tiles_in_use()
        counts = Counter(kind_of(t) for t in seen)
        counts.update(t for t in seen if t in RED_FIVES)
        return counts

    def too_many(self) -> str:
        """A fifth tile of a kind or a second red five of a suit, in the engine's words, so a
        hand still being built hears of it at once (the engine checks only whole hands).

        >>> HandState(hand="22222m").too_many()
        'there are 5 of 2m across the hand, melds and indicators; a tile has only 4 copies'
        >>> HandState(hand="0p", dora="0p").too_many(), HandState(hand="0m0p").too_many()
        ('2 red 5p (0p): there is only one red five per suit', '')
        """
        try:
            check_copies(self.tiles_in_use())
        except ScoringError as e:
            return str(e)
        return ""

    def exhausted(self) -> set[str]:
        """Codes the palette cannot add: four of the kind are out, or the red five is."""
        counts = self.counts()
        full = {c for c in CODES if counts[c] >= 4}
        if self.sanma:
            full |= SANMA_CHARACTERS  # a three-player set has no 2m–8m
        return full | {r for r in RED_FIVES if counts[r] or counts[kind_of(r)] >= 4}


def split_list(values: list[str]) -> list[str]:
    """`flags=riichi,ippatsu` and `flags=riichi&flags=ippatsu` alike."""
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def read_state(params: QueryDict) -> HandState:
    """The state from a query string; a malformed parameter keeps its default and an error."""
    data = params.copy()
    data.setlist("flags", split_list(params.getlist("flags")))
    form = HandForm(data)
    form.is_valid()
    clean = {k: v for k, v in form.cleaned_data.items() if v not in (None, "", [])}
    clean["melds"] = tuple(split_list([clean.get("melds", "")]))
    clean["flags"] = tuple(clean.get("flags", ()))
    clean["switches"] = tuple(
        (s.name, clean.pop(s.name)) for s in switches_for("hand", sanma=True) if s.name in clean
    )
    # A palette mode from an old link is only where the next click goes: reset it quietly.
    errors = {name: " ".join(errs) for name, errs in form.errors.items() if name != "mode"}
    return HandState(**clean, errors=errors)


def safe_tiles(text: str) -> list[str]:
    """The tiles of some MPSZ text, or none when it does not parse (the engine says why)."""
    try:
        return parse_tiles(text)
    except ValueError:
        return []


def insert_sorted(text: str, code: str) -> str:
    """Add a tile after the last one that sorts before it (or is of its kind).

    >>> insert_sorted("2355s", "4s"), insert_sorted("", "0p")
    ('23455s', '0p')
    """
    tiles = safe_tiles(text)
    before = [i for i, t in enumerate(tiles) if tile_index(t) <= tile_index(code)]
    at = before[-1] + 1 if before else 0
    return format_tiles([*tiles[:at], code, *tiles[at:]])


def meld_for(mode: str, code: str) -> str | None:
    """The meld a palette click makes: pon/kan/ankan of the tile, or the chi starting at it
    (7, 8 and 9 all make 789).

    >>> meld_for("chi", "8p"), meld_for("pon", "0s"), meld_for("chi", "1z")
    ('chi 789p', 'pon 055s', None)
    """
    if mode == "chi":
        if code[1] == "z":
            return None
        start = min(int(kind_of(code)[0]), 7)
        numbers = [str(n) for n in range(start, start + 3)]
        tiles = [code if n == kind_of(code)[0] else n + code[1] for n in numbers]
        return f"chi {format_tiles(tiles)}"
    rest = [kind_of(code)] * (MELD_SIZES[mode] - 1)
    return f"{mode} {format_tiles([code, *rest])}"


def is_complete(state: HandState) -> bool:
    return len(safe_tiles(state.hand)) + 3 * len(state.melds) == 14


def add_tile(state: HandState, code: str) -> HandState:
    """A palette click in the current mode."""
    if code not in state.exhausted() and code in [*CODES, *RED_FIVES]:
        if state.mode == "hand":
            state = replace(state, hand=insert_sorted(state.hand, code))
            if is_complete(state) and not state.win:
                state = replace(state, win=code)
        elif state.mode == "dora":
            state = replace(state, dora=state.dora + code)
        elif state.mode == "ura":
            state = replace(state, ura=state.ura + code)
        elif meld := meld_for(state.mode, code):
            state = replace(state, melds=(*state.melds, meld))
    return state


def remove_tile(state: HandState, target: str) -> HandState:
    """A click on a tile of the hand, a meld or an indicator: ``hand:3``, ``melds:0``."""
    name, _, index_text = target.partition(":")
    if not index_text.isdigit():
        return state
    index = int(index_text)
    if name == "melds":
        return replace(state, melds=tuple(m for i, m in enumerate(state.melds) if i != index))
    if name not in ("hand", "dora", "ura"):
        return state
    tiles = safe_tiles(getattr(state, name))
    kept = format_tiles(t for i, t in enumerate(tiles) if i != index)
    if name == "dora":
        return replace(state, dora=kept)
    if name == "ura":
        return replace(state, ura=kept)
    win = state.win if state.win in safe_tiles(kept) else ""
    return replace(state, hand=kept, win=win)


def apply_edit(state: HandState, params: QueryDict) -> HandState | None:
    """The state after a no-JavaScript palette button, or None when none was pressed."""
    if "add" in params:
        return add_tile(state, params["add"])
    if "remove" in params:
        return remove_tile(state, params["remove"])
    if "clear" in params:
        return HandState(mode=state.mode, rules=state.rules, switches=state.switches)
    return None
