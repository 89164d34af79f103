"""A game's stored league result is its replay's: after any sequence of hand entries, edits,
undos and endings it equals `result_of(game.replay())`; the command writes it again for games
stored before; and a league reads it in a number of queries that does not grow with its games."""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quizsite.games import league
from quizsite.games.models import (
    SEAT_NUMBERS,
    Club,
    Game,
    Hand,
    Seat,
    StaleVersion,
    result_of,
    seat_numbers,
)
from scoring.engine import ScoringError
from scoring.engine.game import Entry
from tests.factory import draw, finished_game, make_game, passing, ron

pytestmark = pytest.mark.django_db


def tsumo(winner: int, han: int = 2, fu: int = 30) -> Entry:
    return Entry((), {"kind": "tsumo", "win": {"seat": winner, "han": han, "fu": fu}})


def random_entry(rng: random.Random) -> Entry:
    roll = rng.random()
    if roll < 0.5:
        winner = rng.randrange(4)
        loser = rng.choice([s for s in range(4) if s != winner])
        riichi = tuple(s for s in range(4) if rng.random() < 0.2)
        return ron(winner, loser, han=rng.choice([1, 2, 3, 4, 6]), fu=30, riichi=riichi)
    if roll < 0.75:
        return tsumo(rng.randrange(4), han=rng.choice([1, 2, 3, 5]))
    if roll < 0.95:
        return draw(*[s for s in range(4) if rng.random() < 0.5])
    return Entry((), {"kind": "end", "why": rng.choice(["time", "abandon"])})


def stored(game: Game):
    """The game's stored result, checked against its club seats' numbers when it has seats."""
    result = Game.objects.get(pk=game.pk).result
    for seat in Seat.objects.filter(game=game).values("seat", *SEAT_NUMBERS):
        assert {k: seat[k] for k in SEAT_NUMBERS} == seat_numbers(result, seat["seat"])
    return result


@pytest.mark.parametrize("seed", range(6))
def test_stored_result_is_the_replay_after_random_entries_edits_and_undos(seed):
    rng = random.Random(seed)
    game = make_game(rng.choice(["wrc", "tenhou", "mahjongsoul"]), "tonpuusen")
    Club.objects.create(name="Random").add_game(game)
    assert Seat.objects.filter(game=game).count() == 4
    finished = 0
    for _ in range(40):
        roll = rng.random()
        count = game.hands.count()
        try:
            if roll < 0.55 or count == 0:
                game.add_hand(random_entry(rng), version=game.version)
            elif roll < 0.8:
                number = rng.randint(1, count)
                game.replace_hand(number, random_entry(rng), version=game.version)
            else:
                game.undo(version=game.version)
        except ScoringError:
            pass  # the engine refused the change (a hand after the end): nothing was saved
        expected = result_of(Game.objects.get(pk=game.pk).replay())
        assert stored(game) == expected
        finished += expected is not None
    assert finished, "the sequence never finished a game: the check compared only Nones"


def test_a_stale_change_leaves_the_stored_result_alone():
    game = make_game("wrc", "tonpuusen")
    for entry in passing(4):
        game.add_hand(entry, version=game.version)
    before = stored(game)
    assert before is not None
    with pytest.raises(StaleVersion):
        game.undo(version=game.version - 1)
    assert stored(game) == before
    game.undo(version=game.version)
    assert stored(game) is None  # three hands of an east-only game: not over any more


def test_the_stored_result_counts_what_the_league_shows():
    game = make_game("wrc", "tonpuusen")
    for entry in [ron(1, 2, riichi=(0,)), tsumo(2), draw(0, 1), ron(3, 0), ron(0, 1)]:
        try:
            game.add_hand(entry, version=game.version)
        except ScoringError:
            break
    played = game.replay()
    assert played.over
    result = stored(game)
    final = played.final()
    assert result["tenths"] == list(final.tenths) and result["ranks"] == list(final.ranks)
    assert result["hands"] == sum(h.outcome is not None for h in played.hands)
    assert sum(result["wins"]) >= result["deal_ins"][2] + result["deal_ins"][0] >= 2


