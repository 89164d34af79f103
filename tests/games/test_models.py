"""The game model: totals replayed from the hands after an add, an edit or an undo, and a
change made from a stale board refused, never merged silently."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from quizsite.games.models import Game, Hand, StaleVersion
from scoring.engine import ScoringError
from scoring.engine.game import Entry
from tests.factory import add, draw, make_game, ron

pytestmark = pytest.mark.django_db


def test_it_replays_the_scores_from_the_hands():
    game = add(make_game(), ron(1, 0, 3, 30), draw(1, 2))
    played = game.replay()
    # 3 han 30 fu off the dealer: 3900; then 1500 from each noten player to each tenpai one
    assert played.scores == (19600, 30400, 26500, 23500)
    assert played.state.name == "East 2, 1 honba"
    assert game.version == 2 and Hand.objects.filter(game=game).count() == 2


def test_an_edit_recomputes_every_hand_after_it():
    game = add(make_game(), ron(1, 0), ron(2, 1), ron(3, 2))
    game.replace_hand(1, ron(0, 1, 2, 30), version=game.version)  # the dealer won instead
    played = Game.objects.get(pk=game.pk).replay()
    names = [h.state.name for h in played.hands]
    assert names == ["East 1, 0 honba", "East 1, 1 honba", "East 2, 0 honba"]
    # 2900 to the dealer, then 1000 + 300 to seat 2 off seat 1, then 1000 to seat 3
    assert played.scores == (27900, 20800, 25300, 26000)
    assert sum(played.scores) == 100000


def test_an_edit_that_breaks_a_later_hand_is_refused_and_nothing_changes():
    game = add(make_game(), ron(1, 0), ron(3, 2))
    yakuman = Entry((), {"kind": "ron", "from": 0, "wins": [{"seat": 1, "yakuman": 1}]})
    with pytest.raises(ScoringError, match="^hand 2, .*already over .*below zero"):
        game.replace_hand(1, yakuman, version=game.version)  # seat 0 busts: no hand 2
    game.refresh_from_db()
    assert game.version == 2 and game.hands.get(number=1).end == ron(1, 0).end


def test_undo_removes_the_last_hand():
    game = add(make_game(), ron(1, 0), draw(2))
    game.undo(version=game.version)
    assert [h.number for h in game.hands.all()] == [1]
    assert game.replay().state.name == "East 2, 0 honba"
    game.undo(version=game.version)
    with pytest.raises(ScoringError, match="nothing to undo"):
        game.undo(version=game.version)


def test_a_change_from_a_stale_board_is_refused():
    game = add(make_game(), ron(1, 0))
    other_phone = Game.objects.get(pk=game.pk)
    game.add_hand(draw(), version=game.version)
    with pytest.raises(StaleVersion):
        other_phone.add_hand(ron(2, 3), version=other_phone.version)
    with pytest.raises(StaleVersion):
        other_phone.undo(version=other_phone.version)
    assert [h.kind for h in game.hands.all()] == ["ron", "draw"]


def test_a_hand_the_engine_refuses_is_not_saved_and_the_version_stays():
    game = make_game()
    with pytest.raises(ScoringError):
        game.add_hand(ron(1, 1), version=0)
    game.refresh_from_db()
    assert game.version == 0 and not game.hands.exists()


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_at_once_save_one_hand_and_tell_the_other():
    game = make_game()
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def enter(entry):
        try:
            barrier.wait()
            Game.objects.get(pk=game.pk).add_hand(entry, version=0)
            outcomes.append("saved")
        except StaleVersion:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(e,)) for e in (ron(1, 0), draw(2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["saved", "stale"]
    game.refresh_from_db()
    assert game.version == 1 and game.hands.count() == 1
