"""Every three-player game of the shared real games (../shared/data/real_games.jsonl.gz, 200
hanchan the Tenhou server logged in its three-player Phoenix room, 2009 and 2022) imported
through /games/import/, as its mjlog and as the same game's tenhou.net/6 JSON log, ends exactly
as the server ended it: three seats and no North, every hand starting where the server's did,
its score changes the log's `sc` (a riichi stick counted in the hand, as the engine settles
it), every win scored from its tiles as the server scored it (the Norths set aside counted
with the dora, as the server counts them), the final scores and points the log's `owari`
records, the league's stored numbers three seats long, and the review flagging nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from quizsite.games import logs
from quizsite.games.models import Game
from scoring import gamelog
from tests.gamelog.sanma_json import to_json
from tests.helpers import real_games

pytestmark = pytest.mark.django_db


def imported(client, name: str, raw: bytes) -> Game:
    response = client.post("/games/import/", {"file": SimpleUploadedFile(name, raw)})
    assert response.status_code == 302, response.content.decode()[-1500:]
    return Game.objects.get(slug=response["Location"].split("/")[2])


def check(game: Game, logged: gamelog.LoggedGame, where: str) -> None:
    log = game.log
    assert game.players == 3 and len(game.names) == 3 and game.north == "", where
    assert game.rules["preset"] == "tenhou_sanma", where
    assert log.stopped is None and log.cut is None, where
    assert log.saved == len(logged.hands), where
    played = game.replay()
    assert len(played.hands) == len(logged.hands), where
    for hand, server in zip(played.hands, logged.hands, strict=True):
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
    review = logs.review(game, log, page=logs.pages_of(len(log.hands)))
    assert review["wins"] == sum(len(h.wins) for h in logged.hands), where
    assert not review["differing_wins"] and not review["differing_settlements"], where
    assert not review["banner"] and not review["stopped"], (where, review["banner"])
    assert review["end"]["over"] and not review["end"]["differs"], where
    assert len(review["end"]["rows"]) == 3, where
    assert game.result["tenths"] == list(final.tenths), where  # the league's stored numbers
    assert sorted(game.result["ranks"]) == [1, 2, 3], where


def same_game(game: Game) -> tuple:
    """What two imports of one game, from two formats, agree on."""
    log = game.log
    kinds = list(game.hands.values_list("number", "kind", "riichi"))
    deltas = [h["deltas"] for h in log.hands]
    return (game.names, game.rules, game.length, kinds, game.result, deltas, log.end_scores,
            log.final_points, log.saved)  # fmt: skip


@override_settings(RATE_LOG_IMPORTS="1000/h")  # 400 imports from one address
def test_every_real_three_player_game_ends_as_the_server_ended_it(client):
    games = real_games(3)
    assert len(games) == 200
    as_json = Client()  # another visitor imports each as its tenhou.net/6 JSON log
    kita = 0
    for record in games:
        where = record["id"]
        logged = gamelog.read(record["xml"], sanma=True)
        game = imported(client, f"{where}.mjlog", record["xml"].encode("utf-8"))
        check(game, logged, where)
        kita += sum(bool(w.hand.get("kita")) for h in logged.hands for w in h.wins)
        text = json.dumps(to_json(record["xml"]), ensure_ascii=False).encode("utf-8")
        again = imported(as_json, f"{where}.json", text)
        assert again.log.format != game.log.format, where
        assert same_game(again) == same_game(game), where
    assert Game.objects.count() == 400
    assert kita >= 500  # about every other win has a North set aside, re-scored in the hand
