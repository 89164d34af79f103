"""The engine's explanations, names and the API/CLI in Japanese (issue 24).

Every catalogue says everything in both languages; a hand explained in Japanese reads as a
scoring book (the right terms, no English) and has the same numbers as in English; each
thread (request) words its results in its own language; the API's `lang` and the CLI's
`--lang` choose it, and refuse any other.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from django.test import Client

from scoring import calculator
from scoring.cli import main
from scoring.engine import score, score_json, score_text, settle, words
from scoring.engine.explain import han_text, rounding_note, settlement_steps
from scoring.engine.payment import Limit, basic_points, impossible_reason
from scoring.engine.rules import RuleSet
from scoring.engine.tiles import wind_name
from scoring.engine.yaku import REGISTRY, yaku_name
from scoring.templatetags.rule_words import CITATION
from scoring.tile_catalog import tile_name
from tests.i18n.english import english_words
from tools import messages

# ---- the catalogues ---------------------------------------------------------------------------


def engine_catalogues() -> dict[str, words.Catalogue]:
    """Every catalogue of the engine's domain (every engine module imported, so a new
    module's is found too, and those of the command line, which words the engine's results),
    by the module and name that make it."""
    return {f"{source}: {c.name}": c for source, c in messages.catalogues()}


CATALOGUES = engine_catalogues()


def test_the_scan_finds_the_catalogues_of_every_module_that_words_something() -> None:
    names = set(CATALOGUES)
    assert len(CATALOGUES) == len({id(c) for c in CATALOGUES.values()})
    for expected in (
        "scoring/engine/explain.py: explain",
        "scoring/engine/fu.py: fu",
        "scoring/engine/payment.py: payment",
        "scoring/engine/decompose.py: decompose",
        "scoring/engine/tiles.py: tiles",
        "scoring/engine/yaku.py: yaku",
        "scoring/cli.py: cli",
        "scoring/han_fu.py: han_fu",
    ):
        assert expected in names, (expected, sorted(names))


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_catalogue_says_everything_in_every_language(name: str) -> None:
    catalogue = CATALOGUES[name]
    assert words.mismatches(catalogue) == [], name


# What a person types, named in an error message as it must be typed: JSON's literals and the
# words of the meld notation ("pon 777z").
TYPED = frozenset({"true", "false", "chi", "pon", "kan", "ankan"})


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_no_japanese_sentence_has_english_in_it(name: str) -> None:
    for key, template in CATALOGUES[name]["ja"].items():
        text = re.sub(r"\{[^}]*\}", "", template)  # the fields are numbers and other words
        # Values a person types, quoted or named by their key: 'floor', "why": "time",
        # （kan_from）, pao.for, a list of yaku ids (daisangen、suukantsuのリスト).
        typed = r"'[^']*'|\"[^\"]*\"|（[a-z_]+）|[a-z_]+(?:\.[a-z_]+)+|(?:[a-z_]+、)+[a-z_]+(?=の)"
        text = re.sub(typed, "", CITATION.sub("", text))  # the sources' addresses first
        assert set(english_words(text)) <= TYPED, (name, key, template)


def test_every_yaku_has_its_standard_japanese_name() -> None:
    with words.language("ja"):
        names = {y.id: y.name for y in REGISTRY}
    assert names["menzen_tsumo"] == "門前清自摸和"
    assert names["kokushi_13"] == "国士無双十三面待ち"
    assert names["chanta"] == "混全帯幺九"
    assert len(set(names.values())) == len(names)  # no two yaku share a name
    assert all(not english_words(n) for n in names.values())
    assert [y.name for y in REGISTRY][:3] == ["Riichi", "Double riichi", "Ippatsu"]


# ---- sample hands, explained in Japanese --------------------------------------------------------

HANDS: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "ron with honba and deposits": (
        {
            "hand": "123456789m11z234s",
            "win": "4s",
            "flags": ["riichi"],
            "dora": "3s",
            "honba": 2,
            "sticks": 1,
        },
        (
            "リーチ",
            "一気通貫",
            "ドラ",
            "翻",
            "副底",
            "門前加符",
            "役牌の雀頭",
            "放銃者",
            "2本場",
            "供託1本",
            "満貫",
            "9,600点",
            "両面待ち",
        ),
    ),
    "non-dealer tsumo": (
        {"hand": "234m567p234s345s55s", "win": "5s", "tsumo": True},
        ("門前清自摸和", "平和", "断幺九", "20符", "700・1,300", "2,700点", "単騎待ち"),
    ),
    "dealer tsumo": (
        {"hand": "111222333m456p77z", "win": "3m", "tsumo": True, "seat": "E"},
        ("三暗刻", "幺九牌の暗刻", "中張牌の暗刻", "ツモ符", "双碰待ち", "2,600オール"),
    ),
    "limit": (
        {"hand": "11223344556677m", "win": "7m", "tsumo": True},
        ("清一色", "二盃口", "三倍満", "符は支払いに関係しません", "6,000・12,000"),
    ),
    "kazoe": (
        {"hand": "11223344556677m", "win": "7m", "tsumo": True, "flags": ["riichi", "ippatsu"]},
        ("一発", "数え役満", "13翻以上", "8,000・16,000", "32,000点"),
    ),
    "yakuman": (
        {"hand": "19m19p19s12345677z", "win": "1m"},
        ("国士無双", "役満", "32,000点", "国士無双の単騎待ち"),
    ),
    "double yakuman": (
        {"hand": "111m999p111s11122z", "win": "2z", "tsumo": True, "seat": "E"},
        ("四暗刻単騎", "ダブル役満", "32,000オール", "96,000点"),
    ),
}


def japanese(request: dict[str, Any]) -> dict[str, Any]:
    with words.language("ja"):
        return score_json(request)


def texts(answer: dict[str, Any]) -> str:
    """Every piece of wording in an answer."""
    return "\n".join(
        [s["text"] for s in answer["steps"]]
        + [y["name"] for y in answer["yaku"]]
        + [i["reason"] for i in answer["fu_items"]]
        + [r["summary"] + " " + r["why"] for r in answer["readings"]]
    )


@pytest.mark.parametrize("case", sorted(HANDS))
def test_a_hand_explained_in_japanese_uses_the_scoring_books_words(case: str) -> None:
    request, terms = HANDS[case]
    text = texts(japanese(request))
    missing = [t for t in terms if t not in text]
    assert not missing, f"{case}: no {missing} in\n{text}"
    assert english_words(text) == [], text


def wordless(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer with its wording taken out: the numbers and ids that must not change."""
    out = json.loads(json.dumps(answer))
    for s in out["steps"]:
        s.pop("text")
    for y in out["yaku"]:
        y.pop("name")
    for i in out["fu_items"]:
        i.pop("reason")
    for r in out["readings"]:
        r.pop("summary"), r.pop("why")
    return out


