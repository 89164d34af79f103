"""The tenhou.net/6 JSON log read into a `LoggedGame`: pure Python, no Django.

The format (the one Tenhou's log editor writes, and Mahjong Soul exporters and game reviewers
copy): `{"title": [...], "name": [four names], "rule": {"disp": "般南喰赤", "aka": 1}, "log":
[hand, ...], "sc": [score, points, ...]}`. A hand is one array:

    [[round_index, honba, deposits], [four scores], [dora indicators], [ura indicators],
     dealt0, draws0, discards0, ..., dealt3, draws3, discards3, result]

Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East South West North white green
red, 51/52/53 the red fives. A draw may be a call instead ("c" chi, "p" pon, "m" an open kan;
the letter's place says whose discard it took), a discard may be a riichi ("r" + tile), an
added kan ("k") or a closed kan ("a"); 60 throws the tile just drawn, 0 stands for the discard
an open kan replaces. The result is `["和了", changes, [winner, from, pao, "30符1飜1000点",
"立直(1飜)", ...], ...]` (a second ron adds its own pair), `["流局", changes]`, `["流し満貫",
changes]`, `["全員聴牌"]`, `["全員不聴"]` or an abortive draw's name.

The hand is replayed turn by turn (who calls which discard is worked out as Tenhou's own
viewer does) to find each winner's concealed tiles and calls at the win, the winning tile,
riichi and when, and the situations a flag names: ippatsu, haitei/houtei (the 70 tiles of the
live wall, replacement draws included), rinshan, chankan, double riichi, tenhou/chiihou. For a
hand that is not a yakuman the flags are the recorded yaku's and must agree with the replay.

Every problem is a `LogError`; a bad value's `what` is one of WHATS and `where` names the hand
and the value's key path (`{"hand": 3, "key": "log[2][16][3]"}`).

A three-player game (three names, or a fourth seat with no score and no tiles; "三" or "3" in
the lobby's name) is read when the caller takes them (`read_tenhou6(log, sanma=True)`; else the
LogError "sanma"): seats 0 to 2 take turns, calls still name seats around four places, the
live wall is 55 tiles, a North set aside is written "f44" among the seat's discards (the seat
then draws its replacement tile: a win on it is rinshan; a ron on the North set aside is no
chankan), a tsumo's text counts two payers, a honba is 200 for a ron, and the score lists
keep their fourth place empty.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.engine import entered
from scoring.engine.entered import HandEnd
from scoring.engine.errors import ScoringError
from scoring.engine.rules import Abort
from scoring.engine.table import waits
from scoring.engine.tiles import format_tiles

from . import MAX_HANDS, Length, LogError, LoggedGame, LoggedHand, LoggedWin, Recorded, identity_of
from .ending import with_logged_uma

# What a bad value's `what` may be (the site words each one).
WHATS = (
    "not_a_list",  # a value that should be a list (of tiles, scores, hands) is not one
    "round",  # [round_index, honba, deposits] is not three small whole numbers
    "scores",  # not four whole numbers
    "names",  # "name" is not four texts
    "tile",  # a number that is no tile
    "dealt",  # a dealt hand that is not 13 tiles
    "call",  # a call that cannot be read or does not fit the hand or the discards
    "discard",  # a discard of a tile the hand does not hold
    "replay",  # the draws and discards do not fit together (a turn out of order, leftovers)
    "result",  # an unknown result name or a result of the wrong shape
    "seat",  # a winner, discarder or pao seat that is not 0-3 or cannot be
    "score_text",  # the win's "30符1飜1000点" cannot be read
    "yaku",  # a yaku that cannot be read or is not known
    "points",  # the recorded points disagree with the score changes
    "flag",  # a flag the recorded yaku name disagrees with the replay: params flag
    "win",  # the winner's hand is not a whole hand
    "changes",  # score changes that are not four whole numbers
    "cut",  # the hand is incomplete (used by LoggedGame.cut)
)

TSUMOGIRI = 60
KAN_PLACEHOLDER = 0
LIVE_WALL = 70  # 136 tiles less 4 hands of 13 and the dead wall's 14
SANMA_LIVE_WALL = 55  # 108 tiles less 3 hands of 13 and the dead wall's 14
KITA = "f44"  # three players: a North set aside (nukidora), among a seat's discards
NORTH = 44
ROUND_WINDS = ("E", "S", "W", "N")
RED = {51: 15, 52: 25, 53: 35}
SUITS = {1: "m", 2: "p", 3: "s", 4: "z"}
TILES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), *RED])

# Results: name as the log writes it -> kind.
ABORTS: dict[str, Abort] = {
    "九種九牌": Abort.NINE_TERMINALS,
    "九種么九牌": Abort.NINE_TERMINALS,
    "四風連打": Abort.FOUR_WINDS,
    "四家立直": Abort.FOUR_RIICHI,
    "四槓散了": Abort.FOUR_KANS,
    "四開槓": Abort.FOUR_KANS,
    "三家和了": Abort.TRIPLE_RON,
    "三家和": Abort.TRIPLE_RON,
}
WIN = "和了"
DRAW = "流局"
NAGASHI = "流し満貫"
ALL_TENPAI = "全員聴牌"
ALL_NOTEN = "全員不聴"
NO_RESULT = ("不明",)  # the editor's "unknown": a hand with no result

# Yaku as the log names them -> Tenbō's yaku ids (ids as POST /api/v1/score names them).
YAKU_IDS: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo",
    "立直": "riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "嶺上開花": "rinshan",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "断么九": "tanyao",
    "一盃口": "iipeikou",
    **{f"自風 {w}": "seat_wind" for w in "東南西北"},
    **{f"場風 {w}": "round_wind" for w in "東南西北"},
    "役牌 白": "yakuhai_haku",
    "役牌 發": "yakuhai_hatsu",
    "役牌 発": "yakuhai_hatsu",
    "役牌 中": "yakuhai_chun",
    "両立直": "double_riichi",
    "ダブル立直": "double_riichi",
    "七対子": "chiitoitsu",
    "混全帯幺九": "chanta",
    "混全帯么九": "chanta",
    "一気通貫": "ittsu",
    "三色同順": "sanshoku",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "小三元": "shousangen",
    "混老頭": "honroutou",
    "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan",
    "純全帯么九": "junchan",
    "混一色": "honitsu",
    "清一色": "chinitsu",
    "天和": "tenhou",
    "地和": "chiihou",
    "大三元": "daisangen",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "四暗刻単騎待ち": "suuankou_tanki",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi",
    "国士無双１３面": "kokushi_13",
    "国士無双13面": "kokushi_13",
    "国士無双十三面待ち": "kokushi_13",
    "国士無双十三面": "kokushi_13",
    "大四喜": "daisuushii",
    "小四喜": "shousuushii",
    "四槓子": "suukantsu",
    "ドラ": "dora",
    "裏ドラ": "ura_dora",
    "赤ドラ": "aka_dora",
    "抜きドラ": "nukidora",
    "北抜き": "nukidora",
}
FLAG_YAKU = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")
YAKUMAN_FLAGS = ("tenhou", "chiihou")
LIMITS = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "役満": "yakuman",
    "数え役満": "yakuman",
}
SCORE_TEXT = re.compile(
    r"^(?:(\d{1,3})符)?(?:(\d{1,3})飜)?(満貫|跳満|倍満|三倍満|数え役満|(?:\d|ダブル|トリプル)?倍?役満)?"
    r"(\d{1,6})(?:-(\d{1,6}))?点(∀)?$"
)
YAKU_TEXT = re.compile(r"^(.+?)[(（](?:(\d{1,2})飜|((?:\d|ダブル|トリプル)?倍?役満))[)）]$")
MULTIPLES = {"ダブル": 2, "トリプル": 3}

# rule.disp -> rules. Tenhou's lobbies ("般南喰赤", "四鳳東喰赤速") and Mahjong Soul's rooms
# ("玉の間南喰赤", "金の間 四人東", "王座之间四人南", "Jade Room South").
TENHOU_DISP = re.compile(r"^(?:四|三)?([般上特鳳技若銀琥孔])?(東|南)(喰)?(赤)?(速)?")
SOUL_DISP = re.compile(
    r"(銅|銀|金|玉|王座)(?:の|之)間|(铜|银|金|玉|王座)之间|"
    r"\b(Bronze|Silver|Gold|Jade|Throne)\b.*\bRoom\b|雀魂|Mahjong ?Soul|友人戦|友人场"
)
SOUL_LENGTH = re.compile(r"(東|东|East|南|South)")
SANMA_DISP = re.compile(r"^三|三人|三麻|サンマ|3-?[Pp]layer|Sanma")


def read_tenhou6(log: Any, *, sanma: bool = False) -> LoggedGame:
    """The game in a parsed tenhou.net/6 JSON object; a LogError says what is wrong (a
    three-player game is read only when `sanma`)."""
    if not isinstance(log, dict) or "log" not in log:
        raise LogError("not_a_log", why="no_log")
    hands_in = log["log"]
    if not isinstance(hands_in, list):
        raise LogError("bad_value", {"key": "log"}, what="not_a_list")
    if len(hands_in) > MAX_HANDS:
        raise LogError("too_many_hands", {"key": "log"}, most=MAX_HANDS, hands=len(hands_in))
    rule = log.get("rule")
    rule = rule if isinstance(rule, dict) else {}
    disp = rule.get("disp", "")
    disp = disp if isinstance(disp, str) else str(disp)
    names = log.get("name", ["", "", "", ""])
    three = isinstance(names, list) and len(names) == 3 or bool(SANMA_DISP.search(disp))
    if not three:
        for n, hand in enumerate(hands_in):
            if isinstance(hand, list) and hand and is_sanma_hand(hand):
                if not sanma:
                    raise LogError("sanma", {"hand": n + 1, "key": f"log[{n}]"})
                three = True
                break
    if three and not sanma:
        raise LogError("sanma")
    players = 3 if three else 4
    if three and isinstance(names, list) and len(names) == 3:
        names = [*names, ""]
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise LogError("bad_value", {"key": "name"}, what="names")
    hands: list[LoggedHand] = []
    cut: LogError | None = None
    reds_seen = False
    for n, raw in enumerate(hands_in):
        if not complete(raw):
            cut = LogError("bad_value", {"hand": n + 1, "key": f"log[{n}]"}, what="cut")
            break
        hand, reds = read_hand(n, raw, players)
        hands.append(hand)
        reds_seen = reds_seen or reds
    if not hands:
        raise LogError("no_hands", cut.where if cut else {})
    rules, length = rules_of(disp, rule, reds_seen, hands)
    if rules is not None and three:
        rules["preset"] += "_sanma"  # the three-player preset of the same server
    end_scores, final_points = (None, None) if cut else final_of(log.get("sc"), players)
    game = LoggedGame(
        format="tenhou6",
        players=tuple(names[:players]),
        rules=rules,
        rules_text=disp,
        length=length,
        hands=tuple(hands),
        end_scores=end_scores,
        final_points=final_points,
        cut=cut,
        title=title_of(log.get("title")),
        extra={k: log[k] for k in ("ref", "lobby", "ratingc") if isinstance(log.get(k), str | int)},
        identity=identity(log, names),
    )
    return with_logged_uma(game)  # the uma its end record shows


def identity(log: dict[str, Any], names: list[str]) -> str:
    """The game's identity: its "ref" (the server's name of the game) when it has one, else
    the names and the first hand's start and deal."""
    ref = log.get("ref")
    if isinstance(ref, str) and ref.strip():
        return identity_of("tenhou6", "ref", ref.strip())
    first = log["log"][0] if log["log"] else []
    start = first[:2] if isinstance(first, list) else []
    deals = (
        [first[4 + 3 * s] for s in range(4)] if isinstance(first, list) and len(first) > 13 else []
    )
    return identity_of("tenhou6", "deal", names, repr(start), repr(deals))


