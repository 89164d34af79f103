"""The engine's input edge: a request (dict or JSON text) → a checked `Request`.

Every problem with a request is a `ScoringError` whose message says what to fix; the first
problem found is the one reported.

>>> r = parse_request({"hand": "123m456p789s11z234s", "win": "4s"})
>>> r.seat, r.round, r.rules.name, len(r.hand)
('S', 'E', 'mahjongsoul', 14)
>>> parse_request({"hand": "123m", "win": "5s", "melds": ["chi 135m"]})
Traceback (most recent call last):
...
scoring.engine.errors.ScoringError: meld 'chi 135m': a chi is three consecutive tiles of one suit
"""

from __future__ import annotations

import json
import json.scanner
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, cast

from .decompose import Group, MeldKind, meld_group
from .errors import ScoringError, shorten
from .payment import MAX_COUNTERS
from .rules import PRESETS, RuleSet, parse_rules
from .sanma_words import SANMA_ERRORS
from .tiles import (
    HONOURS,
    NORTH,
    TILE_INDEX,
    WINDS,
    SuitCounts,
    counts_of,
    format_tiles,
    names_and_counts,
    parse_tiles,
    recurring_names,
    suit_counts,
    tile_index,
    tile_name,
    tile_names,
)
from .words import Catalogue, phrase, word

FLAGS: Final = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)
# parse_request reads each field with its default where it reads the field (a test keeps
# those defaults and these alike).
DEFAULTS: dict[str, Any] = {
    "melds": [],
    "tsumo": False,
    "seat": "S",
    "round": "E",
    "dora": "",
    "ura": "",
    "flags": [],
    "honba": 0,
    "sticks": 0,
    "rules": "mahjongsoul",
    "kita": 0,
}
FIELDS: Final = ("hand", "win", *DEFAULTS)
KNOWN_FIELDS: Final = frozenset(FIELDS)
KNOWN_FLAGS: Final = frozenset(FLAGS)
MAX_INDICATORS: Final = 5  # one dora indicator plus one for each of up to four kans


@dataclass(frozen=True, slots=True)
class Meld:
    """A called meld or closed kan as written: its kind and tile names (red fives kept)."""

    kind: MeldKind
    tiles: tuple[str, ...]
    indices: tuple[int, ...]  # the tiles as indices, sorted

    @property
    def open(self) -> bool:
        return self.kind is not MeldKind.ANKAN

    def text(self) -> str:
        return f"{self.kind.value} {format_tiles(self.tiles)}"

    def group(self) -> Group:
        return meld_group(self.kind, self.indices)


REQUEST_FIELDS: Final = (
    "hand", "win", "melds", "tsumo", "seat", "round", "dora", "ura", "flags", "honba", "sticks",
    "rules", "tiles", "counts", "hand_counts", "concealed", "reds", "hand_suits", "kita",
)  # fmt: skip


class Request:
    """A checked request: everything the later stages need, in the engine's own types.

    A value, never changed once made: a plain class that sets its fields in its own
    `__init__` (one is made for every hand scored; compiled, about 50 ns, where a NamedTuple's
    generated `__new__` runs as Python). It compares and prints by its fields, as the
    NamedTuple it was did."""

    __slots__ = REQUEST_FIELDS

    def __init__(
        self,
        hand: tuple[str, ...],
        win: str,
        melds: tuple[Meld, ...],
        tsumo: bool,
        seat: str,
        round: str,  # noqa: A002 — the request's field
        dora: tuple[str, ...],
        ura: tuple[str, ...],
        flags: frozenset[str],
        honba: int,
        sticks: int,
        rules: RuleSet,
        # Worked out once from the above:
        tiles: tuple[str, ...],
        counts: tuple[int, ...],
        hand_counts: tuple[int, ...],
        concealed: bool,
        reds: int,
        hand_suits: SuitCounts | None = None,
        kita: int = 0,
    ) -> None:
        self.hand = hand
        self.win = win
        self.melds = melds
        self.tsumo = tsumo
        self.seat = seat
        self.round = round
        self.dora = dora
        self.ura = ura
        self.flags = flags
        self.honba = honba
        self.sticks = sticks
        self.rules = rules
        self.tiles = tiles  # every tile of the hand, called melds and closed kans included
        self.counts = counts  # 34 counts of `tiles`
        self.hand_counts = hand_counts  # 34 counts of the concealed tiles
        self.concealed = concealed  # no chi, pon or open kan (a closed kan keeps it closed)
        self.reds = reds  # red fives written `0` among `tiles`
        # `hand_counts` suit by suit, as parsing found them (the readings are split by suit)
        self.hand_suits = suit_counts(hand_counts) if hand_suits is None else hand_suits
        self.kita = kita  # three players: Norths set aside as nukidora (not among `tiles`)

    def fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in REQUEST_FIELDS)

    def __repr__(self) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in REQUEST_FIELDS)
        return f"Request({inside})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Request) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    @property
    def dealer(self) -> bool:
        return self.seat == "E"

    @property
    def riichi(self) -> bool:
        return "riichi" in self.flags or "double_riichi" in self.flags