@pytest.mark.parametrize("case", sorted(HANDS))
def test_the_same_hand_has_the_same_numbers_in_both_languages(case: str) -> None:
    request, _ = HANDS[case]
    english, ja = score_json(request), japanese(request)
    assert wordless(english) == wordless(ja)
    assert texts(english) != texts(ja)
    # The payments' numbers are in the Japanese sentences too, written "12,000".
    for step in ja["steps"]:
        for key in ("raw", "rounded", "total", "points"):
            value = step["numbers"].get(key)
            if isinstance(value, int) and step["kind"] != "readings":
                assert f"{value:,}" in step["text"], step


def test_english_stays_exactly_as_it_was() -> None:
    answer = score_json(HANDS["ron with honba and deposits"][0])
    got = [s["text"] for s in answer["steps"]]
    assert (
        got[0] == "read as 123m 456m 789m 234s 11z; 4s completes 234s: a two-sided wait (ryanmen)"
    )
    assert "Riichi: 1 han" in got and "+20 fu: base (fuutei)" in got
    assert "2 honba: 300 from the discarder per counter, +600 on each payment" in got
    assert "1 riichi deposit on the table: +1000 to the winner" in got
    assert got[-2] == "the winner gains 8600 + 1000 = 9600"
    assert answer["readings"][0]["why"] == "the chosen reading: it pays the most"
    assert han_text(16, kazoe=True) == "13 han (counted yakuman; 16 han in all)"


