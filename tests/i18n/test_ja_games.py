"""Keeping score in Japanese: every page and state of the games, clubs and saved rule sets at
its /ja/ address reads no English of the site's own (the checker of tests/i18n/english.py),
the right Japanese terms appear (東家, 1位, 25,000点, 供託, ロン, ツモ…), the htmx partials answer
in Japanese, the CSV's headings follow the page's language while the JSON's keys do not, and
the English pages are as they were."""

from __future__ import annotations

import csv
import io
import json
import re
from html import escape

import pytest
from django.test import Client
from django.utils import translation

from quizsite.games.models import Club, Game, SavedRules
from scoring.engine.errors import shorten
from tests.factory import (
    NEW_GAME,
    add,
    draw,
    finished_game,
    keep_in_session,
    make_game,
    organiser_client,
    ron,
    signed_in,
)
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after():
    """The test client's requests leave their language active: the next test starts in English."""
    yield
    translation.activate("en")


# Text the engine words (steps, round names, draws' reasons, how a preset's game ends, limits'
# and yaku names, what a win pays) and the shared pieces other parts of the site own (the rule
# switches, the whole-hand flags, the forms' stock messages) is still English until their
# Japanese is merged; the lead removes these then. It is cut out of a page before the check
# (by what makes it, not by a list of words), so nothing of the games' own may stay English.
PENDING_ENGINE_BLOCKS: tuple[str, ...] = ()
PENDING_SHARED_BLOCKS = (
    r'<details class="switches.*?</fieldset>\s*</details>',  # the rule switches' include
    r'<label class="calc-choice">.*?</label>',  # the whole hand's flags (the calculator's)
    r'<small class="field-error"[^>]*>.*?</small>',  # the forms' stock messages
    # A button's value is sent, not shown (the checker reads it as an input's): "ja", "anyway".
    r'(?<=<button )[^>]*?\bvalue="[^"]*"',
    r'<span class="tiles tiles--.*?</span></span>',  # tile pictures' names (the tiles tag's)
    r"<img [^>]*>",
)
PENDING_ENGINE: frozenset[str] = frozenset()


def engine_texts() -> list[str]:
    """The engine's own sentences the games' pages quote whole (of every game there is)."""
    from scoring.engine.game import DEFAULT_END, GAME_ENDS
    from scoring.engine.payment import impossible_reason
    from scoring.engine.rules import PRESETS, Abort
    from scoring.picker import FLAG_LABELS

    texts = [end.note for end in (*GAME_ENDS.values(), DEFAULT_END)]
    texts += [a.description for a in Abort]
    texts += [p.title for p in PRESETS.values()] + [p.source for p in PRESETS.values()]
    texts += [s for p in PRESETS.values() for s in p.table_sources]
    texts += [str(label) for label in FLAG_LABELS.values()]  # the calculator's flags
    texts += [  # why a han and fu cannot be scored
        reason
        for han in range(1, 5)
        for fu in (20, 25, *range(30, 120, 10))
        for tsumo in (False, True)
        if (reason := impossible_reason(han, fu, tsumo=tsumo, rules=None))
    ]
    for saved in SavedRules.objects.all():
        texts.append(saved.said())
    for game in Game.objects.all():
        played = game.replay()
        texts += [game.rules_said(), played.reason]
        texts += [hand.note for hand in played.hands if hand.note]
    return sorted((t for t in texts if t), key=len, reverse=True)


def stock_messages() -> list[str]:
    """The forms' stock messages as the shared form words make them (their label aside)."""
    from django import forms

    from scoring.form_words import site_words

    said = site_words(forms.CharField(label="\0"), "")
    return [
        message.replace("\0", "").replace("%(limit_value)d", str(n)).strip()
        for message in said.values()
        for n in (40, 60, 80)
        if "%(value)" not in message
    ]


