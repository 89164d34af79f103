"""A winner's value as a whole hand, as the hand calculator's tile picker builds it: open and
closed hands, kans, red fives, the win's flags, typed melds without JavaScript, bad hands
answered inline, edits, the board's history, and a JSON export read back."""

from __future__ import annotations

import json

import pytest

from quizsite.games import exports
from quizsite.games.models import Game
from tests.factory import keep_in_session, make_game

pytestmark = pytest.mark.django_db

# Bruno (South) rons Aiko (the dealer) with an open hand: pon of red dragons.
OPEN = {
    "kind": "ron", "winners": "1", "discarder": "0",
    "tiles_1": "234m567p55s345s", "melds_1": "pon 777z", "win_1": "3s", "dora": "4s",
}  # fmt: skip


@pytest.fixture
def game(client) -> Game:
    game = make_game("tenhou", "tonpuusen")
    keep_in_session(client, "game", game.slug, game.edit_token)
    return game


def post(client, game: Game, fields: dict, *, save: bool = False, number: int | None = None):
    url = f"/games/{game.slug}/hand/{number}/" if number else f"/games/{game.slug}/hand/"
    data = {"version": Game.objects.get(pk=game.pk).version, **fields}
    if save:
        data["save"] = "1"
    return client.post(url, data)


def test_it_scores_an_open_hand_and_shows_its_steps(client, game):
    page = post(client, game, OPEN).content.decode()
    # red dragon 1 + dora 3 (5s ×3) = 4 han; 20 + 4 (open pon of honours) = 24 → 30 fu;
    # 30 × 2^6 = 1920 × 4 = 7680 → 7,700 from the dealer
    assert "Bruno 4 han 30 fu (whole hand) ron off Aiko" in page
    assert "−7,700" in page and "+7,700" in page
    assert "Red dragon (chun) 1 han · Dora 3 han" in page
    assert "24 fu rounds up to 30 fu" in page  # the hand's own steps
    assert 'aria-label="pon 777z"' in page  # the open meld drawn with the tiles tag
    assert not game.hands.exists()
    assert post(client, game, OPEN, save=True).status_code == 302
    win = game.hands.get().end["wins"][0]
    assert win == {"seat": 1, "hand": {"hand": "234m567p55s345s", "win": "3s",
                                       "melds": ["pon 777z"], "dora": "4s"}}  # fmt: skip
    board = client.get(f"/games/{game.slug}/").content.decode()
    assert "Bruno 4 han 30 fu (whole hand) ron off Aiko" in board
    assert 'alt="3 of bamboo, winning tile"' in board and 'alt="Red dragon"' in board
    assert Game.objects.get(pk=game.pk).replay().scores == (17300, 32700, 25000, 25000)


def test_without_javascript_melds_can_follow_the_tiles(client, game):
    typed = {**OPEN, "tiles_1": "234m 567p 55s 345s, PON 777z", "melds_1": ""}
    assert post(client, game, typed, save=True).status_code == 302
    assert game.hands.get().end["wins"][0]["hand"]["melds"] == ["pon 777z"]


def test_a_closed_kan_and_rinshan_on_a_tsumo(client, game):
    fields = {"kind": "tsumo", "winners": "1", "tiles_1": "234m678p345s55s", "win_1": "3s",
              "melds_1": "ankan 9999p", "flags_1": ["rinshan"]}  # fmt: skip
    page = post(client, game, fields).content.decode()
    # menzen tsumo 1 + rinshan 1; 20 + 2 (tsumo) + 32 (closed kan of terminals) = 54 → 60 fu:
    # 960 basic: the dealer pays 2,000, the others 1,000 each
    assert "Bruno 2 han 60 fu (whole hand) tsumo" in page
    assert "+4,000" in page and "−2,000" in page and page.count("−1,000") == 2
    assert "Rinshan kaihou 1 han" in page or "rinshan" in page.lower()
    assert 'aria-label="closed kan 9999p"' in page


def test_an_open_kan_a_chi_and_a_red_five(client, game):
    fields = {"kind": "ron", "winners": "2", "discarder": "3", "tiles_2": "678p34055s",
              "win_2": "3s", "melds_2": "kan 7777z, chi 234m"}  # fmt: skip
    page = post(client, game, fields).content.decode()
    # red dragon 1 + red five 1; 20 + 16 (open kan of honours) = 36 → 40 fu: 2,600
    assert "Chen 2 han 40 fu (whole hand) ron off Dana" in page and "+2,600" in page
    assert 'alt="5 of bamboo (red)"' in page
    assert post(client, game, fields, save=True).status_code == 302
    hand = game.hands.get().end["wins"][0]["hand"]
    assert hand["melds"] == ["kan 7777z", "chi 234m"] and hand["hand"] == "678p34055s"


