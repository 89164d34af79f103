"""Every four-player game of the shared real games (../shared/data/real_games.jsonl.gz, 200
games the Tenhou server logged: East-only and hanchan, 2009 and 2022) imported through
/games/import/, plain and gzipped, ends exactly as the server ended it: the final scores and
points the log's `owari` records, every hand's score changes its `sc` (a riichi stick counted
in the hand, as the engine settles it), every hand starting where the server's did, and the
review flagging nothing. The server's rules for the end come from the log: West (or South)
when nobody has 30,000, sudden death, the last dealer's automatic stop while first, the
deposits left going to first, the uma its end record shows, and (before June 2010) no
automatic tenpai-yame."""

from __future__ import annotations

import gzip

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from quizsite.games import logs
from quizsite.games.models import Game
from scoring import gamelog
from tests.helpers import real_games

pytestmark = pytest.mark.django_db


def imported(client, name: str, raw: bytes) -> Game:
    response = client.post("/games/import/", {"file": SimpleUploadedFile(name, raw)})
    assert response.status_code == 302, response.content.decode()[-1500:]
    return Game.objects.get(slug=response["Location"].split("/")[2])


def check(game: Game, record: dict) -> None:
    log = game.log
    logged = gamelog.read(record["xml"])
    played = game.replay()
    where = record["id"]
    assert log.stopped is None and log.cut is None, where
    assert log.saved == len(logged.hands), where
    for hand, server in zip(played.hands, logged.hands, strict=False):
        assert tuple(hand.scores) == server.scores, (where, server.number)
        assert (hand.state.round, hand.state.dealer, hand.state.honba, hand.state.sticks) == (
            server.round, server.dealer, server.honba, server.deposits,
        ), (where, server.number)  # fmt: skip
        changes = [d - 1000 * server.riichi.count(s) for s, d in enumerate(server.deltas)]
        assert list(hand.outcome.deltas) == changes, (where, server.number)
    assert played.over, (where, played.state.name)
    final = played.final()
    assert list(final.scores) == list(logged.end_scores), where
    assert [t / 10 for t in final.tenths] == list(logged.final_points), where
    review = logs.review(game, log)
    assert not review["banner"] and not review["stopped"], (where, review["banner"])
    assert review["end"]["over"] and not review["end"]["differs"], where
    assert game.result["tenths"] == list(final.tenths), where  # the league's stored numbers


def stored(game: Game) -> tuple:
    """What an import stored of a game: its rules, length, hands, league numbers and log."""
    log = game.log
    hands = list(game.hands.values_list("number", "kind", "riichi", "end"))
    kept = (log.format, log.identity, log.hands, log.end_scores, log.final_points, log.saved)
    return (game.names, game.rules, game.length, hands, game.result, kept)


@override_settings(RATE_LOG_IMPORTS="1000/h")  # 400 imports from one address
def test_every_real_four_player_game_ends_as_the_server_ended_it(client):
    games = real_games()
    assert len(games) == 200
    packed = Client()  # another visitor imports each gzipped
    for record in games:
        raw = record["xml"].encode("utf-8")
        game = imported(client, f"{record['id']}.xml", raw)
        check(game, record)
        again = imported(packed, f"{record['id']}.mjlog", gzip.compress(raw))
        assert again.pk != game.pk and stored(again) == stored(game), record["id"]
    assert Game.objects.count() == 400


def test_the_rules_a_log_shows_are_the_games_and_the_board_says_them(client):
    # A 2009 East-only Phoenix game: uma 5-10 in its end record, and South 1 played on after
    # the dealer's tenpai while first with 30,800 (no automatic tenpai-yame before June 2010).
    record = next(g for g in real_games() if g["id"].endswith("95e6fe14"))
    game = imported(client, "old.mjlog", record["xml"].encode())
    assert game.rules == {"preset": "tenhou", "uma": [10, 5, -5, -10], "tenpai_yame": False}
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "Tenhou, with uma 5-10 and last dealer tenpai and first ends the game no" in board
    check(game, record)
    # a 2022 game keeps the preset's own
    new = next(g for g in real_games() if g["id"].startswith("2022"))
    assert imported(client, "new.mjlog", new["xml"].encode()).rules == {"preset": "tenhou"}
