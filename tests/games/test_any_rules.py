"""A game under any rule set the registry allows is played to its end without a 500: random
rule sets (every hand switch of `SWITCHES` and table switch of `TABLE_SWITCHES`, each value
drawn from what the switch takes, on a random preset) and random hands (wins of any size,
draws that keep the dealer, abortive draws, chombo), each saved as the game keeper saves a
hand (a hand the engine refuses is not saved), and after the game every page a scorer or a
spectator opens answers: the board with its "what it takes to move up", its poll, the watch
page, the early-end page, the earlier hands and the exports."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizsite.games.models import Game
from scoring.engine import ScoringError
from scoring.engine.game import Entry, game_end_of
from scoring.engine.rules import PRESETS, SWITCHES, TABLE_SWITCHES, Abort, get_table_rules
from scoring.switch_controls import TABLE_CONTROLS
from tests.factory import NAMES, add, keep_in_session, make_game, ron

pytestmark = pytest.mark.django_db
seats = st.integers(0, 3)
UMAS = ([20, 10, -10, -20], [10, 5, -5, -10], [30, 10, -10, -30], [15, 5, -5, -15], [0, 0, 0, 0])


def table_value(name: str, draw: Any) -> Any:
    """A value the table switch takes, drawn from its control's choices (or numbers)."""
    control = TABLE_CONTROLS[name]
    if name == "uma":
        return draw(st.sampled_from(UMAS))
    if name in ("start", "target"):
        return draw(st.sampled_from([25000, 30000]))
    if control.kind == "number":
        return draw(st.integers(0, 30))
    values = [v for v, _ in control.choices]
    if control.kind == "list":
        return draw(st.lists(st.sampled_from(values), unique=True))
    value = draw(st.sampled_from(values))
    return {"1": True, "0": False}.get(value, value)


@st.composite
def rule_sets(draw: Any) -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    four_player = [n for n, s in SWITCHES.items() if not s.sanma]  # the keeper's four seats
    for name in draw(st.lists(st.sampled_from(four_player), unique=True)):
        rules[name] = draw(st.sampled_from(SWITCHES[name].values))
    for name in draw(st.lists(st.sampled_from(list(TABLE_SWITCHES)), unique=True)):
        rules[name] = table_value(name, draw)
    start = rules.get("start", get_table_rules(rules["preset"]).start)
    if rules.get("target", start) < start:
        rules["target"] = start  # a target below the start is refused (a negative oka)
    return rules


def win(draw: Any, seat: int) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return {"seat": seat, "yakuman": draw(st.integers(1, 2))}
    han = draw(st.integers(1, 13))
    return {"seat": seat, "han": han, "fu": draw(st.sampled_from([20, 25, 30, 40, 70, 110]))}


@st.composite
def hands(draw: Any) -> Entry:
    riichi = tuple(draw(st.lists(seats, unique=True, max_size=2)))
    kind = draw(st.sampled_from(["ron", "ron", "tsumo", "draw", "draw", "abortive", "chombo"]))
    if kind == "ron":
        frm = draw(seats)
        winners = draw(st.lists(seats.filter(lambda s: s != frm), unique=True, min_size=1,
                                max_size=3))  # fmt: skip
        return Entry(riichi, {"kind": "ron", "from": frm, "wins": [win(draw, s) for s in winners]})
    if kind == "tsumo":
        return Entry(riichi, {"kind": "tsumo", "win": win(draw, draw(seats))})
    if kind == "draw":
        tenpai = sorted({*riichi, *draw(st.lists(seats, unique=True))})
        return Entry(riichi, {"kind": "draw", "tenpai": tenpai})
    if kind == "abortive":
        return Entry(riichi, {"kind": "abortive", "reason": draw(st.sampled_from(list(Abort)))})
    return Entry((), {"kind": "chombo", "seat": draw(seats)})


def game_under(rules: dict[str, Any], length: str) -> Game:
    ends = game_end_of(rules["preset"])
    return Game.objects.create(
        east=NAMES[0], south=NAMES[1], west=NAMES[2], north=NAMES[3], rules=rules,
        length=length, extension=ends.extension, agari_yame=ends.agari_yame,
    )  # fmt: skip


def pages(slug: str) -> list[str]:
    return [
        f"/games/{slug}/", f"/games/{slug}/poll/", f"/games/{slug}/watch/",
        f"/games/{slug}/end/", f"/games/{slug}/hands/?before=3", f"/games/{slug}/game.csv",
        f"/games/{slug}/game.json", f"/games/{slug}/hand/",
    ]  # fmt: skip


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=rule_sets(), length=st.sampled_from(["tonpuusen", "hanchan"]),
       entries=st.lists(hands(), min_size=1, max_size=40))  # fmt: skip
def test_a_game_under_any_rules_is_played_to_its_end_without_a_500(client, rules, length, entries):
    game = game_under(rules, length)
    keep_in_session(client, "game", game.slug, game.edit_token)
    for entry in entries:
        if game.replay().over:
            break
        try:
            add(game, entry)
        except ScoringError:
            continue  # the engine refuses it, as the hand form would say
    for page in pages(game.slug):
        response = client.get(page)
        # the hand and end pages of a game that is over lead back to its board
        assert response.status_code == 200 or response["Location"] == f"/games/{game.slug}/", (
            page,
            rules,
        )
    assert client.get(f"/games/{game.slug}/watch/", HTTP_HX_REQUEST="true").status_code == 200


def test_ryanhan_shibari_at_five_honba_keeps_the_board_and_its_hints():
    # Five draws with the dealer tenpai: East 1, 5 honba, where a win needs 2 han.
    game = make_game("tenhou", "tonpuusen", ryanhan_shibari=True)
    add(game, *(Entry((), {"kind": "draw", "tenpai": [0]}) for _ in range(5)))
    assert game.replay().state.honba == 5
    from django.test import Client

    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    for page in pages(game.slug):
        assert client.get(page).status_code == 200, page
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "to pass" in board and "1 han 30 fu" not in board.split("to pass", 1)[1]
    with pytest.raises(ScoringError, match="2 han"):
        add(game, ron(1, 2, 1))