def test_import_stores_the_result():
    from quizsite.games import exports

    game = make_game("wrc", "tonpuusen")
    for entry in passing(4):
        game.add_hand(entry, version=game.version)
    copy = exports.import_game(json.loads(exports.game_json(game)), owner=None)
    assert stored(copy) == stored(game) is not None


def test_the_command_writes_the_results_again(capsys):
    club = Club.objects.create(name="Thursday")
    games = [finished_game(club) for _ in range(3)]
    right = [stored(g) for g in games]
    Game.objects.filter(pk=games[0].pk).update(result=None)
    Game.objects.filter(pk=games[1].pk).update(result={"tenths": [0, 0, 0, 0]})
    Seat.objects.filter(game=games[2]).update(rank=None, tenths=None)
    call_command("store_game_results")
    assert [stored(g) for g in games] == right
    assert "3 of 3 games" in capsys.readouterr().out


def test_the_migration_fills_games_stored_before_it(transactional_db):
    from django.db.migrations.executor import MigrationExecutor

    club = Club.objects.create(name="Old")
    game = finished_game(club)
    right = stored(game)
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0004_hand_ended_early")])
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert stored(game) == right is not None


def many_games(club: Club, count: int) -> None:
    """`count` finished club games (four seats among six players), stored as the keeper does."""
    names = ["Aiko", "Bruno", "Chen", "Dana", "Emi", "Femi"]
    for i in range(count):
        game = make_game("wrc", "tonpuusen")
        game.east, game.south, game.west, game.north = [names[(i + k) % 6] for k in range(4)]
        game.save()
        entries = passing(4)
        k = i % 4  # hand k (dealer k): won by the next seat off the one across, so it moves on
        entries[k] = ron((k + 1) % 4, (k + 3) % 4, han=1 + i % 4)
        Hand.objects.bulk_create(
            Hand(game=game, number=n, **Hand.fields_of(e)) for n, e in enumerate(entries, 1)
        )
        game.store_result()
        club.add_game(game)


def league_queries(client, club: Club) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("games:club", args=[club.slug]))
    assert response.status_code == 200
    return len(queries)


def test_a_leagues_queries_do_not_grow_with_its_games(client):
    small, large = Club.objects.create(name="Small"), Club.objects.create(name="Large")
    many_games(small, 10)
    many_games(large, 100)
    assert league_queries(client, small) == league_queries(client, large)
    assert league.league(large).finished == 100
    assert len(league.league(large).games) == league.SHOWN


def test_the_league_from_stored_results_equals_the_league_replayed(client):
    club = Club.objects.create(name="Replayed")
    many_games(club, 12)
    table = league.league(club)
    totals: dict[str, int] = {}
    for game in club.games.all():
        final = game.replay().final()
        for seat in game.seats.all():
            totals[seat.player.name] = totals.get(seat.player.name, 0) + final.tenths[seat.seat]
    assert {row.name: row.tenths for row in table.rows} == totals
    assert sum(row.games for row in table.rows) == 48


def test_a_long_league_lists_the_latest_games_and_samples_its_chart(client, monkeypatch):
    monkeypatch.setattr(league, "SHOWN", 3)
    monkeypatch.setattr(league, "POINTS", 5)
    club = Club.objects.create(name="Long")
    many_games(club, 12)
    table = league.league(club)
    latest = list(club.games.order_by("created", "pk"))[-3:]
    assert table.games == latest and table.finished == 12 and table.earlier == 9
    for line in table.chart["lines"]:
        points = line["points"].split()
        assert 2 <= len(points) <= 6
        assert float(points[-1].split(",")[0]) == table.chart["right"]  # up to the last game
    page = client.get(reverse("games:club", args=[club.slug])).content.decode()
    assert "The latest 3 of 12 finished games" in page and "12 finished games" in page
    assert '<ol class="game-list" start="10">' in page  # numbered as played: 10 to 12
