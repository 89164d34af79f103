"""The games' pages through the test client: a game started, hands previewed and saved,
edited and undone, a stale board refused, bad input answered inline, and the scorers' pages
a 404 for everyone else."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.games.models import Game
from tests.factory import NEW_GAME, add, draw, make_game, ron, start

pytestmark = pytest.mark.django_db


def hand_post(game: Game, **fields) -> dict:
    return {"version": game.version, **fields}


def test_it_starts_a_game_and_shows_the_board(client):
    game = start(client)
    assert game.names == ("Aiko", "Bruno", "Chen", "Dana") and game.rules == {"preset": "tenhou"}
    assert game.extension and game.agari_yame
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "East 1, 0 honba" in page and "25,000" in page
    # all level: seat order ranks them, so any win passes the player above
    assert "Bruno</strong> to pass Aiko: any win" in page


def test_it_refuses_bad_new_games_inline(client):
    response = client.post("/games/new/", {**NEW_GAME, "west": "aiko", "start": "abc"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "different name" in page and "Starting points takes a multiple of 100 from 1000" in page
    response = client.post("/games/new/", {**NEW_GAME, "start": 30000, "target": 20000})
    assert "below the start" in response.content.decode()
    assert not Game.objects.exists()


def test_a_hand_is_previewed_then_saved(client):
    game = start(client)
    fields = hand_post(game, kind="ron", winners="1", discarder="0", han_1="3", fu_1="30",
                       riichi="1")  # fmt: skip
    response = client.post(f"/games/{game.slug}/hand/", fields)
    page = response.content.decode()
    assert response.status_code == 200 and "Save hand" in page
    assert "+3,900" in page and "−3,900" in page  # Bruno's own riichi deposit comes back
    assert "Bruno takes the 1 riichi deposit on the table" in page
    assert not game.hands.exists()
    response = client.post(f"/games/{game.slug}/hand/", {**fields, "save": "1"})
    assert response.status_code == 302
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "East 2, 0 honba" in page and "28,900" in page and "21,100" in page


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"kind": "ron", "winners": "1"}, "Choose who dealt in"),
        ({"kind": "ron", "winners": "1", "discarder": "0"}, "choose the han"),
        ({"kind": "ron", "winners": "1", "discarder": "0", "han_1": "2"}, "choose the fu too"),
        ({"kind": "ron", "winners": "1", "discarder": "1", "limit_1": "5"}, "cannot win by ron"),
        ({"kind": "tsumo", "winners": ["1", "2"], "limit_1": "5", "limit_2": "5"}, "one winner"),
        ({"kind": "abortive"}, "Choose why"),
        ({"kind": "chombo"}, "Choose who made the chombo"),
        (
            {"kind": "ron", "winners": "1", "discarder": "0", "limit_1": "5", "pao": "2"},
            "liable yakuman",
        ),
        ({"kind": "draw", "riichi": ["0"], "tenpai": ["1"], "version": "x"}, "was not saved"),
        ({"kind": "nonsense"}, "How the hand ended must be one of ron, tsumo, draw"),
    ],
)
def test_bad_hands_get_a_message_not_an_error(client, fields, message):
    game = start(client)
    response = client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields, "save": "1"})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not game.hands.exists()


def test_an_edit_replays_the_hands_after_it(client):
    game = start(client)
    add(game, ron(1, 0), ron(2, 1))
    page = client.get(f"/games/{game.slug}/hand/1/").content.decode()
    assert (
        'name="winners" value="1" checked' in page and 'name="discarder" value="0" checked' in page
    )
    fields = hand_post(game, kind="ron", winners="0", discarder="1", limit_0="5", save="1")
    assert client.post(f"/games/{game.slug}/hand/1/", fields).status_code == 302
    played = Game.objects.get(pk=game.pk).replay()
    assert [h.state.name for h in played.hands] == ["East 1, 0 honba", "East 1, 1 honba"]
    assert played.scores == (37000, 11700, 26300, 25000) and sum(played.scores) == 100000


def test_undo_and_a_stale_board(client):
    game = start(client)
    add(game, ron(1, 0), draw(2))
    stale = {"version": game.version - 1}
    response = client.post(f"/games/{game.slug}/undo/", stale)
    assert (
        response.status_code == 200 and "Someone else entered a hand" in response.content.decode()
    )
    assert game.hands.count() == 2
    assert client.post(f"/games/{game.slug}/undo/", {"version": game.version}).status_code == 302
    assert [h.number for h in game.hands.all()] == [1]


def test_the_scorers_pages_are_404_for_everyone_else(client):
    game = start(client)
    add(game, ron(1, 0))
    other = Client()
    for url in ("", "hand/", "hand/1/"):
        assert other.get(f"/games/{game.slug}/{url}").status_code == 404
    for url in ("hand/", "undo/", "stop/"):
        assert other.post(f"/games/{game.slug}/{url}", {"version": 1}).status_code == 404
    assert other.get(f"/games/{game.slug}/join/wrong-token/").status_code == 404
    assert game.hands.count() == 1
    # the public link is read only, and the join link makes a second scorer
    watch = other.get(f"/games/{game.slug}/watch/").content.decode()
    assert "East 2, 0 honba" in watch and "Enter hand" not in watch
    assert other.get(f"/games/{game.slug}/join/{game.edit_token}/").status_code == 302
    assert other.get(f"/games/{game.slug}/").status_code == 200


def test_the_watch_page_polls_for_its_live_part(client):
    game = make_game()
    response = client.get(f"/games/{game.slug}/watch/", headers={"HX-Request": "true"})
    page = response.content.decode()
    assert 'hx-trigger="every 5s"' in page and "<html" not in page


def test_names_are_escaped(client):
    game = start(client, east="<script>alert(1)</script>")
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;" in page


def test_the_end_and_the_standings(client):
    game = start(client, preset="mahjongsoul")  # stopping is the dealer's choice there
    add(game, ron(1, 0), ron(2, 1), ron(3, 2))
    game.add_hand(ron(3, 0, 5), version=game.version)  # the last dealer, first: may stop
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "The dealer stops here" in page
    assert client.post(f"/games/{game.slug}/stop/", {"version": game.version}).status_code == 302
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "Final standings" in page and "agari-yame" in page and "Enter hand" not in page


def test_a_whole_hand_is_scored_by_the_engine(client):
    game = start(client)
    fields = hand_post(game, kind="ron", winners="1", discarder="2", riichi="1",
                       tiles_1="123456789m11z234s", win_1="4s", save="1")  # fmt: skip
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    end = game.hands.get().end
    assert end["wins"][0]["hand"] == {"hand": "123456789m11z234s", "win": "4s",
                                      "flags": ["riichi"]}  # fmt: skip
    steps = game.replay().hands[0].outcome.steps
    assert any("riichi" in s.text.lower() and "ittsu" in s.text.lower() for s in steps)
    page = client.get(f"/games/{game.slug}/hand/1/").content.decode()
    assert 'value="123456789m11z234s"' in page  # the edit form shows it again


def test_a_whole_hand_the_engine_cannot_read_is_said_inline(client):
    game = start(client)
    fields = hand_post(game, kind="tsumo", winners="1", tiles_1="123456789m11z23s", win_1="4s")
    response = client.post(f"/games/{game.slug}/hand/", fields)
    assert response.status_code == 200 and "Bruno&#x27;s hand" in response.content.decode()
    no_win = hand_post(game, kind="tsumo", winners="1", tiles_1="123456789m11z234s")
    assert "winning tile" in client.post(f"/games/{game.slug}/hand/", no_win).content.decode()


def test_engine_messages_name_the_players(client):
    game = start(client)
    fields = hand_post(game, kind="ron", winners="1", discarder="1", limit_1="5")
    page = client.post(f"/games/{game.slug}/hand/", fields).content.decode()
    assert "Bruno discarded the winning tile" in page


def test_pao_splits_a_liable_yakuman_ron(client):
    game = start(client, preset="mahjongsoul")
    fields = hand_post(game, kind="ron", winners="1", discarder="2", limit_1="y1", pao="3",
                       save="1")  # fmt: skip
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    played = game.replay()
    assert played.hands[0].outcome.deltas == (0, 32000, -16000, -16000)


def test_a_triple_ron_under_rules_that_pay_two_aborts_the_hand(client):
    game = start(client)  # Tenhou: double ron paid, a triple ron is an abortive draw
    wins = {"winners": ["1", "2", "3"], "han_1": "1", "fu_1": "30", "han_2": "2", "fu_2": "30",
            "limit_3": "5"}  # fmt: skip
    fields = hand_post(game, kind="ron", discarder="0", save="1", **wins)
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    played = game.replay()
    assert played.hands[0].outcome.deltas == (0, 0, 0, 0)
    assert played.state.name == "East 1, 1 honba"


def test_the_switches_chosen_at_the_start_are_the_games_rules(client):
    game = start(client, multiple_ron="head_bump", busting="off", start="30000")
    assert game.rules == {"preset": "tenhou", "start": 30000, "multiple_ron": "head_bump",
                          "busting": False}  # fmt: skip
    wins = {"winners": ["2", "3"], "limit_2": "5", "limit_3": "5"}
    fields = hand_post(game, kind="ron", discarder="1", save="1", **wins)
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    # head bump: only Chen, first after Bruno, is paid
    assert game.replay().hands[0].outcome.deltas == (0, -8000, 8000, 0)
