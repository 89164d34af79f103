"""Conformance: 200 whole three-player games the Tenhou server recorded
(../shared/data/real_games.jsonl.gz), read from their mjlog and replayed through the engine.

Every win is re-scored from its tiles as the server scored it (han, fu below the limits, the
hand's value and the yaku; the server counts the Norths set aside under "dora", Tenbō names
them apart as "nukidora"), every hand moves the points its `sc` says (the log's changes leave
out the riichi sticks the hand's declarers put down: they are added back), and every game ends
where the log ends, at its own final scores and points (`owari`; deposits left on the table
are in first place's score there). No Django: the engine and the reader only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from scoring.engine import score
from scoring.engine.game import Entry, Replay, replay
from scoring.engine.rules import parse_table_rules
from scoring.gamelog import LogError, LoggedGame, LoggedWin
from scoring.gamelog.tenhou_xml import read_tenhou_xml
from tests.helpers import real_games

SEAT_WINDS = "ESW"


@pytest.fixture(scope="module")
def games() -> list[tuple[str, LoggedGame, Replay]]:
    read = []
    for record in real_games(3):
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
