"""Tenhou's mjlog XML (`<mjloggm>`) read into a `LoggedGame`.

The log is a flat list of tags, one a line or all on one line:
- `<GO type>`: the table's rules as bits (0x02 no red fives, 0x04 no open tanyao, 0x08 East and
  South, 0x10 three players; 0x01, 0x20, 0x40, 0x80 name the room and speed, which score the
  same; 0x100 and up: special tables), `<UN n0..n3>` the names (URL-encoded), `<TAIKYOKU>`;
- per hand `<INIT seed="round,honba,deposits,dice,dice,dora indicator" ten oya hai0..hai3>`,
  draws `<T12>`/`<U..>`/`<V..>`/`<W..>`, discards `<D..>`/`<E..>`/`<F..>`/`<G..>`, calls
  `<N who m>`, `<REACH who step>` (step 2: the stick is paid), `<DORA hai>`, and its end:
  `<AGARI ...>` (one a winner: two in a row off one discard are a double ron) or
  `<RYUUKYOKU type? sc hai0..3>`; the last end carries `owari` (scores and final points).

Tiles are numbers 0–135 (four of each kind: number // 4 is 0–8 man, 9–17 pin, 18–26 sou,
27–33 the honours); 16, 52 and 88 are the red fives when the table has them. A call's `m`
packs its kind, tiles and where the tile came from into bits (`meld_of`).

Problems are data (`LogError`), for the site to word in any language:
- "bad_xml" (where: line, column; the hand it broke off in when hands were read before it):
  why "cut_short" (the text stops inside the XML), "malformed" (expat's `code` beside it),
  "entities" or "dtd" (refused, never expanded);
- "bad_value" (where: hand, line, tag): `what` is the attribute as the log names it (seed,
  ten, oya, hai0-hai3, who, fromWho, paoWho, hai, machi, m, yaku, yakuman, doraHai,
  doraHaiUra, sc, owari, step, type) or "order" (a tag where it cannot be), "tile" (a draw or
  discard's tile), "nagashi" (a nagashi draw nobody made), "no_end" (a hand with no end
  before the next); `value` the text found;
- a log cut short (`LoggedGame.cut`): "bad_xml" as above, or "bad_value" with what "no_end"
  (the last hand has no end) or "no_owari" (no end of the game);
- "sanma" (a three-player game, when the caller does not take them), "not_a_log" (why
  "not_mjlog"), "no_hands".

Three-player games (GO bit 0x10) are read when the caller takes them (`sanma=True`): the
seats are 0 to 2 (the log's fourth seat, North, is empty: no name, no score, no tiles, and
calls still count seats around four places), the characters are 1m and 9m only, there is no
chi, and a North set aside (a call whose `m` has bit 0x20, nukidora) is counted for the seat:
a winner's Norths set aside are its hand's "kita" (the calls left are its melds), and a tsumo
on the tile drawn after one is rinshan with no kan feeder. The scores, changes and final
standings are the three seats'.

Each win is read from its AGARI alone (`win_of`): the concealed tiles with the winning tile,
the calls, the dora and ura indicators, the flags the recorded yaku show, and the record
(han, fu, points, limit, yaku); a yakuman's record lists no riichi, so a winner's riichi
(double when declared on a first discard before any call) comes from the REACH tags then.
Riichi seats are the REACH step 2s of the hand (a riichi ronned on its declaring discard paid
no stick). A tsumo on a called kan's replacement tile names the kan's feeder (`kan_from`);
an exhaustive draw's tenpai seats are the hands shown, a nagashi mangan's seats those whose
discards were all terminals and honours, none called. The hand's `deltas` are the `sc`
changes (summed over a double ron): the riichi sticks of the hand are not in them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote
from xml.parsers.expat import ExpatError, errors

from defusedxml import DefusedXmlException, DTDForbidden
from defusedxml.ElementTree import DefusedXMLParser

from scoring.engine.entered import Abortive, Draw, HandEnd, PaoEntry, Ron, Tsumo, WinEntry
from scoring.engine.rules import Abort
from scoring.engine.tiles import format_tiles

from . import MAX_HANDS, LogError, LoggedGame, LoggedHand, LoggedWin, Recorded, identity_of
from .ending import with_logged_uma

ROUNDS = "ESWN"
SUITS = "mpsz"
RED_FIVES = frozenset({16, 52, 88})
TERMINALS_AND_HONOURS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})

# GO type bits.
VS_HUMAN, NO_RED, NO_KUITAN, HANCHAN, SANMA, TOKUJOU, FAST, JOUKYUU = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80,
)  # fmt: skip
KNOWN_BITS = 0xFF  # above: special tables, scored here as the Tenhou preset (rules_text says)
ROOMS = {0: "般", JOUKYUU: "上", TOKUJOU: "特", TOKUJOU | JOUKYUU: "鳳"}

# Tenhou's yaku numbers -> the engine's yaku ids (as POST /api/v1/score names them).
YAKU_IDS: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
    10: "seat_wind", 11: "seat_wind", 12: "seat_wind", 13: "seat_wind",
    14: "round_wind", 15: "round_wind", 16: "round_wind", 17: "round_wind",
    18: "yakuhai_haku", 19: "yakuhai_hatsu", 20: "yakuhai_chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu",
    37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren",
    47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
    52: "dora", 53: "ura_dora", 54: "aka_dora",
}  # fmt: skip
# The score request's flags, each the id of the yaku it stands for.
FLAG_ORDER: tuple[str, ...] = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan")
FLAG_ORDER += ("haitei", "houtei", "tenhou", "chiihou")
LIMITS = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}
ABORTS = {
    "yao9": Abort.NINE_TERMINALS,
    "kaze4": Abort.FOUR_WINDS,
    "kan4": Abort.FOUR_KANS,
    "reach4": Abort.FOUR_RIICHI,
    "ron3": Abort.TRIPLE_RON,
}
# expat's errors for text that stops inside the XML (the rest: "malformed")
CUT_SHORT = frozenset(
    errors.codes[m]
    for m in (
        errors.XML_ERROR_NO_ELEMENTS,
        errors.XML_ERROR_UNCLOSED_TOKEN,
        errors.XML_ERROR_PARTIAL_CHAR,
    )
)
DRAW_TAG = re.compile(r"[TUVW](\d+)\Z")
DISCARD_TAG = re.compile(r"[DEFG](\d+)\Z")


class Bad(Exception):
    """A value that is not what the format says, made a LogError ("bad_value") where it is
    known: `what` is the attribute as the log names it ("machi", "m", "ten", ...) or one of
    ORDER_KEYS, `value` the text found (shortened), as data for any language to word."""

    def __init__(self, what: str, value: object = "") -> None:
        super().__init__(what, value)
        self.what = what
        self.value = str(value)[:40]


# ---- values ----------------------------------------------------------------------------------


def numbers(text: str | None, what: str, *, count: int | None = None) -> list[int]:
    """The comma-separated whole numbers of an attribute ("" is none)."""
    if text is None:
        if count == 0:
            return []
        raise Bad(what)
    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    try:
        found = [int(p) for p in parts]
    except ValueError:
        raise Bad(what, text) from None
    if count is not None and len(found) != count:
        raise Bad(what, text)
    return found


def number(text: str | None, what: str, low: int, high: int) -> int:
    (n,) = numbers(text, what, count=1)
    if not low <= n <= high:
        raise Bad(what, n)
    return n


def tiles_of(text: str | None, what: str) -> list[int]:
    found = numbers(text, what)
    for t in found:
        if not 0 <= t <= 135:
            raise Bad(what, t)
    return found


def tile_text(tiles: Sequence[int], *, red: bool) -> str:
    """Tile numbers in MPSZ, each suit's tiles in order, red fives as 0: "23406799m234s"."""
    return format_tiles(tile_name(t, red=red) for t in sorted(tiles))


