"""Japanese for the rule registry, the engine's draws, pao, chombo and final scores, its error
messages, and the /rules/ and /table-rules/ pages (issue 24); English unchanged."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring.engine.end_words import END, ERRORS, GAME, place_word
from scoring.engine.final import final_json
from scoring.engine.game import GAME_END_NOTES, GAME_ENDS, Entry, Value, pays_text, replay
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import (
    PRESETS,
    RULE_WORDS,
    SWITCHES,
    TABLE_SWITCHES,
    Abort,
    parse_table_rules,
)
from scoring.engine.rules_words import RULE_ERRORS
from scoring.engine.table import hand_name
from scoring.engine.words import language, mismatches
from scoring.switch_controls import describe, rows_against_preset
from scoring.templatetags.rule_words import citations
from tests.helpers import HX, text_of
from tests.i18n.english import assert_japanese, english_words

# Site words on these pages that other parts of the site translate (shared includes), taken
# out before the check until they are merged: the derivation's heading, the error box's
# heading, and the language switch's button value.
PENDING_SITE: tuple[str, ...] = ()

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def japanese_page(response, where: str) -> str:
    assert response.status_code == 200, where
    html = response.content.decode()
    for pending in PENDING_SITE:
        html = html.replace(pending, "")
    assert_japanese(html, where)
    return html


@pytest.fixture
def ja():
    with translation.override("ja"), language("ja"):
        yield


# ---- the catalogues ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "catalogue",
    [RULE_WORDS, RULE_ERRORS, END, ERRORS, GAME, GAME_END_NOTES],
    ids=["rules", "rule errors", "settlement", "errors", "game", "game ends"],
)
def test_every_catalogue_says_everything_in_both_languages(catalogue):
    assert mismatches(catalogue) == []
    assert catalogue["ja"].keys() == catalogue["en"].keys()


def test_every_registry_word_in_japanese_reads_japanese(ja):
    """No English left in a switch's, a preset's or an abortive draw's Japanese (a source's
    addresses and page titles are marked translate="no" by the page's filter)."""
    for key, text in RULE_WORDS["ja"].items():
        assert JAPANESE.search(text) or key.endswith((".short.0", ".short.1")), key
        if key.endswith(".takes"):
            continue  # the values a request's JSON takes ('exact', true…), named as it names them
        assert not english_words(str(citations(text))), (key, text)


def test_every_engine_sentence_in_japanese_reads_japanese():
    for catalogue in (END, ERRORS, GAME, GAME_END_NOTES):
        for key, text in catalogue["ja"].items():
            plain = re.sub(r"\{\w+\}", "", text)
            # API field names quoted in a request's message stay as they are.
            plain = re.sub(r'"\w+"|\b(?:pao\.\w+|kan_from)\b', "", plain)
            assert not english_words(plain), (key, text)


def test_the_registry_reads_in_the_current_language():
    kiriage, tenhou = SWITCHES["kiriage"], PRESETS["tenhou"]
    assert kiriage.label == "Kiriage mangan"
    assert kiriage.say(False).endswith("(no kiriage)")
    assert Abort.NINE_TERMINALS.description.endswith("(kyuushu kyuuhai)")
    with language("ja"):
        assert kiriage.label == "切り上げ満貫"
        assert kiriage.short == ("あり", "なし")
        assert kiriage.say(True).startswith("4翻30符と3翻60符は満貫に切り上げます")
        assert tenhou.title == "天鳳"
        assert PRESETS["mleague"].title == "Mリーグ"
        assert "配給原点" in TABLE_SWITCHES["start"].meaning
        assert "飛び" in TABLE_SWITCHES["busting"].meaning
        assert Abort.NINE_TERMINALS.label == "九種九牌"
        assert Abort.TRIPLE_RON.label == "三家和"
        assert len(tenhou.table_sources) == len(tenhou.table_sources_en) == 4
        assert GAME_ENDS["tenhou"].note.startswith("天鳳：")
    assert tenhou.title == "Tenhou"


def test_hand_names_and_places_as_a_japanese_score_sheet_writes_them():
    assert hand_name("E", 0, 1) == "East 1, 1 honba"
    assert place_word(0) == "1st"
    with language("ja"):
        assert hand_name("E", 0, 1) == "東1局 1本場"
        assert hand_name("S", 3, 0) == "南4局 0本場"
        assert [place_word(p) for p in range(4)] == ["1位", "2位", "3位", "4位"]


