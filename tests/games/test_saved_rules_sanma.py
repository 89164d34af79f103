"""Three-player saved rule sets ("My rules"): the form offers the three-player presets and
their switches (tsumo loss, nukidora, North a value tile), shown only under a three-player
preset; a bad combination is refused inline and nothing saved; a saved three-player set is
used for a new game, a quiz, a drill and a league."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlparse

import pytest
from django.test import Client

from quizsite.drills.models import Drill
from quizsite.games.models import Club, Game, SavedRules
from quizsite.quiz.questions import load_question
from scoring.engine import settle_json
from scoring.engine.game import Entry
from scoring.engine.rules import SANMA_PRESETS, SWITCHES, TABLE_SWITCHES, parse_table_rules
from tests.factory import NEW_DRILL, signed_in
from tests.helpers import text_of

pytestmark = pytest.mark.django_db

SPLIT = {"name": "Saturday sanma: the North's share split", "preset": "mahjongsoul_sanma",
         "tsumo_loss": "0", "start": "40000", "target": "45000"}  # fmt: skip
THREE = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "", "length": "tonpuusen"}
SANMA_NAMES = ("tsumo_loss", "nukidora", "north_value")
TSUMO = {"kind": "tsumo", "win": {"seat": 1, "han": 3, "fu": 30}}  # a non-dealer's tsumo


def save(client: Client, **fields) -> SavedRules:
    response = client.post("/games/rules/", {**SPLIT, **fields})
    assert response.status_code == 302, text_of(response)[-1500:]
    return SavedRules.objects.latest("pk")


def test_the_form_offers_the_three_player_presets_and_their_switches_hidden_at_four():
    page = signed_in("aiko").get("/games/rules/").content.decode()
    select = re.search(r'<select name="preset"[^>]*>', page).group(0)
    assert f'data-sanma-presets="{" ".join(SANMA_PRESETS)}"' in select
    for preset in SANMA_PRESETS:
        assert f'<option value="{preset}"' in page
    for name in SANMA_NAMES:  # drawn, hidden while the preset is a four-player one
        field = re.search(rf'<div class="field"([^>]*)><label for="id_{name}">', page)
        assert field and "data-sanma" in field.group(1) and "hidden" in field.group(1), name


def test_a_three_player_set_is_saved_shown_and_edited():
    aiko = signed_in("aiko")
    saved = save(aiko)
    assert saved.rules == {"preset": "mahjongsoul_sanma", "tsumo_loss": False,
                           "start": 40000, "target": 45000}  # fmt: skip
    page = aiko.get(f"/games/rules/{saved.slug}/")
    assert page.status_code == 200
    text = page.content.decode()
    rows = re.findall(r"<tr( class=\"differs\")?><th scope=\"row\"", text)
    assert len(rows) == len(SWITCHES) + len(TABLE_SWITCHES)  # the three-player switches too
    assert len([r for r in rows if r]) == 3  # tsumo loss, start, target
    assert "Mahjong Soul three-player" in text
    assert "tsumo_loss=0" in text.replace("&amp;", "&")  # the table calculator's link
    edit = aiko.get(f"/games/rules/{saved.slug}/edit/").content.decode()
    field = re.search(r'<div class="field"([^>]*)><label for="id_tsumo_loss">', edit)
    assert "hidden" not in field.group(1)  # a three-player set: its switches shown
    assert re.search(r'<option value="0" selected>', edit)
    edited = aiko.post(f"/games/rules/{saved.slug}/edit/", {**SPLIT, "north_value": "1"})
    assert edited.status_code == 302
    saved.refresh_from_db()
    assert saved.rules["north_value"] is True and saved.rules["tsumo_loss"] is False


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"preset": "tenhou", "tsumo_loss": "0"}, "three-player"),  # four-player rules
        ({"preset": "mleague", "nukidora": "0"}, "three-player"),
        ({"tsumo_loss": "maybe"}, "Tsumo loss"),  # not a value
        ({"uma": "1,2,3,4"}, "uma"),  # not an uma at all
        ({"uma": "10-30"}, "three players need three uma"),  # four numbers for three players
        ({"target": "30000"}, "below the start"),
    ],
)
def test_a_bad_combination_is_refused_inline(fields, said):
    aiko = signed_in("aiko")
    response = aiko.post("/games/rules/", {**SPLIT, **fields})
    assert response.status_code == 200
    page = text_of(response)
    assert "Please check the rules." in page and said.lower() in page.lower(), page[-1500:]
    assert not SavedRules.objects.exists()


def test_a_new_game_by_a_saved_three_player_set_has_three_seats():
    aiko = signed_in("aiko")
    saved = save(aiko)
    new = aiko.get("/games/new/").content.decode()
    assert f'value="saved:{saved.slug}"' in new
    response = aiko.post("/games/new/", {**THREE, "preset": f"saved:{saved.slug}"})
    assert response.status_code == 302, text_of(response)[-1500:]
    game = Game.objects.latest("created")
    assert game.players == 3 and game.north == "" and game.rules == saved.rules
    game.add_hand(Entry((), TSUMO), version=game.version)
    want = settle_json({"rules": saved.rules, "scores": [40000] * 3, "dealer": 0, "end": TSUMO})
    assert list(game.replay().hands[0].outcome.deltas) == want["deltas"]
    # 3 han 30 fu: 1,000 and 2,000, each with half the North's 1,000 (no tsumo loss)
    assert want["deltas"] == [-2500, 4000, -1500]
    # a North given for it is refused inline, not a server error
    four = aiko.post("/games/new/", {**THREE, "north": "Dana", "preset": f"saved:{saved.slug}"})
    assert four.status_code == 200 and "no North seat" in text_of(four)


def test_a_quiz_and_a_drill_by_a_saved_three_player_set_ask_three_player_hands():
    aiko = signed_in("aiko")
    saved = save(aiko)
    response = aiko.get(f"/quiz/next/?mode=payment&level=beginner&saved={saved.slug}")
    assert response.status_code == 302
    link = urlparse(response["Location"])
    params = dict(parse_qsl(link.query))
    assert params["rules"] == "mahjongsoul_sanma" and params.get("tsumo_loss") == "0"
    q = load_question(link.path.split("/")[3], params)
    assert parse_table_rules(q.request["rules"])[0].tsumo_loss is False
    assert aiko.get(response["Location"]).status_code == 200
    post = NEW_DRILL | {"mode": "payment", "count": "3", "saved": saved.slug}
    assert aiko.post("/drills/new/", post).status_code == 302
    drill = Drill.objects.get()
    assert drill.rules == "mahjongsoul_sanma"
    for dq in drill.questions.all():
        rules = parse_table_rules(dq.as_question().request["rules"])[0]
        assert rules.players == 3 and rules.tsumo_loss is False


def test_a_league_by_a_saved_three_player_set_keeps_three_player_games():
    aiko = signed_in("aiko")
    saved = save(aiko)
    aiko.post("/games/clubs/new/", {"name": "Saturday"})
    club = Club.objects.get()
    assert aiko.post(f"/games/clubs/{club.slug}/rules/", {"rules": saved.slug}).status_code == 302
    new = aiko.get(f"/games/new/?club={club.slug}").content.decode()
    assert re.search(r'<div class="field" data-four hidden>', new)  # North drawn hidden
    response = aiko.post("/games/new/", {**THREE, "club": club.slug, "preset": "tenhou"})
    assert response.status_code == 302, text_of(response)[-1500:]
    game = Game.objects.latest("created")
    assert game.club == club and game.players == 3 and game.rules == saved.rules


def test_a_three_player_switch_under_four_player_rules_is_said_by_the_quiz(client):
    response = client.get("/quiz/next/?mode=payment&rules=tenhou&tsumo_loss=0")
    assert response.status_code == 200
    assert "three-player" in text_of(response)
    response = client.get("/quiz/q/12/?mode=payment&rules=tenhou&nukidora=0")
    assert response.status_code in (200, 404) and "Traceback" not in text_of(response)
