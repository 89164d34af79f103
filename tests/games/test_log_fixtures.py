"""The log readers' own fixtures (tests/gamelog/logs/: logs written by hand from the formats'
descriptions, and part of a real game) posted to /games/import/ as a player would: each becomes
a game whose every win the engine scores as the server recorded it, every settlement alike,
and the end (when the log has one) the log's. Skipped while the readers are not there."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from quizsite.games import logs
from quizsite.games.models import Game

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parents[1] / "gamelog" / "logs"
# Whole games (real_hands.json holds single wins, not a game).
FIXTURES = sorted(
    p for p in LOGS.glob("*.*") if p.suffix in (".xml", ".json") and p.stem != "real_hands"
)


@pytest.fixture(autouse=True)
def readers():
    pytest.importorskip("scoring.gamelog.files", reason="the log readers are not merged yet")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
@pytest.mark.parametrize("packed", [False, True], ids=["plain", "gzip"])
def test_a_fixture_imports_and_agrees_with_the_server(client, path, packed):
    raw = path.read_bytes()
    upload = SimpleUploadedFile(
        path.name + (".gz" if packed else ""), gzip.compress(raw) if packed else raw
    )
    # (a fixture cut short is imported as the page asks: its complete hands, confirmed)
    response = client.post("/games/import/", {"file": upload, "preset": "tenhou", "cut_ok": "1"})
    assert response.status_code == 302, response.content.decode()[-2000:]
    game = Game.objects.get()
    log = game.log
    assert log.stopped is None and log.saved == len(log.hands) == game.hands.count()
    review = logs.review(game, log)
    assert review["wins"] > 0 and review["differing_wins"] == 0, review["banner"]
    assert review["differing_settlements"] == 0, review["banner"]
    if log.end_scores:
        assert list(game.replay().scores) == log.end_scores
        assert not review["end"]["differs"]
    page = client.get(response["Location"]).content.decode()
    assert response[
        "Location"
    ] == f"/games/{game.slug}/log/" and "differ" not in page.lower().replace("different", "")


def test_the_fixtures_are_found_when_the_readers_are_there():
    assert FIXTURES, f"no log fixtures in {LOGS}"
