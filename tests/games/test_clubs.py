"""Clubs: the league table from the club's finished games, players matched by name and merged
by renaming, the SVG chart, the period, the organiser's pages 404 for everyone else."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.games.league import league
from quizsite.games.models import Club, ClubPlayer
from scoring.engine import ScoringError
from scoring.engine.final import final_scores
from scoring.engine.rules import get_table_rules
from tests.factory import add, finished_game, keep_in_session, make_game, organiser_client, ron

pytestmark = pytest.mark.django_db


def test_players_are_matched_by_name_within_a_club():
    club = Club.objects.create(name="Thursday")
    finished_game(club)
    finished_game(club, ("dana", "  Chen ", "BRUNO", "Aiko"))
    assert sorted(p.name for p in club.players.all()) == ["Aiko", "Bruno", "Chen", "Dana"]
    other = Club.objects.create(name="Other")
    finished_game(other)
    assert ClubPlayer.objects.count() == 8


def test_the_league_table_adds_up_the_finished_games():
    club = Club.objects.create(name="Thursday")
    first = finished_game(club, winner_hand=ron(3, 1, 5))  # Dana's mangan off Bruno
    second = finished_game(club, ("Dana", "Chen", "Bruno", "Aiko"))
    add(make_game(), ron(1, 0))  # a game outside the club is not counted
    unfinished = add(make_game("wrc", "tonpuusen"), ron(1, 0))
    club.add_game(unfinished)
    table = league(club)
    assert table.unfinished == 1 and len(table.games) == 2
    rules = get_table_rules("wrc")
    expected: dict[str, int] = {}
    for game in (first, second):
        final = final_scores(game.replay().scores, rules=rules)
        for seat, name in enumerate(game.names):
            expected[name] = expected.get(name, 0) + final.tenths[seat]
    rows = {r.name: r for r in table.rows}
    assert {n: r.tenths for n, r in rows.items()} == expected
    assert [r.tenths for r in table.rows] == sorted(expected.values(), reverse=True)
    assert round(sum(r.tenths for r in table.rows)) == 0
    dana = rows["Dana"]
    assert dana.games == 2 and sum(dana.places) == 2
    # 8 hands: Dana won hands 1 and 3 of the first game and hand 4 of the second, and dealt
    # in once in each; Bruno dealt in twice in the first and once in the second
    assert dana.hands == 8 and dana.wins == 3 and dana.win_rate == "37.5%"
    assert dana.deal_ins == 2 and dana.deal_in_rate == "25.0%"
    assert rows["Bruno"].deal_ins == 3 and rows["Bruno"].deal_in_rate == "37.5%"


def test_renaming_merges_players_and_refuses_two_at_one_table():
    club = Club.objects.create(name="Thursday")
    finished_game(club)
    finished_game(club, ("Aiko", "Bruno", "Chen", "Dan"))
    dan = club.players.get(name="Dan")
    kept = dan.rename("dana")
    assert kept.name == "Dana" and not ClubPlayer.objects.filter(pk=dan.pk).exists()
    assert {r.name: r.games for r in league(club).rows}["Dana"] == 2
    with pytest.raises(ScoringError, match="same table"):
        club.players.get(name="Aiko").rename("Bruno")
    club.players.get(name="Aiko").rename("Aiko Tanaka")
    assert "Aiko Tanaka" in {r.name for r in league(club).rows}


def test_the_page_shows_the_table_and_a_chart(client):
    club = Club.objects.create(name="Thursday <b>night</b>")
    finished_game(club)
    finished_game(club)
    page = client.get(f"/games/clubs/{club.slug}/").content.decode()
    assert "Thursday &lt;b&gt;night&lt;/b&gt;" in page
    assert page.count("<polyline") == 4 and "Running totals" in page
    assert "Organiser" not in page  # the public league has no organiser's tools


def test_the_league_page_does_not_grow_a_query_per_game(client, django_assert_max_num_queries):
    club = Club.objects.create(name="Thursday")
    for _ in range(6):
        finished_game(club)
    with django_assert_max_num_queries(8):
        assert client.get(f"/games/clubs/{club.slug}/").status_code == 200


def test_a_period_and_a_bad_date(client):
    club = Club.objects.create(name="Thursday")
    finished_game(club)
    page = client.get(f"/games/clubs/{club.slug}/?since=2000-01-01&until=2000-01-02")
    assert "No finished game in this period" in page.content.decode()
    bad = client.get(f"/games/clubs/{club.slug}/?since=yesterday")
    assert bad.status_code == 200 and "From must be a date, such as" in bad.content.decode()


def test_the_organisers_pages_are_404_for_everyone_else(client):
    club = Club.objects.create(name="Thursday")
    finished_game(club)
    player = club.players.first()
    outsider = Client()
    assert outsider.post(f"/games/clubs/{club.slug}/rename/",
                         {"player": player.pk, "name": "X"}).status_code == 404  # fmt: skip
    assert outsider.post(f"/games/clubs/{club.slug}/add/", {"game": "x"}).status_code == 404
    assert outsider.get(f"/games/new/?club={club.slug}").status_code == 404
    organiser = organiser_client(club)
    response = organiser.post(f"/games/clubs/{club.slug}/rename/",
                              {"player": player.pk, "name": "Zed"})  # fmt: skip
    assert response.status_code == 302 and club.players.filter(name="Zed").exists()
    assert "Rename" in organiser.get(f"/games/clubs/{club.slug}/").content.decode()
    for odd in ("abc", "", "99999"):
        answer = organiser.post(f"/games/clubs/{club.slug}/rename/", {"player": odd, "name": "Y"})
        assert answer.status_code == 404
    bad = organiser.post(f"/games/clubs/{club.slug}/rename/", {"player": player.pk, "name": " "})
    assert bad.status_code == 200 and "1 to 40 characters" in bad.content.decode()


def test_an_organiser_starts_a_club_and_a_club_game(client):
    response = client.post("/games/clubs/new/", {"name": "Thursday"})
    club = Club.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/clubs/{club.slug}/"
    new = {"east": "A", "south": "B", "west": "C", "north": "D", "preset": "wrc",
           "length": "tonpuusen", "club": club.slug}  # fmt: skip
    assert client.post("/games/new/", new).status_code == 302
    game = club.games.get()
    assert [s.player.name for s in game.seats.all()] == ["A", "B", "C", "D"]
    # a game kept in this browser can be added afterwards
    other = make_game()
    keep_in_session(client, "game", other.slug, other.edit_token)
    assert client.post(f"/games/clubs/{club.slug}/add/", {"game": other.slug}).status_code == 302
    assert club.games.count() == 2
