"""Final points kept to 0.1 (M-League's rules: nothing rounded) are shown to the tenth
everywhere final points are shown: the final API, /table-rules/, the game keeper's board, a
club's league and the quiz's final-score questions (whose answer form takes "64.2"). Tenhou's
server rounds each score to the nearest thousand instead (tests/engine/test_final.py)."""

from __future__ import annotations

import json

import pytest

from quizsite.games.league import league
from quizsite.games.models import Club
from quizsite.quiz.table_forms import final_tenths
from quizsite.quiz.table_questions import load_table_question, solve_table
from tests.factory import add, keep_in_session, make_game, ron
from tests.helpers import HX, text_of

# 43,200 / −200 / 31,500 / 24,500 with one riichi deposit left, under M-League's rules: the
# deposit to first, (points − 30,000) / 1000 exactly, oka 20, uma +30/+10/−10/−30.
SERVER = {"rules": "mleague", "scores": [43200, -200, 31500, 24500], "sticks": 1}
SERVER_POINTS = [64.2, -60.2, 11.5, -15.5]


def test_the_final_api_gives_the_tenths(client):
    response = client.post("/api/v1/final", json.dumps(SERVER), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["points"] == SERVER_POINTS


def test_the_table_rules_page_shows_the_tenths(client):
    query = "final_rules=mleague&p0=43200&p1=-200&p2=31500&p3=24500&left=1"
    text = text_of(client.get(f"/table-rules/?{query}"))
    rows = ["1st Seat 0 43200 +64.2", "2nd Seat 2 31500 +11.5", "3rd Seat 3 24500 -15.5",
            "4th Seat 1 -200 -60.2"]  # fmt: skip
    assert all(row in text for row in rows), text


def short_game():
    """East-only under M-League's rules: seat 1 takes 2 han 40 fu (2,600) off seat 2, then
    three 1,000 rons pass the deal; after East 4 seat 1 has 26,600 and the game is over."""
    game = make_game("mleague", "tonpuusen")
    return add(game, ron(1, 2, 2, 40), ron(2, 3), ron(3, 0), ron(0, 1))


@pytest.mark.django_db
def test_the_keepers_board_and_the_league_show_the_tenths(client):
    game = short_game()
    played = game.replay()
    assert played.over and played.scores == (25000, 26600, 23400, 25000)
    # 1st −3.4 + 20 oka + 30 uma; seats 0 and 3 tied share 2nd and 3rd's uma (+10 − 10): −5
    # each; 4th −6.6 − 30: nothing rounded
    assert played.final().points == (-5.0, 46.6, -36.6, -5.0)
    keep_in_session(client, "game", game.slug, game.edit_token)
    for page in (f"/games/{game.slug}/", f"/games/{game.slug}/watch/"):
        board = text_of(client.get(page))
        assert "+46.6" in board and "-36.6" in board, page
    club = Club.objects.create(name="Thursday")
    club.add_game(game)
    rows = {r.name: r.total for r in league(club).rows}
    assert rows["Bruno"] == "+46.6" and rows["Chen"] == "-36.6"
    assert "+46.6" in text_of(client.get(f"/games/clubs/{club.slug}/"))
    assert json.loads(client.get(f"/games/{game.slug}/game.json").content)["final"] == [
        -5.0, 46.6, -36.6, -5.0
    ]  # fmt: skip


def test_the_quiz_final_answer_form_takes_a_tenth_without_a_sign():
    assert final_tenths("64.2", "seat 0") == 642
    assert final_tenths("-60.2", "seat 1") == -602
    assert final_tenths("+11.5", "seat 2") == 115


def final_with_tenths():
    for seed in range(1, 200):
        options = {"mode": "final", "level": "intermediate", "rules": "mleague"}
        q = load_table_question(str(seed), options)
        s = solve_table(q)
        if any(t % 10 for t in s.tenths):
            return q, s
    raise AssertionError("no M-League final question with tenths")


@pytest.mark.django_db
def test_a_final_question_is_answered_to_the_tenth(client):
    q, s = final_with_tenths()
    typed = {f"seat{i}": f"{t / 10:.1f}" for i, t in enumerate(s.tenths)}  # "64.2", no sign
    page = text_of(client.post(q.url, typed, **HX))
    assert "Right!" in page, (q.url, typed)
    rounded = {f"seat{i}": f"{round(t / 10):d}" for i, t in enumerate(s.tenths)}
    assert "Right!" not in text_of(client.post(q.url, rounded, **HX))


def test_the_rules_page_explains_the_rounding_choices(client):
    text = text_of(client.get("/rules/"))
    assert "How final points are rounded" in text
    assert "+47.0 / +6.0 / −20.0 / −33.0" in text  # Tenhou's own record, rounded
    assert "toward zero" in text and "one point at most" in text
    assert "toward_zero" in text  # the Mahjong Soul column of the table rules


def test_the_rules_page_says_how_each_preset_ends_a_game(client):
    from scoring.engine.game import GAME_ENDS

    text = text_of(client.get("/rules/"))
    assert "How a game ends" in text and "tenpai_yame" in text
    for end in GAME_ENDS.values():
        assert end.note in text
    assert "plays on while not first, even when someone else has 30,000" in text