def test_riichi_and_flags_go_with_the_hand(client, game):
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "riichi": "1",
              "tiles_1": "123456789m11z234s", "win_1": "4s", "flags_1": ["ippatsu"]}  # fmt: skip
    assert post(client, game, fields, save=True).status_code == 302
    assert game.hands.get().end["wins"][0]["hand"]["flags"] == ["riichi", "ippatsu"]
    # riichi 1 + ippatsu 1 + ittsu 2 = 4 han 40 fu: 8,000 (mangan), the deposit back
    assert Game.objects.get(pk=game.pk).replay().scores == (17000, 33000, 25000, 25000)


BAD = [
    ({"tiles_1": "234m567p55s", "melds_1": "", "dora": ""}, "Bruno's hand: the hand has 8 tiles"),
    ({"melds_1": "pon 555s"}, "there are 6 of 5s across the hand, melds and indicators"),
    ({"melds_1": "chi 123m", "dora": ""}, "Bruno's hand: the hand has no yaku"),
    ({"tiles_1": ""}, "Bruno's hand: add the tiles outside the melds"),
    ({"win_1": ""}, "say which tile completed it"),
    ({"win_1": "", "tiles_1": "234m55s"}, "Bruno's hand has 5 tiles outside the melds; with 1"),
    ({"win_1": "9m"}, "win tile 9m is not in the hand"),
    ({"melds_1": "pom 777z"}, "meld 'pom 777z': start with chi, pon, kan"),
    ({"tiles_1": "234m567p55s34x"}, "Bruno's hand"),
    ({"flags_1": ["double_riichi"]}, "tick riichi for Bruno too"),
    ({"riichi": "1"}, "riichi needs a closed hand, but pon 777z is open"),
    ({"flags_1": ["haitei"]}, "haitei is the last tile drawn: it must be a tsumo"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_bad_hands_are_said_inline(client, game, change, message):
    response = post(client, game, {**OPEN, **change})
    page = response.content.decode()
    assert response.status_code == 200 and "cannot be settled yet" in page
    assert message in page.replace("&#x27;", "'")
    assert post(client, game, {**OPEN, **change}, save=True).status_code == 200
    assert not game.hands.exists()


def test_flags_without_a_hand_are_refused(client, game):
    fields = {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "2", "fu_1": "30",
              "flags_1": ["ippatsu"]}  # fmt: skip
    page = post(client, game, fields).content.decode()
    assert "Bruno: Ippatsu counts for a whole hand only." in page and not game.hands.exists()


def test_an_edit_opens_the_hand_as_built(client, game):
    fields = {**OPEN, "kind": "tsumo", "discarder": "", "flags_1": ["haitei"]}
    assert post(client, game, fields, save=True).status_code == 302
    page = client.get(f"/games/{game.slug}/hand/1/").content.decode()
    assert 'value="234m567p55s345s"' in page and 'value="pon 777z"' in page
    assert 'value="3s"' in page
    assert 'name="flags_1" value="haitei" id="id_flags_1_4" checked' in page
    # the edit: the pon becomes a chi and the dora goes: no yaku but haitei
    changed = {**fields, "melds_1": "chi 123m", "dora": ""}
    assert post(client, game, changed, save=True, number=1).status_code == 302
    assert game.hands.get().end["win"]["hand"]["melds"] == ["chi 123m"]


def test_a_built_hand_survives_export_and_import(client, game):
    assert post(client, game, OPEN, save=True).status_code == 302
    fields = {"kind": "tsumo", "winners": "2", "tiles_2": "678p34055s", "win_2": "3s",
              "melds_2": "kan 7777z, chi 234m", "flags_2": ["rinshan"]}  # fmt: skip
    assert post(client, game, fields, save=True).status_code == 302
    text = exports.game_json(Game.objects.get(pk=game.pk))
    data = json.loads(text)
    assert data["hands"][1]["end"]["win"]["hand"]["melds"] == ["kan 7777z", "chi 234m"]
    response = client.post("/games/import/", {"text": text})
    assert response.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.entries() == Game.objects.get(pk=game.pk).entries()
    assert copy.replay().scores == Game.objects.get(pk=game.pk).replay().scores
    board = client.get(f"/games/{copy.slug}/").content.decode()
    assert 'aria-label="open kan 7777z"' in board and "(whole hand) tsumo" in board


def test_an_imported_hand_in_the_apis_other_shapes_is_drawn(client, game):
    """The settle API also takes melds as one string and tiles with spaces: such a game,
    imported, shows its hand in the engine's notation."""
    assert post(client, game, OPEN, save=True).status_code == 302
    data = json.loads(exports.game_json(Game.objects.get(pk=game.pk)))
    data["hands"][0]["end"]["wins"][0]["hand"].update(hand="234m 567p 55s 345s", melds="pon 777z")
    assert client.post("/games/import/", {"text": json.dumps(data)}).status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    board = client.get(f"/games/{copy.slug}/").content.decode()
    assert 'aria-label="pon 777z"' in board and 'alt="3 of bamboo, winning tile"' in board
    edit = client.get(f"/games/{copy.slug}/hand/1/").content.decode()
    assert 'value="pon 777z"' in edit and 'value="234m 567p 55s 345s"' in edit