def test_settlements_payments_and_limits_in_japanese() -> None:
    kiriage = settle(4, 30, dealer=False, tsumo=False, rules=RuleSet(kiriage=True))
    dealer_tsumo = settle(3, 30, dealer=True, tsumo=True, honba=1)
    with words.language("ja"):
        said = [s.text for s in settlement_steps(kiriage)]
        all_pay = [s.text for s in settlement_steps(dealer_tsumo)]
        labels = [limit.label for limit in Limit]
        kazoe = han_text(16, kazoe=True)
        note = rounding_note(
            settle(1, 30, dealer=False, tsumo=False), settle(1, 30, dealer=False, tsumo=True)
        )
        why = str(basic_points(13, 30, rules=RuleSet(kazoe="sanbaiman")).reason)
        impossible = impossible_reason(1, 20, tsumo=True)
    assert any("切り上げ満貫" in s for s in said) and said[-1] == "和了者の収入：8,000点"
    assert "1本場：1本につき各自100点、支払いごとに+100点" in all_pay
    assert all_pay[-1].startswith("2,100オール")
    assert labels[:5] == ["満貫", "跳満", "倍満", "三倍満", "役満"]
    assert kazoe == "13翻（数え役満、計16翻）"
    assert "ロン" in note and "ツモ" in note and "1,100" in note
    assert why == "このルールでは13翻以上は三倍満"
    assert "平和" in impossible
    for text in [*said, *all_pay, *labels, kazoe, note, why, impossible]:
        assert english_words(text) == [], text


def test_names_of_yaku_waits_winds_and_tiles() -> None:
    with words.language("ja"):
        assert (yaku_name("aka_dora"), yaku_name("ura_dora")) == ("赤ドラ", "裏ドラ")
        assert [wind_name(s) for s in range(4)] == ["東", "南", "西", "北"]
        assert [tile_name(c) for c in ("1m", "0p", "9s", "5z", "6z", "7z")] == [
            "1萬", "赤5筒", "9索", "白", "發", "中",
        ]  # fmt: skip
    assert (wind_name(2), tile_name("0p")) == ("West", "5 of circles (red)")


# ---- errors ------------------------------------------------------------------------------------

