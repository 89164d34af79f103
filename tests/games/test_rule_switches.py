"""A new game's set-up offers every switch of the engine's registry (hand and table), made from
the registry; the switches chosen are the game's rules, and the game is scored as the engine
scores a hand with the switch either way."""

from __future__ import annotations

import re

import pytest

from quizsite.games.models import Game
from scoring.engine import settle_json
from scoring.engine.game import replay
from scoring.engine.rules import SWITCHES, TABLE_SWITCHES, parse_table_rules
from scoring.switch_controls import field_name
from tests.factory import NEW_GAME, add, draw, passing, ron, start
from tests.helpers import text_of

pytestmark = pytest.mark.django_db


# the four-player switches: three-player games come with issue 36's second phase
FOUR_PLAYER = [n for n, s in SWITCHES.items() if not s.sanma]


@pytest.mark.parametrize("name", [*FOUR_PLAYER, *(field_name(n) for n in TABLE_SWITCHES)])
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


@pytest.mark.parametrize("key, value", [("1", True), ("0", False)])
def test_tenpai_yame_on_the_game_keeper_ends_the_game_as_the_engine_does(client, key, value):
    """The last dealer (seat 3) wins into first, then is tenpai at a draw: with tenpai-yame the
    game is over, without it the dealer deals again; the board says what the engine says, and
    its link to the rules holds the switch."""
    game = start(client, tenpai_yame=key)
    assert game.rules == {"preset": "tenhou", "tenpai_yame": value}
    entries = [*passing(3), ron(3, 0, 2), draw(3)]
    add(game, *entries)
    rules, table_rules = parse_table_rules(game.rules)
    want = replay(entries, rules=rules, table_rules=table_rules, length="tonpuusen")
    text = text_of(client.get(f"/games/{game.slug}/"))
    assert want.over is value
    if want.over:
        assert f"Game over: {want.reason}." in text
    else:
        assert want.state.name in text and "Game over" not in text
    page = client.get(f"/games/{game.slug}/").content.decode()
    link = re.search(r'href="/table-rules/\?([^"]*)"', page).group(1).replace("&amp;", "&")
    assert ("tenpai_yame=0" in link) is not value  # on is the preset's own
    again = client.get(f"/table-rules/?{link}").content.decode()
    chosen = re.search(r'<select[^>]*name="tenpai_yame"[^>]*>(.*?)</select>', again, re.S)
    assert re.search(r'<option value="([^"]*)" selected', chosen.group(1)).group(1) == (
        "" if value else "0"
    )