def tile_name(t: int, *, red: bool) -> str:
    """One tile number's MPSZ name (the 136 tiles: four of each kind, in MPSZ order)."""
    return f"{0 if red and t in RED_FIVES else t // 4 % 9 + 1}{SUITS[t // 36]}"


@dataclass(frozen=True)
class Meld:
    """A call: its kind ("chi", "pon", "kan" (called or added), "ankan"), its tile numbers and
    the seat offset it was called from (0 for a closed kan; 1 the next seat, 3 the one before).
    """

    kind: str
    tiles: tuple[int, ...]
    offset: int
    added: bool = False  # a kan added to a pon

    def text(self, *, red: bool) -> str:
        return f"{self.kind} {tile_text(self.tiles, red=red)}"

    @property
    def takes_discard(self) -> bool:
        return self.offset != 0 and not self.added


def meld_of(m: int) -> Meld:
    """A call from its `m` bits.

    >>> meld_of(47147).text(red=True), meld_of(37899).text(red=True)
    ('pon 444z', 'pon 777s')
    """
    if not 0 <= m < 1 << 16:  # 0 is a closed kan of 1m
        raise Bad("m", m)
    offset = m & 3
    if m & 0x4:  # chi: the lowest tile's kind (7 starts a suit) and which copy of each
        pattern, called = divmod(m >> 10, 3)
        if pattern >= 21:
            raise Bad("m", m)
        kind = pattern // 7 * 9 + pattern % 7
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        return Meld("chi", tuple(4 * (kind + i) + copies[i] for i in range(3)), offset)
    if m & 0x18:  # pon (0x8) or added kan (0x10): the kind, and the copy left out of the pon
        kind, called = divmod(m >> 9, 3)
        if kind >= 34 or offset == 0:
            raise Bad("m", m)
        left_out = (m >> 5) & 3
        if m & 0x8:
            return Meld("pon", tuple(4 * kind + i for i in range(4) if i != left_out), offset)
        return Meld("kan", tuple(4 * kind + i for i in range(4)), offset, added=True)
    if m & 0x20:
        raise Bad("m", m)  # a north set aside: three players
    kind = (m >> 8) // 4  # a kan: the called (or first) tile
    if kind >= 34:
        raise Bad("m", m)
    return Meld("kan" if offset else "ankan", tuple(4 * kind + i for i in range(4)), offset)


