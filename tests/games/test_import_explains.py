"""/games/import/ explains itself and never answers 500: a file that is no log is said as what
it is, with where to get a log; an XML declaration naming a codec of no characters, a JSON
title with a lone surrogate or NUL (PostgreSQL refuses NUL in text) are read or refused
cleanly; a log of more hands than a game holds is refused, saying why; a log cut short is
imported only once the page has asked, kept meanwhile for this visitor, and the whole log
imported later makes that game whole instead of a second game."""

from __future__ import annotations

import gzip
import json
import re
import unicodedata
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from quizsite.games.models import Game, GameLog
from scoring.gamelog import MAX_HANDS
from tests.helpers import text_of

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parents[1] / "gamelog" / "logs"
XML = (LOGS / "short_game.xml").read_bytes()
JSON = (LOGS / "short_game.json").read_text()
HOW_TO = "tenhou.net/0/log/?"


def post(client, raw: bytes, name: str = "log.xml", **data):
    return client.post("/games/import/", {"file": SimpleUploadedFile(name, raw), **data})


@pytest.mark.parametrize("encoding", ["rot13", "base64", "hex", "zlib", "punycode", "undefined"])
def test_a_declaration_of_a_codec_of_no_characters_is_refused_inline(client, encoding):
    raw = f'<?xml version="1.0" encoding="{encoding}"?>\n'.encode() + XML
    response = post(client, raw)
    assert response.status_code == 200 and not Game.objects.exists()
    assert "its bytes are not text" in text_of(response)


def test_a_title_with_a_lone_surrogate_or_nul_is_kept_as_replacement_characters(client):
    log = json.loads(JSON)
    text = json.dumps(log, ensure_ascii=True)
    text = text.replace('"title": ', '"title": "\\ud800\\u0000 night", "_": ', 1)
    text = text.replace('\\u55b0\\u8d64"', '\\u55b0\\u8d64\\u0000"', 1)  # 喰赤 then NUL
    response = client.post("/games/import/", {"text": text})
    assert response.status_code == 302
    log = GameLog.objects.get()
    assert log.title == "\ufffd\ufffd night" and log.rules_text.endswith("喰赤\ufffd")
    assert client.get(response["Location"]).status_code == 200


def test_a_title_loses_the_characters_that_would_turn_it_round_or_hide_in_it(client):
    log = json.loads(JSON)
    log["title"] = ["\u202eroom 7\u200b", "night\u2066"]  # a right-to-left override, a ZWSP
    response = client.post("/games/import/", {"text": json.dumps(log)})
    assert response.status_code == 302
    stored = GameLog.objects.get().title
    assert "room 7" in stored and "night" in stored
    assert not any(unicodedata.category(c) == "Cf" for c in stored)


@pytest.mark.parametrize(
    "raw, said",
    [
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "This is an image (PNG), not a game log."),
        (b"<!doctype html><html><body>Tenhou</body></html>", "This is a web page"),
        (b"https://tenhou.net/0/?log=2022010321gm-00a9-0000-c7ed48e1&tw=2",
         "This Tenhou game's log: tenhou.net/0/log/?2022010321gm-00a9-0000-c7ed48e1"),
        (b"%PDF-1.4\n", "This is a PDF document"),
    ],
)  # fmt: skip
def test_a_file_that_is_no_log_says_what_it_is_and_where_to_get_a_log(client, raw, said):
    page = text_of(post(client, raw, "screenshot"))
    assert said in page and HOW_TO in page and "Mahjong Soul" in page
    assert not Game.objects.exists()


def test_a_log_of_more_hands_than_a_game_holds_is_refused_saying_why(client):
    log = json.loads(JSON)
    log["log"] = log["log"] * (MAX_HANDS // len(log["log"]) + 1)
    page = text_of(client.post("/games/import/", {"text": json.dumps(log)}))
    assert f"Tenbō reads logs of at most {MAX_HANDS} hands" in page
    assert not Game.objects.exists()


def cut(raw: bytes) -> bytes:
    """The log broken off inside its last hand."""
    return raw[: raw.rindex(b"<INIT") + 200]


def kept_of(page: str) -> str:
    return re.search(r'name="kept" value="([0-9a-f]{64})"', page).group(1)


def test_a_log_cut_short_is_imported_only_after_the_page_asks(client):
    response = post(client, cut(XML), "cut.mjlog")
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "The log stops in hand 6: import its 5 complete hands?" in text_of(response)
    # kept for this visitor: the confirmation sends nothing but its digest back
    confirmed = client.post("/games/import/", {"kept": kept_of(page), "cut_ok": "1"})
    game = Game.objects.get()
    assert confirmed["Location"] == f"/games/{game.slug}/log/"
    assert game.log.saved == 5 and game.log.cut and game.hands.count() == 5
    assert "The log was cut short" in text_of(client.get(confirmed["Location"]))


def test_the_whole_log_later_makes_the_cut_game_whole(client):
    post(client, cut(XML), cut_ok="1")
    game = Game.objects.get()
    response = post(client, gzip.compress(XML), "whole.mjlog.gz")
    assert Game.objects.count() == 1 and response["Location"].endswith("?replaced=1")
    game.refresh_from_db()
    assert game.hands.count() == 6 and game.log.cut is None and game.log.saved == 6
    assert game.replay().over and game.result is not None
    assert "it now has every hand of the whole log" in text_of(client.get(response["Location"]))
    # the same game cut short again is the game already imported, not a second one
    again = post(client, cut(XML), cut_ok="1")
    assert again["Location"].endswith("?again=1") and Game.objects.count() == 1
    # another visitor's import of the whole log is their own game
    assert post(Client(), XML).status_code == 302 and Game.objects.count() == 2


def test_a_kept_log_is_this_visitors_only_and_goes_after_its_import(client):
    page = post(client, cut(XML)).content.decode()
    kept = kept_of(page)
    stranger = Client().post("/games/import/", {"kept": kept, "cut_ok": "1"})
    assert "is gone" in text_of(stranger) and not Game.objects.exists()
    client.post("/games/import/", {"kept": kept, "cut_ok": "1"})
    again = client.post("/games/import/", {"kept": kept, "cut_ok": "1"})
    assert "is gone" in text_of(again) and Game.objects.count() == 1


@override_settings(RATE_LOG_IMPORTS="3/h")
def test_the_logs_one_address_imports_are_limited_saying_why(client):
    json_log = (LOGS / "short_game.json").read_bytes()
    assert post(client, XML).status_code == 302
    many = client.post("/games/import/", {"file": [SimpleUploadedFile("a", json_log),
                                                   SimpleUploadedFile("b", b"%PDF-"),
                                                   SimpleUploadedFile("c", XML)]})  # fmt: skip
    page = text_of(many)
    assert "1 game imported" in page and "Too many logs were imported from here" in page
    assert Game.objects.count() == 2
    refused = post(Client(REMOTE_ADDR="127.0.0.1"), XML)
    assert "Too many logs were imported from here" in text_of(refused)
    assert post(Client(REMOTE_ADDR="10.1.2.3"), XML).status_code == 302  # another address