def is_sanma_hand(hand: list[Any]) -> bool:
    """A three-player hand: three scores, or a 0 fourth seat beside scores and deposits
    that do not add up to four players' 100,000 (or a fourth seat dealt no tiles)."""
    scores, head = hand[1] if len(hand) > 1 else None, hand[0]
    if not isinstance(scores, list) or not all(type(s) is int for s in scores):
        return False
    if len(scores) == 3:
        return True
    if len(scores) != 4 or scores[3] != 0:
        return False
    deposits = head[2] if isinstance(head, list) and len(head) > 2 and type(head[2]) is int else 0
    fourth_dealt = hand[13] if len(hand) > 14 else []
    return sum(scores) + 1000 * deposits != 100000 or not fourth_dealt


def complete(raw: Any) -> bool:
    """Whether a hand has all its parts and a result (a log cut short has neither)."""
    if not isinstance(raw, list) or len(raw) < 17:
        return False
    result = raw[16]
    return (
        isinstance(result, list)
        and bool(result)
        and isinstance(result[0], str)
        and result[0] not in NO_RESULT
    )


def title_of(value: Any) -> str:
    """The title's texts (an exporter's end time, a number, is left out)."""
    if isinstance(value, list):
        return " ".join(v.strip() for v in value if isinstance(v, str) and v.strip())
    return value.strip() if isinstance(value, str) else ""