# ---- one win ---------------------------------------------------------------------------------


def recorded_of(a: dict[str, str]) -> Recorded:
    """What the server recorded of a win: `ten` ("fu,points,limit"), `yaku` (pairs of number
    and han) and `yakuman` (numbers, 13 han each)."""
    fu, points, limit = numbers(a.get("ten"), "ten", count=3)
    if limit not in LIMITS or fu < 0 or points <= 0:
        raise Bad("ten", a.get("ten"))
    pairs = numbers(a.get("yaku", ""), "yaku")
    if len(pairs) % 2:
        raise Bad("yaku", a.get("yaku"))
    yaku: list[tuple[str, int]] = []
    for n, han in zip(pairs[::2], pairs[1::2], strict=True):
        if n not in YAKU_IDS or not 0 <= han <= 26:
            raise Bad("yaku", f"{n},{han}")
        if han:
            yaku.append((YAKU_IDS[n], han))
    for n in numbers(a.get("yakuman", ""), "yakuman"):
        if n not in YAKU_IDS or not 37 <= n <= 51:
            raise Bad("yakuman", n)
        yaku.append((YAKU_IDS[n], 13))
    if not yaku:
        raise Bad("yaku")  # none recorded
    han = sum(h for _, h in yaku)
    return Recorded(han=han, fu=fu, points=points, limit=LIMITS[limit], yaku=tuple(yaku))