def left_english(html: bytes | str, *quoted: str) -> list[str]:
    """English on a Japanese page beyond what the engine and the shared parts still say (and
    `quoted`: text the page quotes as it is, such as a JSON parser's complaint)."""
    text = html.decode() if isinstance(html, bytes) else html
    assert '<html lang="ja"' in text or "<html" not in text, "not a Japanese page"
    for block in PENDING_ENGINE_BLOCKS + PENDING_SHARED_BLOCKS:
        text = re.sub(block, "", text, flags=re.S)
    text = re.sub(r"&quot;[\w-]+&quot;", "", text)  # JSON's keys and values, named as they are
    for said in [*engine_texts(), *stock_messages(), *quoted]:
        text = text.replace(escape(said), "").replace(said, "")
    return sorted({w for w in english_words(text) if w not in PENDING_ENGINE})


def assert_japanese_here(response, where: str, *quoted: str) -> str:
    assert response.status_code == 200, (where, response.status_code)
    assert response["Content-Language"] == "ja", where
    left = left_english(response.content, *quoted)
    assert not left, f"{where}: English left on the Japanese page: {left}"
    return response.content.decode()


def assert_has(page: str, words: str) -> None:
    """Every one of `words` (separated by "/") is on the page."""
    missing = [w for w in words.split("/") if w not in page]
    assert not missing, f"missing: {missing}"


def keeper(game: Game) -> Client:
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client


def ja_start(client: Client, **extra) -> Game:
    response = client.post("/ja/games/new/", {**NEW_GAME, **extra})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert response["Location"].startswith("/ja/games/")
    return Game.objects.latest("created")


# ---- the index and a new game -----------------------------------------------------------


def test_the_index_empty_and_with_games_and_clubs(client):
    page = assert_japanese_here(client.get("/ja/games/"), "/ja/games/ empty")
    assert "点数の記録" in page and "記録している対局はまだありません" in page
    game = ja_start(client)
    client.post("/ja/games/clubs/new/", {"name": "木曜会"})
    page = assert_japanese_here(client.get("/ja/games/"), "/ja/games/ full")
    assert "東風戦" in page and "年" in page and "あなたのクラブ" in page
    assert f'href="/ja/games/{game.slug}/"' in page


def test_the_new_game_form_and_its_errors(client):
    page = assert_japanese_here(client.get("/ja/games/new/"), "/ja/games/new/")
    assert_has(page, "東家/南家/西家/北家/起家/ルール/対局の長さ/半荘戦/対局を始める")
    assert 'href="/ja/rules/"' in page
    response = client.post("/ja/games/new/", {**NEW_GAME, "west": "aiko"})
    page = assert_japanese_here(response, "/ja/games/new/ errors")
    assert "対局の設定を確かめてください" in page and "プレイヤーごとに違う名前" in page
    assert "<li>プレイヤーごとに違う名前" in page  # the form's own error, not a field's
    response = client.post("/ja/games/new/", {**NEW_GAME, "north": "あ" * 41})
    page = assert_japanese_here(response, "/ja/games/new/ a long name")
    assert "<li>北家：プレイヤー名は40文字まで" in page
    assert not Game.objects.exists()


# ---- the board, its poll, the watch page ------------------------------------------------


def test_a_fresh_board_in_japanese(client):
    game = ja_start(client)
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/"), "board, fresh")
    assert_has(page, "25,000点/1位/親/供託なし/1局目を入力/順位を上げるには")
    assert_has(page, "共有と書き出し/局と点数（CSV）")
    assert "Aiko" in page and "どのアガリでも" in page
    assert "<strong>Bruno</strong>がAikoを抜くには" in page  # the player, then its particle
    assert f'href="/ja/games/{game.slug}/hand/"' in page
    assert 'href="/ja/table-rules/?' in page


