"""An imported game log in Japanese: the import form (with its problems, the preset asked for)
and the review page (the planted difference, the settlements, the end) at their /ja/ addresses
read no English of the site's own; the right Japanese appears; the English pages are as they
were. The log reader is replaced by the test game of tests/games/logs.py."""

from __future__ import annotations

import pytest
from django.utils import translation

from quizsite.games import logs
from scoring import gamelog
from scoring.gamelog import PROBLEMS, LogError
from tests.factory import keep_in_session
from tests.games.logs import PLANTED, logged_game
from tests.i18n.english import assert_japanese

pytestmark = pytest.mark.django_db
LOG_TEXT = "東1局 牌譜"  # what was pasted is kept in its box: no English of its own


@pytest.fixture(autouse=True)
def english_after():
    yield
    translation.activate("en")


@pytest.fixture
def reads(monkeypatch):
    state = {"game": logged_game(), "error": None}

    def read(data, *, limit=gamelog.MAX_BYTES, sanma=False):
        if state["error"] is not None:
            raise state["error"]
        return state["game"]

    monkeypatch.setattr(gamelog, "read", read)
    return state


def test_the_import_form_is_in_japanese(client):
    response = client.get("/ja/games/import/")
    assert_japanese(response.content, "/ja/games/import/")
    assert "牌譜" in response.content.decode()


@pytest.mark.parametrize("key", PROBLEMS)
def test_every_problem_of_a_log_is_said_in_japanese(client, reads, key):
    reads["error"] = LogError(key, {"hand": 3, "line": 12}, size=5_000_000, limit=2_000_000)
    response = client.post("/ja/games/import/", {"text": LOG_TEXT})
    page = response.content.decode()
    assert response.status_code == 200
    assert_japanese(response.content, f"/ja/games/import/ ({key})")
    assert "3局目、12行目" in page


def test_the_preset_question_is_in_japanese(client, reads):
    reads["game"] = logged_game(rules=None)
    response = client.post("/ja/games/import/", {"text": LOG_TEXT})
    assert_japanese(response.content.decode().replace("a house rule", ""), "/ja/games/import/")
    assert "この対局のルールは？" in response.content.decode()


def test_a_log_imported_from_the_japanese_page_opens_its_japanese_review(client, reads):
    response = client.post("/ja/games/import/", {"text": LOG_TEXT})
    assert response.status_code == 302 and response["Location"].startswith("/ja/games/")


def test_the_review_is_in_japanese(client):
    game = logs.import_log(logged_game(), digest="d").game
    keep_in_session(client, "game", game.slug, game.edit_token)
    for path in (f"/ja/games/{game.slug}/log/", f"/ja/games/{game.slug}/watch/log/"):
        response = client.get(path)
        assert response.status_code == 200
        assert_japanese(response.content, path)
    page = client.get(f"/ja/games/{game.slug}/log/").content.decode()
    assert "アガリ5回のうち1回がサーバーの記録と異なります" in page
    assert "サーバーの記録と異なります：符、点数" in page
    assert "1,300点" in page and "東1局" in page and "終局" in page
    english = client.get(f"/games/{game.slug}/log/").content.decode()
    assert "1 of 5 wins differ from the server&#x27;s record" in english
    assert f'id="hand-{PLANTED}"' in english


def test_the_review_of_a_stopped_import_is_in_japanese(client):
    from dataclasses import replace

    logged = logged_game()
    moved = replace(logged.hands[3], scores=(25000, 25000, 25000, 25000))
    logged = replace(logged, hands=(*logged.hands[:3], moved, *logged.hands[4:]))
    game = logs.import_log(logged, digest="d").game
    keep_in_session(client, "game", game.slug, game.edit_token)
    response = client.get(f"/ja/games/{game.slug}/log/")
    assert_japanese(response.content, "/ja/games/…/log/ (stopped)")
    assert "最初の3局だけです" in response.content.decode()


def test_a_cut_log_and_a_second_import_are_said_in_japanese(client, reads):
    from dataclasses import replace

    cut = LogError("bad_json", {"hand": 7}, why="途中で終わっています")
    reads["game"] = replace(logged_game(), cut=cut)
    asked = client.post("/ja/games/import/", {"text": LOG_TEXT})  # asked before it is imported
    assert_japanese(asked.content, "the cut log's question")
    question = "牌譜は7局目の途中で止まっています。最後まである6局を読み込みますか？"
    assert question in asked.content.decode()
    client.post("/ja/games/import/", {"text": LOG_TEXT, "cut_ok": "1"})
    again = client.post("/ja/games/import/", {"text": LOG_TEXT, "cut_ok": "1"})
    response = client.get(again["Location"])
    assert again["Location"].startswith("/ja/games/") and response.status_code == 200
    assert_japanese(response.content, again["Location"])
    page = response.content.decode()
    assert "この牌譜はすでに取り込まれています" in page
    assert (
        "牌譜が途中で切れています。牌譜（JSON）を読み取れません：途中で終わっています（7局目）。"
        in page
    )


FORMAT_NAMES = {"mjloggm", "log", "ten"}  # the formats' own names of their parts, quoted


def test_every_reason_and_value_of_a_readers_problem_is_worded_in_japanese():
    from quizsite.games import log_words
    from tests.i18n.english import english_words

    sample = {"kind": "PNG", "files": 3, "names": "1.mjlog, 2.mjlog", "log_id": "2022010321gm-00a9"}
    cases = [(key, {"why": why, **sample}) for key, why in log_words.EXACT]
    cases += [("bad_value", {"what": what}) for what in log_words.WHAT]
    cases += [("bad_value", {"what": "ten", "value": "12,x"})]  # an XML attribute's own name
    for key, params in cases:
        with translation.override("en"):
            english = log_words.message(key, {"hand": 2}, params)
        with translation.override("ja"):
            japanese = log_words.message(key, {"hand": 2}, params)
        assert japanese != english and japanese.endswith("（2局目）。"), (key, params, japanese)
        left = set(english_words(f"<p>{japanese}</p>")) - FORMAT_NAMES
        assert not left, (key, params, japanese)
        assert "%(" not in english and "?" not in english, english
