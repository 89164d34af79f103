"""Whose game it is: the importer says which player they were (on import, by the name they
played under, or on the review), or a name saved on their account finds it; the review then
marks their wins, deal-ins and riichi (each riichi with its turn), "Practise these hands" takes
only their wins or also the hands they dealt into, the games list shows their place and
points, and their games together show places, points, wins, deal-ins and their most common
slips on their own hands."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from quizsite.games.models import Game, GameLog, OnlineName
from quizsite.practice.models import OwnHand
from tests.factory import signed_in
from tests.helpers import text_of

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parents[1] / "gamelog" / "logs"
XML = (LOGS / "short_game.xml").read_bytes()  # Aiko, Bruno, さくら, Dana: Bruno first, +45.0
JSON = (LOGS / "short_game.json").read_bytes()


def imported(client, raw: bytes = XML, **data) -> Game:
    response = client.post("/games/import/", {"file": SimpleUploadedFile("log", raw), **data})
    assert response.status_code == 302, text_of(response)[-800:]
    return Game.objects.get(slug=response["Location"].split("/")[2])


def review(client, game: Game) -> str:
    return text_of(client.get(f"/games/{game.slug}/log/"))


def test_the_name_given_on_import_is_the_seat_and_the_review_marks_its_play(client):
    game = imported(client, me="  bruno ")  # letter case and spaces aside
    assert game.log.seat == 1
    page = review(client, game)
    assert "You played as Bruno" in page
    assert "You won by ron off さくら: 7,700 points." in page
    assert "You declared riichi on turn 2." in page and "Riichi: you" not in page
    assert "You won by tsumo: 4,000 points." in page


def test_every_riichi_is_said_with_its_turn_and_deal_ins_are_marked(client):
    game = imported(client, me="さくら")
    page = review(client, game)
    assert "Riichi: Bruno on turn 2." in page and "Riichi: Aiko on turn 1." in page
    assert "Only your win" not in page  # さくら won nothing: their deal-ins are offered first
    assert (
        'value="mine_and_dealt_in" checked'
        in client.get(f"/games/{game.slug}/log/").content.decode()
    )
    assert "You dealt in to Bruno: 7,700 points." in page
    assert "You dealt in to Dana: 1,000 points." in page and "You dealt in to Aiko" in page


def test_no_name_leaves_the_seat_to_choose_on_the_review(client):
    game = imported(client, me="nobody here")
    assert game.log.seat is None
    assert "Which player were you?" in review(client, game)
    client.post(f"/games/{game.slug}/log/seat/", {"seat": "3"})
    assert GameLog.objects.get().seat == 3 and "You played as Dana" in review(client, game)
    client.post(f"/games/{game.slug}/log/seat/", {"seat": ""})  # none of them after all
    assert GameLog.objects.get().seat is None
    client.post(f"/games/{game.slug}/log/seat/", {"seat": "9"})  # not a seat: nothing changes
    assert GameLog.objects.get().seat is None
    stranger = Client().post(f"/games/{game.slug}/log/seat/", {"seat": "0"})
    assert stranger.status_code == 404 and GameLog.objects.get().seat is None


def test_a_name_saved_on_the_account_finds_the_seat_of_the_next_log():
    aiko = signed_in("aiko")
    imported(aiko, JSON, me="dan")  # Aki, Ben, Chie, Dan
    assert OnlineName.objects.get().name == "Dan"
    second = imported(aiko, XML.replace(b'n3="Dana"', b'n3="Dan"'))  # nothing said this time
    assert second.names[3] == "Dan" and second.log.seat == 3
    # chosen on the review, with "remember": that name is saved too
    bruno = signed_in("bruno")
    third = imported(bruno)
    bruno.post(f"/games/{third.slug}/log/seat/", {"seat": "1", "remember": "1"})
    assert set(OnlineName.objects.values_list("name", flat=True)) == {"Dan", "Bruno"}
    assert set(OnlineName.objects.values_list("user__username", flat=True)) == {"aiko", "bruno"}


def test_practise_only_your_wins_or_also_the_hands_you_dealt_into(client):
    game = imported(client, me="さくら")  # さくら won nothing, dealt into three wins
    response = client.post(f"/games/{game.slug}/practise/", {"which": "mine"}, follow=True)
    assert "You won no hand of this game" in text_of(response) and not OwnHand.objects.exists()
    client.post(f"/games/{game.slug}/practise/", {"which": "mine_and_dealt_in"})
    assert sorted(OwnHand.objects.values_list("winner", flat=True)) == ["Aiko", "Bruno", "Dana"]


def test_practise_only_your_wins():
    client = Client()
    game = imported(client, me="Bruno")
    page = text_of(client.get(f"/games/{game.slug}/log/"))
    assert "Only your wins (2)" in page and "dealt into" not in page  # Bruno dealt into none
    client.post(f"/games/{game.slug}/practise/", {"which": "mine"})
    assert list(OwnHand.objects.values_list("winner", flat=True)) == ["Bruno", "Bruno"]
    client.post(f"/games/{game.slug}/practise/", {"which": "all"})
    assert OwnHand.objects.count() == 5


def test_the_games_list_and_your_games_together_show_your_place_and_points():
    aiko = signed_in("aiko")
    imported(aiko, me="Bruno")  # first, +45.0
    imported(aiko, JSON, me="Aki")  # first, +48.0
    unsaid = imported(aiko, (LOGS / "real_hanchan_part.xml").read_bytes(), cut_ok="1")
    index = text_of(aiko.get("/games/"))
    assert "You (Bruno): place 1, +45.0" in index and "You (Aki): place 1, +48.0" in index
    mine = text_of(aiko.get("/games/mine/"))
    assert "2 games played" in mine and "2 · 0 · 0 · 0 1st · 2nd · 3rd · 4th" in mine
    assert "+46.5 average points (+93.0 in all)" in mine and "1.00 average place" in mine
    assert "Games that do not say which player you were" in mine and str(unsaid) in mine
    assert text_of(Client().get("/games/mine/")).count("No imported game says") == 1


def test_your_slips_on_your_own_hands_are_counted(client):
    from quizsite.practice import own
    from tests.factory import practice_wrong_post

    game = imported(client, me="Bruno")
    response = client.post(f"/games/{game.slug}/practise/", {"which": "mine"})
    link = client.get(response["Location"])["Location"]
    hand = OwnHand.objects.order_by("pk").first()
    mode = link.split("mode=")[1].split("&")[0]
    client.post(link, practice_wrong_post(own.question(hand, mode)))
    page = text_of(client.get("/games/mine/"))
    assert "What you keep getting wrong" in page and "missed once" in page


def test_names_are_saved_and_removed_only_by_their_owner():
    aiko = signed_in("aiko")
    aiko.post("/games/mine/names/", {"name": "  Pon  Master "})
    name = OnlineName.objects.get()
    assert name.name == "Pon Master" and name.key == "pon master"
    assert "control characters" in text_of(aiko.post("/games/mine/names/", {"name": "a\x01b"}))
    assert Client().post("/games/mine/names/", {"name": "x"}).status_code == 404
    signed_in("bruno").post("/games/mine/names/", {"remove": str(name.pk)})
    assert OnlineName.objects.count() == 1
    aiko.post("/games/mine/names/", {"remove": str(name.pk)})
    assert not OnlineName.objects.exists()