def test_a_board_with_every_kind_of_hand_and_the_final_standings(client):
    game = ja_start(client)
    kinds = [
        {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30",
         "riichi": "1"},
        {"kind": "tsumo", "winners": "2", "limit_2": "5"},
        {"kind": "draw", "tenpai": ["0", "3"], "riichi": "3"},
        {"kind": "abortive", "reason": "nine_terminals"},
        {"kind": "chombo", "chombo": "3"},
        {"kind": "ron", "winners": ["1", "2"], "discarder": "0", "han_1": "2", "fu_1": "40",
         "limit_2": "y1", "pao": "3", "pao_for": "2"},
    ]  # fmt: skip
    for fields in kinds:
        game.refresh_from_db()
        response = client.post(
            f"/ja/games/{game.slug}/hand/", {"version": game.version, **fields, "save": "1"}
        )
        assert response.status_code == 302, (fields, left_english(response.content))
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/"), "board, hands")
    assert_has(page, "ロン/ツモ/流局、テンパイ：/途中流局：/のチョンボ/ダブロン：/（包：Dana）")
    assert_has(page, "／リーチ：Bruno/3翻30符/役満/6局目を取り消す…/6局目を修正")
    assert_has(page, "Chenのツモ和了：満貫（5翻）、8000点")  # the limit chosen, by its name
    client.post(f"/ja/games/{game.slug}/end/", {"version": game.hands.count(), "why": "time"})
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/"), "board, over")
    assert_has(page, "最終成績/順位/素点/ポイント/4位/対局終了")


def test_the_polls_and_the_watch_page_answer_in_japanese(client):
    game = ja_start(client)
    other = keeper(game)
    add(game, ron(1, 0, han=2, fu=30), draw(0))
    board = client.get(f"/ja/games/{game.slug}/poll/?version=0&hands=0", HTTP_HX_REQUEST="true")
    page = assert_japanese_here(board, "poll, board")
    assert "別の端末で1〜2局目を入力しました" in page and "供託" in page
    small = other.get(
        f"/ja/games/{game.slug}/poll/?version=0&hands=1&for=hand", HTTP_HX_REQUEST="true"
    )
    page = assert_japanese_here(small, "poll, hand page")
    assert "2局目を入力しました" in page and "現在：" in page
    watch = Client()
    page = assert_japanese_here(watch.get(f"/ja/games/{game.slug}/watch/"), "watch")
    assert "数秒ごとに自動更新・入力済み 2局" in page and "局と点数（CSV）" in page
    live = watch.get(f"/ja/games/{game.slug}/watch/", HTTP_HX_REQUEST="true")
    page = assert_japanese_here(live, "watch, partial")
    assert "<html" not in page and "局の記録" in page


# ---- a hand's entry: every end, errors, warnings, preview, edit, undo, end ------------------


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"kind": "ron", "winners": "1", "discarder": "0", "han_1": "1", "fu_1": "30"},
         ["精算結果", "局を保存", "Bruno 1翻30符、Aikoからロン", "この局の後："]),
        ({"kind": "tsumo", "winners": "0", "limit_0": "6"}, ["Aiko", " ツモ"]),
        ({"kind": "draw", "tenpai": ["1"], "nagashi": ["2"]}, ["流し満貫：Chen"]),
        ({"kind": "draw", "riichi": ["0"], "tenpai": ["1"]},
         ["保存する前に確かめてください", "チョンボ（満貫相当の罰符", "このまま保存"]),
        ({"kind": "ron", "winners": "1", "discarder": "0", "han_1": "1", "fu_1": "20"},
         ["ロンで1翻20符になる手はありません"]),
        ({"kind": "ron", "winners": "1"},
         ["この局はまだ精算できません", "放銃者（ロンされた人）を選んでください"]),
        ({"kind": "ron", "winners": "1", "discarder": "0"},
         ["Brunoの和了：翻（または満貫以上）を選んでください"]),
        ({"kind": "ron", "winners": "1", "discarder": "0", "han_1": "2"}, ["符も選んでください"]),
        ({"kind": "tsumo", "winners": ["1", "2"], "limit_1": "5", "limit_2": "5"},
         ["1人だけに印を"]),
        ({"kind": "abortive"}, ["途中流局の理由を選んでください"]),
        ({"kind": "chombo"}, ["チョンボした人を選んでください"]),
        ({"kind": "tsumo", "winners": "1", "tiles_1": "123m456p789s11222z"},
         ["和了牌を指定してください"]),
        ({"kind": "tsumo", "winners": "1", "tiles_1": "123m"}, ["副露以外が3枚です"]),
        ({"kind": "tsumo", "winners": "1", "flags_1": "haitei", "han_1": "1", "fu_1": "30"},
         ["手牌を入力したときだけ数えます"]),
        ({"kind": "tsumo", "winners": "1", "tiles_1": "123m456p789s1122z", "win_1": "2z",
          "flags_1": "double_riichi"}, ["のリーチにも印を付けてください"]),
    ],
)  # fmt: skip
def test_a_hand_in_japanese_every_end_and_error(client, fields, words):
    game = ja_start(client)
    response = client.post(f"/ja/games/{game.slug}/hand/", {"version": 0, **fields})
    page = assert_japanese_here(response, f"hand {fields}")
    for word in words:
        assert word in page, (word, fields)
    assert not game.hands.exists()


