"""A game log imported at /games/import/: the game and its GameLog, the log's end reached by
the game keeper's replay, each problem of a log worded inline, the size limit, the preset asked
for when the log names no rules, and a second submit that makes no second game.

`scoring.gamelog.read` is replaced by one answering the test game of tests/games/logs.py (or
raising the LogError asked for): these tests are about the site's side of the import."""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import replace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from quizsite.games import log_words, logs
from quizsite.games.models import Game, GameLog
from scoring import gamelog
from scoring.gamelog import PROBLEMS, LogError
from tests.factory import make_game, signed_in
from tests.games.logs import HANDS, PLAYERS, logged_game

pytestmark = pytest.mark.django_db
LOG_TEXT = '{"title": "test", "name": ["Aiko"], "rule": {"disp": "般東喰赤"}, "log": []}'


@pytest.fixture
def reads(monkeypatch):
    """The log reader answers `reads.game` (or raises `reads.error`), and records its calls."""

    class Reader:
        game = logged_game()
        error: LogError | None = None
        calls: list[tuple[bytes, int]] = []

        def __call__(self, data, *, limit=gamelog.MAX_BYTES, sanma=False):
            assert sanma  # the site reads three-player logs too
            self.calls.append((data, limit))
            if self.error is not None:
                raise self.error
            return self.game

    reader = Reader()
    reader.calls = []
    monkeypatch.setattr(gamelog, "read", reader)
    return reader


def test_a_log_becomes_a_game_with_every_hand_and_its_log(client, reads):
    response = client.post("/games/import/", {"text": LOG_TEXT})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.slug}/log/"
    assert reads.calls == [(LOG_TEXT.encode(), 2_000_000)]
    assert game.names == PLAYERS and game.rules == {"preset": "tenhou"}
    assert game.length == "tonpuusen" and game.hands.count() == len(HANDS)
    log = GameLog.objects.get(game=game)
    assert log.saved == len(HANDS) and log.stopped is None and log.format == "tenhou6"
    assert [h["number"] for h in log.hands] == list(range(1, len(HANDS) + 1))
    assert log.hands[0]["wins"][0]["recorded"]["fu"] == 40  # the planted record, kept as it is
    played = game.replay()
    assert played.over and list(played.scores) == log.end_scores == list(reads.game.end_scores)
    tenths = [round(p * 10) for p in reads.game.final_points]
    assert list(played.final().tenths) == tenths
    assert client.get(response["Location"]).status_code == 200  # the importer keeps it


def test_the_game_is_the_signed_in_users(reads):
    client = signed_in("aiko")
    client.post("/games/import/", {"text": LOG_TEXT})
    assert Game.objects.get().owner.username == "aiko"


def test_an_uploaded_gzipped_log_is_handed_over_as_bytes(client, reads):
    raw = gzip.compress(b"<mjloggm ver='2.3'></mjloggm>")
    client.post("/games/import/", {"file": SimpleUploadedFile("log.mjlog", raw)})
    assert reads.calls[0][0] == raw and Game.objects.count() == 1


def test_a_tenbo_export_still_imports_as_before(client, reads):
    game = make_game()
    export = client.get(f"/games/{game.slug}/game.json").content
    response = client.post("/games/import/", {"text": export.decode()})
    assert response.status_code == 302 and reads.calls == []
    assert Game.objects.count() == 2 and not GameLog.objects.exists()


@pytest.mark.parametrize("key", PROBLEMS)
def test_every_problem_of_a_log_is_worded_inline_with_where(client, reads, key):
    reads.error = LogError(key, {"hand": 3, "line": 12}, size=5_000_000, limit=2_000_000,
                           why="unexpected end", rule="三麻", what="a tile 99m")  # fmt: skip
    response = client.post("/games/import/", {"text": LOG_TEXT})
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "This game cannot be imported." in page
    start = str(log_words.MESSAGES[key]).split("%")[0].strip().rstrip(".")[:30]
    assert start in page.replace("&#x27;", "'")
    assert "(hand 3, line 12)" in page