def final_of(sc: Any, players: int = 4) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    """The end scores and final points of "sc" ([score, points] by seat, the first `players`
    seats); scores written in hundreds (as Tenhou's own end record has them) are multiplied
    out."""
    if not isinstance(sc, list) or len(sc) not in (8, 2 * players):
        return None, None
    scores, points = sc[0 : 2 * players : 2], sc[1 : 2 * players : 2]
    if not all(is_number(v) for v in sc) or not all(float(s).is_integer() for s in scores):
        return None, None
    whole = [int(s) for s in scores]
    if sum(abs(s) for s in whole) < 4000:  # 250 for 25,000: hundreds
        whole = [s * 100 for s in whole]
    return tuple(whole), tuple(float(p) for p in points)


def is_number(v: Any) -> bool:
    return type(v) in (int, float)


def rules_of(
    disp: str, rule: dict[str, Any], reds_seen: bool, hands: Sequence[LoggedHand]
) -> tuple[dict[str, Any] | None, Length]:
    """The rules the game keeper takes (None: unknown, the player picks) and the length."""
    played_south = any(h.round != "E" for h in hands)
    length: Length = "hanchan" if played_south else "tonpuusen"
    reds = red_count(rule)
    tenhou = TENHOU_DISP.match(disp)
    if tenhou and tenhou.group(1):
        rules: dict[str, Any] = {"preset": "tenhou"}
        if not tenhou.group(3):
            rules["open_tanyao"] = False
        if not reds_seen and (reds == 0 or reds is None and not tenhou.group(4)):
            rules["red_fives"] = False
        return rules, "tonpuusen" if tenhou.group(2) == "東" else "hanchan"
    if SOUL_DISP.search(disp):
        rules = {"preset": "mahjongsoul"}
        if not reds_seen and reds == 0:
            rules["red_fives"] = False
        said = SOUL_LENGTH.search(disp.split("間")[-1].split("间")[-1])
        if said:
            length = "tonpuusen" if said.group(1) in ("東", "东", "East") else "hanchan"
        return rules, length
    return None, length


def red_count(rule: dict[str, Any]) -> int | None:
    """Red fives in the rule ("aka", or "aka51"..."aka53"); None when it does not say."""
    keys = [k for k in ("aka", "aka51", "aka52", "aka53") if type(rule.get(k)) is int]
    return sum(rule[k] for k in keys) if keys else None


# ---- one hand ---------------------------------------------------------------------------------


@dataclass
class Meld:
    kind: str  # chi, pon, kan, ankan
    tiles: list[int]
    source: int | None = None  # the seat whose discard it took


