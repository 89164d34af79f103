"""Exports: the CSV (UTF-8, a header, names a spreadsheet will not run) and the JSON that
imports back into the same game; a bad import is answered inline."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from quizsite.games.models import Game
from tests.factory import add, draw, make_game, ron

pytestmark = pytest.mark.django_db


def test_the_csv_has_a_header_every_hand_and_safe_names(client):
    game = make_game()
    game.east = '=HYPERLINK("http://x")'
    game.south = "Émile 東"
    game.save()
    add(game, ron(1, 0, 3, 30), draw(1, 2))
    response = client.get(f"/games/{game.slug}/game.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8"))))
    assert rows[0][:5] == ["hand", "name", "what happened", "'=HYPERLINK(\"http://x\") change",
                           "Émile 東 change"]  # fmt: skip
    assert rows[1] == ["0", "start", "", "", "", "", "", "25000", "25000", "25000", "25000"]
    assert rows[2][1] == "East 1, 0 honba" and rows[2][3:7] == ["-3900", "3900", "0", "0"]
    assert rows[3][7:] == ["19600", "30400", "26500", "23500"]
    assert all(not c.startswith(("=", "+", "@")) for row in rows for c in row)


def test_the_json_imports_back_into_the_same_game(client):
    game = add(make_game("wrc", "tonpuusen", start=30000), ron(1, 0), draw(2), ron(3, 2, 5))
    data = json.loads(client.get(f"/games/{game.slug}/game.json").content)
    assert data["rules"] == {"preset": "wrc", "start": 30000} and len(data["hands"]) == 3
    upload = SimpleUploadedFile("game.json", json.dumps(data).encode(), "application/json")
    response = client.post("/games/import/", {"file": upload})
    assert response.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.replay().scores == game.replay().scores and copy.names == game.names
    assert copy.version == 3 and copy.slug != game.slug
    assert client.get(response["Location"]).status_code == 200  # the importer keeps it


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "other"}, "not a Tenbō game export"),
        ({"players": ["A", "B", "C"]}, "four names"),
        ({"rules": {"preset": "nope"}}, "nope"),
        ({"length": "forever"}, "length"),
        (
            {
                "hands": [
                    {
                        "riichi": [],
                        "end": {
                            "kind": "ron",
                            "from": 1,
                            "wins": [{"seat": 1, "han": 1, "fu": 30}],
                        },
                    }
                ]
            },
            "hand 1, East 1, 0 honba: seat 1 discarded",
        ),  # fmt: skip
        ({"hands": "x"}, "must be a list of at most"),
    ],
)
def test_a_bad_import_is_answered_inline(client, change, message):
    good = json.loads(client.get(f"/games/{make_game().slug}/game.json").content)
    response = client.post("/games/import/", {"text": json.dumps({**good, **change})})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Game.objects.count() == 1


def test_text_that_is_not_json_is_answered_inline(client, monkeypatch):
    """Text that is no export goes to the game log reader, whose problem is said inline."""
    from scoring import gamelog

    def read(data, *, limit, sanma=False):
        raise gamelog.LogError("bad_json", {"line": 1}, why="Expecting property name")

    monkeypatch.setattr(gamelog, "read", read)
    response = client.post("/games/import/", {"text": "{not json"})
    page = response.content.decode()
    assert response.status_code == 200 and "JSON does not parse" in page and "line 1" in page
    assert "choose a game" in client.post("/games/import/", {}).content.decode()