def test_a_problems_key_path_and_numbers_are_worded():
    text = log_words.message(
        "too_large", {"key": "log[2][16]"}, {"size": 5_000_000, "limit": 2_000_000}
    )
    assert "5,000,000" in text and "2,000,000" in text and "key log[2][16]" in text
    assert log_words.message("too_large", {}, {}).count("?") == 2  # numbers not given: "?"
    assert set(log_words.MESSAGES) == set(PROBLEMS)


def test_a_log_over_the_limit_is_refused_before_it_is_read(client, reads, settings):
    settings.TENBO_LOG_MAX_BYTES = 1000
    response = client.post("/games/import/", {"text": "x" * 5000})
    assert response.status_code == 200 and reads.calls == []
    assert "limit is 1,000 bytes" in response.content.decode()
    upload = SimpleUploadedFile("big.mjlog", b"<" * 2000)
    response = client.post("/games/import/", {"file": upload})
    assert "limit is 1,000 bytes" in response.content.decode() and reads.calls == []


def test_a_post_far_over_the_limit_is_not_read_at_all(client, reads):
    """Its body is never parsed: Django would keep it in memory or write it to disk first."""
    from django.test import RequestFactory

    from quizsite.games.views.files import import_game

    request = RequestFactory().post("/games/import/", {"text": "x"})
    request.META["CONTENT_LENGTH"] = str(50_000_000)
    request.session = client.session
    response = import_game(request)
    assert response.status_code == 413 and "50,000,000" in response.content.decode()
    assert not hasattr(request, "_post")  # the body was not parsed


def test_a_pasted_two_megabyte_log_reaches_the_reader(client, reads):
    text = "<mjloggm>" + "a" * 1_990_000 + "</mjloggm>"
    response = client.post("/games/import/", {"text": text})
    assert response.status_code == 302 and len(reads.calls[0][0]) == len(text)


def test_a_log_without_known_rules_asks_for_a_preset_and_keeps_the_log(client, reads):
    reads.game = logged_game(rules=None)
    response = client.post("/games/import/", {"text": LOG_TEXT})
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert 'name="preset"' in page and "a house rule" in page
    # the log is kept for this visitor: the preset alone is sent back, nothing chosen again
    kept = re.search(r'name="kept" value="([0-9a-f]{64})"', page).group(1)
    response = client.post("/games/import/", {"kept": kept, "preset": "tenhou"})
    assert response.status_code == 302
    assert Game.objects.get().rules == {"preset": "tenhou"}
    assert reads.calls[-1][0] == LOG_TEXT.encode()
    # another visitor cannot name it
    other = Client().post("/games/import/", {"kept": kept, "preset": "tenhou"})
    assert "is gone" in other.content.decode() and Game.objects.count() == 1


def test_a_preset_that_is_not_one_is_refused_inline(client, reads):
    reads.game = logged_game(rules=None)
    response = client.post("/games/import/", {"text": LOG_TEXT, "preset": "house"})
    assert response.status_code == 200 and not Game.objects.exists()
    assert "must be one of mahjongsoul, tenhou" in response.content.decode()


def test_a_second_submit_of_the_same_log_opens_the_first_game(client, reads):
    first = client.post("/games/import/", {"text": LOG_TEXT})
    again = client.post("/games/import/", {"text": LOG_TEXT})
    assert Game.objects.count() == 1 and len(reads.calls) == 1
    assert again["Location"] == first["Location"] + "?again=1"
    assert "You imported this log already" in client.get(again["Location"]).content.decode()
    other = signed_in("bruno")  # someone else's import of the same log is their own game
    other.post("/games/import/", {"text": LOG_TEXT})
    assert Game.objects.count() == 2