def is_nuki(m: int) -> bool:
    """Whether a call's `m` is a North set aside (three players, nukidora), not a meld."""
    return 0 <= m < 1 << 16 and not m & 0x1C and bool(m & 0x20)


def win_of(a: dict[str, str], *, red: bool = True, riichi: str | None = None) -> LoggedWin:
    """One winner from an AGARI's attributes; `riichi` ("riichi" or "double_riichi") when the
    winner declared it (a yakuman's record lists no riichi).

    >>> w = win_of({"who": "0", "fromWho": "1", "hai": "5,11,12,16,22,26,32,33,79,82,84,87,90,92",
    ...     "machi": "84", "ten": "30,5800,0", "yaku": "1,1,7,1,54,1,53,0", "doraHai": "40",
    ...     "doraHaiUra": "96"})
    >>> w.hand["hand"], w.hand["win"], w.hand["flags"], w.recorded.points, w.tsumo
    ('23406799m234456s', '4s', ['riichi'], 5800, False)
    """
    seat = number(a.get("who"), "who", 0, 3)
    from_seat = number(a.get("fromWho"), "fromWho", 0, 3)
    pao = number(a["paoWho"], "paoWho", 0, 3) if "paoWho" in a else None
    concealed = tiles_of(a.get("hai"), "hai")
    machi = number(a.get("machi"), "machi", 0, 135)
    calls = numbers(a.get("m", ""), "m")
    kita = sum(1 for m in calls if is_nuki(m))  # three players: Norths set aside
    melds = [meld_of(m) for m in calls if not is_nuki(m)]
    everything = concealed + [t for meld in melds for t in meld.tiles]
    if machi not in concealed:
        raise Bad("machi", machi)  # not in the hand
    if len(set(everything)) != len(everything):
        raise Bad("hai", a.get("hai"))  # a tile twice, among the calls too
    if len(concealed) + 3 * len(melds) != 14:
        raise Bad("hai", a.get("hai"))  # not 14 tiles with the calls
    dora = tiles_of(a.get("doraHai"), "doraHai")
    ura = tiles_of(a.get("doraHaiUra", ""), "doraHaiUra")
    if not 1 <= len(dora) <= 5 or len(ura) > len(dora):
        raise Bad("doraHai", a.get("doraHai"))  # 1 to 5 (and no more ura)
    recorded = recorded_of(a)
    ids = {y for y, _ in recorded.yaku}
    flags = [f for f in FLAG_ORDER if f in ids]
    if riichi and "riichi" not in flags and "double_riichi" not in flags:
        flags.insert(0, riichi)
    hand: dict[str, Any] = {
        "hand": tile_text(concealed, red=red),
        "win": tile_text([machi], red=red),
        "melds": [m.text(red=red) for m in melds],
        "dora": " ".join(tile_text([t], red=red) for t in dora),
        "ura": " ".join(tile_text([t], red=red) for t in ura),
        "flags": flags,
    }
    if kita:
        hand["kita"] = kita
    return LoggedWin(seat, from_seat, pao, hand, recorded)


# ---- the XML, as a list of tags --------------------------------------------------------------


@dataclass(frozen=True)
class Tag:
    name: str
    attrs: dict[str, str]
    line: int


@dataclass
class Parsed:
    tags: list[Tag] = field(default_factory=list)
    error: LogError | None = None  # where the XML broke off (the tags before it are kept)