@dataclass
class Seat:
    concealed: list[int]
    draws: list[Any]
    discards: list[Any]
    melds: list[Meld] = field(default_factory=list)
    next_draw: int = 0
    next_discard: int = 0
    drawn: int | None = None  # the tile just drawn
    discarded: int = 0  # discards made (kans not counted)
    riichi: bool = False
    riichi_turn: int = 0  # the declaring discard's place among the seat's discards (1 first)
    double_riichi: bool = False
    riichi_paid: bool = False
    ippatsu: bool = False
    rinshan: bool = False  # the tile just drawn replaced a kan (or a North set aside)
    after_kan: bool = False  # a kan was declared (or a North set aside): the next draw replaces it
    kan_from: int | None = None  # the feeder of the open kan the rinshan draw followed
    kita: int = 0  # three players: Norths set aside


@dataclass
class Replay:
    """Where a hand stopped and what the table looked like then."""

    seats: list[Seat]
    dealer: int
    players: int = 4
    wall: int = 0  # tiles drawn from the wall (replacement draws included)
    calls: int = 0  # calls and kans made (by anyone)
    kans: int = 0
    last: str = ""  # "draw", "discard", "kakan", "ankan", "kita"
    last_seat: int = 0
    last_tile: int = 0
    last_riichi: bool = False  # the last discard declared riichi
    last_at_end: bool = False  # the last discard was made with the wall empty
    ippatsu_before_kan: list[bool] = field(default_factory=list)

    @property
    def live_wall(self) -> int:
        """The tiles the players draw, replacement tiles included (55 with three players)."""
        return LIVE_WALL if self.players == 4 else SANMA_LIVE_WALL


class Where:
    """Builds a bad value's LogError for one hand."""

    def __init__(self, n: int) -> None:
        self.n = n

    def bad(self, key: str, what: str, **params: Any) -> LogError:
        return LogError("bad_value", {"hand": self.n + 1, "key": f"log[{self.n}]{key}"},
                        what=what, **params)  # fmt: skip


def read_hand(n: int, raw: list[Any], players: int = 4) -> tuple[LoggedHand, bool]:
    """One complete hand, and whether it shows a red five."""
    at = Where(n)
    try:
        return read_hand_checked(at, raw, players)
    except LogError:
        raise
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as e:  # a safety net
        raise at.bad("", "replay", error=type(e).__name__) from None


def read_hand_checked(at: Where, raw: list[Any], players: int = 4) -> tuple[LoggedHand, bool]:
    head = raw[0]
    if (
        not isinstance(head, list)
        or len(head) < 3
        or not all(type(v) is int for v in head[:3])
        or not 0 <= head[0] <= 15
        or not 0 <= head[1] <= 99
        or not 0 <= head[2] <= 99
    ):
        raise at.bad("[0]", "round")
    index, honba, deposits = head[0], head[1], head[2]
    scores = seat_ints(raw[1], players)
    if scores is None:
        raise at.bad("[1]", "scores")
    dora = tiles_of(at, raw[2], "[2]")
    ura = tiles_of(at, raw[3], "[3]")
    seats = []
    for s in range(players):
        base = 4 + 3 * s
        dealt = tiles_of(at, raw[base], f"[{base}]")
        if len(dealt) != 13:
            raise at.bad(f"[{base}]", "dealt")
        for k in (base + 1, base + 2):
            if not isinstance(raw[k], list):
                raise at.bad(f"[{k}]", "not_a_list")
        seats.append(Seat(dealt, raw[base + 1], raw[base + 2]))
    dealer = index % 4
    if dealer >= players:
        raise at.bad("[0]", "round")
    for k in range(4 + 3 * players, 16):  # three players: the fourth seat has no tiles
        if raw[k]:
            raise at.bad(f"[{k}]", "dealt")
    play = replay_hand(at, seats, dealer)
    seen = [*dora, *ura, *(t for s in range(players) for t in raw[4 + 3 * s] + raw[5 + 3 * s])]
    reds = any(t in RED for t in seen if type(t) is int)
    result = raw[16]
    result_name = result[0]
    hand_number = at.n + 1
    round_wind = ROUND_WINDS[index // 4 % 4]
    common = dict(
        riichi_turns=tuple(
            (s, seat.riichi_turn) for s, seat in enumerate(play.seats) if seat.riichi
        ),
        number=hand_number,
        round=round_wind,
        hand_in_round=dealer + 1,
        honba=honba,
        deposits=deposits,
        dealer=dealer,
        scores=scores,
        result=result_name,
    )
    if result_name == WIN:
        wins, deltas, end, ronned = read_wins(at, result, play, dora, ura, honba, deposits)
        riichi = riichi_paid(play, ronned)
        check_points(at, wins, deltas, honba, deposits + len(riichi), players)
        hand = LoggedHand(riichi=riichi, end=end.to_json(), wins=wins, deltas=deltas, **common)
        return hand, reds
    if result_name in (DRAW, NAGASHI, ALL_TENPAI, ALL_NOTEN):
        if play.last != "discard":
            raise at.bad("[16]", "result")
        deltas = summed_deltas(at, result, players)
        tenpai = draw_tenpai(at, result_name, deltas, play)
        nagashi: tuple[int, ...] = ()
        if result_name == NAGASHI:
            nagashi = tuple(s for s in range(players) if deltas[s] > 0)
            if not nagashi:
                raise at.bad("[16][1]", "changes")
        draw_end = entered.Draw(tenpai=tenpai, nagashi=nagashi)
        riichi = riichi_paid(play, False)
        hand = LoggedHand(riichi=riichi, end=draw_end.to_json(), wins=(), deltas=deltas, **common)
        return hand, reds
    if result_name in ABORTS:
        reason = ABORTS[result_name]
        ronned = reason is Abort.TRIPLE_RON and play.last == "discard"
        riichi = riichi_paid(play, ronned)
        deltas = summed_deltas(at, result, players) if len(result) > 1 else (0,) * players
        abort_end = entered.Abortive(reason)
        hand = LoggedHand(riichi=riichi, end=abort_end.to_json(), wins=(), deltas=deltas, **common)
        return hand, reds
    raise at.bad("[16][0]", "result")


def four_ints(value: Any) -> tuple[int, int, int, int] | None:
    if isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value):
        return (value[0], value[1], value[2], value[3])
    return None