# ---- the engine's settlements and final scores ------------------------------------------------

DRAW = {"rules": "tenhou", "scores": [25000] * 4, "dealer": 3, "honba": 1, "riichi": [0],
        "end": {"kind": "draw", "tenpai": [0, 2]}}  # fmt: skip
PAO = {"rules": "tenhou", "scores": [25000] * 4, "dealer": 0, "honba": 2,
       "end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "yakuman": 1}],
               "pao": {"seat": 3}}}  # fmt: skip
CHOMBO = {"rules": "mleague", "scores": [25000, 25000, 25000, 24000], "dealer": 0, "sticks": 1,
          "end": {"kind": "chombo", "seat": 2, "cause": "furiten_ron"}}  # fmt: skip
FINAL = {"rules": {"preset": "mleague", "yakitori": 5}, "scores": [40000, 30000, 20000, 9000],
         "sticks": 1, "yakitori": [3], "chombo": [2]}  # fmt: skip


@pytest.mark.parametrize("request_", [DRAW, PAO, CHOMBO], ids=["draw", "pao", "chombo"])
def test_a_settlement_is_worded_in_japanese_with_the_same_numbers(request_):
    english = settle_json(request_)
    with language("ja"):
        japanese = settle_json(request_)
    assert "error" not in english
    assert japanese["deltas"] == english["deltas"]
    assert japanese["scores"] == english["scores"]
    assert [s["kind"] for s in japanese["steps"]] == [s["kind"] for s in english["steps"]]
    for step in japanese["steps"]:
        assert JAPANESE.search(step["text"]), step
        assert not english_words(step["text"]), step
    assert re.fullmatch(r"[東南西北]\d局 \d本場", japanese["next"]["name"])


def test_the_draw_pao_and_chombo_say_what_a_scoring_book_says():
    with language("ja"):
        draw = " ".join(s["text"] for s in settle_json(DRAW)["steps"])
        pao = " ".join(s["text"] for s in settle_json(PAO)["steps"])
        chombo = " ".join(s["text"] for s in settle_json(CHOMBO)["steps"])
    assert "流局：テンパイ 席0（南家）、席2（北家）。ノーテン 席1（西家）、席3（東家）" in draw
    assert "ノーテン罰符3000点" in draw
    assert draw.startswith("東4局 1本場：席3（東家）が親。") and "次局：南1局 2本場" in draw
    assert "包：責任者の席3（北家）が" in pao and "折半" in pao
    assert "役満" in pao
    assert "フリテン" in chombo and "最終成績から20ポイント" in chombo
    assert "局のやり直し" in chombo


def test_final_scores_in_japanese():
    english = final_json(FINAL)
    with language("ja"):
        japanese = final_json(FINAL)
    assert japanese["points"] == english["points"]
    text = " ".join(s["text"] for s in japanese["steps"])
    assert "順位：1位 席0" in text
    assert "焼き鳥" in text and "チョンボ" in text
    assert not english_words(text)


@pytest.mark.parametrize(
    "request_, english, japanese",
    [
        ({**DRAW, "scores": [20000, 25000, 25000, 25000]}, "the scores add up to 95000",
         "持ち点の合計は95000点"),
        ({**DRAW, "rules": {"preset": "tenhou", "start": 30000, "target": 20000}},
         "the target (20000) is below the start (30000)", "返し点（20000）が配給原点（30000）"),
        ({**DRAW, "rules": "nosuch"}, "unknown rules preset 'nosuch'",
         "'nosuch'というルールのプリセットはありません"),
        ({**PAO, "end": {**PAO["end"], "pao": {"seat": 1}}},
         "the liable player (pao.seat 1) cannot be the winner", "包の責任者（pao.seat 1）は和了者"),
        ({**DRAW, "rules": "wrc", "scores": [30000] * 4,
          "end": {"kind": "abortive", "reason": "four_winds"}},
         "wrc rules have no four_winds abortive draw (theirs: none)",
         "wrcのルールには四風連打の途中流局がありません（あるもの：なし）"),
    ],
)  # fmt: skip
def test_an_engine_error_is_worded_in_the_current_language(request_, english, japanese):
    assert english in settle_json(request_)["error"]
    with language("ja"):
        said = settle_json(request_)["error"]
    assert japanese in said
    assert not english_words(re.sub(r"'\w+'|pao\.seat|wrc", "", said)), said


