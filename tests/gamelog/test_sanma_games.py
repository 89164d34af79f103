"""Conformance: 200 whole three-player games the Tenhou server recorded
(../shared/data/real_games.jsonl.gz), read from their mjlog and replayed through the engine.

Every win is re-scored from its tiles as the server scored it (han, fu below the limits, the
hand's value and the yaku; the server counts the Norths set aside under "dora", Tenbō names
them apart as "nukidora"), every hand moves the points its `sc` says (the log's changes leave
out the riichi sticks the hand's declarers put down: they are added back), and every game ends
where the log ends, at its own final scores and points (`owari`; deposits left on the table
are in first place's score there). No Django: the engine and the readers only. The same games
written as tenhou.net/6 JSON logs read to the same games through the JSON reader.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from scoring.engine import score
from scoring.engine.game import Entry, Replay, replay
from scoring.engine.rules import parse_table_rules
from scoring.engine.tiles import parse_tiles
from scoring.gamelog import LogError, LoggedGame, LoggedWin
from scoring.gamelog.tenhou6 import read_tenhou6
from scoring.gamelog.tenhou_xml import read_tenhou_xml
from tests.gamelog.sanma_json import to_json
from tests.helpers import real_games

SEAT_WINDS = "ESW"
XML: dict[str, str] = {}  # each game's mjlog, by id


@pytest.fixture(scope="module")
def games() -> list[tuple[str, LoggedGame, Replay]]:
    read = []
    for record in real_games(3):
        XML[record["id"]] = record["xml"]
        game = read_tenhou_xml(record["xml"], sanma=True)
        assert game.rules is not None
        rules, table_rules = parse_table_rules(game.rules)
        entries = [Entry(hand.riichi, hand.end) for hand in game.hands]
        played = replay(entries, rules=rules, table_rules=table_rules, length=game.length)
        read.append((record["id"], game, played))
    return read


def rescored(win: LoggedWin, dealer: int, round_: str, rules: Any) -> tuple[Any, ...]:
    """The engine's han, fu, value and yaku for a logged win, the server's way of listing
    them (nukidora counted with the dora)."""
    seat = SEAT_WINDS[(win.seat - dealer) % 3]
    result = score({**win.hand, "seat": seat, "round": round_, "tsumo": win.tsumo}, rules=rules)
    yaku: Counter[str] = Counter()
    for y in result.yaku:
        yaku["dora" if y.id == "nukidora" else y.id] += y.han
    fu = result.fu if result.settlement.limit is None else None
    return result.han, fu, result.settlement.hand_value, dict(yaku)


def recorded(win: LoggedWin) -> tuple[Any, ...]:
    r = win.recorded
    fu = r.fu if r.limit is None else None
    return r.han, fu, r.points, dict(r.yaku)


def test_the_log_reads_as_three_players(games):
    game_id, game, _ = games[0]
    assert game.seats == 3 and len(game.players) == 3 and game.rules == {"preset": "tenhou_sanma"}
    assert game.rules_text == "三鳳南喰赤" and game.length == "hanchan"
    first = game.hands[0]
    assert len(first.scores) == len(first.deltas) == 3 and first.scores == (35000,) * 3
    assert any(w.hand.get("kita") for h in game.hands for w in h.wins), game_id


def test_every_win_is_scored_as_the_server_scored_it(games):
    wrong, wins, kita = [], 0, 0
    for game_id, game, _ in games:
        rules = parse_table_rules(game.rules)[0]
        for hand in game.hands:
            for win in hand.wins:
                wins += 1
                kita += bool(win.hand.get("kita"))
                mine, server = rescored(win, hand.dealer, hand.round, rules), recorded(win)
                if mine != server:
                    wrong.append(f"{game_id} hand {hand.number}: {win.hand}: {mine} != {server}")
    assert not wrong, f"{len(wrong)} of {wins} wins differ:\n" + "\n".join(wrong[:10])
    assert wins >= 1500 and kita >= 500  # nearly every other win has a North set aside


def test_every_hand_moves_the_points_its_record_says(games):
    wrong, kinds = [], Counter()
    for game_id, game, played in games:
        for hand, settled in zip(game.hands, played.hands, strict=True):
            assert settled.outcome is not None
            sticks = [1000 if s in hand.riichi else 0 for s in range(3)]
            moved = tuple(d + s for d, s in zip(settled.outcome.deltas, sticks, strict=True))
            kinds[hand.end["kind"] + ("_double" if len(hand.wins) > 1 else "")] += 1
            if moved != hand.deltas:
                wrong.append(f"{game_id} hand {hand.number} ({hand.result}): {moved} != "
                             f"{hand.deltas}")  # fmt: skip
    assert not wrong, "\n".join(wrong[:10])
    # the corpus has every end the table rules settle: ron, tsumo, double ron, draws, aborts
    assert kinds["ron_double"] >= 4 and kinds["draw"] >= 200 and kinds["abortive"] >= 40
    assert kinds["ron"] >= 700 and kinds["tsumo"] >= 700


def test_every_game_ends_at_its_own_final_scores_and_points(games):
    wrong, ends = [], Counter()
    for game_id, game, played in games:
        assert played.over, game_id
        final = played.final()
        scores = list(played.scores)
        scores[final.order[0]] += 1000 * played.state.sticks  # left over: first place's
        if tuple(scores) != game.end_scores or final.points != game.final_points:
            wrong.append(f"{game_id}: {scores} {final.points} != {game.end_scores} "
                         f"{game.final_points}")  # fmt: skip
        last = played.hands[-1].state.round  # the round the game's last hand was played in
        ends["west" if last == "W" else "busted" if min(scores) < 0 else "south"] += 1
    assert not wrong, "\n".join(wrong[:10])
    assert ends["west"] >= 8 and ends["busted"] >= 40 and ends["south"] >= 100


def test_three_player_logs_are_refused_unless_taken():
    record = real_games(3)[0]
    with pytest.raises(LogError) as caught:
        read_tenhou_xml(record["xml"])
    assert caught.value.key == "sanma"


def same_hand(end: dict[str, Any], yakuman: set[int]) -> dict[str, Any]:
    """A hand's end as both readers agree to write it: each hand's tiles and melds in one
    order (a red five before or after its plain twin is the same hand); for a yakuman, whose
    mjlog record names no ippatsu (nor needs it), the flags without it."""
    out = json.loads(json.dumps(end))
    for win in out.get("wins") or [out.get("win")] if out["kind"] in ("ron", "tsumo") else []:
        hand = win["hand"]
        hand["hand"] = sorted(parse_tiles(hand["hand"]))
        hand["melds"] = sorted(
            (kind, sorted(parse_tiles(tiles)))
            for kind, _, tiles in (m.partition(" ") for m in hand["melds"])
        )
        if win["seat"] in yakuman:
            hand["flags"] = [f for f in hand["flags"] if f != "ippatsu"]
    return out


def test_the_same_games_as_tenhou6_json_read_the_same(games):
    """Each game written as the tenhou.net/6 JSON log (tests/gamelog/sanma_json.py: the
    fourth seat empty, Norths set aside as "f44") reads to the same game as its mjlog."""
    wrong, kita = [], 0
    for game_id, game, _ in games:
        log = read_tenhou6(to_json(XML[game_id]), sanma=True)
        assert (log.seats, log.players, log.rules, log.length) == (
            3, game.players, game.rules, game.length
        ), game_id  # fmt: skip
        assert (log.end_scores, log.final_points) == (game.end_scores, game.final_points)
        for mine, theirs in zip(log.hands, game.hands, strict=True):
            kita += sum(bool(w.hand.get("kita")) for w in mine.wins)
            yakuman = {w.seat for w in theirs.wins if w.recorded.limit == "yakuman"}
            mine_said = (same_hand(mine.end, yakuman), mine.deltas, mine.riichi, mine.scores)
            theirs_said = (same_hand(theirs.end, yakuman), theirs.deltas, theirs.riichi)
            if mine_said != (*theirs_said, theirs.scores):
                wrong.append(f"{game_id} hand {mine.number}: {mine.end} != {theirs.end}")
    assert not wrong, "\n".join(wrong[:10])
    assert kita >= 500


def test_three_player_json_is_refused_unless_taken():
    record = real_games(3)[0]
    with pytest.raises(LogError) as caught:
        read_tenhou6(to_json(record["xml"]))
    assert caught.value.key == "sanma"