def seat_ints(value: Any, players: int) -> tuple[int, ...] | None:
    """A whole number by seat: four, or with three players three (a fourth place, where
    written, left at 0)."""
    if players == 4:
        return four_ints(value)
    if isinstance(value, list) and len(value) == 4 and value[3] == 0:
        value = value[:3]
    if isinstance(value, list) and len(value) == 3 and all(type(v) is int for v in value):
        return tuple(value)
    return None


def is_tile(v: Any) -> bool:
    return type(v) is int and v in TILES


def tiles_of(at: Where, value: Any, key: str) -> list[int]:
    if not isinstance(value, list):
        raise at.bad(key, "not_a_list")
    for i, t in enumerate(value):
        if not is_tile(t):
            raise at.bad(f"{key}[{i}]", "tile")
    return list(value)


def kind(t: int) -> int:
    """A tile without its redness."""
    return RED.get(t, t)


def name(t: int) -> str:
    """A tile's MPSZ name, red fives as 0."""
    return f"0{SUITS[t % 10]}" if t in RED else f"{t % 10}{SUITS[t // 10]}"


def text(tiles: Sequence[int]) -> str:
    return format_tiles(name(t) for t in sorted(tiles, key=lambda t: (kind(t), t)))


# ---- the replay -------------------------------------------------------------------------------


CALL = re.compile(r"^((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)$")


def parse_call(value: Any) -> tuple[str, int, list[int], int] | None:
    """A call text: its letter, the marked tile, every tile, and the marked tile's place."""
    if not isinstance(value, str):
        return None
    m = CALL.match(value)
    if not m:
        return None
    before = [int(m.group(1)[i : i + 2]) for i in range(0, len(m.group(1)), 2)]
    after = [int(m.group(4)[i : i + 2]) for i in range(0, len(m.group(4)), 2)]
    marked = int(m.group(3))
    tiles = [*before, marked, *after]
    if not all(is_tile(t) for t in tiles):
        return None
    size = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}[m.group(2)]
    if len(tiles) != size:
        return None
    return m.group(2), marked, tiles, len(before)


def source_of(letter: str, place: int, seat: int) -> int:
    """The seat a chi, pon or open kan took its tile from: the marked tile's place in the
    text: first the player on the left, in the middle the one opposite, last the right."""
    if letter == "c" or place == 0:
        return (seat + 3) % 4
    if place == 1:
        return (seat + 2) % 4
    return (seat + 1) % 4


def take(at: Where, seat: Seat, tiles: Sequence[int], key: str, what: str) -> list[int]:
    """Take tiles from the concealed hand (a plain five for a red one, or the other way
    round, when the text and the hand differ only in that) and return the ones taken."""
    taken = []
    for t in tiles:
        found = (
            t
            if t in seat.concealed
            else next((h for h in seat.concealed if kind(h) == kind(t)), None)
        )
        if found is None:
            raise at.bad(key, what, tile=t)
        seat.concealed.remove(found)
        taken.append(found)
    return taken


def replay_hand(at: Where, seats: list[Seat], dealer: int) -> Replay:
    """Play the hand's draws and discards in turn order until they run out."""
    players = len(seats)
    play = Replay(seats, dealer, players)
    live_wall = play.live_wall
    turn, step = dealer, "draw"
    for _ in range(400):  # a hand has at most 70 draws, 70 discards and 16 kans
        me = seats[turn]
        key = f"[{5 + 3 * turn}]"
        if step == "draw":
            if me.next_draw >= len(me.draws):
                break
            drawn = me.draws[me.next_draw]
            if not is_tile(drawn):
                raise at.bad(f"{key}[{me.next_draw}]", "replay")
            me.next_draw += 1
            play.wall += 1
            if play.wall > live_wall:
                raise at.bad(f"{key}[{me.next_draw - 1}]", "replay")
            me.concealed.append(drawn)
            me.drawn = drawn
            me.rinshan, me.after_kan = me.after_kan, False
            if not me.rinshan:
                me.kan_from = None
            play.last, play.last_seat, play.last_tile = "draw", turn, drawn
            step = "act"
            continue
        # step == "act": the seat discards, or declares a kan and draws again
        dkey = f"[{6 + 3 * turn}][{me.next_discard}]"
        if me.next_discard >= len(me.discards):
            if play.last == "call":  # a call must be followed by a discard
                raise at.bad(dkey, "replay")
            break
        act = me.discards[me.next_discard]
        me.next_discard += 1
        if act == KITA and players == 3:
            kita(at, play, turn, dkey)
            step = "draw"
            continue
        call = parse_call(act)
        if call and call[0] in "ka":
            kan(at, play, turn, call, dkey)
            step = "draw"
            continue
        discard(at, play, turn, act, dkey)
        caller = claim(at, play, turn)
        if caller is None:
            turn, step = (turn + 1) % players, "draw"
        else:
            turn = caller
            step = "draw" if seats[caller].melds[-1].kind == "kan" else "act"
    else:
        raise at.bad("", "replay")
    for s, seat in enumerate(seats):
        extra_draws = len(seat.draws) - seat.next_draw
        extra_discards = len(seat.discards) - seat.next_discard
        if extra_draws or extra_discards:
            key = f"[{5 + 3 * s}]" if extra_draws else f"[{6 + 3 * s}]"
            raise at.bad(key, "replay")
    return play