def test_a_whole_hand_previewed_in_japanese(client):
    game = ja_start(client)
    fields = {"kind": "tsumo", "winners": "1", "tiles_1": "234m567p345s22z678m", "win_1": "8m"}
    page = assert_japanese_here(
        client.post(f"/ja/games/{game.slug}/hand/", {"version": 0, **fields}), "whole hand"
    )
    assert "Brunoの手牌" in page and "（手牌から）" in page and "支払いの内訳" in page


def test_the_hand_page_and_a_stale_save(client):
    game = ja_start(client)
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/hand/"), "hand, empty")
    assert_has(page, "局の終わり方/ロン/ツモ/流局/途中流局/チョンボ/和了/放銃/リーチ/テンパイ")
    assert_has(page, "翻/符/満貫/跳満/倍満/三倍満/ダブル役満/または手牌を入力/精算")
    add(game, draw(1))
    fields = {"kind": "draw", "tenpai": ["1"], "version": "0", "hands": "0", "save": "1"}
    page = assert_japanese_here(client.post(f"/ja/games/{game.slug}/hand/", fields), "stale")
    assert "その間に別の端末で1局目を入力しました" in page


def test_edit_undo_and_end_pages(client):
    game = ja_start(client)
    add(game, ron(1, 0, han=2, fu=30), draw(0, 1))
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/hand/1/"), "edit")
    assert "1局目を修正：" in page and "この局より後の局はすべて精算し直されます" in page
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/undo/"), "undo")
    assert "2局目を取り消しますか？" in page and "取り消さない" in page
    page = assert_japanese_here(client.get(f"/ja/games/{game.slug}/end/"), "end")
    assert_has(page, "対局を途中で終えますか？/時間切れ/対局を中止/1位/ポイント")
    response = client.post(f"/ja/games/{game.slug}/end/", {"version": game.version, "why": "?"})
    page = assert_japanese_here(response, "end, no choice")
    assert "時間切れか中止を選んでください" in page
    response = client.post(f"/ja/games/{game.slug}/undo/", {"version": 0})
    page = assert_japanese_here(response, "undo, stale")
    assert "別の端末で局が入力されました" in page


# ---- exports and import -----------------------------------------------------------------


def test_the_csv_speaks_the_pages_language_and_the_json_keeps_its_keys(client):
    game = ja_start(client)
    add(game, ron(1, 0, han=3, fu=30, riichi=(1,)))
    rows = list(
        csv.reader(io.StringIO(client.get(f"/ja/games/{game.slug}/game.csv").content.decode()))
    )
    assert rows[0] == ["局", "局名", "内容", "Aiko 収支", "Bruno 収支", "Chen 収支", "Dana 収支",
                       "Aiko 持ち点", "Bruno 持ち点", "Chen 持ち点", "Dana 持ち点"]  # fmt: skip
    assert rows[1][1] == "開始" and "Aikoからロン" in rows[2][2]
    english = list(
        csv.reader(io.StringIO(client.get(f"/games/{game.slug}/game.csv").content.decode()))
    )
    assert english[0][:3] == ["hand", "name", "what happened"] and english[1][1] == "start"
    assert english[2][2].startswith("Bruno 3 han 30 fu ron off Aiko")
    ja = json.loads(client.get(f"/ja/games/{game.slug}/game.json").content)
    en = json.loads(client.get(f"/games/{game.slug}/game.json").content)
    assert ja == en and set(ja) >= {"format", "players", "rules", "hands", "scores"}


