"""What the scorekeeper reads on the board and the new-game form: the rules in force named at
the top, the next hand's button and Undo before the folded "What it takes to move up", the
rules picked in one control (presets and the user's saved sets), no aside about declaring noten
that nobody declared, one minus sign, and switch help in the form's own yes/no words."""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape

from quizsite.games.board import final_text, points_text
from quizsite.games.models import Game, SavedRules
from tests.factory import NEW_GAME, add, draw, ron, signed_in, start
from tests.helpers import text_of

pytestmark = pytest.mark.django_db


def test_the_next_hand_and_undo_come_before_the_folded_move_up_hints(client):
    game = add(start(client), ron(1, 2), draw(0, 2))
    page = client.get(f"/games/{game.slug}/").content.decode()
    enter, undo = page.index("Enter hand 3"), page.index("Undo hand 2…")
    needs = page.index("What it takes to move up")
    assert enter < page.index('id="history-title"') < undo < needs
    assert re.search(r'<details class="needs">\s*<summary>', page)  # folded: no "open"


def test_the_board_names_the_rules_in_force(client):
    aiko = signed_in("aiko")
    aiko.post("/games/rules/", {"name": "Thursday <rules>", "preset": "mleague", "kiriage": "1"})
    saved = SavedRules.objects.get()
    response = aiko.post("/games/new/", {**NEW_GAME, "preset": f"saved:{saved.slug}"})
    assert response.status_code == 302, text_of(response)
    game = Game.objects.get()
    assert game.rules == saved.rules
    top = aiko.get(f"/games/{game.slug}/").content.decode().split('class="table-line"')[0]
    assert "Rules: <strong>Thursday &lt;rules&gt;</strong>" in top
    assert escape(game.rules_said()) in top
    other = start(client, preset="wrc")  # no saved set: the rules said alone
    top = client.get(f"/games/{other.slug}/").content.decode().split('class="table-line"')[0]
    assert "Rules:" in top and escape(other.rules_said()) in top and "<strong>" not in top


def test_the_new_game_form_picks_presets_and_saved_sets_in_one_control():
    aiko = signed_in("aiko")
    aiko.post("/games/rules/", {"name": "Thursday", "preset": "mleague", "start": "30000"})
    saved = SavedRules.objects.get()
    page = aiko.get("/games/new/").content.decode()
    assert 'name="saved"' not in page  # no second box
    rules = re.search(r'<select name="preset"[^>]*>(.*?)</select>', page, re.S)[1]
    assert '<optgroup label="Presets">' in rules and '<optgroup label="Your saved rules">' in rules
    assert f'<option value="saved:{saved.slug}">Thursday</option>' in rules
    # another user's set cannot be picked: said inline, no game
    bruno = signed_in("bruno")
    refused = bruno.post("/games/new/", {**NEW_GAME, "preset": f"saved:{saved.slug}"})
    assert refused.status_code == 200 and "Choose one of the presets" in text_of(refused)
    assert not Game.objects.exists()


def test_a_kept_draw_says_no_aside_about_declaring_noten(client):
    game = add(start(client), draw(0, 2))
    steps = client.get(f"/games/{game.slug}/").content.decode().split('class="steps"')[1]
    assert "declared noten" not in steps.split("</ol>")[0]
    assert "noten" in steps.split("</ol>")[0]  # the payments are still said


def test_one_minus_sign_on_the_board():
    assert points_text(-1200) == "−1,200" and final_text(-161) == "−16.1"
    assert final_text(450) == "+45.0" and "-" not in points_text(-5) + final_text(-5)


def test_the_final_standings_use_the_boards_minus_sign(client):
    game = start(client, preset="mahjongsoul")
    add(game, ron(1, 0), ron(2, 1), ron(3, 2))
    game.add_hand(ron(3, 0, 5), version=game.version)
    client.post(f"/games/{game.slug}/stop/", {"version": game.version})
    standings = client.get(f"/games/{game.slug}/").content.decode().split("Final standings")[1]
    finals = re.findall(r'<td class="num final-points">([^<]+)</td>', standings)
    assert len(finals) == 4 and any(f.startswith("−") for f in finals)
    assert not any(f.startswith("-") for f in finals)


def test_the_new_game_forms_help_speaks_of_its_own_choices(client):
    page = text_of(client.get("/games/new/"))
    assert "(true)" not in page and "(false)" not in page and "when false" not in page
