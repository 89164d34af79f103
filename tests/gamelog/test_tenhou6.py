"""The tenhou.net/6 JSON reader: a hand-made game read hand by hand and replayed by the
engine, three real hands, the flags a replay finds, the rules' names, and bad logs."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import score_json
from scoring.engine.game import Entry, replay
from scoring.engine.rules import parse_table_rules
from scoring.gamelog import LogError, LoggedGame, LoggedHand, LoggedWin
from scoring.gamelog.tenhou6 import WHATS, read_tenhou6

LOGS = Path(__file__).parent / "logs"


def load(name: str) -> Any:
    return json.loads((LOGS / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def short() -> LoggedGame:
    return read_tenhou6(load("short_game.json"))


def engine_answer(game: LoggedGame, hand: LoggedHand, win: LoggedWin) -> dict[str, Any]:
    """The engine's brief answer for a logged win, seated as the table had it."""
    request = {
        **win.hand,
        "seat": "ESWN"[(win.seat - hand.dealer) % 4],
        "round": hand.round,
        "tsumo": win.tsumo,
        "rules": game.rules,
    }
    return score_json(request, explain=False)


# ---- the hand-made game -----------------------------------------------------------------------


def test_the_game_around_the_hands(short: LoggedGame) -> None:
    assert short.format == "tenhou6"
    assert short.players == ("Aki", "Ben", "Chie", "Dan")
    assert short.rules == {"preset": "tenhou"}
    assert short.rules_text == "般東喰赤"
    assert short.length == "tonpuusen"
    assert short.title == "Tenbō test club a short game written by hand"
    assert short.cut is None
    assert short.end_scores == (37600, 17300, 24400, 20700)
    assert short.final_points == (48.0, -33.0, 4.0, -19.0)


def test_each_hand_where_the_table_stood(short: LoggedGame) -> None:
    got = [
        (h.number, h.round, h.hand_in_round, h.honba, h.deposits, h.dealer, h.riichi, h.result)
        for h in short.hands
    ]
    assert got == [
        (1, "E", 1, 0, 0, 0, (0,), "和了"),
        (2, "E", 1, 1, 0, 0, (), "和了"),
        (3, "E", 2, 0, 0, 1, (3,), "流局"),
        (4, "E", 3, 1, 1, 2, (), "九種九牌"),
        (5, "E", 3, 2, 1, 2, (), "和了"),
        (6, "E", 4, 0, 0, 3, (), "和了"),
    ]
    assert [h.scores for h in short.hands] == [
        (25000, 25000, 25000, 25000),
        (36600, 13400, 25000, 25000),
        (36000, 13000, 26400, 24600),
        (35000, 12000, 25400, 26600),
        (35000, 12000, 25400, 26600),
        (38600, 13300, 25400, 22700),
    ]
    assert [h.deltas for h in short.hands] == [
        (12600, -11600, 0, 0),
        (-600, -400, 1400, -400),
        (-1000, -1000, -1000, 3000),
        (0, 0, 0, 0),
        (3600, 1300, 0, -3900),
        (-1000, 4000, -1000, -2000),
    ]


def test_the_wins_hands_as_the_game_keeper_stores_them(short: LoggedGame) -> None:
    wins = [(h.number, w.seat, w.from_seat, w.pao, w.hand) for h in short.hands for w in h.wins]
    assert wins == [
        (1, 0, 1, None, {
            "hand": "234567m23455p678s", "win": "4m", "melds": [], "dora": "9s", "ura": "1m",
            "flags": ["riichi"],
        }),
        (2, 2, 2, None, {
            "hand": "234m345p56788s", "win": "8s", "melds": ["pon 777z"], "dora": "9m",
            "ura": "", "flags": [],
        }),
        (5, 0, 3, None, {
            "hand": "234678m345p45688s", "win": "5p", "melds": [], "dora": "1s", "ura": "",
            "flags": [],
        }),
        (5, 1, 3, None, {
            "hand": "123m55p456789s777z", "win": "5p", "melds": [], "dora": "1s", "ura": "",
            "flags": [],
        }),
        (6, 1, 1, None, {
            "hand": "234567p22345s", "win": "5s", "melds": ["ankan 9999m"], "dora": "9p 1z",
            "ura": "", "flags": ["rinshan"],
        }),
    ]  # fmt: skip


