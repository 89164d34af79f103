"""Many logs at once: several files or one zip, each imported as one log is, the ones the
importer imported before skipped, and from a club's page each game added to its league when
it is played by the league's rules (said when not); a zip bomb stops at the limits, and at
most `batch.MOST` logs are taken in one go."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from quizsite.games import batch
from quizsite.games.models import Club, Game, SavedRules
from tests.factory import make_user, organiser_client, signed_in
from tests.helpers import text_of

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parents[1] / "gamelog" / "logs"
XML = (LOGS / "short_game.xml").read_bytes()  # Tenhou rules, finished
JSON = (LOGS / "short_game.json").read_bytes()  # another game, Tenhou rules, finished


def zipped(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, raw in files.items():
            z.writestr(name, raw)
    return out.getvalue()


def upload(name: str, raw: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, raw)


def test_several_files_at_once_each_imported_or_skipped_or_refused(client):
    files = [
        upload("a.xml", XML),
        upload("b.json", JSON),
        upload("shot.png", b"\x89PNG\r\n\x1a\nxx"),
    ]
    page = text_of(client.post("/games/import/", {"file": files}))
    assert Game.objects.count() == 2
    assert "2 games imported · 0 skipped (imported before) · 1 refused" in page
    assert "This is an image (PNG), not a game log." in page
    again = text_of(client.post("/games/import/", {"file": [upload("a.xml", gzip.compress(XML)),
                                                            upload("b.json", JSON)]}))  # fmt: skip
    assert "0 games imported · 2 skipped (imported before) · 0 refused" in again
    assert Game.objects.count() == 2


def test_a_zip_of_logs_comes_in_and_says_what_became_of_each(client):
    raw = zipped({"night/a.mjlog": gzip.compress(XML), "night/b.json": JSON,
                  "night/notes.txt": b"bring snacks", "night/": b""})  # fmt: skip
    page = text_of(client.post("/games/import/", {"file": upload("night.zip", raw)}))
    assert "2 games imported" in page and "1 refused" in page
    assert "night.zip › night/notes.txt" in page and "neither a Tenbō game export" in page


def test_a_club_imports_its_games_into_the_league_when_the_rules_match():
    club = Club.objects.create(name="Thursday")
    organiser = organiser_client(club)
    raw = zipped({"a.xml": XML, "b.json": JSON})
    page = text_of(
        organiser.post(f"/games/clubs/{club.slug}/import/", {"file": upload("n.zip", raw)})
    )
    assert "2 in Thursday's league" in page and "added to the league" in page
    assert set(club.games.values_list("pk", flat=True)) == set(
        Game.objects.values_list("pk", flat=True)
    )
    assert club.players.count() == 8
    again = text_of(
        organiser.post(f"/games/clubs/{club.slug}/import/", {"file": upload("n.zip", raw)})
    )
    assert "2 skipped" in again and "in the league already" in again and club.games.count() == 2


def test_a_game_by_other_rules_is_imported_but_not_added_saying_why():
    organiser = make_user("organiser")
    rules = SavedRules.objects.create(
        name="M-League nights", owner=organiser, rules={"preset": "mleague"}
    )
    club = Club.objects.create(name="Thursday", owner=organiser, rules=rules)
    client = signed_in("organiser")
    page = text_of(client.post(f"/games/clubs/{club.slug}/import/", {"file": upload("a", XML)}))
    assert "1 game imported" in page and "0 in Thursday's league" in page
    assert "not added: it was played by Tenhou" in page and "M-League nights" in page
    assert Game.objects.get().club is None
    # the same rules written otherwise are the league's: the uma Tenhou's preset has anyway
    rules.rules = {"preset": "tenhou", "uma": [20, 10, -10, -20]}
    rules.save()
    page = text_of(client.post(f"/games/clubs/{club.slug}/import/", {"file": upload("b", JSON)}))
    assert "added to the league" in page and club.games.count() == 1


def test_the_club_import_is_the_organisers_only():
    club = Club.objects.create(name="Thursday")
    assert Client().get(f"/games/clubs/{club.slug}/import/").status_code == 404
    response = Client().post(f"/games/clubs/{club.slug}/import/", {"file": upload("a.xml", XML)})
    assert response.status_code == 404 and not Game.objects.exists()
    assert organiser_client(club).get(f"/games/clubs/{club.slug}/import/").status_code == 200


@override_settings(TENBO_LOG_MAX_BYTES=200_000)
def test_a_zip_bomb_stops_at_the_limits(client):
    # a member far past the log limit (declared honestly or not), and members that together
    # unpack past `batch.UNPACKED` limits, each a few hundred bytes zipped
    big = b"0" * 250_000
    raw = zipped({"big.xml": big, "ok.xml": XML})
    page = text_of(client.post("/games/import/", {"file": upload("bomb.zip", raw)}))
    assert "larger than a log may be" in page and "1 game imported" in page
    many = zipped({f"{n}.xml": b" " * 199_000 for n in range(batch.UNPACKED + 3)})
    assert len(many) < 50_000
    page = text_of(client.post("/games/import/", {"file": upload("many.zip", many)}))
    assert "unpacks to more than 2,000,000 bytes" in page and Game.objects.count() == 1


def test_at_most_so_many_logs_in_one_go(client):
    raw = zipped({f"{n}.png": b"\x89PNG\r\n\x1a\n" for n in range(batch.MOST + 2)})
    page = text_of(client.post("/games/import/", {"file": upload("shots.zip", raw)}))
    assert f"Tenbō imports at most {batch.MOST} logs at a time" in page
    assert page.count("Tenbō imports at most") == 1  # the zip is not unpacked further