def parse_tags(text: str) -> Parsed:
    """Every start tag in order with its line; XML that breaks off keeps what came before it.
    Entity declarations and DTDs are refused (defusedxml): a billion laughs never expands."""
    parsed = Parsed()
    parser = DefusedXMLParser(target=None, forbid_dtd=True)
    expat: Any = parser.parser

    def start(name: str, attrs: list[str]) -> None:  # ElementTree asks for them in order
        pairs = dict(zip(attrs[::2], attrs[1::2], strict=True))
        parsed.tags.append(Tag(name, pairs, int(expat.CurrentLineNumber)))

    expat.StartElementHandler = start
    expat.EndElementHandler = None
    try:
        expat.Parse(text, True)  # the start tags only: no tree is built
    except ExpatError as e:
        why = "cut_short" if e.code in CUT_SHORT else "malformed"
        where = {"line": e.lineno, "column": e.offset + 1}
        parsed.error = LogError("bad_xml", where, why=why, code=e.code)
    except DefusedXmlException as e:
        why = "dtd" if isinstance(e, DTDForbidden) else "entities"
        parsed.error = LogError("bad_xml", {"line": int(expat.CurrentLineNumber)}, why=why)
    return parsed


# ---- the game --------------------------------------------------------------------------------


@dataclass
class Table:
    """What the game is: the rules from GO, the names from UN, the seed from SHUFFLE (and the
    first hand's deal, for a log with no seed)."""

    go_type: int | None = None
    names: tuple[str, ...] | None = None
    sanma: bool = False  # three-player games are taken (the caller's choice)
    seed: str = ""
    first_deal: str = ""

    @property
    def red(self) -> bool:
        return not (self.go_type or 0) & NO_RED

    @property
    def players(self) -> int:
        return 3 if (self.go_type or 0) & SANMA else 4


@dataclass
class Hand:
    """A hand being read: where it started, who declared riichi, the discards (for nagashi
    mangan), its end tags."""

    number: int
    line: int
    seed: list[int]
    scores: tuple[int, ...]
    dealer: int
    riichi: list[int] = field(default_factory=list)
    declared_first: set[int] = field(default_factory=set)  # declared before any call or discard
    declared_turn: dict[int, int] = field(default_factory=dict)  # by seat: the riichi's turn
    discards: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    called_from: set[int] = field(default_factory=set)  # seats a discard was called from
    calls: int = 0
    kan_feeder: dict[int, int | None] = field(default_factory=dict)  # by seat: its last kan's
    # (a North set aside by a seat clears its feeder: the next replacement tile is the North's)
    wins: list[LoggedWin] = field(default_factory=list)
    sc: list[list[int]] = field(default_factory=list)
    end: HandEnd | None = None
    result: str = ""


@dataclass
class Game:
    table: Table = field(default_factory=Table)
    hands: list[LoggedHand] = field(default_factory=list)
    open: Hand | None = None
    owari: list[float] | None = None


def read_tenhou_xml(text: str, *, sanma: bool = False) -> LoggedGame:
    """The game in an mjlog's text (a LogError when it is not one or a value is bad); a
    three-player game only when `sanma` (else the LogError "sanma")."""
    parsed = parse_tags(text)
    tags = parsed.tags
    if not tags or tags[0].name != "mjloggm":
        if parsed.error is not None and not tags:
            raise parsed.error
        raise LogError("not_a_log", why="not_mjlog")
    game = Game()
    game.table.sanma = sanma
    for tag in tags[1:]:
        if game.owari is not None:
            break  # the game is over: nothing after it counts
        hand = game.open.number if game.open else len(game.hands) + 1
        if tag.name == "INIT" and game.open:
            hand += 1  # a new hand's INIT
        where: dict[str, Any] = {"hand": hand, "line": tag.line, "tag": tag.name}
        try:
            read_tag(game, tag)
        except Bad as e:
            raise LogError("bad_value", where, what=e.what, value=e.value) from None
    finish(game)  # a hand whose end was read is complete (whatever comes after it)
    broken, cut = parsed.error, None
    if broken is not None:
        hand = game.open.number if game.open else len(game.hands) + 1
        cut = LogError("bad_xml", {"hand": hand, **broken.where}, **broken.params)
    elif game.open is not None:
        where = {"hand": game.open.number, "line": game.open.line}
        cut = LogError("bad_value", where, what="no_end")
    elif game.owari is None:
        cut = LogError("bad_value", {"hand": len(game.hands) + 1}, what="no_owari")
    if not game.hands:
        if broken is not None:
            raise broken
        raise LogError("no_hands")
    return logged_game(game, cut)