BAD = {
    "no yaku": ({"hand": "123m456p789s11z234s", "win": "2s", "seat": "W"}, "役がありません"),
    "not a winning shape": ({"hand": "123m456p789s12z234s", "win": "2s"}, "和了形ではありません"),
    "tile count": ({"hand": "123m456p789s", "win": "2s"}, "手牌が9枚ですが、門前"),
    "win not in hand": ({"hand": "123m456p789s11z234s", "win": "5s"}, "和了牌 5s が手牌に"),
    "bad tiles": ({"hand": "123x", "win": "1m"}, "種類の文字ではありません"),
    "bad meld": ({"hand": "123m456p789s11z", "win": "1m", "melds": ["pon 12m"]}, "ポンは"),
    "flags": ({"hand": "123456789m11z234s", "win": "4s", "flags": ["ippatsu"]}, "一発には"),
    "copies": ({"hand": "11111m456p789s111z", "win": "1m"}, "同じ牌は4枚"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_errors_say_what_to_fix_in_japanese(case: str) -> None:
    request, says = BAD[case]
    english = score_json(request)["error"]
    ja = japanese(request)["error"]
    assert says in ja, ja
    assert set(english_words(ja)) <= TYPED, ja
    assert english != ja and english_words(english)  # English stays English


# ---- one language per thread --------------------------------------------------------------------


def test_two_threads_in_different_languages_get_their_own_wording() -> None:
    request = HANDS["dealer tsumo"][0]
    expected = {}
    for code in words.LANGUAGES:
        with words.language(code):
            expected[code] = [s.text for s in score(request).steps]
    assert expected["en"] != expected["ja"]
    start = threading.Barrier(2)
    seen: dict[str, list[list[str]]] = {code: [] for code in words.LANGUAGES}

    def read(code: str) -> None:
        with words.language(code):
            start.wait()
            for _ in range(60):
                result = score(request)  # the same cached pieces for both threads
                seen[code].append([s.text for s in result.steps])
                seen[code].append([y.name for y in result.yaku])

    threads = [threading.Thread(target=read, args=(code,)) for code in words.LANGUAGES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for code in words.LANGUAGES:
        assert seen[code][0::2] == [expected[code]] * 60
    assert seen["ja"][1] == ["門前清自摸和", "三暗刻"]
    assert seen["en"][1] == [
        "Fully concealed hand (menzen tsumo)",
        "Three concealed triplets (sanankou)",
    ]
    assert words.current() == "en"


def test_the_brief_answer_names_the_yaku_in_the_current_language() -> None:
    request = HANDS["ron with honba and deposits"][0]
    english = json.loads(score_text(request))
    with words.language("ja"):
        ja = json.loads(score_text(request))
    assert [y["name"] for y in english["yaku"]] == ["Riichi", "Pure straight (ittsu)", "Dora"]
    assert [y["name"] for y in ja["yaku"]] == ["リーチ", "一気通貫", "ドラ"]
    assert json.loads(score_text(request)) == english  # the cache kept each language apart


# ---- the API's lang ----------------------------------------------------------------------------

SCORE = HANDS["ron with honba and deposits"][0]


def post(client: Client, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json")


@pytest.mark.django_db
def test_the_api_explains_in_japanese_with_lang_ja(client: Client) -> None:
    points = client.get("/api/v1/points?han=3&fu=30&dealer=0&tsumo=1&lang=ja")
    assert points.status_code == 200
    steps = " ".join(s["text"] for s in points.json()["steps"])
    assert "基本点" in steps and "1,000・2,000" in steps and not english_words(steps)
    scored = post(client, "/api/v1/score?lang=ja", SCORE)
    assert scored.status_code == 200
    answer = scored.json()
    assert "リーチ" in texts(answer) and not english_words(texts(answer))
    assert set(answer) == set(score_json(SCORE))  # the keys stay English
    brief = post(client, "/api/v1/score?explain=0&lang=ja", SCORE)
    assert [y["name"] for y in brief.json()["yaku"]] == ["リーチ", "一気通貫", "ドラ"]
    for path, body in (
        ("/api/v1/settle?lang=ja", {"scores": [25000] * 4, "dealer": 0,
                                     "end": {"kind": "ron", "from": 2,
                                             "wins": [{"seat": 1, "han": 3, "fu": 30}]}}),
        ("/api/v1/final?lang=ja", {"rules": "mleague", "scores": [41200, 30500, 17100, 11200]}),
    ):  # fmt: skip
        assert post(client, path, body).status_code == 200, path


@pytest.mark.django_db
def test_the_api_is_english_by_default_whatever_the_visitor_reads(client: Client) -> None:
    client.cookies["tenbo_language"] = "ja"
    scored = post(client, "/api/v1/score", SCORE)
    assert scored.json() == score_json(SCORE)
    explicit = post(client, "/api/v1/score?lang=en", SCORE)
    assert explicit.json() == score_json(SCORE)
    points = client.get("/api/v1/points?han=1&fu=30", HTTP_ACCEPT_LANGUAGE="ja")
    assert points.json()["steps"][-1]["text"] == "the winner gains 1000"


@pytest.mark.django_db
def test_the_apis_errors_follow_lang_not_the_visitors_language(client: Client) -> None:
    bad = {"hand": "123m456p789s11z234s", "win": "5s"}
    client.cookies["tenbo_language"] = "ja"
    english = post(client, "/api/v1/score", bad)
    assert english.status_code == 400 and english.json()["error"].startswith("win tile 5s")
    ja = post(client, "/api/v1/score?lang=ja", bad)
    assert ja.status_code == 400 and ja.json()["error"].startswith("和了牌 5s")
    brief = post(client, "/api/v1/score?lang=ja&explain=0", bad)
    assert brief.json() == ja.json()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["fr", "JA", "", "ja-JP"])
@pytest.mark.parametrize("path", ["/api/v1/points?han=1&fu=30", "/api/v1/score"])
def test_the_api_refuses_any_other_language_naming_the_field(
    client: Client, lang: str, path: str
) -> None:
    sep = "&" if "?" in path else "?"
    url = f"{path}{sep}lang={lang}"
    response = post(client, url, SCORE) if "score" in path else client.get(url)
    assert response.status_code == 400
    assert response.json()["error"].startswith("lang must be one of en, ja, ")


# ---- the CLI's --lang ----------------------------------------------------------------------------


def test_the_cli_explains_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", json.dumps(SCORE), "--explain", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "4翻40符、満貫：+9600/-8600/0/0" in out and "リーチ 1翻" in out
    assert not english_words(out)
    assert main(["points", "4", "24", "--dealer", "--tsumo", "--explain", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "4翻24符、親のツモ" in out and "3,900オール" in out and "11,700点" in out
    assert main(["score", json.dumps(SCORE), "--lang", "ja"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["yaku"][0]["name"] == "リーチ" and wordless(answer) == wordless(score_json(SCORE))
    assert main(["score", json.dumps(SCORE)]) == 0
    assert json.loads(capsys.readouterr().out) == score_json(SCORE)


@pytest.mark.parametrize("command", [["points", "3", "30"], ["score", '{"hand": "1m"}'],
                                     ["final", '{"scores": [1, 2, 3, 4]}']])  # fmt: skip
def test_the_cli_refuses_any_other_language(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    assert main([*command, "--lang", "de"]) == 1
    said = f"--lang must be one of {', '.join(words.LANGUAGES)}, not 'de'"
    assert json.loads(capsys.readouterr().out) == {"error": said}


# ---- the calculator's result, in the page's language ---------------------------------------------


def test_the_hand_calculator_presents_the_result_in_japanese() -> None:
    from django.utils import translation

    request = {"hand": "111222333m456p77z", "win": "3m", "tsumo": True, "seat": "E"}
    with words.language("ja"), translation.override("ja"):  # as a /ja/ page sets both
        shown = calculator.present(score_json(request))
        payers = [(str(who), amount) for who, amount in shown["payers"]]
    assert shown["wait_name"] == "双碰待ち"
    assert len(payers) == 1 and not english_words(payers[0][0]) and payers[0][1] == "2,600"
    assert [str(y["worth"]) for y in shown["yaku"]] == ["1翻", "2翻"]
    assert shown["others"][0]["wait"] == "123mの辺張待ち"
    assert [str(g["label"]) for g in shown["groups"]][:2] == ["刻子", "刻子"]
    english = calculator.present(score_json(request))
    assert english["others"][0]["wait"] == "an edge wait (penchan) on 123m"
    assert [(str(w), a) for w, a in english["payers"]] == [("Each other player pays", "2600")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "field", "says"),
    [
        ("hand=123m456p789s11z234s&win=5s", "win", "和了牌 5s が手牌にありません"),
        ("hand=123m456p789s11z&win=1m&melds=pon+12m", "melds", "ポンは"),
        ("hand=123456789m11z234s&win=4s&flags=ippatsu", "flags", "一発には"),
    ],
)
def test_the_calculator_shows_a_japanese_error_by_its_field(
    client: Client, query: str, field: str, says: str
) -> None:
    response = client.get(f"/ja/hand/?{query}")
    assert response.status_code == 200
    assert says in response.context["errors"][field]
    english = client.get(f"/hand/?{query}")
    assert field in english.context["errors"] and says not in english.context["errors"][field]


@pytest.mark.django_db
def test_the_calculators_flags_winds_and_modes_are_japanese(client: Client) -> None:
    ja = client.get("/ja/hand/?hand=123456789m11z234s&win=4s").context
    flags = {key: str(label) for key, label in ja["flag_choices"]}
    assert flags["riichi"] == "リーチ" and flags["rinshan"].startswith("嶺上開花")
    assert ja["winds"] == [("E", "東"), ("S", "南"), ("W", "西"), ("N", "北")]
    assert ("ankan", "暗槓") in ja["modes"]
    en = client.get("/hand/?hand=123456789m11z234s&win=4s").context
    assert ("rinshan", "Rinshan (after a kan)") in en["flag_choices"]
    assert en["winds"][0] == ("E", "East") and ("ankan", "Closed kan") in en["modes"]


def test_the_api_pages_examples_answer_as_their_commands_do_in_english() -> None:
    from scoring.api import examples

    with words.language("ja"):
        shown = examples()
    score_example = next(e for e in shown if "/api/v1/score" in e.curl)
    assert "lang=" not in score_example.curl
    assert '"name": "Riichi"' in score_example.response and "リーチ" not in score_example.response


def test_wording_is_made_only_when_text_is_read() -> None:
    # The steps of a result are built, then worded, only when read.
    request = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"], "honba": 3}
    result = score(request)
    result.brief_text()  # the fast path: the facts, no steps built
    step = result.steps[-2]  # the total: built from numbers, not yet worded
    said = step.said
    assert isinstance(said, words.Said) and said.last == ("", "")
    with words.language("ja"):
        assert step.text == "和了者の収入：6,100点"
    assert said.last == ("ja", "和了者の収入：6,100点")  # worded once, kept for the next read
    assert step.text == "the winner gains 6100" and said.last[0] == "en"


def test_the_explained_answers_text_is_worded_anew_in_each_language() -> None:
    """The JSON writer keeps the fu items' text per language: an English answer after a
    Japanese one of the same hand reads English (the cache once held the first language's)."""
    request = {"hand": "234m567p234s345s55s", "win": "5s"}
    with words.language("ja"):
        japanese = json.loads(score_text(request, explain=True))
    english = json.loads(score_text(request, explain=True))
    assert japanese["fu_items"][0]["reason"] == "副底"
    assert english["fu_items"][0]["reason"] == "base (fuutei)"
    assert english == score_json(request)