def test_a_hand_the_replay_refuses_stops_the_import_there(client, reads):
    game = logged_game()
    bad = replace(game.hands[2], end={"kind": "draw", "tenpai": [7]})
    reads.game = replace(game, hands=(*game.hands[:2], bad, *game.hands[3:]))
    response = client.post("/games/import/", {"text": LOG_TEXT})
    game = Game.objects.get()
    assert game.hands.count() == 2
    log = game.log
    assert log.saved == 2 and log.stopped == {"hand": 3, "why": "refused"}
    assert len(log.hands) == len(HANDS)  # the whole log is kept
    page = client.get(response["Location"]).content.decode()
    assert "Only the log&#x27;s first 2 hands became the game&#x27;s" in page
    assert "refused hand 3" in page


def test_a_hand_starting_elsewhere_than_the_replay_stops_the_import_there(client, reads):
    game = logged_game()
    moved = replace(game.hands[3], scores=(25000, 25000, 25000, 25000))
    reads.game = replace(game, hands=(*game.hands[:3], moved, *game.hands[4:]))
    response = client.post("/games/import/", {"text": LOG_TEXT})
    log = GameLog.objects.get()
    assert log.saved == 3 and log.stopped == {"hand": 4, "why": "start"}
    assert Game.objects.get().hands.count() == 3
    assert "hand 4 starts elsewhere" in client.get(response["Location"]).content.decode()


def test_names_the_game_keeper_refuses_or_alike_become_seat_names():
    assert logs.player_names(["NoName"] * 4) == [
        "NoName (East)", "NoName (South)", "NoName (West)", "NoName (North)"
    ]  # fmt: skip
    assert logs.player_names(["", "B", "C", "x" * 60]) == ["East", "B", "C", "North"]


def test_an_export_json_is_told_apart_from_a_log():
    assert logs.tenbo_export(json.dumps({"format": "tenbo-game"}).encode()) == {
        "format": "tenbo-game"
    }
    assert logs.tenbo_export(LOG_TEXT.encode()) is None
    assert logs.tenbo_export(gzip.compress(b'{"format": 1}')) is None
    assert logs.tenbo_export(b"<mjloggm/>") is None


def test_a_whole_hanchan_imports_to_the_logs_end(client, reads):
    from tests.games.logs import long_hands

    reads.game = logged_game(long_hands(14), length="hanchan", plant=False)
    client.post("/games/import/", {"text": LOG_TEXT})
    game = Game.objects.get()
    played = game.replay()
    assert game.hands.count() == 14 and game.log.saved == 14 and played.over
    assert list(played.scores) == list(reads.game.end_scores)
    assert [t / 10 for t in played.final().tenths] == list(reads.game.final_points)
    assert game.result is not None  # the league's numbers, stored as for any finished game


def test_the_import_still_checks_the_csrf_token(reads):
    from django.test import Client

    guarded = Client(enforce_csrf_checks=True)
    response = guarded.post("/games/import/", {"text": LOG_TEXT})
    assert response.status_code == 403 and reads.calls == [] and not Game.objects.exists()


def test_the_games_page_says_a_log_can_be_imported(client):
    page = client.get("/games/").content.decode()
    assert 'href="/games/import/">Import a game, or the log of a game played online' in page
    assert "対局、またはネット麻雀の牌譜を読み込む" in client.get("/ja/games/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_two_submits_of_one_log_at_once_make_one_game():
    """Two tabs (or a double click) sending the same log at the same instant: the second waits
    for the first and is sent to its game."""
    import threading
    from pathlib import Path

    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    raw = (Path(__file__).parent.parent / "gamelog/logs/short_game.xml").read_text()
    user = User.objects.create_user("aiko", password="a-long-test-password-42")
    start = threading.Barrier(2)
    answers: list[str] = []

    def submit() -> None:
        try:
            client = Client()
            client.force_login(user)
            start.wait(timeout=30)
            answers.append(client.post("/games/import/", {"text": raw})["Location"])
        finally:
            connection.close()  # this thread's own connection

    tabs = [threading.Thread(target=submit) for _ in range(2)]
    for tab in tabs:
        tab.start()
    for tab in tabs:
        tab.join(timeout=60)
    assert Game.objects.count() == 1 and GameLog.objects.count() == 1
    slug = Game.objects.get().slug
    assert sorted(answers) == [f"/games/{slug}/log/", f"/games/{slug}/log/?again=1"]