def kan(
    at: Where, play: Replay, turn: int, call: tuple[str, int, list[int], int], key: str
) -> None:
    """An added or closed kan in place of a discard: the seat draws a replacement next."""
    me = play.seats[turn]
    letter, marked, tiles, _ = call
    play.ippatsu_before_kan = [s.ippatsu for s in play.seats]
    if letter == "k":
        pon = next(
            (m for m in me.melds if m.kind == "pon" and kind(m.tiles[0]) == kind(marked)), None
        )
        if pon is None:
            raise at.bad(key, "call")
        added = take(at, me, [marked], key, "call")
        pon.kind, pon.tiles = "kan", [*pon.tiles, *added]
        play.last, play.last_tile = "kakan", added[0]
    else:
        if len({kind(t) for t in tiles}) != 1:
            raise at.bad(key, "call")
        me.melds.append(Meld("ankan", take(at, me, tiles, key, "call")))
        play.last, play.last_tile = "ankan", marked
    play.last_seat = turn
    play.calls += 1
    play.kans += 1
    for s in play.seats:
        s.ippatsu = False
    me.after_kan, me.kan_from = True, None


def kita(at: Where, play: Replay, turn: int, key: str) -> None:
    """Three players: a North set aside in place of a discard (nukidora); the seat draws a
    replacement next. It is a call: it ends every ippatsu, as a kan does."""
    me = play.seats[turn]
    take(at, me, [NORTH], key, "discard")
    me.kita += 1
    play.ippatsu_before_kan = [s.ippatsu for s in play.seats]
    play.last, play.last_seat, play.last_tile = "kita", turn, NORTH
    play.calls += 1
    for s in play.seats:
        s.ippatsu = False
    me.after_kan, me.kan_from = True, None


def discard(at: Where, play: Replay, turn: int, act: Any, key: str) -> None:
    me = play.seats[turn]
    riichi = isinstance(act, str) and act.startswith("r")
    value: Any = act
    if riichi:
        value = int(act[1:]) if act[1:].isdigit() else None
    if value == TSUMOGIRI:
        if me.drawn is None:
            raise at.bad(key, "discard")
        value = me.drawn
    if not is_tile(value):
        raise at.bad(key, "discard")
    value = take(at, me, [value], key, "discard")[0]
    if me.ippatsu:  # the riichi player's next discard ends the ippatsu turn
        me.ippatsu = False
    if riichi:
        if me.riichi or me.melds and any(m.kind != "ankan" for m in me.melds):
            raise at.bad(key, "discard")
        me.riichi = True
        me.riichi_turn = me.discarded + 1
        me.double_riichi = me.discarded == 0 and play.calls == 0
        me.ippatsu = True
    me.discarded += 1
    me.drawn = None
    me.rinshan, me.kan_from = False, None
    play.last, play.last_seat, play.last_tile = "discard", turn, value
    play.last_riichi = riichi
    play.last_at_end = play.wall == play.live_wall


def claim(at: Where, play: Replay, turn: int) -> int | None:
    """The seat that calls this discard (a pon or kan before a chi), None when nobody does."""
    tile = play.last_tile
    found: list[tuple[int, int, tuple[str, int, list[int], int]]] = []
    for step in (1, 2, 3):
        s = (turn + step) % 4  # calls name seats around four places, even with three
        if s >= play.players:
            continue
        seat = play.seats[s]
        if seat.next_draw >= len(seat.draws):
            continue
        call = parse_call(seat.draws[seat.next_draw])
        if call is None or call[0] not in "cpm" or call[1] != tile:
            continue
        if source_of(call[0], call[3], s) != turn:
            continue
        found.append((0 if call[0] in "pm" else 1, s, call))
    if not found:
        return None
    _, s, (letter, marked, tiles, _) = min(found)
    seat = play.seats[s]
    key = f"[{5 + 3 * s}][{seat.next_draw}]"
    seat.next_draw += 1
    own = list(tiles)
    own.remove(marked)
    kinds = sorted(kind(t) for t in tiles)
    if letter == "c":
        if kinds[0] > 40 or kinds != list(range(kinds[0], kinds[0] + 3)):
            raise at.bad(key, "call")
    elif len(set(kinds)) != 1:
        raise at.bad(key, "call")
    if seat.riichi:
        raise at.bad(key, "call")
    taken = take(at, seat, own, key, "call")
    seat.melds.append(Meld({"c": "chi", "p": "pon", "m": "kan"}[letter], [marked, *taken], turn))
    play.calls += 1
    play.last = "call"
    for each in play.seats:
        each.ippatsu = False
    if letter == "m":
        play.kans += 1
        # The discard an open kan replaces is written 0 (an exporter that leaves it out is
        # read the same).
        if (
            seat.next_discard < len(seat.discards)
            and seat.discards[seat.next_discard] == KAN_PLACEHOLDER
        ):
            seat.next_discard += 1
        seat.after_kan, seat.kan_from = True, turn
    return s


# ---- the result -------------------------------------------------------------------------------


