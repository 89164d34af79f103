"""A three-player game's own hands (kept at the table or imported from a Tenhou three-player
log): each whole-hand win is a complete three-player score request (seat and round among East,
South and West, the winner's Norths set aside as `"kita"`, the game's three-player rules),
practised and drilled as a four-player game's are; and every whole-hand win of real
three-player games becomes a request the engine scores to the server's own points for it."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from quizsite.drills.models import Drill, count_rows
from quizsite.games.models import Game
from quizsite.games.own import whole_hand_wins
from quizsite.practice import own
from quizsite.practice.models import OwnHand, Response
from quizsite.quiz.public import HAND_MODES, solve, whole_hand_question
from scoring import gamelog
from scoring.engine import score
from tests.factory import (
    join,
    make_user,
    practice_right_post,
    practice_wrong_post,
    right_post,
    wrong_post,
)
from tests.helpers import real_games, text_of

pytestmark = pytest.mark.django_db

THREE = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "", "length": "tonpuusen"}
HAND = {"tiles_0": "123p456p789p11s234s", "win_0": "4s"}  # riichi, pinfu, ittsu; no North


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return real_games(3)


def imported(client: Client, record: dict) -> Game:
    raw = record["xml"].encode("utf-8")
    response = client.post("/games/import/", {"file": SimpleUploadedFile("g.mjlog", raw)})
    assert response.status_code == 302, text_of(response)[-800:]
    return Game.objects.get(slug=response["Location"].split("/")[2])


def next_link(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 302
    return response["Location"]


def answer(client: Client, link: str, *, right: bool):
    hand = OwnHand.objects.get(pk=int(urlparse(link).path.rstrip("/").rsplit("/", 1)[-1]))
    q = own.question(hand, parse_qs(urlparse(link).query)["mode"][0])
    return hand, client.post(link, (practice_right_post if right else practice_wrong_post)(q))


def test_a_kept_three_player_games_win_is_a_three_player_request(client):
    response = client.post("/games/new/", {**THREE, "preset": "tenhou_sanma"})
    assert response.status_code == 302
    game = Game.objects.latest("created")
    url = f"/games/{game.slug}/hand/"
    # East 1: Bruno (South) wins by tsumo in riichi with two Norths set aside
    posted = {"kind": "tsumo", "winners": "1", "riichi": "1", "kita_1": "2",
              "tiles_1": HAND["tiles_0"], "win_1": HAND["win_0"]}  # fmt: skip
    assert client.post(url, {"version": 0, **posted, "save": "1"}).status_code == 302
    game.refresh_from_db()
    [win] = whole_hand_wins(game)
    r = win["request"]
    assert (r["seat"], r["round"], r["tsumo"], r["kita"]) == ("S", "E", True, 2)
    assert r["rules"] == "tenhou_sanma" and win["winner"] == "Bruno"
    scored = score(r)
    assert dict((y.id, y.han) for y in scored.yaku)["nukidora"] == 2
    assert len(scored.settlement.payments) == 2  # two payers: the table has three seats
    played = game.replay().hands[0].outcome
    assert played.deltas[1] == scored.settlement.total  # its own riichi stick put down, back
    page = text_of(client.get(f"/games/{game.slug}/"))
    assert "Practise these hands" in page and "cannot be practised" not in page


def test_an_imported_three_player_game_is_practised_and_drilled(records):
    record = next(g for g in records if g["id"].endswith("8d5cef1e"))  # three wins, with Norths
    user = make_user("aiko")
    client = Client()
    client.force_login(user)
    game = imported(client, record)
    assert game.players == 3
    wins = whole_hand_wins(game)
    assert len(wins) == 3 and all(w["request"]["rules"] == "tenhou_sanma" for w in wins)
    assert any(w["request"].get("kita") for w in wins)
    added = client.post(f"/games/{game.slug}/practise/")
    assert added.status_code == 302 and added["Location"] == "/practice/own/next/"
    assert OwnHand.objects.filter(user=user).count() == 3
    link = next_link(client, "/practice/own/next/?mode=full")
    page = text_of(client.get(link))
    assert "Your own hand" in page
    hand, right = answer(client, link, right=True)
    assert "Right!" in text_of(right)
    q = own.question(hand, "full")
    assert solve(q).payments == score(hand.request).settlement.payments  # the engine's answer
    other = next_link(client, "/practice/own/next/?mode=payment")
    wrong_hand, wrong = answer(client, other, right=False)
    assert wrong_hand.pk != hand.pk and "Not quite" in text_of(wrong)
    rows = {r.ref: r.right for r in Response.objects.all()}
    assert rows == {f"own:{hand.pk}:0": True, f"own:{wrong_hand.pk}:0": False}
    # and a drill of them, asking the full score: three questions, three-player rules
    made = client.post(f"/games/{game.slug}/drill/", {"mode": "full"})
    assert made.status_code == 302
    drill = Drill.objects.get(owner=user)
    assert (drill.count, drill.rules, drill.from_hands) == (3, "tenhou_sanma", True)
    for q, win in zip(drill.quiz_questions(), wins, strict=True):
        assert solve(q).payments == score(win["request"]).settlement.payments
    assert drill.code in made["Location"]
    assert client.get(made["Location"]).status_code == 200


def test_a_three_player_drill_is_taken_and_judged(records):
    record = next(g for g in records if g["id"].endswith("8d5cef1e"))
    owner = make_user("aiko")
    client = Client()
    client.force_login(owner)
    game = imported(client, record)
    client.post(f"/games/{game.slug}/drill/", {"mode": "han"})
    drill = Drill.objects.get(owner=owner)
    learner = Client()
    join(learner, drill)
    assert "Right!" in text_of(learner.post(f"/d/{drill.code}/1/", right_post(drill, 1)))
    assert "Not quite" in text_of(learner.post(f"/d/{drill.code}/2/", wrong_post(drill, 2)))
    assert count_rows(drill.pk)[0] == {1: (1, 1), 2: (1, 0)}


def test_every_whole_hand_win_of_real_three_player_games_scores_the_servers_points(records):
    """A few real games, spread over the file (2009 and 2022): each of their wins is one
    request, seated among East, South and West, with the Norths the log gives its winner,
    that the engine scores to the server's value, and that every hand mode can ask."""
    client = Client()
    picked = records[:: len(records) // 6][:6]
    checked = kita = 0
    for record in picked:
        logged = gamelog.read(record["xml"], sanma=True)
        game = imported(client, record)
        wins = whole_hand_wins(game)
        server = [(h, w) for h in logged.hands for w in h.wins]
        assert len(wins) == len(server), record["id"]
        for made, (hand, win) in zip(wins, server, strict=True):
            r = made["request"]
            where = (record["id"], hand.number, win.seat)
            assert r["seat"] == "ESW"[(win.seat - hand.dealer) % 3], where
            assert r["round"] == hand.round and r["tsumo"] == win.tsumo, where
            assert r["rules"] == "tenhou_sanma" and r.get("kita", 0) == win.hand.get("kita", 0)
            assert score(r).settlement.hand_value == win.recorded.points, where
            for mode in HAND_MODES:
                whole_hand_question(1, r, mode)
            checked += 1
            kita += bool(r.get("kita"))
    assert checked >= 30 and kita >= 10