@pytest.mark.parametrize(
    "text, words",
    [
        ("", ["この対局は読み込めません", "対局のファイル（Tenbōの書き出しまたは牌譜）を選ぶか"]),
        ("{", ["牌譜（JSON）を読み取れません", "1行目"]),  # no export: the log reader's problem
        ('{"format": "x"}', ["Tenbōの対局の書き出しではありません"]),
        ('{"format": "tenbo-game", "players": ["A", "B"]}', ["1〜40文字の名前4つ"]),
        ('{"format": "tenbo-game", "players": ["A", "a", "C", "D"]}', ["プレイヤーごとに違う名前"]),
    ],
)
def test_the_import_page_and_its_errors(client, monkeypatch, text, words):
    from scoring import gamelog

    def read(data, *, limit, sanma=False):  # the log reader, as it answers text that is not JSON
        try:
            json.loads(data)
        except ValueError as e:
            why = shorten(str(e), 60)
            raise gamelog.LogError("bad_json", {"line": e.lineno}, why=why) from None

    monkeypatch.setattr(gamelog, "read", read)
    page = assert_japanese_here(client.get("/ja/games/import/"), "import")
    assert "対局を読み込む" in page
    try:
        json.loads(text)
        complaint = ""
    except ValueError as e:
        complaint = shorten(str(e), 60)
    response = client.post("/ja/games/import/", {"text": text})
    page = assert_japanese_here(response, f"import {text}", escape(complaint))
    for word in words:
        assert word in page, word
    assert not Game.objects.exists()


# ---- clubs and leagues ------------------------------------------------------------------


def test_a_new_club_and_its_errors(client):
    page = assert_japanese_here(client.get("/ja/games/clubs/new/"), "club new")
    assert "新しいクラブ" in page and "クラブ名" in page
    response = client.post("/ja/games/clubs/new/", {"name": ""})
    assert_japanese_here(response, "club new, blank")
    response = client.post("/ja/games/clubs/new/", {"name": "木曜会"})
    assert response.status_code == 302 and response["Location"].startswith("/ja/games/clubs/")


def test_the_league_pages_empty_full_and_the_organisers_tools(client):
    club = Club.objects.create(name="木曜会")
    page = assert_japanese_here(client.get(f"/ja/games/clubs/{club.slug}/"), "league empty")
    assert "この期間に終了した対局はまだありません" in page
    for _ in range(3):
        finished_game(club)
    unfinished = make_game("wrc", "tonpuusen")
    club.add_game(unfinished)
    page = assert_japanese_here(client.get(f"/ja/games/clubs/{club.slug}/"), "league full")
    assert_has(page, "リーグ成績表/平均順位/和了率/放銃率/終了した対局 3/対局中 1")
    assert_has(page, "累計ポイントの推移/年")
    assert '<th scope="col" class="num">対局数</th>' in page  # how many; the list below: 対局
    assert '<h2 id="games-title">対局</h2>' in page
    bad = client.get(f"/ja/games/clubs/{club.slug}/?since=yesterday")
    page = assert_japanese_here(bad, "league, a bad date")
    assert "開始日は2026-11-23のような日付にしてください" in page
    organiser = organiser_client(club)
    page = assert_japanese_here(organiser.get(f"/ja/games/clubs/{club.slug}/"), "organiser")
    assert_has(page, "主催者/クラブの対局を始める/名前を変更/リーグの公開リンク")
    response = organiser.post(f"/ja/games/clubs/{club.slug}/add/", {"game": "nope"})
    page = assert_japanese_here(response, "organiser, no such game")
    assert "点数を記録している対局から選んでください" in page
    player = club.players.get(name="Aiko")
    response = organiser.post(
        f"/ja/games/clubs/{club.slug}/rename/", {"player": player.pk, "name": "Bruno"}
    )
    page = assert_japanese_here(response, "organiser, two at one table")
    assert "同じ卓に着いています" in page
    response = organiser.post(f"/ja/games/clubs/{club.slug}/rules/", {"rules": "nope"})
    page = assert_japanese_here(response, "organiser, no such rules")
    assert "保存したルールから選んでください" in page