def logged_game(game: Game, cut: LogError | None) -> LoggedGame:
    t = game.table
    go_type = t.go_type or 0
    players = t.players
    rules: dict[str, Any] = {"preset": "tenhou_sanma" if players == 3 else "tenhou"}
    if go_type & NO_RED:
        rules["red_fives"] = False
    if go_type & NO_KUITAN:
        rules["open_tanyao"] = False
    extra: dict[str, Any] = {"go_type": go_type}
    if go_type & ~KNOWN_BITS:
        extra["special_table"] = True
    end_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    if game.owari is not None:
        end_scores = tuple(round(s * 100) for s in game.owari[0 : 2 * players : 2])
        final_points = tuple(game.owari[1 : 2 * players : 2])
    game_read = LoggedGame(
        format="tenhou_xml",
        players=(t.names or ("", "", "", ""))[:players],
        rules=rules,
        rules_text=lobby_name(go_type),
        length="hanchan" if go_type & HANCHAN else "tonpuusen",
        hands=tuple(game.hands),
        end_scores=end_scores,
        final_points=final_points,
        cut=cut,
        extra=extra,
        identity=(
            identity_of("tenhou_xml", "seed", t.seed)
            if t.seed
            else identity_of("tenhou_xml", "deal", t.names, t.first_deal)
        ),
    )
    return with_logged_uma(game_read)  # the uma its end record shows


def lobby_name(go_type: int) -> str:
    """The table as Tenhou names it ("鳳南喰赤"; a special table's type after it in hex).

    >>> lobby_name(0xA9), lobby_name(0x01), lobby_name(0x229), lobby_name(0xB9)
    ('鳳南喰赤', '般東喰赤', '特南喰赤 (0x229)', '三鳳南喰赤')
    """
    name = "三" if go_type & SANMA else ""
    name += ROOMS[go_type & (TOKUJOU | JOUKYUU)]
    name += "南" if go_type & HANCHAN else "東"
    name += "" if go_type & NO_KUITAN else "喰"
    name += "" if go_type & NO_RED else "赤"
    name += "速" if go_type & FAST else ""
    if go_type & ~KNOWN_BITS:
        name += f" ({go_type:#x})"
    return name


def read_tag(game: Game, tag: Tag) -> None:
    name = tag.name
    reader = READERS.get(name)
    if reader is not None:
        reader(game, tag)
        return
    hand = game.open
    move = DRAW_TAG.match(name) or DISCARD_TAG.match(name)
    if move is None:
        return  # SHUFFLE, TAIKYOKU, BYE, ...: nothing scored
    if hand is None or hand.end is not None:
        raise Bad("order")  # a draw or discard outside a hand
    digits = move.group(1)
    if len(digits) > 3 or int(digits) > 135:
        raise Bad("tile", digits)
    tile = int(digits)
    if DISCARD_TAG.match(name):
        hand.discards["DEFG".index(name[0])].append(tile)


def read_go(game: Game, tag: Tag) -> None:
    if game.table.go_type is not None or game.hands or game.open:
        raise Bad("order")  # a second GO, or one after the first hand
    go_type = number(tag.attrs.get("type"), "type", 0, 0xFFFF)
    if go_type & SANMA and not game.table.sanma:
        raise LogError("sanma", {"line": tag.line})
    game.table.go_type = go_type


def read_un(game: Game, tag: Tag) -> None:
    if game.table.names is not None or not all(f"n{i}" in tag.attrs for i in range(4)):
        return  # a player coming back: the names are known
    game.table.names = tuple(unquote(tag.attrs[f"n{i}"]).strip() for i in range(4))