def summed_deltas(at: Where, result: list[Any], players: int = 4) -> tuple[int, ...]:
    """The score changes of a draw (every list of changes by seat after the name, added
    up)."""
    total = [0] * players
    for i, part in enumerate(result[1:], start=1):
        found = seat_ints(part, players)
        if found is None:
            raise at.bad(f"[16][{i}]", "changes")
        total = [a + b for a, b in zip(total, found, strict=True)]
    return tuple(total)


def draw_tenpai(at: Where, name_: str, deltas: tuple[int, ...], play: Replay) -> tuple[int, ...]:
    """The tenpai seats at an exhaustive draw: from the noten payments when someone paid,
    from the result's name when it says, else (no payments: all or none) from the hands."""
    seats = tuple(range(play.players))
    if name_ == ALL_TENPAI:
        return seats
    if name_ == ALL_NOTEN:
        return ()
    if name_ == DRAW and any(deltas):
        tenpai = tuple(s for s in seats if deltas[s] > 0)
        if not tenpai or len(tenpai) == len(seats):
            raise at.bad("[16][1]", "changes")
        return tenpai
    shown = []
    for s, seat in enumerate(play.seats):
        try:
            shown.append(bool(waits(text(seat.concealed))))
        except ScoringError:
            raise at.bad(f"[{4 + 3 * s}]", "replay") from None
    if name_ == DRAW:  # no payments: everyone or nobody was tenpai
        return seats if any(shown) else ()
    return tuple(s for s in seats if shown[s])


def read_wins(
    at: Where,
    result: list[Any],
    play: Replay,
    dora: list[int],
    ura: list[int],
    honba: int,
    deposits: int,
) -> tuple[tuple[LoggedWin, ...], tuple[int, ...], HandEnd, bool]:
    """The wins of a "和了" result, the summed changes, the end and whether it was a ron."""
    if len(result) < 3 or len(result) % 2 != 1 or len(result) > 7:
        raise at.bad("[16]", "result")
    wins: list[LoggedWin] = []
    total = [0] * play.players
    for i in range(1, len(result), 2):
        deltas = seat_ints(result[i], play.players)
        if deltas is None:
            raise at.bad(f"[16][{i}]", "changes")
        total = [a + b for a, b in zip(total, deltas, strict=True)]
        wins.append(read_win(at, i + 1, result[i + 1], play, dora, ura, deltas))
    tsumo = [w for w in wins if w.tsumo]
    if tsumo and len(wins) > 1 or len({w.from_seat for w in wins}) != 1:
        raise at.bad("[16]", "seat")
    if len({w.seat for w in wins}) != len(wins):
        raise at.bad("[16]", "seat")
    summed = tuple(total)
    if tsumo:
        win = tsumo[0]
        entry = entered.WinEntry(win.seat, hand=win.hand)
        pao = entered.PaoEntry(win.pao) if win.pao is not None else None
        kan_from = play.seats[win.seat].kan_from if "rinshan" in win.hand["flags"] else None
        return tuple(wins), summed, entered.Tsumo(entry, pao, kan_from), False
    paos = [(w.pao, w.seat) for w in wins if w.pao is not None]
    pao_entry = None
    if paos:
        pao_entry = entered.PaoEntry(paos[0][0], paos[0][1] if len(wins) > 1 else None)
    ron = entered.Ron(
        wins[0].from_seat, tuple(entered.WinEntry(w.seat, hand=w.hand) for w in wins), pao_entry
    )
    return tuple(wins), summed, ron, True


def read_win(
    at: Where,
    i: int,
    detail: Any,
    play: Replay,
    dora: list[int],
    ura: list[int],
    deltas: tuple[int, ...],
) -> LoggedWin:
    key = f"[16][{i}]"
    if not isinstance(detail, list) or len(detail) < 4:
        raise at.bad(key, "result")
    who, from_, pao = detail[0], detail[1], detail[2]
    for j, v in enumerate((who, from_, pao)):
        if type(v) is not int or not 0 <= v < play.players:
            raise at.bad(f"{key}[{j}]", "seat")
    score = detail[3]
    if not isinstance(score, str):
        raise at.bad(f"{key}[3]", "score_text")
    yaku = tuple(read_yaku(at, f"{key}[{j}]", y) for j, y in enumerate(detail[4:], start=4))
    yaku = tuple(y for y in yaku if y[1] > 0)
    recorded = read_score(at, f"{key}[3]", score, yaku, tsumo=who == from_, players=play.players)
    hand = winning_hand(at, key, play, who, from_, dora, ura, yaku)
    return LoggedWin(who, from_, None if pao == who else pao, hand, recorded)


def read_yaku(at: Where, key: str, value: Any) -> tuple[str, int]:
    """A recorded yaku ("立直(1飜)", "大三元(役満)") as (yaku id, han); a yakuman is 13 a time."""
    m = YAKU_TEXT.match(value) if isinstance(value, str) else None
    if not m:
        raise at.bad(key, "yaku", yaku=str(value)[:40])
    label = " ".join(m.group(1).replace("：", " ").replace(":", " ").split())
    yaku_id = YAKU_IDS.get(label) or YAKU_IDS.get(f"役牌 {label}")
    if yaku_id is None:
        raise at.bad(key, "yaku", yaku=label[:40])
    if m.group(2) is not None:
        return yaku_id, int(m.group(2))
    return yaku_id, 13 * multiple(m.group(3))