# ---- the site's wording: describe(), the controls ---------------------------------------------

TENHOU_KIRIAGE = {"preset": "tenhou", "kiriage": True, "uma": [30, 10, -10, -30]}


def test_describe_says_the_rule_set_in_the_pages_language(ja):
    assert describe(TENHOU_KIRIAGE) == "天鳳（変更：切り上げ満貫：あり、ウマ：10-30）"
    assert describe({"preset": "mleague"}) == "Mリーグ"


def test_describe_in_english_is_unchanged():
    with translation.override("en"), language("en"):
        assert describe(TENHOU_KIRIAGE) == "Tenhou, with kiriage mangan on and uma 10-30"


def test_a_saved_sets_rows_are_japanese(ja):
    rows = {r.name: r for r in rows_against_preset({"preset": "tenhou", "busting": False})}
    assert rows["busting"].label == "飛びで終了"
    assert (rows["busting"].value, rows["busting"].preset) == ("なし", "あり")
    assert rows["red_fives"].label == "赤ドラ"


def test_parse_table_rules_is_the_same_in_both_languages():
    with language("ja"):
        japanese = parse_table_rules(TENHOU_KIRIAGE)
    assert japanese == parse_table_rules(TENHOU_KIRIAGE)


# ---- the pages --------------------------------------------------------------------------------


def test_the_rules_page_is_japanese(client):
    html = japanese_page(client.get("/ja/rules/"), "/ja/rules/")
    terms = (
        "ルールのプリセット 天鳳 雀魂 Mリーグ 配給原点 返し点 ウマ オカ 飛び 切り上げ満貫 数え役満 "
        "喰いタン 赤ドラ 連風牌の雀頭 ダブル役満 九種九牌 包 割れ目 焼き鳥 チョンボ 流し満貫 西入"
    )
    for term in terms.split():
        assert term in html, term
    assert 'href="/ja/table-rules/"' in html and 'href="/ja/hand/"' in html
    assert '<span translate="no">tenhou.net/man</span>' in html


TABLE_STATES = {
    "default": "",
    "draw": "end=draw&tenpai=1&tenpai=2&riichi=1&honba=2&s3=24000&sticks=1",
    "hands shown": "end=draw&h0=123456789m1122p&h1=19m19p19s1234567z",
    "nagashi": "end=draw&tenpai=1&nagashi=2",
    "noten riichi": "end=draw&riichi=0&tenpai=1",
    "abortive": "end=abortive&reason=four_winds&rules=tenhou",
    "chombo mangan": "end=chombo&offender=0&cause=false_win",
    "chombo deduction": "end=chombo&offender=2&cause=furiten_ron&rules=mleague",
    "pao ron": "end=ron&winner=1&discarder=2&yakuman=1&pao=3&honba=1",
    "pao tsumo": "end=tsumo&winner=0&yakuman=1&pao=2&rules=tenhou",
    "double ron": "end=ron&winner=1&discarder=0&han=2&fu=30&winner2=3&han2=5&sticks=2",
    "head bump": "end=ron&winner=1&discarder=0&han=2&winner2=3&han2=5&rules=mleague",
    "rinshan": "end=tsumo&winner=1&han=3&kan_from=2&kan_feeder_pays=1",
    "wareme": "wareme=1&wareme_seat=1&end=tsumo&winner=1&han=4",
    "busting": "s0=1000&s1=49000&end=ron&han=13&winner=1&discarder=0&rules=tenhou",
    "game over": "round=S&dealer=3&end=ron&winner=1&discarder=2",
    "house rules": "rules=tenhou&kiriage=1&uma=10-30&yakitori=5",
    "final": "p0=40000&p1=30000&p2=20000&p3=10000&left=1&no_win=3&chombos=2&final_rules=mleague"
             "&yakitori=5",
    "final ties": "p0=30000&p1=30000&p2=20000&p3=20000&final_rules=mleague",
    "final floor": "p0=40500&p1=30000&p2=20000&p3=9500&rounding=floor",
}  # fmt: skip