def read_init(game: Game, tag: Tag) -> None:
    if game.table.go_type is None:
        raise Bad("order")  # a hand before the table's GO
    if game.open is not None:
        if game.open.end is None:
            raise Bad("no_end")  # the hand before it
        finish(game)
    a = tag.attrs
    seed = numbers(a.get("seed"), "seed", count=6)
    if not 0 <= seed[0] < 16 or seed[1] < 0 or seed[2] < 0 or not 0 <= seed[5] <= 135:
        raise Bad("seed", a.get("seed"))
    ten = numbers(a.get("ten"), "ten", count=4)
    players = game.table.players
    dealer = number(a.get("oya"), "oya", 0, players - 1)
    if dealer != seed[0] % 4:
        raise Bad("oya", dealer)  # not the dealer of this hand of the round
    for i in range(players):
        if len(tiles_of(a.get(f"hai{i}"), f"hai{i}")) != 13:
            raise Bad(f"hai{i}", a.get(f"hai{i}"))  # not 13 tiles
    scores = tuple(100 * t for t in ten[:players])
    if not game.hands and not game.table.first_deal:
        game.table.first_deal = " ".join(
            a.get(k, "") for k in ("seed", "hai0", "hai1", "hai2", "hai3")
        )
    if len(game.hands) >= MAX_HANDS:
        raise LogError("too_many_hands", {"line": tag.line}, most=MAX_HANDS)
    game.open = Hand(len(game.hands) + 1, tag.line, seed, scores, dealer)


def playing(game: Game) -> Hand:
    if game.open is None or game.open.end is not None:
        raise Bad("order")  # outside a hand
    return game.open


def read_n(game: Game, tag: Tag) -> None:
    hand = playing(game)
    who = number(tag.attrs.get("who"), "who", 0, 3)
    m = number(tag.attrs.get("m"), "m", 0, 0xFFFF)
    hand.calls += 1
    if game.table.players == 3 and is_nuki(m):
        hand.kan_feeder[who] = None  # its replacement tile follows a North, not a kan
        return
    meld = meld_of(m)
    feeder = (who + meld.offset) % 4 if meld.takes_discard else None
    if feeder is not None:
        hand.called_from.add(feeder)
    if meld.kind in ("kan", "ankan"):
        hand.kan_feeder[who] = feeder  # a called kan's discarder (None: closed or added)


def read_reach(game: Game, tag: Tag) -> None:
    hand = playing(game)
    who = number(tag.attrs.get("who"), "who", 0, 3)
    step = number(tag.attrs.get("step"), "step", 1, 2)
    if step == 1:
        if hand.calls == 0 and not hand.discards[who]:
            hand.declared_first.add(who)
        hand.declared_turn.setdefault(who, len(hand.discards[who]) + 1)
    elif who not in hand.riichi:
        hand.riichi.append(who)


def read_shuffle(game: Game, tag: Tag) -> None:
    if not game.table.seed:
        game.table.seed = tag.attrs.get("seed", "")[:2000]


def read_dora(game: Game, tag: Tag) -> None:
    playing(game)
    number(tag.attrs.get("hai"), "hai", 0, 135)


