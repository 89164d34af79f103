"""The pages of whose game it is, in Japanese: the import with its questions (a log cut short,
a file that is no log and where to get one), many logs at once and a club's import, the review
marking the player's seat and riichi turns, the practise choice, and the player's games
together read no English of the site's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from quizsite.games.models import Club, Game
from tests.factory import organiser_client, signed_in
from tests.i18n.english import assert_japanese

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parents[1] / "gamelog" / "logs"
XML = (LOGS / "short_game.xml").read_bytes()
JSON = (LOGS / "short_game.json").read_bytes()


@pytest.fixture(autouse=True)
def english_after():
    yield
    translation.activate("en")


def files(*pairs):
    return [SimpleUploadedFile(name, raw) for name, raw in pairs]


def test_the_import_s_questions_and_help_in_japanese():
    client = signed_in("Aiko")
    cut = client.post("/ja/games/import/", {"file": files(("a", XML[: XML.rindex(b"<INIT") + 99]))})
    assert_japanese(cut.content, "a cut log's question")
    assert "最後まである5局を読み込みますか" in cut.content.decode()
    image = client.post("/ja/games/import/", {"file": files(("a.png", b"\x89PNG\r\n\x1a\nxx"))})
    assert_japanese(image.content, "an image")
    assert "これは画像（PNG）で、牌譜ではありません。" in image.content.decode()
    assert "牌譜の手に入れ方" in image.content.decode()
    many = client.post("/ja/games/import/", {"file": files(("a", XML), ("b", JSON), ("c", b"x"))})
    assert_japanese(many.content, "many logs")
    assert "2局を読み込み" in many.content.decode()


def test_the_review_the_seat_and_the_games_together_in_japanese():
    client = signed_in("Aiko")
    response = client.post("/ja/games/import/", {"file": files(("a", XML)), "me": "Bruno"})
    game = Game.objects.get()
    page = client.get(response["Location"])
    assert_japanese(page.content, "the review with a seat")
    text = page.content.decode()
    assert "あなたが" in text and "2巡目にリーチしました" in text and "あなたの和了だけ" in text
    client.post(f"/ja/games/{game.slug}/log/seat/", {"seat": ""})
    assert_japanese(client.get(f"/ja/games/{game.slug}/log/").content, "the review, no seat")
    client.post(f"/ja/games/{game.slug}/log/seat/", {"seat": "1"})
    assert_japanese(client.get("/ja/games/mine/").content, "the games together")
    assert_japanese(client.get("/ja/games/").content, "the games list")
    assert "あなた（Bruno）：1位、+45.0" in client.get("/ja/games/").content.decode()


def test_a_club_s_import_in_japanese():
    club = Club.objects.create(name="木曜会")
    organiser = organiser_client(club)
    assert_japanese(organiser.get(f"/ja/games/clubs/{club.slug}/import/").content, "club import")
    done = organiser.post(f"/ja/games/clubs/{club.slug}/import/", {"file": files(("a", XML))})
    assert_japanese(done.content, "club import done")
    assert "リーグに入れました" in done.content.decode()