def parse_request(request: Any, *, rules: Any = None) -> Request:
    """A checked Request from a dict or JSON text; `rules` overrides the request's rules.

    The fields are read in a fixed order and each is checked as it is read, so the first
    problem is the one reported; a value of an unexpected type goes to its field's helper,
    which says what is wrong (or accepts it: a lone string for the melds or flags)."""
    data = request if type(request) is dict else load(request)
    if not KNOWN_FIELDS.issuperset(data) or "hand" not in data or "win" not in data:
        check_fields(data)
    get = data.get
    ruleset = rules_of(rules if rules is not None else get("rules", "mahjongsoul"))
    hand_text = data["hand"]
    if type(hand_text) is not str:
        hand_text = text_field("hand", hand_text)
    hand, hand_counts, most, hand_suits = names_and_counts(hand_text, what="hand")
    melds = parse_melds(get("melds", NONE))
    tiles, counts, concealed, reds = hand, hand_counts, True, hand_text.count("0")
    if melds:
        tiles, counts, concealed, meld_reds, most = with_melds(hand, hand_counts, melds, most)
        reds += meld_reds
    flags = parse_flags(get("flags", NONE))
    win = data["win"]
    if type(win) is not str or win not in TILE_INDEX:
        win = parse_win(text_field("win", win))
    tsumo, seat, round_ = get("tsumo", False), get("seat", "S"), get("round", "E")
    if tsumo is not True and tsumo is not False:
        tsumo = bool_field("tsumo", tsumo)
    if type(seat) is not str or seat not in WINDS:
        seat = wind_field("seat", seat)
    if type(round_) is not str or round_ not in WINDS:
        round_ = wind_field("round", round_)
    dora, ura = indicators("dora", get("dora", "")), indicators("ura", get("ura", ""))
    honba, sticks = get("honba", 0), get("sticks", 0)
    if type(honba) is not int or not 0 <= honba <= MAX_COUNTERS:
        honba = count_field("honba", honba)
    if type(sticks) is not int or not 0 <= sticks <= MAX_COUNTERS:
        sticks = count_field("sticks", sticks)
    kita = kita_field(get("kita", 0), ruleset) if ruleset.players == 3 or "kita" in data else 0
    req = Request(
        hand, win, melds, tsumo, seat, round_, dora, ura, flags, honba, sticks, ruleset,
        tiles, counts, hand_counts, concealed, reds, hand_suits, kita,
    )  # fmt: skip
    if ruleset.players == 3:
        check_sanma(req)
    check_tiles(req, most)
    if flags:
        check_flags(req)
    return req


def with_melds(
    hand: tuple[str, ...], hand_counts: tuple[int, ...], melds: tuple[Meld, ...], most: int
) -> tuple[tuple[str, ...], tuple[int, ...], bool, int, int]:
    """With the melds' tiles: every tile, the 34 counts and whether the hand is still closed,
    the melds' red fives, and the largest count (`most` is the hand's)."""
    tiles, counts, concealed, reds = hand, list(hand_counts), True, 0
    for m in melds:
        tiles += m.tiles
        for t in m.tiles:
            i = TILE_INDEX[t]
            counts[i] += 1
            most = counts[i] if counts[i] > most else most
            reds += t[0] == "0"
        concealed = concealed and m.kind is MeldKind.ANKAN
    return tiles, tuple(counts), concealed, reds, most