def multiple(limit: str) -> int:
    """How many yakuman a "役満" text counts: "ダブル役満" 2, "3倍役満" 3, else 1."""
    for word_, n in MULTIPLES.items():
        if limit.startswith(word_):
            return n
    return int(limit[0]) if limit[0].isdigit() else 1


def read_score(
    at: Where,
    key: str,
    value: str,
    yaku: tuple[tuple[str, int], ...],
    *,
    tsumo: bool,
    players: int = 4,
) -> Recorded:
    """The server's "30符1飜1000点", "満貫2000-4000点", "跳満6000点∀", "役満32000点"."""
    m = SCORE_TEXT.match(value.replace(" ", ""))
    if not m:
        raise at.bad(key, "score_text", text=value[:40])
    fu = int(m.group(1) or 0)
    han = int(m.group(2)) if m.group(2) else sum(h for _, h in yaku)
    limit_text = m.group(3) or ""
    limit = LIMITS.get(limit_text, "yakuman" if limit_text.endswith("役満") else None)
    first, second, all_ = int(m.group(4)), m.group(5), bool(m.group(6))
    if tsumo and not (all_ or second):
        raise at.bad(key, "score_text", text=value[:40])
    if not tsumo and (all_ or second):
        raise at.bad(key, "score_text", text=value[:40])
    payers = players - 1  # a tsumo: every other player pays (a non-dealer's: the dealer once)
    points = first * payers if all_ else first * (payers - 1) + int(second) if second else first
    return Recorded(han=han, fu=fu, points=points, limit=limit, yaku=yaku, text=value)


def winning_hand(
    at: Where,
    key: str,
    play: Replay,
    who: int,
    from_: int,
    dora: list[int],
    ura: list[int],
    yaku: tuple[tuple[str, int], ...],
) -> dict[str, Any]:
    """The winner's whole hand as the game keeper stores a built win, flags checked."""
    me = play.seats[who]
    tsumo = who == from_
    if tsumo:
        if play.last != "draw" or play.last_seat != who:
            raise at.bad(key, "seat")
        concealed = list(me.concealed)
        win = play.last_tile
    else:
        if play.last not in ("discard", "kakan", "ankan", "kita") or play.last_seat != from_:
            raise at.bad(key, "seat")
        concealed = [*me.concealed, play.last_tile]
        win = play.last_tile
    flags = replay_flags(play, who, tsumo)
    yakuman = any(h >= 13 and y not in ("dora", "ura_dora", "aka_dora") for y, h in yaku)
    said = {y for y, _ in yaku}
    if not yakuman:
        for flag in FLAG_YAKU:
            if (flag in flags) != (flag in said):
                raise at.bad(key, "flag", flag=flag)
    else:
        for flag in YAKUMAN_FLAGS:
            if (flag in flags) != (flag in said):
                raise at.bad(key, "flag", flag=flag)
    melds = []
    for m in me.melds:
        melds.append(f"{m.kind} {text(m.tiles)}")
    if len(concealed) + 3 * len(me.melds) != 14:
        raise at.bad(key, "win")
    hand: dict[str, Any] = {
        "hand": text(concealed),
        "win": name(win),
        "melds": melds,
        "dora": " ".join(name(t) for t in dora),
        "ura": " ".join(name(t) for t in ura) if me.riichi else "",
        "flags": [f for f in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
                              "haitei", "houtei", "tenhou", "chiihou") if f in flags],
    }  # fmt: skip
    if me.kita:
        hand["kita"] = me.kita  # three players: the Norths it set aside (nukidora)
    return hand


def replay_flags(play: Replay, who: int, tsumo: bool) -> set[str]:
    me = play.seats[who]
    flags: set[str] = set()
    if me.riichi:
        flags.add("double_riichi" if me.double_riichi else "riichi")
    chankan = not tsumo and play.last == "kakan"
    robbed = chankan or not tsumo and play.last == "kita"  # a ron on a North set aside
    ippatsu = play.ippatsu_before_kan[who] if robbed and play.ippatsu_before_kan else me.ippatsu
    if me.riichi and ippatsu and not (tsumo and me.rinshan):
        flags.add("ippatsu")
    if tsumo:
        if me.rinshan:
            flags.add("rinshan")
        elif play.wall == play.live_wall:
            flags.add("haitei")
        if me.discarded == 0 and play.calls == 0 and not me.melds:
            flags.add("tenhou" if who == play.dealer else "chiihou")
    elif chankan:
        flags.add("chankan")
    elif play.last == "discard" and play.last_at_end:
        flags.add("houtei")
    return flags


def riichi_paid(play: Replay, ronned: bool) -> tuple[int, ...]:
    """The seats whose riichi stick went on the table: a riichi discard that was ronned
    (or ended the hand in three rons) paid none."""
    paid = []
    for s, seat in enumerate(play.seats):
        if not seat.riichi:
            continue
        if ronned and play.last == "discard" and play.last_seat == s and play.last_riichi:
            continue
        paid.append(s)
    return tuple(paid)


def check_points(
    at: Where,
    wins: Sequence[LoggedWin],
    deltas: Sequence[int],
    honba: int,
    sticks: int,
    players: int = 4,
) -> None:
    """The winners' gains are the recorded points plus the honba (100 from each other
    player) and every riichi stick."""
    gained = sum(deltas[w.seat] for w in wins)  # the honba and sticks go to one winner
    rate = 100 * (players - 1)
    expected = sum(w.recorded.points for w in wins) + rate * honba + 1000 * sticks
    if gained != expected:
        raise at.bad("[16]", "points", gained=gained, expected=expected)