@pytest.mark.parametrize("query", TABLE_STATES.values(), ids=TABLE_STATES.keys())
def test_the_table_rules_page_is_japanese_in_every_state(client, query):
    path = f"/ja/table-rules/?{query}"
    html = japanese_page(client.get(path), path)
    assert "局の精算" in html or "最終成績" in html
    japanese_page(client.get(path, **HX), f"{path} (htmx)")


DRAW_QUERY = "end=draw&tenpai=1&tenpai=2&honba=2&s3=24000&sticks=1"


def test_the_table_rules_page_settles_in_japanese(client):
    # Japanese runs have no spaces: compare without them (terms are links to the glossary).
    text = "".join(text_of(client.get(f"/ja/table-rules/?{DRAW_QUERY}")).split())
    assert "次は東1局3本場" not in text  # the dealer (seat 0) is noten: the deal passes
    assert "次は東2局3本場、席1が親です。供託は1本です。" in text
    assert "流局：テンパイ席1（南家）、席2（西家）。ノーテン席0（東家）、席3（北家）" in text
    final = text_of(client.get("/ja/table-rules/?p0=40000&p1=30000&p2=20000&p3=10000"))
    assert "1位 席0 40000" in final


@pytest.mark.parametrize(
    "query, japanese",
    [
        ("s0=20000", "持ち点の合計は95000点"),  # an engine message, inline
        ("start=30000&target=20000", "返し点（20000）が配給原点（30000）"),
        ("uma=banana", "ウマの値は大きい順に並べた合計0の整数4つです"),  # a control's message
        ("end=ron&winner=1&discarder=1", "席1は和了牌を捨てた人なので"),
        ("end=abortive&reason=four_riichi", "四家リーチには4本のリーチ棒が必要です"),
        ("end=ron&han=", "和了者の翻数を入力してください"),
        ("dealer=7", "親は0から3の席で指定してください"),
        ("p0=abc", "席0の持ち点は25000のような整数で入力してください"),
    ],
)
def test_a_form_error_is_japanese_on_the_japanese_page(client, query, japanese):
    path = f"/ja/table-rules/?{query}"
    response = client.get(path)
    html = response.content.decode()
    assert japanese in html
    for pending in PENDING_SITE:
        html = html.replace(pending, "")
    # The value typed in is quoted as typed ("banana"); everything else is Japanese.
    assert not [w for w in english_words(html) if w not in ("banana", "abc")], path


def test_the_english_pages_are_unchanged(client):
    text = text_of(client.get(f"/table-rules/?{DRAW_QUERY}"))
    assert "Next: East 2, 3 honba , seat 1 deals; 1 riichi deposit on the table." in text
    assert "tenpai seat 1 (South), seat 2 (West); noten seat 0 (East), seat 3 (North)" in text
    error = client.get("/table-rules/?s0=20000").content.decode()
    assert "The scores add up to 95000, and with 0 riichi deposits on the table" in error
    assert "持ち点" not in error and "流局・包" not in error
    rules = client.get("/rules/").content.decode()
    assert "Tenhou&#x27;s ranked rules, checked against 20,925 wins its server scored." in rules
    assert "<td>toward zero<" in rules and ">head bump<span" in rules
    assert "translate=" not in rules and "天鳳" not in rules and "配給原点" not in rules


# ---- a whole game -----------------------------------------------------------------------------


def test_a_game_is_worded_in_japanese_and_ends_the_same():
    """A bust ends the game in either language (the reason is compared in the language it was
    made in), and its notes, sizes and payments read as a Japanese table says them."""
    rules, table_rules = parse_table_rules("tenhou")
    hands = [Entry((), {"kind": "ron", "from": 0, "wins": [{"seat": 1, "yakuman": 2}]})]
    english = replay(hands, rules=rules, table_rules=table_rules, length="hanchan")
    with language("ja"):
        japanese = replay(hands, rules=rules, table_rules=table_rules, length="hanchan")
        assert Value(5, 0).label == "満貫" and Value(3, 30).label == "3翻30符"
        assert pays_text(Value(3, 30), True, True, rules) == "2,000オール"
        assert pays_text(Value(3, 30), False, True, rules) == "1,000・2,000"
    assert english.over and japanese.over
    assert japanese.scores == english.scores
    assert english.reason == "a score fell below zero"
    assert japanese.reason == "持ち点が0点を下回りました"
    assert pays_text(Value(3, 30), True, True, rules) == "2,000 all"