NONE: Final[tuple[str, ...]] = ()  # no melds, no flags: the defaults, read without a list to copy
NO_FLAGS: Final[frozenset[str]] = frozenset()


# What a request can get wrong, per language (the English is the API's and the tests').
WORDS = Catalogue(
    "request",
    {
        "unknown_field": "unknown field {field!r}: the fields are {fields}",
        "needs_field": 'the request needs a "{field}"',
        "not_json": "the request is not valid JSON ({error})",
        "too_deep": "the request is not valid JSON (nested too deeply)",
        "not_object": "the request must be {shape}",
        "not_text": '"{key}" must be a string of tiles like "123m", not {value!r}',
        "not_list": '"{key}" must be a list of strings, not {value!r}',
        "not_bool": '"{key}" must be true or false, not {value!r}',
        "not_wind": '"{key}" must be one of E, S, W, N, not {value!r}',
        "not_count": '"{key}" must be a whole number from 0 to {most}, not {shown}',
        "win_one": "win {text!r} must be exactly one tile, like 4s",
        "meld_kind": "meld {text!r}: start with chi, pon, kan (open quad) or ankan (closed quad)",
        "meld_size": "meld {text!r}: {name} has {size} tiles",
        "meld_chi": "meld {text!r}: a chi is three consecutive tiles of one suit",
        "meld_same": "meld {text!r}: {name} is {count} of the same tile",
        "name_chi": "a chi",
        "name_pon": "a pon",
        "name_kan": "a kan",
        "name_ankan": "an ankan",
        "unknown_flag": "unknown flag {flag!r}: the flags are {flags}",
        "too_many_melds": "{count} melds: a hand has at most 4",
        "tile_count": "the hand has {count} tiles, but with {melds} meld it needs {needs} "
        "(the winning tile included, called melds and closed kans left out)",
        "tile_counts": "the hand has {count} tiles, but with {melds} melds it needs {needs} "
        "(the winning tile included, called melds and closed kans left out)",
        "tile_count_closed": "the hand has {count} tiles, but with {melds} melds it needs "
        "{needs} (the winning tile included, called melds and closed kans left out)",
        "win_missing": "win tile {win} is not in the hand",
        "win_missing_red": "win tile {win} is not in the hand (the hand has {other}: write the "
        "win tile the same way)",
        "too_many_dora": "{count} dora indicators: there are at most 5",
        "too_many_ura": "{count} ura indicators: there are at most 5",
        "copies": "there are {count} of {tile} across the hand, melds and indicators; "
        "a tile has only 4 copies",
        "reds": "{count} red 5{suit} ({red}): there is only one red five per suit",
        "double_riichi": "double_riichi already includes riichi",
        "riichi_open": "riichi needs a closed hand, but {meld} is open",
        "ippatsu": "ippatsu needs riichi or double_riichi",
        "rinshan_kan": "rinshan needs a kan among the melds",
        "rinshan_tsumo": "rinshan is won on the kan's replacement tile: a tsumo",
        "chankan_tsumo": "chankan robs another player's kan: it cannot be a tsumo",
        "haitei_tsumo": "haitei is the last tile drawn: it must be a tsumo",
        "houtei_tsumo": "houtei is the last discard: it cannot be a tsumo",
        "haitei_rinshan": "a win on a kan replacement tile is not haitei",
        "chankan_houtei": "chankan robs a tile added to a kan, houtei wins the last discard: "
        "not both",
        "ippatsu_rinshan": "ippatsu cannot go with rinshan: declaring the kan ended the ippatsu",
        "chankan_copies": "chankan robs the fourth {win} as it is added to another player's pon, "
        "so the other three are in that pon; this hand shows {copies} {win} across its tiles, "
        "melds and indicators",
        "tenhou_dealer": "tenhou is only for the dealer (seat E)",
        "chiihou_dealer": "chiihou is only for a non-dealer; the dealer's is tenhou",
        "first_draw": "tenhou and chiihou are won by tsumo on the first draw, with no melds",
        "first_riichi": "tenhou and chiihou are won on the first draw, before any riichi",
    },
)


def error(entry: str, /, **fields: object) -> ScoringError:
    """The error `entry` in the current language."""
    return ScoringError(phrase(WORDS, entry, **fields))


