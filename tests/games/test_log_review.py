"""An imported game's review, /games/<slug>/log/: every hand in order, each win scored by the
engine from its tiles beside the server's record (the planted difference flagged, the others
agreeing), each settlement beside the server's changes, the end beside the log's; owner-only
as the board, and readable by the public link beside the live board."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from quizsite.games import logs
from quizsite.games.models import Game
from tests.factory import keep_in_session, make_game, signed_in
from tests.games.logs import HANDS, PLANTED, logged_game

pytestmark = pytest.mark.django_db


def imported(game=None, owner=None) -> Game:
    return logs.import_log(game or logged_game(), digest="d", owner=owner).game


def owner_client(client, game: Game):
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client


def hand_html(page: str, number: int) -> str:
    start = page.index(f'id="hand-{number}"')
    end = page.find('class="log-hand"', start)
    return page[start : end if end > 0 else len(page)]


def test_every_hand_is_shown_in_order_with_its_name_and_start(client):
    game = imported()
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    numbers = [int(n) for n in re.findall(r'id="hand-(\d+)"', page)]
    assert numbers == list(range(1, len(HANDS) + 1))
    assert "East 3, 1 honba" in hand_html(page, 4) and "East 1, 0 honba" in hand_html(page, 1)
    assert "Chen 22,500" in hand_html(page, 4)  # where the hand started


def test_each_win_is_scored_by_the_engine_and_only_the_planted_one_differs(client):
    game = imported()
    review = logs.review(game, game.log)
    wins = [w for h in review["hands"] for w in h["wins"]]
    assert len(wins) == 5 and review["wins"] == 5
    for hand in review["hands"]:
        for w in hand["wins"]:
            if hand["number"] == PLANTED:
                assert w["differs"] == ["fu", "points"]
                assert (w["engine"]["fu"], w["engine"]["points"]) == (30, 1000)
            else:
                assert w["differs"] == [], hand["number"]
                rec = w["recorded"]
                assert (w["engine"]["han"], w["engine"]["fu"], w["engine"]["points"]) == (
                    rec["han"], rec["fu"], rec["points"]
                )  # fmt: skip
    assert review["differing_wins"] == 1 and review["differing_settlements"] == 0


def test_the_difference_is_flagged_loudly_at_the_top_and_on_its_hand(client):
    game = imported()
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert "1 of 5 wins differ from the server&#x27;s record" in page
    planted = hand_html(page, PLANTED)
    assert "Differs from the server's record: fu, points" in planted
    assert "log-win differs" in planted
    assert "Differs from the server" not in hand_html(page, 2)
    assert "1,300 points" in planted and "1,000 points" in planted


def test_a_win_shows_its_tiles_yaku_and_every_step(client):
    game = imported()
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    tsumo = hand_html(page, 2)
    assert "Dana wins by tsumo" in tsumo and 'class="tile' in tsumo
    assert "Riichi 1 han" in tsumo and "Ura dora 3 han" in tsumo  # both sides name the yaku
    assert "How it is worked out" in tsumo  # the calculator's explanation, every step
    assert "haneman" in tsumo.lower() and "The server's record" in tsumo
    assert "20符7飜12000点" in tsumo


def test_each_settlement_is_beside_the_servers_and_flagged_when_it_differs(client):
    game = imported()
    log = game.log
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert "The engine's settlement differs" not in page
    draw = hand_html(page, 3)
    assert "+1,500" in draw and "−1,500" in draw and "How the hand is settled" in draw
    hands = log.hands
    hands[2]["deltas"] = [3000, -1000, 0, -2000]
    log.hands = hands
    log.save()
    page = client.get(f"/games/{game.slug}/log/").content.decode()
    assert "The engine's settlement differs" in hand_html(page, 3)
    assert "1 hand&#x27;s settlement differs" in page


def test_a_log_s_end_where_the_game_goes_on_is_flagged(client):
    from dataclasses import replace

    whole = logged_game()
    shorter = replace(whole, hands=whole.hands[:-1])  # the end record, one hand before it
    game = logs.import_log(shorter, digest="short").game
    assert not game.replay().over and game.log.end_scores
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert "The game's end differs from the log's." in page
    assert "The game is not over in the game keeper" in page


def test_the_end_is_beside_the_logs(client):
    game = imported()
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    end = page[page.index("log-end-title") :]
    assert "38,400" in end and "+48.0" in end and "The game's end differs" not in end
    log = game.log
    log.end_scores = [38400, 7200, 22500, 32900]
    log.save()
    page = client.get(f"/games/{game.slug}/log/").content.decode()
    assert "The game's end differs from the log's" in page


def test_hands_after_the_import_stopped_are_still_scored_from_their_tiles(client):
    logged = logged_game()
    moved = replace(logged.hands[3], scores=(25000, 25000, 25000, 25000))
    game = imported(replace(logged, hands=(*logged.hands[:3], moved, *logged.hands[4:])))
    review = logs.review(game, game.log)
    fourth = review["hands"][3]
    assert not fourth["replayed"] and [w["differs"] for w in fourth["wins"]] == [[], []]
    assert fourth["wins"][0]["engine"]["points"] == 1300


def test_the_review_is_the_owners_only(client):
    game = imported()
    assert client.get(f"/games/{game.slug}/log/").status_code == 404
    assert signed_in("someone").get(f"/games/{game.slug}/log/").status_code == 404
    from django.contrib.auth import get_user_model

    aiko = get_user_model().objects.create(username="aiko")
    hers = imported(owner=aiko)
    assert signed_in("bruno").get(f"/games/{hers.slug}/log/").status_code == 404
    assert signed_in("aiko").get(f"/games/{hers.slug}/log/").status_code == 200


def test_the_signed_in_owner_reads_it_and_the_board_links_to_it(client):
    aiko = signed_in("aiko")
    from django.contrib.auth import get_user_model

    game = imported(owner=get_user_model().objects.get(username="aiko"))
    assert aiko.get(f"/games/{game.slug}/log/").status_code == 200
    assert f"/games/{game.slug}/log/" in aiko.get(f"/games/{game.slug}/").content.decode()


def test_the_public_link_reads_it_beside_the_live_board(client):
    game = imported()
    watch = client.get(f"/games/{game.slug}/watch/").content.decode()
    assert f"/games/{game.slug}/watch/log/" in watch
    page = client.get(f"/games/{game.slug}/watch/log/")
    assert page.status_code == 200 and "1 of 5 wins differ" in page.content.decode()
    assert f'href="/games/{game.slug}/"' not in page.content.decode()  # no way to the scorers'


def test_a_game_without_a_log_has_no_review(client):
    game = make_game()
    owner_client(client, game)
    assert client.get(f"/games/{game.slug}/log/").status_code == 404
    assert client.get(f"/games/{game.slug}/watch/log/").status_code == 404
    assert "/log/" not in client.get(f"/games/{game.slug}/").content.decode()


def test_an_import_that_agrees_everywhere_says_so(client):
    game = imported(logged_game(plant=False))
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert "The engine scores all 5 wins as the server recorded them" in page
    assert "log-banner" not in page and "Differs from" not in page and "flag" not in page


def test_a_log_cut_short_says_what_was_left_off(client):
    from scoring.gamelog import LogError

    cut = LogError("bad_xml", {"hand": 7, "line": 80}, why="unexpected end of data")
    game = imported(replace(logged_game(), cut=cut))
    assert game.log.cut == {"key": "bad_xml", "where": {"hand": 7, "line": 80},
                            "params": {"why": "unexpected end of data"}}  # fmt: skip
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert (
        "The log was cut short. The log&#x27;s XML does not parse: unexpected end of data" in page
    )
    assert "(hand 7, line 80)." in page


@pytest.mark.parametrize(
    ("what", "said"),
    [
        ("no_end", "The last hand breaks off before its end (hand 9)."),
        ("no_owari", "The game&#x27;s end (its final scores) is missing (hand 9)."),
    ],
)
def test_a_log_that_stops_early_says_so_in_words_of_its_own(client, what, said):
    from scoring.gamelog import LogError

    game = imported(replace(logged_game(), cut=LogError("bad_value", {"hand": 9}, what=what)))
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert f"The log was cut short. {said} Its complete hands are shown." in page
    assert "not what its format says" not in page


def test_the_logs_own_text_is_escaped(client):
    logged = logged_game()
    game = imported(
        replace(
            logged,
            players=("<script>x</script>", "Bruno", "Chen", "Dana"),
            title="<b>t</b>",
            rules_text="<i>r</i>",
            hands=(replace(logged.hands[0], result="<img src=x onerror=y>"), *logged.hands[1:]),
        )
    )
    page = owner_client(client, game).get(f"/games/{game.slug}/log/").content.decode()
    assert "<script>x" not in page and "&lt;script&gt;x" in page
    assert "<b>t</b>" not in page and "<i>r</i>" not in page and "<img src=x" not in page


def test_the_servers_changes_are_compared_with_the_riichi_sticks_paid(client):
    """A server takes a riichi stick off when riichi is declared, outside the hand's changes
    (Dana's riichi tsumo: +13,000 recorded); the engine's settlement counts it (+12,000)."""
    game = imported()
    assert game.log.hands[1]["deltas"] == [-3000, -6000, -3000, 13000]
    review = logs.review(game, game.log)
    tsumo = review["hands"][1]
    assert tsumo["delta_rows"][3] == ("Dana", "+12,000", "+12,000", False, False)
    assert not tsumo["settlement_differs"] and "−1,000 for Dana" in tsumo["sticks_note"]
    assert review["hands"][0]["sticks_note"] == ""  # no riichi, nothing to say