def test_what_the_server_recorded(short: LoggedGame) -> None:
    recorded = [w.recorded for h in short.hands for w in h.wins]
    assert [(r.han, r.fu, r.points, r.limit, r.text) for r in recorded] == [
        (4, 30, 11600, None, "30符4飜11600点"),
        (1, 30, 1100, None, "30符1飜300-500点"),
        (2, 30, 2000, None, "30符2飜2000点"),
        (1, 40, 1300, None, "40符1飜1300点"),
        (2, 60, 4000, None, "60符2飜1000-2000点"),
    ]
    assert recorded[0].yaku == (("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("ura_dora", 1))
    assert recorded[1].yaku == (("yakuhai_chun", 1),)
    assert recorded[4].yaku == (("menzen_tsumo", 1), ("rinshan", 1))


def test_the_ends_in_the_game_keepers_shape(short: LoggedGame) -> None:
    ends = [h.end for h in short.hands]
    assert ends[0] == {
        "kind": "ron",
        "from": 1,
        "wins": [{"seat": 0, "hand": short.hands[0].wins[0].hand}],
    }
    assert ends[1] == {"kind": "tsumo", "win": {"seat": 2, "hand": short.hands[1].wins[0].hand}}
    assert ends[2] == {"kind": "draw", "tenpai": [3]}
    assert ends[3] == {"kind": "abortive", "reason": "nine_terminals"}
    assert ends[4]["kind"] == "ron" and ends[4]["from"] == 3
    assert [w["seat"] for w in ends[4]["wins"]] == [0, 1]
    assert ends[5] == {"kind": "tsumo", "win": {"seat": 1, "hand": short.hands[5].wins[0].hand}}


def test_the_engine_replays_the_game_to_the_logs_scores(short: LoggedGame) -> None:
    assert short.rules is not None
    rules, table_rules = parse_table_rules(short.rules)
    game = replay(
        [Entry(h.riichi, h.end) for h in short.hands],
        rules=rules, table_rules=table_rules, length=short.length,
    )  # fmt: skip
    assert [p.scores for p in game.hands] == [h.scores for h in short.hands]
    assert [(p.state.honba, p.state.sticks, p.state.dealer) for p in game.hands] == [
        (h.honba, h.deposits, h.dealer) for h in short.hands
    ]
    assert game.over
    assert game.scores == short.end_scores
    assert game.final().points == short.final_points


def test_the_engine_scores_every_win_as_the_server_did(short: LoggedGame) -> None:
    for hand in short.hands:
        for win in hand.wins:
            answer = engine_answer(short, hand, win)
            assert "error" not in answer, answer
            assert (answer["han"], answer["fu"], answer["total"]) == (
                win.recorded.han, win.recorded.fu, win.recorded.points,
            ), hand.number  # fmt: skip


# ---- real hands ------------------------------------------------------------------------------


def test_real_hands() -> None:
    rinshan, draw, four_kans = (read_tenhou6(log) for log in load("real_hands.json"))
    # A league's game: its rule is no preset Tenbō knows, so the player picks.
    assert rinshan.rules is None and rinshan.rules_text == "第39期十段位決定戦4"
    (win,) = rinshan.hands[0].wins
    assert win.hand["melds"] == ["kan 7777z", "chi 678p"]
    assert (win.hand["hand"], win.hand["win"], win.hand["flags"]) == (
        "567p55789s",
        "8s",
        ["rinshan"],
    )
    assert rinshan.hands[0].riichi == (2,)
    assert (win.recorded.points, win.recorded.limit) == (12000, "mangan")
    assert draw.hands[0].end == {"kind": "draw", "tenpai": [1, 2]}
    assert draw.hands[0].riichi == (2,)
    assert four_kans.rules == {"preset": "tenhou"} and four_kans.length == "hanchan"
    (win,) = four_kans.hands[0].wins
    assert win.hand["melds"] == ["kan 7777s", "kan 1111s", "kan 9999s", "ankan 2222m"]
    assert (win.hand["hand"], win.hand["win"], win.hand["dora"]) == ("22s", "2s", "6p 2z 7m 2z 3m")
    assert win.recorded.yaku == (("suukantsu", 13),)
    for game, rules in ((rinshan, {"preset": "tenhou", "red_fives": False}), (four_kans, None)):
        hand = game.hands[0]
        (win,) = hand.wins
        seated = LoggedGame(**{**game.__dict__, "rules": rules or game.rules})
        answer = engine_answer(seated, hand, win)
        assert answer["total"] == win.recorded.points


# ---- flags from the replay ---------------------------------------------------------------------

ALL = [t for base in (10, 20, 30) for t in range(base + 1, base + 10)] + list(range(41, 48))


def tiles(text: str) -> list[int]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [{"m": 10, "p": 20, "s": 30, "z": 40}[ch] + int(d) for d in digits]
            digits = ""
    return out


class Table:
    """A hand written turn by turn: fillers come from what is left of the tiles."""

    def __init__(self, dealt: list[str], dora: str = "9p", ura: str = "") -> None:
        self.dealt = [tiles(d) for d in dealt]
        self.dora, self.ura = tiles(dora), tiles(ura)
        self.draws: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.used = Counter(self.dora + self.ura + [t for d in self.dealt for t in d])
        self.avoid: set[int] = set()

    def draw(self, seat: int, tile: int | None = None, out: Any = 60) -> None:
        if tile is None:
            tile = next(t for t in ALL if t not in self.avoid and self.used[t] < 4)
        self.used[tile] += 1
        self.draws[seat].append(tile)
        if out is not None:
            self.discards[seat].append(out)

    def go_round(self, seats: list[int]) -> None:
        for s in seats:
            self.draw(s)

    def log(self, result: list[Any], head: list[int] | None = None) -> dict[str, Any]:
        assert max(self.used.values()) <= 4
        hand: list[Any] = [head or [0, 0, 0], [25000] * 4, self.dora, self.ura]
        for s in range(4):
            hand += [self.dealt[s], self.draws[s], self.discards[s]]
        return {"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰", "aka": 0},
                "log": [[*hand, result]]}  # fmt: skip


TENPAI = "23m567m234p678s55p"  # waits on 1m or 4m: riichi, pinfu, tanyao with 4m
OTHERS = ["19m19p19s1234567z", "11z22z33z44z55z77z6z", "19m19p19s1234567z"]


def riichi_then(*, call: bool = False) -> Table:
    """Seat 0 (the dealer) declares riichi on its second discard; the others throw what
    they draw (seat 2 pons seat 1's discard when `call`)."""
    t = Table([TENPAI, *OTHERS], dora="9p", ura="9p")
    t.avoid = {11, 14, 12, 15}
    t.go_round([0, 1, 2, 3])
    t.draw(0, out="r60")
    if call:
        t.draw(1, out=47)  # seat 1 throws its red dragon, seat 2 (on its right) pons it
        t.draws[2].append("p474747")
        t.discards[2].append(41)
        t.draw(3)
    else:
        t.go_round([1, 2, 3])
    return t


def test_ippatsu_tsumo() -> None:
    t = riichi_then()
    t.draw(0, 14, out=None)
    yaku = ["立直(1飜)", "一発(1飜)", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)"]
    log = t.log(["和了", [13000, -4000, -4000, -4000], [0, 0, 0, "満貫4000点∀", *yaku]])
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert win.hand["flags"] == ["riichi", "ippatsu"]
    assert win.hand["ura"] == "9p"
    assert engine_answer(game, game.hands[0], win)["total"] == 12000


def test_a_call_ends_ippatsu_and_a_record_saying_otherwise_is_refused() -> None:
    t = riichi_then(call=True)
    t.draw(0, 14, out=None)
    yaku = ["立直(1飜)", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)"]
    log = t.log(["和了", [8800, -2600, -2600, -2600], [0, 0, 0, "20符4飜2600点∀", *yaku]])
    (win,) = read_tenhou6(log).hands[0].wins
    assert win.hand["flags"] == ["riichi"]
    log["log"][0][16][2][4:4] = ["一発(1飜)"]
    log["log"][0][16][2][3] = "満貫4000点∀"
    log["log"][0][16][1] = [13000, -4000, -4000, -4000]
    with pytest.raises(LogError) as e:
        read_tenhou6(log)
    assert (e.value.key, e.value.where, e.value.params) == (
        "bad_value", {"hand": 1, "key": "log[0][16][2]"}, {"what": "flag", "flag": "ippatsu"},
    )  # fmt: skip


def test_double_riichi_and_the_ron_after_the_riichi_players_next_discard() -> None:
    t = Table([TENPAI, *OTHERS])
    t.avoid = {11, 14, 12, 15}
    t.draw(0, out="r60")
    t.go_round([1, 2, 3, 0, 1, 2])
    t.draw(3, 14, out=14)
    yaku = ["両立直(2飜)", "平和(1飜)", "断幺九(1飜)"]
    log = t.log(["和了", [12600, 0, 0, -11600], [0, 3, 0, "30符4飜11600点", *yaku]])
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert (win.hand["flags"], win.from_seat, win.hand["win"]) == (["double_riichi"], 3, "4m")
    assert game.hands[0].riichi == (0,)
    assert engine_answer(game, game.hands[0], win)["total"] == 11600


def test_blessing_of_heaven() -> None:
    t = Table([TENPAI, *OTHERS])
    t.draw(0, 14, out=None)
    log = t.log(["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "役満16000点∀", "天和(役満)"]])
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert win.hand["flags"] == ["tenhou"]
    assert win.recorded.yaku == (("tenhou", 13),) and win.recorded.limit == "yakuman"
    assert engine_answer(game, game.hands[0], win)["total"] == 48000


def last_tile(*, ron: bool) -> Table:
    """Seventy draws, everyone throwing what they draw; seat 1 draws the last tile (the 4m
    it waits on) or throws it to seat 2 (waiting on 1p or 4p)."""
    t = Table(["19m19p19s1234567z", TENPAI, "23p567m234s678s55m", "19m19p19s1234567z"])
    t.avoid = {11, 14, 21, 24}
    for n in range(69):
        t.draw(n % 4)
    t.draw(1, 14 if not ron else 24, out=60 if ron else None)
    return t


def test_haitei() -> None:
    yaku = ["門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)", "海底摸月(1飜)"]
    log = last_tile(ron=False).log(
        ["和了", [-2600, 5200, -1300, -1300], [1, 1, 1, "20符4飜1300-2600点", *yaku]]
    )
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert win.hand["flags"] == ["haitei"]
    assert engine_answer(game, game.hands[0], win)["total"] == 5200


def test_houtei() -> None:
    log = last_tile(ron=True).log(["和了", [0, -3900, 3900, 0], [
        2, 1, 2, "30符3飜3900点", "平和(1飜)", "断幺九(1飜)", "河底撈魚(1飜)",
    ]])  # fmt: skip
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert (win.hand["flags"], win.hand["win"]) == (["houtei"], "4p")
    assert engine_answer(game, game.hands[0], win)["total"] == 3900


def test_chankan_robs_an_added_kan() -> None:
    t = Table(["5s19m19p19s123456z", "55s19m19p1234567z", "234m567m234p34s88p", OTHERS[2]])
    t.avoid = {35, 32}
    t.draw(0, out=35)  # seat 1 pons the dealer's 5s
    t.draws[1].append("p353535")
    t.discards[1].append(11)
    t.go_round([2, 3, 0])
    t.draw(1, 35, out="k35353535")
    log = t.log(["和了", [0, -3900, 3900, 0], [
        2, 1, 2, "30符3飜3900点", "槍槓(1飜)", "平和(1飜)", "断幺九(1飜)",
    ]])  # fmt: skip
    game = read_tenhou6(log)
    (win,) = game.hands[0].wins
    assert (win.hand["flags"], win.hand["win"], win.from_seat) == (["chankan"], "5s", 1)
    assert engine_answer(game, game.hands[0], win)["total"] == 3900


def test_a_draw_with_no_payments_reads_tenpai_from_the_hands() -> None:
    log = load("short_game.json")
    log["log"][2][16] = ["流局", [0, 0, 0, 0]]  # as Mahjong Soul's exporters write it
    assert read_tenhou6(log).hands[2].end == {"kind": "draw", "tenpai": [0, 1, 2, 3]}
    log["log"][2][16] = ["全員不聴"]
    assert read_tenhou6(log).hands[2].end == {"kind": "draw", "tenpai": []}


def test_nagashi_mangan() -> None:
    log = load("short_game.json")
    log["log"][2][16] = ["流し満貫", [-2000, -4000, -2000, 8000]]
    hand = read_tenhou6(log).hands[2]
    # Tenpai comes from the hands as the replay leaves them: seats 0 and 1 wait on all
    # thirteen orphans, seat 2 on 9p, seat 3 on 5m or 5p.
    assert hand.end == {"kind": "draw", "tenpai": [0, 1, 2, 3], "nagashi": [3]}
    assert hand.deltas == (-2000, -4000, -2000, 8000)


def test_a_liable_player() -> None:
    log = load("short_game.json")
    log["log"][0][16][2][2] = 2  # seat 2 liable (the record says so; the engine judges it)
    hand = read_tenhou6(log).hands[0]
    assert hand.wins[0].pao == 2
    assert hand.end["pao"] == {"seat": 2}


@pytest.mark.parametrize("placeholder", [True, False])
def test_rinshan_after_an_open_kan_names_its_feeder(placeholder: bool) -> None:
    t = Table(["2m19m19p19s123456z", "222m234p567p22s34s", *OTHERS[1:]], dora="9p9s")
    t.avoid = {12, 32, 35}
    t.draw(0, out=12)  # the dealer throws 2m, seat 1 (on its right) calls an open kan
    t.draws[1].append("m12121212")
    if placeholder:
        t.discards[1].append(0)
    t.draw(1, 35, out=None)
    yaku = ["嶺上開花(1飜)", "断幺九(1飜)"]
    log = t.log(["和了", [-1000, 2000, -500, -500], [1, 1, 1, "30符2飜500-1000点", *yaku]])
    game = read_tenhou6(log)
    hand = game.hands[0]
    (win,) = hand.wins
    assert (win.hand["melds"], win.hand["flags"], win.hand["dora"]) == (
        ["kan 2222m"], ["rinshan"], "9p 9s",
    )  # fmt: skip
    assert hand.end["kan_from"] == 0
    assert engine_answer(game, hand, win)["total"] == 2000


def test_end_scores_written_in_hundreds_and_a_title_with_a_time() -> None:
    log = load("short_game.json")
    log["sc"] = [376, 47.6, 173, -32.7, 244, 4.4, 207, -19.3]
    log["title"] = ["玉の間南喰赤", 1700816360]
    game = read_tenhou6(log)
    assert game.end_scores == (37600, 17300, 24400, 20700)
    assert game.title == "玉の間南喰赤"
    log["sc"] = [37600, 47.6, 17300]  # not four seats' [score, points]
    assert read_tenhou6(log).end_scores is None


def test_every_yaku_of_the_engine_has_its_log_name() -> None:
    from scoring.engine.yaku import DORA_NAMES, REGISTRY, SANMA_DORA_NAMES
    from scoring.gamelog.tenhou6 import YAKU_IDS

    every = {y.id for y in REGISTRY} | set(DORA_NAMES) | set(SANMA_DORA_NAMES)
    assert set(YAKU_IDS.values()) == every


@pytest.mark.parametrize("written", ["役牌 中(1飜)", "役牌：中(1飜)", "中(1飜)", "役牌:中（1飜）"])
def test_yaku_names_as_exporters_write_them(written: str) -> None:
    log = load("short_game.json")
    log["log"][1][16][2][4] = written
    assert read_tenhou6(log).hands[1].wins[0].recorded.yaku == (("yakuhai_chun", 1),)


def test_a_riichi_discard_that_is_ronned_pays_no_stick() -> None:
    log = load("short_game.json")
    assert log["log"][4][15] == [25]  # seat 3 throws the 5p both winners take
    log["log"][4][15][0] = "r25"
    hand = read_tenhou6(log).hands[4]
    assert hand.riichi == ()
    assert [w.seat for w in hand.wins] == [0, 1]


# ---- rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("disp", "rule", "rules", "length"),
    [
        ("般南喰赤", {"aka": 1}, {"preset": "tenhou"}, "hanchan"),
        ("四鳳東喰赤速", {"aka": 1}, {"preset": "tenhou"}, "tonpuusen"),
        ("特南喰", {"aka": 0}, {"preset": "tenhou", "red_fives": False}, "hanchan"),
        ("上東赤", {}, {"preset": "tenhou", "open_tanyao": False}, "tonpuusen"),
        ("玉の間南喰赤", {"aka": 1}, {"preset": "mahjongsoul"}, "hanchan"),
        (
            "金の間 四人東",
            {"aka51": 1, "aka52": 1, "aka53": 1},
            {"preset": "mahjongsoul"},
            "tonpuusen",
        ),
        ("王座之间四人南", {}, {"preset": "mahjongsoul"}, "hanchan"),
        ("Jade Room East", {}, {"preset": "mahjongsoul"}, "tonpuusen"),
        ("銀の間東", {"aka": 0}, {"preset": "mahjongsoul", "red_fives": False}, "tonpuusen"),
        ("our club's Tuesday rules", {}, None, "tonpuusen"),
    ],
)
def test_rule_names(disp: str, rule: dict[str, Any], rules: Any, length: str) -> None:
    log = load("short_game.json")
    log["rule"] = {"disp": disp, **rule}
    for hand in log["log"]:  # the hand-made game has red fives in none of its hands
        assert not {51, 52, 53} & {t for part in hand[4:16] for t in part if type(t) is int}
    game = read_tenhou6(log)
    assert (game.rules, game.length, game.rules_text) == (rules, length, disp)


def test_an_unknown_rule_is_hanchan_when_south_was_played() -> None:
    log = load("short_game.json")
    log["rule"] = {"disp": "club"}
    log["log"][5][0][0] = 7  # the last hand in South (South 4: the same dealer)
    assert read_tenhou6(log).length == "hanchan"


@pytest.mark.parametrize(
    "change",
    [
        lambda log: log["rule"].update(disp="三鳳南喰赤"),
        lambda log: log.update(name=["A", "B", "C"]),
        lambda log: log["log"][0].__setitem__(1, [35000, 35000, 35000, 0]),
    ],
)
def test_three_player_logs_are_refused(change: Any) -> None:
    log = load("short_game.json")
    change(log)
    with pytest.raises(LogError) as e:
        read_tenhou6(log)
    assert e.value.key == "sanma"


# ---- bad and cut logs --------------------------------------------------------------------------


def test_a_log_cut_short_keeps_its_complete_hands() -> None:
    log = load("short_game.json")
    del log["log"][4][16]  # the fifth hand has no result
    game = read_tenhou6(log)
    assert len(game.hands) == 4
    assert game.cut is not None
    assert (game.cut.key, game.cut.where, game.cut.params) == (
        "bad_value", {"hand": 5, "key": "log[4]"}, {"what": "cut"},
    )  # fmt: skip
    assert game.end_scores is None and game.final_points is None


def test_no_complete_hand() -> None:
    log = load("short_game.json")
    log["log"] = [log["log"][0][:10]]
    with pytest.raises(LogError) as e:
        read_tenhou6(log)
    assert (e.value.key, e.value.where) == ("no_hands", {"hand": 1, "key": "log[0]"})


@pytest.mark.parametrize(
    ("change", "key", "what"),
    [
        (lambda log: log["log"][0][4].__setitem__(3, 99), "log[0][4][3]", "tile"),
        (lambda log: log["log"][0][4].pop(), "log[0][4]", "dealt"),
        (lambda log: log["log"][1][16].__setitem__(0, "勝ち"), "log[1][16][0]", "result"),
        (lambda log: log["log"][0][16][2].__setitem__(4, "立直(一飜)"), "log[0][16][2][4]", "yaku"),
        (lambda log: log["log"][0][16][2].__setitem__(5, "人和(1飜)"), "log[0][16][2][5]", "yaku"),
        (
            lambda log: log["log"][0][16][2].__setitem__(3, "30符4飜ten点"),
            "log[0][16][2][3]",
            "score_text",
        ),
        (lambda log: log["log"][0][16][2].__setitem__(3, "30符4飜7700点"), "log[0][16]", "points"),
        (lambda log: log["log"][0][16][2].__setitem__(0, 7), "log[0][16][2][0]", "seat"),
        (lambda log: log["log"][0][16][2].__setitem__(1, 2), "log[0][16][2]", "seat"),
        (lambda log: log["log"][1][14].append(60), "log[1][14]", "replay"),
        (lambda log: log["log"][1][8].__setitem__(0, "47p4747"), "log[1][8][0]", "replay"),
        (lambda log: log["log"][2][16].__setitem__(1, [0, 0, "0", 0]), "log[2][16][1]", "changes"),
        (lambda log: log["log"][0].__setitem__(0, [0, -1, 0]), "log[0][0]", "round"),
        (lambda log: log["log"][0].__setitem__(1, [25000] * 5), "log[0][1]", "scores"),
    ],
)
def test_bad_values_name_their_hand_and_key(change: Any, key: str, what: str) -> None:
    log = load("short_game.json")
    change(log)
    with pytest.raises(LogError) as e:
        read_tenhou6(log)
    assert e.value.key == "bad_value"
    assert e.value.where["key"] == key
    assert e.value.where["hand"] == int(key[4]) + 1
    assert e.value.params["what"] == what
    assert what in WHATS


@pytest.mark.parametrize(
    "value", [None, [], "log", {"title": []}, {"log": "x"}, {"log": [], "name": 5}]
)
def test_not_a_log(value: Any) -> None:
    with pytest.raises(LogError) as e:
        read_tenhou6(value)
    assert e.value.key in ("not_a_log", "bad_value", "no_hands")


ATOMS = st.one_of(
    st.integers(-5, 100),
    st.sampled_from(["r60", "47p4747", "c121314", "1515k15", "和了", "流局", "", "満貫8000点"]),
    st.none(),
    st.lists(st.integers(0, 60), max_size=3),
)


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at] if at else []
    if isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*at, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*at, k))
    return found


GOOD = load("short_game.json")
PATHS = paths(GOOD)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PATHS), st.sampled_from(["set", "drop"]), ATOMS),
                min_size=1, max_size=3))  # fmt: skip
def test_random_damage_gives_a_game_or_a_log_error(changes: list[Any]) -> None:
    log = copy.deepcopy(GOOD)
    for path, how, atom in changes:
        parent: Any = log
        try:
            for step in path[:-1]:
                parent = parent[step]
            if how == "drop" and isinstance(parent, list):
                del parent[path[-1]]
            else:
                parent[path[-1]] = atom
        except (IndexError, KeyError, TypeError):
            continue
    try:
        game = read_tenhou6(log)
    except LogError as e:
        assert e.key in ("bad_value", "sanma", "no_hands", "not_a_log")
        return
    assert isinstance(game, LoggedGame) and game.hands


def test_each_red_five_is_read_as_its_own_suit() -> None:
    from scoring.gamelog.tenhou6 import name, text

    assert [name(t) for t in (51, 52, 53)] == ["0m", "0p", "0s"]
    assert text([52, 26, 24, 53, 35]) == "406p50s"  # the red 5p among the pins, 5s twice