def check_fields(data: dict[str, Any]) -> None:
    """An unknown field, or a missing hand or win tile."""
    if not KNOWN_FIELDS.issuperset(data):
        unknown = next(k for k in data if k not in KNOWN_FIELDS)
        raise error("unknown_field", field=unknown, fields=", ".join(FIELDS))
    raise error("needs_field", field="win" if "hand" in data else "hand")


def rules_of(value: Any) -> RuleSet:
    preset = PRESETS.get(value) if type(value) is str else None  # the usual case: a name
    return preset.rules if preset is not None else parse_rules(value)


def load(request: Any) -> dict[str, Any]:
    return load_object(request, 'a JSON object like {"hand": ..., "win": ...}')


# The C scanner json.loads itself runs (the same parser, as the default decoder sets it up),
# called directly for the usual request, one JSON object and nothing around it: json.loads
# would first look for whitespace, then go through two Python-level methods.
SCAN_JSON: Final = json.scanner.make_scanner(cast(Any, json.JSONDecoder()))


def load_object(request: Any, shape: str = "a JSON object") -> dict[str, Any]:
    """A request as a dict: JSON text parsed, anything but an object refused (the settle and
    final requests read theirs here too)."""
    if type(request) is str and request[:1] == "{":
        try:
            value, end = SCAN_JSON(request, 0)
        except Exception:  # noqa: BLE001 — json.loads below says what is wrong
            end = -1
        if end == len(request) and type(value) is dict:
            return cast(dict[str, Any], value)
    if isinstance(request, (str, bytes)):
        try:
            request = json.loads(request)
        except ValueError as e:
            raise error("not_json", error=e) from None
        except RecursionError:  # "[[[[…" nested deeper than the parser goes
            raise error("too_deep") from None
    if not isinstance(request, dict):
        raise error("not_object", shape=shape)
    return request


