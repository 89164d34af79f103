"""A three-player log through the site's import: the game it makes has three seats and no
North, its review and board show three players (with the Norths each winner set aside), the
importer's seat is one of the three, a log cut short is asked about and then imported, a
three-player log cannot take four-player rules (nor the other way round) and does not join a
four-player league, and a zip of three- and four-player logs imports each as its own."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from quizsite.games.models import Club, Game, SavedRules
from tests.factory import make_user, signed_in
from tests.gamelog.sanma_json import to_json
from tests.helpers import real_games, text_of

pytestmark = pytest.mark.django_db
FOUR = (Path(__file__).resolve().parents[1] / "gamelog" / "logs" / "short_game.xml").read_bytes()
NAMES = ("サドゥー", "k-point", "しょうくん")  # the sample game's players, East first


@pytest.fixture(scope="module")
def xml() -> str:
    """A short real three-player game: 4 hands, three wins each with a North set aside."""
    return next(g["xml"] for g in real_games(3) if g["id"].endswith("8d5cef1e"))


def upload(name: str, raw: bytes | str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, raw.encode() if isinstance(raw, str) else raw)


def imported(client, raw: bytes | str, **more) -> Game:
    response = client.post("/games/import/", {"file": upload("game.mjlog", raw), **more})
    assert response.status_code == 302, text_of(response)[-800:]
    return Game.objects.get(slug=response["Location"].split("/")[2])


def test_a_three_player_log_makes_a_game_of_three_seats(client, xml):
    game = imported(client, xml, me="K-POINT")
    assert game.players == 3 and game.names == NAMES and game.north == ""
    assert game.rules == {"preset": "tenhou_sanma"} and game.log.seat == 1
    assert str(game) == " · ".join(NAMES)
    assert len(game.result["tenths"]) == len(game.result["ranks"]) == 3
    assert sum(game.result["tenths"]) == 0 and sorted(game.result["ranks"]) == [1, 2, 3]


def test_the_review_shows_three_players_and_the_norths_set_aside(client, xml):
    game = imported(client, xml)
    html = client.get(f"/games/{game.slug}/log/").content.decode()
    page = text_of(client.get(f"/games/{game.slug}/log/"))
    assert "The engine scores all 3 wins as the server recorded them" in page
    assert "Tenhou three-player" in page
    assert html.count('name="seat" value="') == 3 and "I was しょうくん" in page
    assert html.count('class="log-kita"') == 3  # each win's Norths beside its hand
    assert "The server counts the Norths set aside with the dora." in page
    end = html[html.index('id="log-end-title"') :]
    assert end.count('<th scope="row">') == 3
    for table in html.split('class="log-deltas"')[1:]:
        assert table[: table.index("</table>")].count('<th scope="row">') == 3
    for start in html.split('class="log-start')[1:]:
        assert start[: start.index("</p>")].count('class="log-score"') == 3
    # no fourth seat named anywhere: North is said only of the tiles set aside
    assert not re.search(r"\bNorth\b(?! set aside| seat pays)", page)


def test_the_board_of_a_three_player_game_has_three_players(client, xml):
    game = imported(client, xml)
    html = client.get(f"/games/{game.slug}/").content.decode()
    assert all(name in html for name in NAMES)
    assert client.get(f"/games/{game.slug}/watch/").status_code == 200
    assert client.get("/games/").status_code == 200


def test_a_three_player_seat_is_one_of_three(client, xml):
    game = imported(client, xml)
    client.post(f"/games/{game.slug}/log/seat/", {"seat": "3"})  # no North to have been
    game.log.refresh_from_db()
    assert game.log.seat is None
    client.post(f"/games/{game.slug}/log/seat/", {"seat": "2"})
    game.log.refresh_from_db()
    assert game.log.seat == 2
    page = text_of(client.get("/games/mine/"))
    assert "しょうくん" in page and "three players" in page


def test_a_three_player_log_cut_short_is_asked_about_then_imported(client, xml):
    starts = [i for i in range(len(xml)) if xml.startswith("<INIT", i)]
    cut = xml[: starts[3] + 40]  # broken off in hand 4
    page = text_of(client.post("/games/import/", {"file": upload("cut.mjlog", cut)}))
    assert "The log stops in hand 4: import its 3 complete hands?" in page
    assert not Game.objects.exists()
    game = imported(client, cut, cut_ok="1")
    assert game.players == 3 and game.hands.count() == 3 and game.log.cut_short


def test_a_three_player_log_takes_no_four_player_rules(client, xml):
    log = to_json(xml)
    log["rule"]["disp"] = "Friday table"  # rules no server names: the page asks for them
    raw = json.dumps(log, ensure_ascii=False)
    page = text_of(client.post("/games/import/", {"file": upload("friday.json", raw)}))
    assert "The rules the game was played by" in page and "Tenhou three-player" in page
    assert "M-League" not in page  # the presets offered are three-player ones
    page = text_of(
        client.post("/games/import/", {"file": upload("f.json", raw), "preset": "tenhou"})
    )
    assert (
        "This is a three-player (sanma) game: it cannot be scored by four-player rules (Tenhou)"
        in page
    )
    assert not Game.objects.exists()
    game = imported(client, raw, preset="mahjongsoul_sanma")
    assert game.players == 3 and game.rules == {"preset": "mahjongsoul_sanma"}


def test_a_four_player_log_takes_no_three_player_rules():
    from quizsite.games import logs
    from scoring import gamelog
    from scoring.engine import ScoringError

    logged = gamelog.read(FOUR)
    with pytest.raises(
        ScoringError,
        match=r"four-player game: it cannot be scored by three-player rules \(Tenhou three-player",
    ):
        logs.rules_for(logged.__class__(**{**logged.__dict__, "rules": None}), "tenhou_sanma")


def test_a_three_player_game_joins_a_three_player_league_only(xml):
    organiser = make_user("organiser")
    four = SavedRules.objects.create(
        name="Tenhou nights", owner=organiser, rules={"preset": "tenhou"}
    )
    club = Club.objects.create(name="Thursday", owner=organiser, rules=four)
    client = signed_in("organiser")
    url = f"/games/clubs/{club.slug}/import/"
    page = text_of(client.post(url, {"file": upload("three.mjlog", xml)}))
    assert "1 game imported" in page and "0 in Thursday's league" in page
    assert "That is a three-player game and Thursday's league is of four-player games" in page
    assert Game.objects.get().club is None
    four.rules = {"preset": "tenhou_sanma"}
    four.save()
    page = text_of(client.post(url, {"file": upload("three.mjlog", xml)}))
    assert "added to the league" in page
    game = Game.objects.get()
    assert game.club == club and game.seats.count() == 3
    assert sorted(game.seats.values_list("rank", flat=True)) == [1, 2, 3]
    league = text_of(client.get(f"/games/clubs/{club.slug}/"))
    assert all(name in league for name in NAMES) and " · ·" not in league


def test_a_zip_of_three_and_four_player_logs_imports_each(client, xml):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("three.mjlog", xml)
        z.writestr("four.xml", FOUR)
        z.writestr("three.json", json.dumps(to_json(xml)))
    page = text_of(client.post("/games/import/", {"file": upload("night.zip", out.getvalue())}))
    assert "3 games imported · 0 skipped (imported before) · 0 refused" in page
    assert sorted(g.players for g in Game.objects.all()) == [3, 3, 4]


def test_a_three_player_games_csv_has_three_columns_of_each(client, xml):
    game = imported(client, xml)
    rows = client.get(f"/games/{game.slug}/game.csv").content.decode().splitlines()
    assert rows[0].endswith("しょうくん change,サドゥー score,k-point score,しょうくん score")
    assert rows[1] == "0,start,,,,,35000,35000,35000"
    assert all(len(r.split(",")) == len(rows[0].split(",")) for r in rows[1:2])