def test_a_club_game_by_the_leagues_rules(client):
    owner = signed_in("sensei")
    response = owner.post("/ja/games/clubs/new/", {"name": "木曜会"})
    club = Club.objects.get()
    club.rules = SavedRules.objects.create(
        name="木曜ルール", owner=club.owner or make_owner(), rules={"preset": "wrc"}
    )
    club.save()
    page = assert_japanese_here(owner.get(f"/ja/games/new/?club={club.slug}"), "club game")
    assert "リーグのルールで打ちます" in page and "木曜会の対局" in page
    assert response.status_code == 302


def make_owner():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create(username="owner")


# ---- saved rule sets --------------------------------------------------------------------


def test_the_saved_rule_sets_pages(client):
    owner = signed_in("sensei")
    page = assert_japanese_here(owner.get("/ja/games/rules/"), "rules, none")
    assert "保存したルールはまだありません" in page and "ルールを保存" in page
    response = owner.post("/ja/games/rules/", {"name": "", "preset": "wrc"})
    page = assert_japanese_here(response, "rules, errors")
    assert "ルールを確かめてください" in page
    response = owner.post("/ja/games/rules/", {"name": "木曜会", "preset": "wrc"})
    assert response.status_code == 302 and response["Location"].startswith("/ja/games/rules/")
    saved = SavedRules.objects.get()
    page = assert_japanese_here(owner.get(f"/ja/games/rules/{saved.slug}/"), "rules page")
    assert_has(page, "このルールでクイズ/このルールでドリル/出典/項目")
    for link in ("/ja/quiz/next/?", "/ja/drills/new/?", "/ja/table-rules/?", "/ja/rules/#wrc"):
        assert f'href="{link}' in page, link
    page = assert_japanese_here(owner.get(f"/ja/games/rules/{saved.slug}/edit/"), "rules edit")
    assert "「木曜会」を編集" in page and "このルールを削除" in page
    page = assert_japanese_here(owner.get("/ja/games/rules/"), "rules, one")
    assert "木曜会" in page


# ---- English stays as it was ------------------------------------------------------------


def test_the_english_pages_are_unchanged(client):
    game = make_game()
    add(game, ron(1, 0, han=3, fu=30, riichi=(1,)), draw(0, 1, riichi=(0,)))
    keep_in_session(client, "game", game.slug, game.edit_token)
    page = client.get(f"/games/{game.slug}/").content.decode()
    assert '<html lang="en"' in page
    for text in (
        "30,400",
        "1st",
        "4th",
        "Enter hand 3",
        "Hands",
        "Undo hand 2…",
        "Bruno 3 han 30 fu ron off Aiko; riichi: Bruno",
        "exhaustive draw, tenpai: Aiko, Bruno; riichi: Aiko",
        "1 riichi deposit on the table",
        "dealer",
        "What it takes to move up",
        "Chen</strong> to pass Bruno: a ron off Bruno of 2,900 or more (2 han 50 fu, 3,200)",
    ):
        assert text in page, text
    assert "点" not in page.split("<main", 1)[1]
    index = client.get("/games/").content.decode()
    assert "East and South (hanchan), Tenhou rules," in index
