"""A drill made of given whole hands (a game's wins): its questions are exactly the hands, in
the mode chosen, judged right by the engine's own score; it is taken and counted like any
drill, and its kept counters agree with a recount."""

from __future__ import annotations

import pytest

from quizsite.drills.models import count_rows, kept_counts
from quizsite.drills.public import drill_from_hands
from quizsite.games.own import whole_hand_wins
from quizsite.quiz.public import solve
from scoring.engine import score
from tests.factory import join, make_user, right_post, wrong_post
from tests.own_hands import game_with_hands

pytestmark = pytest.mark.django_db


def hands(**rules):
    return [w["request"] for w in whole_hand_wins(game_with_hands("tenhou", **rules))]


@pytest.mark.parametrize("mode", ["payment", "fu", "han", "full"])
def test_the_questions_are_the_hands_in_the_mode(mode):
    requests = hands()
    drill = drill_from_hands(make_user(), requests, title="My game", mode=mode)
    assert (drill.mode, drill.count, drill.rules) == (mode, 2, "tenhou")
    questions = drill.quiz_questions()
    assert len(questions) == 2
    for q, request in zip(questions, requests, strict=True):
        engine = score(request)
        if mode == "payment":
            assert (q.request["han"], q.request["fu"]) == (engine.best.han, engine.best.fu)
        else:
            assert q.request.items() >= request.items()
        assert solve(q).payments == engine.settlement.payments
        if mode in ("fu", "han"):
            assert getattr(solve(q), mode) == getattr(engine.best, mode)


def test_the_games_switches_are_the_drills_house_rules():
    drill = drill_from_hands(make_user(), hands(kiriage=True), title="Kiriage", mode="full")
    assert drill.house == [["kiriage", "1"]] and drill.options["kiriage"] == "1"
    assert all(q.request["rules"] == {"preset": "tenhou", "kiriage": True}
               for q in drill.quiz_questions())  # fmt: skip


def test_it_refuses_no_hands_and_a_table_mode():
    owner = make_user()
    with pytest.raises(ValueError):
        drill_from_hands(owner, [], title="Empty", mode="full")
    with pytest.raises(ValueError):
        drill_from_hands(owner, hands(), title="Draw", mode="draw")
    assert not owner.drills.exists()


def test_it_is_taken_judged_and_counted_like_any_drill(client):
    drill = drill_from_hands(make_user(), hands(), title="My game", mode="full")
    join(client, drill)
    page = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Right!" in page
    page = client.post(f"/d/{drill.code}/2/", wrong_post(drill, 2)).content.decode()
    assert "Not quite" in page
    counted = count_rows(drill.pk)
    assert counted[0] == {1: (1, 1), 2: (1, 0)}
    assert kept_counts(drill.pk) == counted
    drill.recount()
    assert kept_counts(drill.pk) == counted


def test_its_hands_are_never_drawn_again(client):
    owner = make_user()
    drill = drill_from_hands(owner, hands(), title="My game", mode="fu")
    before = [q.request for q in drill.questions.all()]
    assert drill.from_hands and not drill.redraw(1)
    client.force_login(owner)
    page = client.get(f"/drills/{drill.code}/preview/").content.decode()
    assert "Draw again" not in page and "These are the hands of a game" in page
    client.post(f"/drills/{drill.code}/preview/1/redraw/")
    assert [q.request for q in drill.questions.all()] == before
    assert drill.copy(owner).from_hands  # a copy is of the same hands