def text_field(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise error("not_text", key=key, value=value)
    return value


def list_field(key: str, value: Any) -> list[str]:
    if isinstance(value, str):  # a lone string is one meld or flag, or several split by commas
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise error("not_list", key=key, value=value)
    return value


def bool_field(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise error("not_bool", key=key, value=value)
    return value


def wind_field(key: str, value: Any) -> str:
    if not isinstance(value, str) or value not in WINDS:
        raise error("not_wind", key=key, value=value)
    return str(value)


def count_field(key: str, value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNTERS:
        shown = shorten(repr(value))
        raise error("not_count", key=key, most=MAX_COUNTERS, shown=shown)
    return value


def indicators(key: str, value: Any) -> tuple[str, ...]:
    """The dora or ura indicators' tile names."""
    if value == "":
        return ()
    names = recurring_names(value) if type(value) is str and len(value) <= 5 else None
    return names if names is not None else tile_names(text_field(key, value), what=key)


def parse_win(text: str) -> str:
    if text in TILE_INDEX:
        return text  # the usual case, one tile name: nothing to parse
    tiles = parse_tiles(text, what="win")
    if len(tiles) != 1:
        raise error("win_one", text=text)
    return tiles[0]


MELD_KINDS: Final = {kind.value: kind for kind in MeldKind}  # a dict: calling the Enum is slower


def meld_name(kind: MeldKind) -> str:
    """A meld's kind in words ("a pon", "ポン")."""
    return word(WORDS, f"name_{kind.value}")


MELD_SIZES: Final = {MeldKind.CHI: 3, MeldKind.PON: 3, MeldKind.KAN: 4, MeldKind.ANKAN: 4}


@lru_cache(maxsize=1024)  # melds recur from hand to hand ("pon 777z")
def parse_meld(text: str) -> Meld:
    """A meld from text like `chi 123m`, `pon 777z`, `kan 1111s` or `ankan 9999p`.

    >>> parse_meld("pon 505p").text()
    'pon 505p'
    """
    kind_text, _, tiles_text = text.strip().partition(" ")
    kind = MELD_KINDS.get(kind_text)
    if kind is None:
        raise error("meld_kind", text=text)
    tiles = tile_names(tiles_text, what=f"meld {text!r}:")
    if len(tiles) != MELD_SIZES[kind]:
        raise error("meld_size", text=text, name=meld_name(kind), size=MELD_SIZES[kind])
    indices = sorted(tile_index(t) for t in tiles)
    if kind is MeldKind.CHI:
        first = indices[0]
        if first >= HONOURS or first % 9 > 6 or indices != [first, first + 1, first + 2]:
            raise error("meld_chi", text=text)
    elif len(set(indices)) != 1:
        raise error("meld_same", text=text, name=meld_name(kind), count=len(tiles))
    return Meld(kind, tiles, tuple(indices))


def parse_melds(value: Any) -> tuple[Meld, ...]:
    if type(value) is list and all_strings(value):
        return tuple(map(parse_meld, value)) if value else ()
    if value is NONE:
        return ()
    return tuple(map(parse_meld, list_field("melds", value)))  # says what is wrong, or splits


def parse_flags(value: Any) -> frozenset[str]:
    if not value and (value is NONE or type(value) is list):
        return NO_FLAGS  # most hands
    values = value if type(value) is list and all_strings(value) else list_field("flags", value)
    flags = frozenset(values)
    if not KNOWN_FLAGS.issuperset(flags):
        unknown = next(v for v in values if v not in KNOWN_FLAGS)
        raise error("unknown_flag", flag=unknown, flags=", ".join(FLAGS))
    return flags


def all_strings(values: list[Any]) -> bool:
    # A loop: a generator costs more than the few melds or flags it checks.
    for v in values:  # noqa: SIM110
        if type(v) is not str:
            return False
    return True


def kita_field(kita: Any, rules: RuleSet) -> int:
    """The Norths set aside (nukidora), 0 to 4, and only where the rules set them aside."""
    if type(kita) is not int or not 0 <= kita <= 4:
        raise ScoringError(phrase(SANMA_ERRORS, "kita_type", value=shorten(repr(kita))))
    if kita and not (rules.players == 3 and rules.nukidora):
        raise ScoringError(word(SANMA_ERRORS, "kita_rules"))
    return kita


def check_sanma(req: Request) -> None:
    """A three-player request checked against the three-player set and table (no 2m–8m, no
    chi, no North seat or round), its Norths set aside (`kita`, nukidora) included."""
    kita = req.kita
    indicators = [TILE_INDEX[t] for t in req.dora + req.ura]
    for i in range(1, 8):
        if req.counts[i] or i in indicators:
            raise ScoringError(phrase(SANMA_ERRORS, "characters", tile=tile_name(i)))
    for m in req.melds:
        if m.kind is MeldKind.CHI:
            raise ScoringError(phrase(SANMA_ERRORS, "chi", meld=m.text()))
    if req.seat == "N":
        raise ScoringError(word(SANMA_ERRORS, "north_seat"))
    if req.round == "N":
        raise ScoringError(word(SANMA_ERRORS, "north_round"))
    norths = req.counts[NORTH] + indicators.count(NORTH) + kita
    if norths > 4:
        raise ScoringError(phrase(SANMA_ERRORS, "kita_copies", count=norths, kita=kita))


def check_tiles(req: Request, most: int) -> None:
    """Tile count for the melds, the win tile in the hand, at most 4 of a tile, 1 red five;
    `most` is the largest of the request's counts (found as they were counted)."""
    hand, melds, dora, ura = req.hand, req.melds, req.dora, req.ura
    if len(melds) > 4:
        raise error("too_many_melds", count=len(melds))
    if len(hand) != 14 - 3 * len(melds):
        key = ("tile_count_closed", "tile_count")[len(melds)] if len(melds) < 2 else "tile_counts"
        raise error(key, count=len(hand), melds=len(melds), needs=14 - 3 * len(melds))
    if req.win not in hand:
        raise win_missing(req.win, hand)
    counts: Sequence[int] = req.counts
    reds = req.reds
    if dora or ura:
        if len(dora) > MAX_INDICATORS or len(ura) > MAX_INDICATORS:
            what, names = ("dora", dora) if len(dora) > MAX_INDICATORS else ("ura", ura)
            raise error(f"too_many_{what}", count=len(names))
        counts = list(counts)
        for t in dora + ura:
            i = TILE_INDEX[t]
            counts[i] += 1
            most = counts[i] if counts[i] > most else most
            reds += t[0] == "0"
    if most > 4 or reds > 1:  # two red fives may still be of different suits
        check_copies((*req.tiles, *dora, *ura))


def check_copies(tiles: Sequence[str]) -> None:
    """At most 4 of a tile and one red five per suit among tile names (the hand's, its
    melds' and the indicators' together), else a ScoringError that says which; also for a
    hand still being built.

    >>> check_copies(["0p", "5p", "0p"])
    Traceback (most recent call last):
    ...
    scoring.engine.errors.ScoringError: 2 red 5p (0p): there is only one red five per suit
    """
    counts = counts_of(TILE_INDEX[t] for t in tiles)
    if max(counts) > 4:
        i = next(i for i, c in enumerate(counts) if c > 4)
        raise error("copies", count=counts[i], tile=tile_name(i))
    reds = [t for t in tiles if t[0] == "0"]
    if len(reds) > len(set(reds)):
        red = next(r for r in reds if reds.count(r) > 1)
        raise error("reds", count=reds.count(red), suit=red[1], red=red)


def win_missing(win: str, hand: tuple[str, ...]) -> ScoringError:
    """The win tile is not in the hand; a hint when it is a five written red in one place and
    plain in the other."""
    other = ("5" if win[0] == "0" else "0") + win[1]
    if win[0] in "05" and other in hand:
        return error("win_missing_red", win=win, other=other)
    return error("win_missing", win=win)


RIICHI_FLAGS: Final = frozenset(
    {frozenset({r}) for r in ("riichi", "double_riichi")}
    | {frozenset({r, "ippatsu"}) for r in ("riichi", "double_riichi")}
)  # flags that only need a closed hand (most hands with flags)


def check_flags(req: Request) -> None:
    """Flags that contradict each other or the hand: the first problem, in a fixed order."""
    if req.concealed and req.flags in RIICHI_FLAGS:
        return
    for problem in flag_problems(req):
        raise ScoringError(problem)


def flag_problems(req: Request) -> Iterator[str]:
    f, riichi, tsumo = req.flags, req.riichi, req.tsumo
    kans = any(m.kind is MeldKind.KAN or m.kind is MeldKind.ANKAN for m in req.melds)
    if "riichi" in f and "double_riichi" in f:
        yield phrase(WORDS, "double_riichi")
    if riichi and not req.concealed:
        open_meld = next(m for m in req.melds if m.open)
        yield phrase(WORDS, "riichi_open", meld=open_meld.text())
    if "ippatsu" in f and not riichi:
        yield phrase(WORDS, "ippatsu")
    if "rinshan" in f and not kans and not req.kita:
        yield (
            word(SANMA_ERRORS, "rinshan") if req.rules.players == 3 else word(WORDS, "rinshan_kan")
        )
    if "rinshan" in f and not tsumo:
        yield phrase(WORDS, "rinshan_tsumo")
    if "chankan" in f and tsumo:
        yield phrase(WORDS, "chankan_tsumo")
    if "haitei" in f and not tsumo:
        yield phrase(WORDS, "haitei_tsumo")
    if "houtei" in f and tsumo:
        yield phrase(WORDS, "houtei_tsumo")
    if "haitei" in f and "rinshan" in f:
        yield phrase(WORDS, "haitei_rinshan")
    if "chankan" in f and "houtei" in f:
        yield phrase(WORDS, "chankan_houtei")
    if "ippatsu" in f and "rinshan" in f:
        yield phrase(WORDS, "ippatsu_rinshan")
    if "chankan" in f and (copies := win_copies(req)) > 1:
        yield phrase(WORDS, "chankan_copies", win=req.win, copies=copies)
    if "tenhou" in f and not req.dealer:
        yield phrase(WORDS, "tenhou_dealer")
    if "chiihou" in f and req.dealer:
        yield phrase(WORDS, "chiihou_dealer")
    if ("tenhou" in f or "chiihou" in f) and (not tsumo or req.melds):
        yield phrase(WORDS, "first_draw")
    if ("tenhou" in f or "chiihou" in f) and riichi:
        yield phrase(WORDS, "first_riichi")
    if ("tenhou" in f or "chiihou" in f) and req.kita:
        yield word(SANMA_ERRORS, "kita_first")


def win_copies(req: Request) -> int:
    """How many of the winning tile the request shows: hand, melds and indicators (a red
    five counts as a five)."""
    win = TILE_INDEX[req.win]
    return req.counts[win] + sum(TILE_INDEX[t] == win for t in req.dora + req.ura)
