"""Keeping score at the table: a value no hand can score is refused, one these rules rule out
is saved only with "Save anyway", a riichi player left noten at a draw is warned of before
the chombo is saved, and the settlement's own words."""

from __future__ import annotations

import pytest
from django.test import Client

from quizsite.games.models import Game

pytestmark = pytest.mark.django_db

NEW = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "Dana", "length": "hanchan"}


def start(client: Client, preset: str = "tenhou") -> Game:
    assert client.post("/games/new/", {**NEW, "preset": preset}).status_code == 302
    return Game.objects.latest("created")


def post(client: Client, game: Game, **fields) -> str:
    game.refresh_from_db()
    response = client.post(f"/games/{game.slug}/hand/", {"version": game.version, **fields})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("han", "fu", "kind", "why"),
    [
        ("1", "20", "ron", "20 fu is only a pinfu tsumo"),
        ("1", "25", "ron", "25 fu is seven pairs"),
        ("2", "25", "tsumo", "seven pairs by tsumo adds menzen tsumo"),
        ("1", "110", "tsumo", "1 han by tsumo stops at 100 fu"),
    ],
)
def test_a_value_no_hand_scores_is_refused_with_the_reason(client, han, fu, kind, why):
    game = start(client)
    fields = {"kind": kind, "winners": "1", "discarder": "0", "han_1": han, "fu_1": fu}
    page = post(client, game, **fields)
    assert "This hand cannot be settled yet." in page and why in page
    assert f"no hand scores {han} han {fu} fu by {kind}" in page
    assert "Save hand" not in page and "Save anyway" not in page
    post(client, game, **fields, save="anyway")
    assert not game.hands.exists()


def test_a_value_only_these_rules_rule_out_needs_save_anyway(client):
    game = start(client, "mleague")  # double-wind pair 2 fu: 1 han 110 fu ron cannot be
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "1", "fu_1": "110"}
    page = post(client, game, **fields)
    assert "The settlement" in page and "Check this before saving" in page
    assert "cannot happen under these rules" in page and "count it 2 fu" in page
    assert 'value="anyway"' in page and "Save hand" not in page
    page = post(client, game, **fields, save="1")  # the plain save does not keep it
    assert not game.hands.exists() and "Save anyway" in page
    response = client.post(
        f"/games/{game.slug}/hand/", {"version": game.version, **fields, "save": "anyway"}
    )
    assert response.status_code == 302 and game.hands.count() == 1
    # under rules where it can happen, nothing to confirm
    other = start(client, "tenhou")
    page = post(client, other, **fields)
    assert "Check this before saving" not in page and "Save hand" in page


def test_a_riichi_player_left_noten_at_a_draw_is_said_before_the_chombo_is_saved(client):
    game = start(client)
    fields = {"kind": "draw", "riichi": "0", "tenpai": "1"}
    page = post(client, game, **fields)
    assert "Aiko declared riichi but is not marked tenpai: that is a chombo" in page
    assert "Save anyway" in page and "Save hand" not in page
    assert "chombo by Aiko" in page
    # the replay says what happens to the counters, never an empty "replayed:"
    assert "the hand is replayed: East 1, 0 honba again, with the same dealer and honba" in page
    post(client, game, **fields, save="1")
    assert not game.hands.exists()
    # marked tenpai as well: an ordinary draw, saved with the plain button
    page = post(client, game, kind="draw", riichi="0", tenpai=["0", "1"])
    assert "declared riichi but" not in page and "Save hand" in page
    assert "Aiko&#x27;s riichi deposit goes back" not in page


def test_undo_asks_first_and_is_away_from_the_entry_button(client):
    game = start(client)
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30"}
    client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields, "save": "1"})
    board = client.get(f"/games/{game.slug}/").content.decode()
    # no undo form on the board: a link to the question, below the hands' heading
    assert f'action="/games/{game.slug}/undo/"' not in board
    assert board.index("Enter hand 2") < board.index(">Hands</h2>") < board.index("Undo hand 1…")
    page = client.get(f"/games/{game.slug}/undo/").content.decode()
    assert "Undo hand 1?" in page and "Bruno 3 han 30 fu ron off Aiko" in page
    assert "+3,900" in page and "Keep it" in page
    assert game.hands.count() == 1  # asking changes nothing
    response = client.post(f"/games/{game.slug}/undo/", {"version": 1})
    assert response.status_code == 302 and not game.hands.exists()
    # nothing left to undo: the question is not asked
    assert client.get(f"/games/{game.slug}/undo/").status_code == 302