def read_agari(game: Game, tag: Tag) -> None:
    hand = game.open
    if hand is None or hand.end is not None and not isinstance(hand.end, Ron):
        raise Bad("order")  # a win outside a hand
    a = tag.attrs
    who = number(a.get("who"), "who", 0, 3)
    riichi = None
    if who in hand.riichi:
        riichi = "double_riichi" if who in hand.declared_first else "riichi"
    win = win_of(a, red=game.table.red, riichi=riichi)
    second = hand.end is not None  # a second winner off the same discard
    if second and (win.tsumo or win.from_seat != hand.wins[0].from_seat or win.seat in seats(hand)):
        raise Bad("fromWho", win.from_seat)  # a second win, not off the same discard
    hand.wins.append(win)
    read_sc(game, hand, tag)
    entries = tuple(WinEntry(w.seat, hand=w.hand) for w in hand.wins)
    paos = [w for w in hand.wins if w.pao is not None and w.pao != w.seat]
    if len(paos) > 1:
        raise Bad("paoWho", a.get("paoWho"))  # two liable players
    pao = None
    if paos:
        pao = PaoEntry(paos[0].pao or 0, paos[0].seat if len(entries) > 1 else None)
    if win.tsumo:
        # a win on the replacement tile of a called kan: who fed it (liable where rules say)
        feeder = hand.kan_feeder.get(who) if "rinshan" in win.hand["flags"] else None
        hand.end = Tsumo(entries[0], pao, feeder)
    else:
        hand.end = Ron(win.from_seat, entries, pao)
    hand.result = "AGARI"
    if game.owari is not None:
        finish(game)


def seats(hand: Hand) -> list[int]:
    return [w.seat for w in hand.wins]


def read_ryuukyoku(game: Game, tag: Tag) -> None:
    hand = playing(game)
    a = tag.attrs
    kind = a.get("type", "")
    read_sc(game, hand, tag)
    if kind in ABORTS:
        hand.end = Abortive(ABORTS[kind])
    elif kind in ("", "nm"):
        tenpai = tuple(i for i in range(4) if f"hai{i}" in a)
        for i in tenpai:
            tiles_of(a[f"hai{i}"], f"hai{i}")
        nagashi: tuple[int, ...] = ()
        if kind == "nm":
            nagashi = tuple(
                s
                for s in range(4)
                if hand.discards[s]
                and s not in hand.called_from
                and all(t // 4 in TERMINALS_AND_HONOURS for t in hand.discards[s])
            )
            if not nagashi:
                raise Bad("nagashi")  # nobody discarded only terminals and honours, uncalled
        hand.end = Draw(tenpai=tenpai, nagashi=nagashi)
    else:
        raise Bad("type", kind)
    hand.result = f"RYUUKYOKU {kind}".strip()
    if game.owari is not None:
        finish(game)


def read_sc(game: Game, hand: Hand, tag: Tag) -> None:
    """The end's score changes (and, on the game's last end, `owari`)."""
    sc = numbers(tag.attrs.get("sc"), "sc", count=8)
    hand.sc.append(sc[1::2])
    if "owari" in tag.attrs:
        text = tag.attrs["owari"]
        try:
            owari = [float(p) for p in text.split(",")]
        except ValueError:
            raise Bad("owari", text) from None
        if len(owari) != 8 or any(v != v or abs(v) > 1e7 for v in owari):
            raise Bad("owari", text)
        game.owari = owari


def finish(game: Game) -> None:
    """The open hand, complete, added to the game's hands."""
    hand = game.open
    if hand is None or hand.end is None:
        return
    game.open = None
    seed = hand.seed
    deltas = tuple(100 * sum(changes[i] for changes in hand.sc) for i in range(game.table.players))
    game.hands.append(
        LoggedHand(
            number=hand.number,
            round=ROUNDS[seed[0] // 4],
            hand_in_round=seed[0] % 4 + 1,
            honba=seed[1],
            deposits=seed[2],
            dealer=hand.dealer,
            scores=hand.scores,
            riichi=tuple(sorted(hand.riichi)),
            end=hand.end.to_json(),
            wins=tuple(hand.wins),
            deltas=deltas,
            result=hand.result,
            riichi_turns=tuple(sorted(hand.declared_turn.items())),
        )
    )


READERS: dict[str, Callable[[Game, Tag], None]] = {
    "SHUFFLE": read_shuffle,
    "GO": read_go,
    "UN": read_un,
    "INIT": read_init,
    "N": read_n,
    "REACH": read_reach,
    "DORA": read_dora,
    "AGARI": read_agari,
    "RYUUKYOKU": read_ryuukyoku,
}
