"""An imported game meets the same checks as one started in the form, and every hand it brings
can be edited: the four names differ (letter case aside), a name holds no control character
and fits its field once normalised, and a pao tsumo saved from its edit page unchanged gives
the same result. Never a 500."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from quizsite.games.models import Club, Game
from tests.factory import finished_game, keep_in_session, make_game, organiser_client

pytestmark = pytest.mark.django_db


def export_of(**change) -> dict:
    game = make_game()
    data = json.loads(game_json(game))
    game.delete()
    return data | change


def game_json(game: Game) -> str:
    from quizsite.games.exports import game_json as export

    return export(game)


def imported(client, data: dict):
    return client.post("/games/import/", {"text": json.dumps(data)})


class FormValues(HTMLParser):
    """What a browser sends for the page's form as shown: every field's value, ticked boxes
    and chosen options only."""

    def __init__(self) -> None:
        super().__init__()
        self.values: list[tuple[str, str]] = []
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.values.append((name, a.get("value") or ""))
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in a:
            self.values.append((self.select, a.get("value") or ""))
        elif tag == "textarea":
            self.textarea = name
            self.values.append((name, ""))

    def handle_data(self, data):
        if self.textarea:
            name, _ = self.values[-1]
            self.values[-1] = (name, data.strip())

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def as_posted(page: str) -> dict[str, list[str]]:
    parser = FormValues()
    parser.feed(page[re.search(r"<form[^>]*hand-form", page).start() :])
    fields: dict[str, list[str]] = {}
    for name, value in parser.values:
        if name != "csrfmiddlewaretoken":
            fields.setdefault(name, []).append(value)
    return fields


PAO_TSUMO = {
    "riichi": [],
    "end": {"kind": "tsumo", "win": {"seat": 1, "yakuman": 1}, "pao": {"seat": 2}},
}


def test_a_pao_tsumo_from_an_import_opens_for_editing_and_saves_unchanged(client):
    response = imported(client, export_of(hands=[PAO_TSUMO]))
    assert response.status_code == 302, response.content.decode()
    game = Game.objects.get()
    before = game.replay().scores
    page = client.get(f"/games/{game.slug}/hand/1/")
    assert page.status_code == 200
    fields = as_posted(page.content.decode())
    assert fields["pao"] == ["2"] and fields["pao_for"] == ["1"] and fields["kind"] == ["tsumo"]
    saved = client.post(f"/games/{game.slug}/hand/1/", fields | {"save": ["1"]})
    assert saved.status_code == 302, saved.content.decode()
    game.refresh_from_db()
    assert game.replay().scores == before
    assert game.entries()[0].end["pao"]["seat"] == 2


def test_an_import_with_two_players_of_one_name_is_refused_inline(client):
    response = imported(client, export_of(players=["Aiko", "Bruno", "aiko ", "Dana"]))
    assert response.status_code == 200
    assert "Each player needs a different name." in response.content.decode()
    assert Game.objects.count() == 0


LONG_ONCE_COMPARED = "ß" * 40  # 40 characters; "ss" × 40 as the club compares names


@pytest.mark.parametrize(
    "name, message",
    [
        ("Ai\x00ko", "control characters"),
        ("Ai\x07ko", "control characters"),
        (LONG_ONCE_COMPARED, "counting letters such as ß as two"),
    ],
    ids=["nul", "bell", "eszett"],
)
def test_an_import_with_a_bad_name_is_refused_inline(client, name, message):
    response = imported(client, export_of(players=["Aiko", "Bruno", "Chen", name]))
    assert response.status_code == 200
    assert message in response.content.decode() and "North" in response.content.decode()
    assert Game.objects.count() == 0


def new_game(**names: str) -> dict[str, str]:
    seats = {"east": "A", "south": "B", "west": "C", "north": "D"} | names
    return seats | {"preset": "wrc", "length": "tonpuusen"}


@pytest.mark.parametrize(
    "name, message",
    [("Ai\x01ko", "control characters"), (LONG_ONCE_COMPARED, "counting letters such as ß")],
    ids=["control", "eszett"],
)
def test_a_club_game_with_a_bad_name_is_refused_inline(client, name, message):
    client.post("/games/clubs/new/", {"name": "Thursday"})
    club = Club.objects.get()
    response = client.post("/games/new/", new_game(north=name) | {"club": club.slug})
    assert response.status_code == 200 and message in response.content.decode()
    assert Game.objects.count() == 0 and club.players.count() == 0


def test_a_club_player_is_not_renamed_to_a_name_too_long_once_compared():
    club = Club.objects.create(name="Thursday")
    finished_game(club)
    player = club.players.first()
    organiser = organiser_client(club)
    response = organiser.post(
        f"/games/clubs/{club.slug}/rename/", {"player": player.pk, "name": LONG_ONCE_COMPARED}
    )
    assert response.status_code == 200 and "counting letters such as ß" in response.content.decode()
    player.refresh_from_db()
    assert player.name != LONG_ONCE_COMPARED


def test_a_game_kept_with_a_name_too_long_once_compared_is_not_added_to_a_club(client):
    game = make_game()
    game.north = LONG_ONCE_COMPARED  # kept before names were checked so
    game.save()
    keep_in_session(client, "game", game.slug, game.edit_token)
    club = Club.objects.create(name="Thursday")
    keep_in_session(client, "club", club.slug, club.edit_token)
    response = client.post(f"/games/clubs/{club.slug}/add/", {"game": game.slug})
    assert response.status_code == 200 and "counting letters such as ß" in response.content.decode()
    assert club.games.count() == 0 and club.players.count() == 0


def test_names_are_checked_alike_by_the_form_and_the_model():
    from django.core.exceptions import ValidationError

    from quizsite.games.models import check_player_name

    assert check_player_name("  Aiko   Tanaka ") == "Aiko Tanaka"
    assert check_player_name("ß" * 20) == "ß" * 20
    for bad in ("", "   ", "a\x00b", "a\ud800b", "x" * 41, "ß" * 21):
        with pytest.raises(ValidationError):
            check_player_name(bad)
    club = Club.objects.create(name="Thursday")
    with pytest.raises(ValidationError):
        club.player_named("Ai\x00ko")
    assert club.players.count() == 0