def test_what_it_takes_to_move_up_gives_points_and_a_usual_hand(client):
    game = start(client)
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30"}
    client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields, "save": "1"})
    page = client.get(f"/games/{game.slug}/").content.decode()
    needs = page[page.index("What it takes to move up") :]
    # Chen (25,000) behind Bruno (28,900): 2,000 off Bruno; 4,500 off anyone else, where the
    # usual hand is 3 han 40 fu (5,200); a 700/1,300 tsumo
    assert (
        "<strong>Chen</strong> to pass Bruno: a ron off Bruno of 2,000 or more (2 han 30 fu)"
        " · a ron off anyone else of 4,500 or more (3 han 40 fu, 5,200)"
        " · a tsumo of 700/1,300 or more (2 han 40 fu)" in needs
    )
    assert "110 fu" not in needs and "100 fu" not in needs


def test_a_game_ends_early_when_time_is_up_with_its_standings_then(client):
    game = start(client)
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30"}
    client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields, "save": "1"})
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "End the game early" in board
    page = client.get(f"/games/{game.slug}/end/").content.decode()
    assert "Time's up" in page and "Abandon the game" in page
    assert game.hands.count() == 1  # asking changes nothing
    # the standings shown are the ones time's up gives: Bruno first with 28,900
    first = page[page.index("<tbody>") :]
    assert first.index("Bruno") < first.index("Chen") < first.index("Aiko")
    response = client.post(f"/games/{game.slug}/end/", {"version": 1, "why": "time"})
    assert response.status_code == 302
    game.refresh_from_db()
    played = game.replay()
    assert played.over and not played.abandoned and played.scores[1] == 28_900
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "Game over:</strong> time was called, and the game ends at these scores." in board
    assert "Final standings" in board and "Enter hand" not in board
    assert "End the game early" not in board
    assert game.replay().final().order[0] == 1
    # undo brings the game back
    client.post(f"/games/{game.slug}/undo/", {"version": game.version})
    assert not game.replay().over


def test_an_abandoned_game_has_no_result(client):
    game = start(client)
    response = client.post(f"/games/{game.slug}/end/", {"version": 0, "why": "abandon"})
    assert response.status_code == 302
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "Game over:</strong> the game was abandoned, with no result." in board
    assert "Final standings" not in board
    exported = client.get(f"/games/{game.slug}/game.json").json()
    assert exported["over"] and "final" not in exported
    assert client.get(f"/games/{game.slug}/game.csv").status_code == 200
    page = client.post(f"/games/{game.slug}/end/", {"version": 1, "why": "later"})
    assert page.status_code == 302 and game.hands.count() == 1  # over: nothing more


def test_ending_asks_for_a_reason_and_is_the_scorers_only(client):
    game = start(client)
    page = client.post(f"/games/{game.slug}/end/", {"version": 0, "why": "bored"})
    assert "Choose time&#x27;s up or abandon" in page.content.decode()
    assert not game.hands.exists()
    assert Client().get(f"/games/{game.slug}/end/").status_code == 404
    assert (
        Client().post(f"/games/{game.slug}/end/", {"version": 0, "why": "time"}).status_code == 404
    )


def test_no_chombo_warning_where_a_nagashi_mangan_counts_as_a_win(client):
    game = start(client, "wrc")  # nagashi mangan is a win there: no noten-riichi chombo
    page = post(client, game, kind="draw", riichi="0", nagashi="1")
    assert "declared riichi but" not in page and "Save hand" in page
    page = post(client, start(client, "tenhou"), kind="draw", riichi="0", nagashi="1")
    assert "Aiko declared riichi but is not marked tenpai" in page


def test_the_hand_line_says_a_riichi_noten_chombo(client):
    game = start(client)
    fields = {"kind": "draw", "riichi": "0", "tenpai": "1", "save": "anyway"}
    client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields})
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "tenpai: Bruno; chombo: Aiko declared riichi but noten; riichi: Aiko" in board


def test_the_table_line_has_no_stray_dot_and_the_end_banner_reads(client):
    from tests.factory import add, keep_in_session, make_game, passing

    game = make_game("wrc", "tonpuusen")
    keep_in_session(client, "game", game.slug, game.edit_token)
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "No riichi deposits on the table" in board and "· 0 riichi" not in board
    hand = client.get(f"/games/{game.slug}/hand/").content.decode()
    assert "East 1, 0 honba; no riichi deposits on the table" in hand and "· 0" not in hand
    add(game, *passing(4))
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "Game over:</strong> the last hand of the last round is over." in board
    assert "Game over the last" not in board
