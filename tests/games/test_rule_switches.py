"""A new game's set-up offers every switch of the engine's registry (hand and table), made from
the registry; the switches chosen are the game's rules, and the game is scored as the engine
scores a hand with the switch either way."""

from __future__ import annotations

import re

import pytest

from quizsite.games.models import Game
from scoring.engine import settle_json
from scoring.engine.rules import SWITCHES, TABLE_SWITCHES
from scoring.switch_controls import field_name
from tests.factory import NEW_GAME, add, ron, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", [*SWITCHES, *(field_name(n) for n in TABLE_SWITCHES)])
def test_every_switch_has_a_control_on_a_new_game(client, name):
    html = client.get("/games/new/").content.decode()
    assert re.search(rf'<(select|input)[^>]*name="{name}"', html), name


@pytest.mark.parametrize(
    "name, key, value, end",
    [
        ("kiriage", "1", True, ron(1, 2, han=4, fu=30)),
        ("kiriage", "0", False, ron(1, 2, han=4, fu=30)),
        ("multiple_ron_honba", "each", "each", None),
        ("multiple_ron_honba", "head", "head", None),
        ("chombo", "deduction", "deduction", None),
    ],
)
def test_a_switch_chosen_is_the_games_rule_and_scores_as_the_engine(client, name, key, value, end):
    game = start(client, **{field_name(name) if name in TABLE_SWITCHES else name: key})
    assert game.rules == {"preset": "tenhou", name: value}
    if end is not None:
        add(game, end)
        want = settle_json({"rules": game.rules, "scores": [25000] * 4, "dealer": 0,
                            "end": end.end})  # fmt: skip
        assert list(game.replay().hands[0].outcome.deltas) == want["deltas"]


def test_uma_and_pao_are_typed_in_words(client):
    game = start(client, uma="10-30", pao_yakuman="daisangen", abortive="none")
    assert game.rules == {"preset": "tenhou", "uma": [30, 10, -10, -30], "pao": ["daisangen"],
                          "abortive": []}  # fmt: skip


def test_a_bad_switch_is_said_inline_and_nothing_is_saved(client):
    response = client.post("/games/new/", {**NEW_GAME, "uma": "30-10", "kiriage": "maybe"})
    page = response.content.decode()
    assert response.status_code == 200 and "Uma takes four whole numbers" in page
    assert "Kiriage mangan must be 1 or 0" in page
    assert not Game.objects.exists()


def test_the_board_says_the_rules_and_links_to_them(client):
    game = start(client, uma="10-30", kiriage="1")
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "Tenhou, with kiriage mangan on and uma 10-30" in page
    link = re.search(r'href="/table-rules/\?([^"]*)"', page).group(1).replace("&amp;", "&")
    assert "rules=tenhou" in link and "kiriage=1" in link and "uma=10-30" in link


def test_the_names_come_first_and_the_switches_inside_their_own_box(client):
    html = client.get("/games/new/").content.decode()
    names = html[html.index('class="names"') : html.index("</fieldset>")]
    assert names.count("<input") == 4 and "<select" not in names
    assert html.index('name="kiriage"') > html.index("Change the preset's rules")
