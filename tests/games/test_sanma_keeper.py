"""A three-player game kept through the pages, hand by hand: every kind of end between three
(ron, tsumo with the tsumo loss or the North's share split, draws with three-player noten
payments, abortive draws, chombo, pao, double ron, a whole hand with Norths set aside), its
scores the engine's `replay` of the same hands and its final points `final_scores`; bad input
answered inline; undo and a double submit losing nothing; export and import; and a league
that never mixes three-player and four-player games."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client

from quizsite.games.models import Club, Game, Seat
from scoring.engine.final import final_scores
from scoring.engine.game import Entry, game_end_of, replay
from scoring.engine.rules import parse_table_rules
from tests.factory import NEW_GAME, add, keep_in_session, make_game, organiser_client, ron

pytestmark = pytest.mark.django_db

THREE = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "", "length": "tonpuusen"}
# a closed hand with no North in it: riichi, pinfu, ittsu as the engine scores it
HAND = {"tiles_0": "123p456p789p11s234s", "win_0": "4s"}


def start_three(client: Client, preset: str = "tenhou_sanma", **extra: Any) -> Game:
    response = client.post("/games/new/", {**THREE, "preset": preset, **extra})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.latest("created")


def enter(client: Client, game: Game, **fields: Any) -> None:
    """A hand as the table enters it: settled first (nothing saved), then saved."""
    game.refresh_from_db()
    url = f"/games/{game.slug}/hand/"
    posted = {"version": game.version, **fields}
    before = game.hands.count()
    preview = client.post(url, posted)
    assert preview.status_code == 200 and "Save hand" in preview.content.decode()
    assert game.hands.count() == before  # the preview saved nothing
    assert client.post(url, {**posted, "save": "1"}).status_code == 302
    assert game.hands.count() == before + 1


def engine_replay(game: Game, entries: list[Entry]):
    rules, table_rules = parse_table_rules(game.rules)
    return replay(
        entries, rules=rules, table_rules=table_rules, length=game.length,
        game_end=game_end_of(game.preset),
    )  # fmt: skip


# Each hand as posted, and the same hand as the engine reads it (what the form must store).
HANDS: list[tuple[dict[str, Any], Entry]] = [
    (  # East 1: Bruno rons Aiko (the dealer) for 3 han 30 fu; Chen's riichi deposit to Bruno
        {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30",
         "riichi": "2", "tenpai": "2"},
        Entry((2,), {"kind": "ron", "from": 0, "wins": [{"seat": 1, "han": 3, "fu": 30}]}),
    ),
    (  # East 2: a draw, Aiko alone tenpai: 1,000 from each of the two noten
        {"kind": "draw", "tenpai": "0"},
        Entry((), {"kind": "draw", "tenpai": [0]}),
    ),
    (  # East 3, 1 honba: nine terminals
        {"kind": "abortive", "reason": "nine_terminals"},
        Entry((), {"kind": "abortive", "reason": "nine_terminals"}),
    ),
    (  # East 3, 2 honba: Bruno's chombo
        {"kind": "chombo", "chombo": "1"},
        Entry((), {"kind": "chombo", "seat": 1}),
    ),
    (  # a double ron off Chen: Aiko mangan, Bruno 2 han 40 fu
        {"kind": "ron", "winners": ["0", "1"], "discarder": "2", "limit_0": "5",
         "han_1": "2", "fu_1": "40"},
        Entry((), {"kind": "ron", "from": 2, "wins": [{"seat": 0, "han": 5, "fu": 0},
                                                      {"seat": 1, "han": 2, "fu": 40}]}),
    ),
    (  # Aiko's whole hand by tsumo in riichi, two Norths set aside (nukidora): tsumo loss
        {"kind": "tsumo", "winners": "0", "riichi": "0", "kita_0": "2", **HAND},
        Entry((0,), {"kind": "tsumo", "win": {"seat": 0, "hand": {
            "hand": "123p456p789p11s234s", "win": "4s", "kita": 2, "flags": ["riichi"]}}}),
    ),
    (  # a yakuman by ron with a liable player (pao): Bruno liable for Chen's daisangen
        {"kind": "ron", "winners": "2", "discarder": "0", "limit_2": "y1", "pao": "1"},
        Entry((), {"kind": "ron", "from": 0, "wins": [{"seat": 2, "yakuman": 1}],
                   "pao": {"seat": 1, "for": 2}}),
    ),
]  # fmt: skip


def test_a_three_player_game_is_kept_hand_by_hand_as_the_engine_replays_it(client):
    game = start_three(client, length="hanchan")
    assert game.players == 3 and game.north == "" and game.names == ("Aiko", "Bruno", "Chen")
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert board.count('<li class="seat') == 3 and "35,000" in board and "Dana" not in board
    # the rules line leads to the preset's card (the table rules calculator is four-player)
    assert 'href="/rules/#tenhou_sanma"' in board
    assert 'id="tenhou_sanma"' in client.get("/rules/").content.decode()
    entries = []
    for fields, entry in HANDS:
        enter(client, game, **fields)
        entries.append(entry)
        stored = game.hands.order_by("number").last()
        assert (list(stored.riichi), stored.end) == (list(entry.riichi), entry.end)
        want = engine_replay(game, entries)
        assert game.replay().scores == want.scores and len(want.scores) == 3
    # the hands between three: each hand's changes as the engine settles them
    deltas = [h.outcome.deltas for h in game.replay().hands]
    assert deltas[0] == (-3900, 3900 + 1000, -1000)  # Chen's riichi deposit to Bruno
    assert sorted(deltas[1]) == [-1000, -1000, 2000]  # three-player noten payments
    assert deltas[2] == (0, 0, 0)
    # a tsumo between three: two payers only, and the hand's Norths are its nukidora
    tsumo = game.replay().hands[5].outcome
    assert sum(1 for d in tsumo.deltas if d < 0) == 2
    assert any("nukidora" in s.text for s in tsumo.steps)
    # finish it: time's up gives final standings from `final_scores`
    game.refresh_from_db()
    assert client.post(f"/games/{game.slug}/end/",
                       {"version": game.version, "why": "time"}).status_code == 302  # fmt: skip
    played = game.replay()
    assert played.over
    rules, table_rules = parse_table_rules(game.rules)
    final = final_scores(played.scores, rules=table_rules, sticks=played.state.sticks)
    assert played.final().tenths == final.tenths and len(final.tenths) == 3
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert "Final standings" in page and page.count("final-points") == 3
    result = Game.objects.get(pk=game.pk).result  # what a league adds up: three seats
    assert sorted(result["ranks"]) == [1, 2, 3] and result["tenths"] == list(final.tenths)


def test_the_tsumo_loss_and_the_north_split_are_each_presets_own():
    """A non-dealer mangan by tsumo: 4,000 + 2,000 under Tenhou's tsumo loss; with the North's
    2,000 split between the two payers (Mahjong Soul, tsumo loss off), 5,000 + 3,000."""
    for preset, extra, gets in (
        ("tenhou_sanma", {}, 6000),
        ("mahjongsoul_sanma", {"tsumo_loss": "0"}, 8000),
    ):
        client = Client()
        game = start_three(client, preset, **extra)
        enter(client, game, kind="tsumo", winners="1", limit_1="5")
        assert game.replay().hands[0].outcome.deltas[1] == gets


def test_the_new_game_form_asks_three_names_for_three_player_rules(client):
    page = client.get("/games/new/").content.decode()
    assert 'value="tenhou_sanma"' in page and 'value="mahjongsoul_sanma"' in page
    assert 'data-sanma-presets="tenhou_sanma mahjongsoul_sanma"' in page and "data-four" in page
    # a fourth name with three-player rules, a missing one with four-player rules
    response = client.post("/games/new/", {**THREE, "north": "Dana", "preset": "tenhou_sanma"})
    assert response.status_code == 200 and "has no North seat" in response.content.decode()
    response = client.post("/games/new/", {**THREE, "preset": "tenhou"})
    assert response.status_code == 200 and "needs the North player" in response.content.decode()
    # a three-player switch with four-player rules: the engine's word, inline
    response = client.post("/games/new/", {**NEW_GAME, "tsumo_loss": "0"})
    assert response.status_code == 200 and "for three players" in response.content.decode()
    response = client.post("/games/new/", {**THREE, "west": "aiko", "preset": "tenhou_sanma"})
    assert "different name" in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "preset, fields, message",
    [
        ("tenhou_sanma", {"kind": "ron", "winners": "3", "discarder": "0", "limit_3": "5"},
         "there is no seat 3"),
        ("tenhou_sanma", {"kind": "ron", "winners": "1", "discarder": "3", "limit_1": "5"},
         "there is no seat 3"),
        ("tenhou_sanma", {"kind": "tsumo", "winners": "0", "kita_0": "5", **HAND},
         "from 0 to 4"),
        ("tenhou_sanma", {"kind": "tsumo", "winners": "0", "kita_0": "2", "han_0": "3",
                          "fu_0": "30"}, "count each North as a dora in the han"),
        ("tenhou_sanma", {"kind": "abortive", "reason": "four_winds"},
         "must be one of nine_terminals, four_kans"),
        ("tenhou", {"kind": "tsumo", "winners": "0", "kita_0": "1", **HAND},
         "only at a three-player table"),
        ("tenhou_sanma", {"kind": "tsumo", "winners": "0", "kita_0": "1",
                          "tiles_0": "123p456p789p44z234s", "win_0": "4s"},
         "North has only 4 copies"),
    ],
)  # fmt: skip
def test_bad_three_player_hands_get_a_message_not_an_error(client, preset, fields, message):
    if preset == "tenhou":
        response = client.post("/games/new/", {**NEW_GAME, "preset": "tenhou"})
        game = Game.objects.latest("created")
    else:
        game = start_three(client, preset)
    if "44z" in fields.get("tiles_0", ""):  # four Norths in the hand and one set aside
        fields = {**fields, "tiles_0": "123p456p789p4444z", "win_0": "9p", "kita_0": "1"}
        message = "North has only 4 copies"
    response = client.post(f"/games/{game.slug}/hand/", {"version": 0, **fields, "save": "1"})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not game.hands.exists()


def test_a_north_set_aside_is_kept_and_edited_with_its_hand(client):
    game = start_three(client)
    enter(client, game, kind="tsumo", winners="0", kita_0="3", **HAND)
    hand = game.hands.get()
    assert hand.end["win"]["hand"]["kita"] == 3
    page = client.get(f"/games/{game.slug}/hand/1/").content.decode()
    assert 'name="kita_0" value="3" checked' in page
    assert 'name="kita_0"' in page and 'name="winners" value="3"' not in page  # three seats


def test_undo_and_a_double_submit_lose_nothing(client):
    game = start_three(client)
    fields = {"version": 0, "kind": "ron", "winners": "1", "discarder": "0", "limit_1": "5",
              "save": "1"}  # fmt: skip
    assert client.post(f"/games/{game.slug}/hand/", fields).status_code == 302
    again = client.post(f"/games/{game.slug}/hand/", fields)  # the same board posted twice
    assert again.status_code == 200 and "was not saved" in again.content.decode()
    assert game.hands.count() == 1
    game.refresh_from_db()
    undo = client.get(f"/games/{game.slug}/undo/").content.decode()
    assert "Undo hand 1" in undo and undo.count('<th scope="col">') == 3
    assert client.post(f"/games/{game.slug}/undo/", {"version": game.version}).status_code == 302
    assert not game.hands.exists() and game.replay().scores == (35000, 35000, 35000)
    # a stale undo (from before) is refused, nothing lost
    enter(client, game, kind="draw", tenpai="1")
    stale = client.post(f"/games/{game.slug}/undo/", {"version": 0})
    assert stale.status_code == 200 and game.hands.count() == 1


def test_watch_and_exports_have_three_seats_and_the_export_imports_back(client):
    game = start_three(client)
    enter(client, game, kind="tsumo", winners="0", kita_0="1", **HAND)
    enter(client, game, kind="ron", winners="2", discarder="1", han_1="", han_2="2", fu_2="30")
    watch = Client().get(f"/games/{game.slug}/watch/").content.decode()
    assert watch.count('<li class="seat') == 3 and "Chen" in watch
    exported = client.get(f"/games/{game.slug}/game.csv").content.decode()
    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0][3:] == ["Aiko change", "Bruno change", "Chen change",
                           "Aiko score", "Bruno score", "Chen score"]  # fmt: skip
    assert rows[1][-3:] == ["35000"] * 3 and all(len(r) == 9 for r in rows)
    assert [int(x) for x in rows[-1][-3:]] == list(game.replay().scores)
    data = json.loads(client.get(f"/games/{game.slug}/game.json").content)
    assert data["players"] == ["Aiko", "Bruno", "Chen"]
    assert data["rules"]["preset"] == "tenhou_sanma"
    response = client.post("/games/import/", {"text": json.dumps(data)})
    assert response.status_code == 302
    copy = Game.objects.latest("created")
    assert copy.players == 3 and copy.north == "" and copy.replay().scores == game.replay().scores
    # a fourth name in a three-player export, or three in a four-player one: said, not saved
    for players, preset in ((["A", "B", "C", "D"], "tenhou_sanma"), (["A", "B", "C"], "tenhou")):
        bad = {**data, "players": players, "rules": {"preset": preset}, "hands": []}
        page = client.post("/games/import/", {"text": json.dumps(bad)}).content.decode()
        assert "must be three names" in page or "must be four names" in page
    assert Game.objects.count() == 2


def finished_three(names=("Aiko", "Bruno", "Chen")) -> Game:
    game = make_game("tenhou_sanma", "tonpuusen")
    game.east, game.south, game.west, game.north = (*names, "")
    game.save()
    add(game, Entry((), {"kind": "end", "why": "time"}))
    return game


def test_a_three_player_league_never_takes_a_four_player_game(client):
    organiser = Client()
    organiser.post("/games/clubs/new/", {"name": "Sanma night"})
    club = Club.objects.get()
    keep_in_session(organiser, "club", club.slug, club.edit_token)
    first = organiser.post("/games/new/", {**THREE, "preset": "tenhou_sanma", "club": club.slug})
    assert first.status_code == 302
    # a four-player game for the same club: refused inline, with why
    four = organiser.post("/games/new/", {**NEW_GAME, "club": club.slug})
    assert four.status_code == 200 and "three-player and four-player games apart" in (
        four.content.decode()
    )
    assert club.games.count() == 1
    game = finished_three(("Dana", "Emi", "Fumi"))
    keep_in_session(organiser, "game", game.slug, game.edit_token)
    assert organiser.post(f"/games/clubs/{club.slug}/add/", {"game": game.slug}).status_code == 302
    other = make_game()  # four players
    add(other, Entry((), {"kind": "end", "why": "time"}))
    keep_in_session(organiser, "game", other.slug, other.edit_token)
    page = organiser.post(f"/games/clubs/{club.slug}/add/", {"game": other.slug}).content.decode()
    assert "That is a four-player game" in page
    other.refresh_from_db()
    assert other.club is None
    # the league table counts the finished three-player game by its three seats
    league = organiser.get(f"/games/clubs/{club.slug}/").content.decode()
    assert "1st–2nd–3rd<" in league and "Dana · Emi · Fumi" in league
    assert Seat.objects.filter(game=game).count() == 3
    assert sorted(Seat.objects.filter(game=game).values_list("rank", flat=True)) == [1, 2, 3]


def test_a_four_player_league_never_takes_a_three_player_game():
    club = Club.objects.create(name="Thursday")
    four = make_game()
    add(four, ron(1, 0), Entry((), {"kind": "end", "why": "time"}))
    club.add_game(four)
    organiser = organiser_client(club)
    response = organiser.post("/games/new/", {**THREE, "preset": "tenhou_sanma", "club": club.slug})
    assert response.status_code == 200 and "That is a three-player game" in (
        response.content.decode()
    )
    three = finished_three()
    keep_in_session(organiser, "game", three.slug, three.edit_token)
    page = organiser.post(f"/games/clubs/{club.slug}/add/", {"game": three.slug}).content.decode()
    assert "That is a three-player game" in page and club.games.count() == 1
