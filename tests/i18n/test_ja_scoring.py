"""The scoring pages in Japanese: home, the han/fu table and its cells, the payment and hand
calculators (every state), the tiles and the API docs, whole and as htmx partials.

Text the engine words (explanation steps, yaku, fu, wait and limit names, tile and wind names
drawn by the tiles tag, the rule switches and presets, the engine's error messages) is
translated inside the engine; until it is, its English words are in `PENDING_ENGINE` and only
they may be left on these pages.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.helpers import HX, text_of
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after() -> object:
    """A Japanese request leaves Japanese active in this thread: later tests that call the
    site's code directly expect English, the default."""
    yield
    translation.activate("en")


# English the engine (and the rules registry, the tiles tag) still writes on these pages.
ENGINE_WORDS = """
    A All Association Baiman Basic Before Championship Dealer Dora Double Double-wind Each
    East European Final Fu Haneman Kansai Kiriage Kokushi Mangan Mixed North One Open Payments
    Pinfu Red Riichi Sanbaiman Score Settle Seven Several Simples South The West What World
    Yakuman add adds against aka all already also an and another are as at base basic be both
    brings bring by change chi chun chuuren closed concealed count counted counter counts
    daisuushii dealer deposit different discard discarder do does dora double down dragon each
    end face five fives for four from fu fuutei gains han hand hand's hanchan honba honours in
    is it junsei kan kazoe kept kuitan least less limit mangan melds menzen more most multiple
    must needs no non-dealer not of off on once one only open or ordinary orphans other pair
    pairs payer payment pays per plain pinfu points pon preset quads riichi ron round rounded
    rounding rounds rules run ryanmen sanankou sanbaiman sankantsu sanshoku scores seat
    self-draw sets seven shape sided simples so stops suit suuankou table tanki tanyao
    terminals that the they thirteen tile to toitoi triple triplet triplets tsumo tsumo's
    two-sided under up variant wait waived when which whole win wind winner winning wins won
    worth yaku yakuman yes CSRF Han Thirteen cap deposits haneman older over player red
    Fully Ura chiitoitsu flat stay
"""
PENDING_ENGINE: frozenset[str] = frozenset()


def japanese(response, where: str) -> str:
    """The page's HTML, checked to be Japanese but for the engine's words."""
    assert response.status_code == 200, where
    html = response.content.decode()
    if "<html" in html:
        assert '<html lang="ja"' in html, where
    left = sorted({w for w in english_words(html) if w not in PENDING_ENGINE})
    assert not left, f"{where}: English left on the Japanese page: {left}"
    return html


PAGES = [
    "/ja/",
    "/ja/table/",
    "/ja/table/?seat=dealer&honba=2&sticks=1&rules=wrc",
    "/ja/table/?seat=9&honba=x",
    "/ja/table/cell/?han=1&fu=30&dealer=0&tsumo=1",
    "/ja/table/cell/?han=3&fu=40&dealer=1&tsumo=0&honba=1&sticks=2",
    "/ja/table/cell/?han=5&fu=&dealer=1&tsumo=1",
    "/ja/table/cell/?han=1&fu=20&tsumo=0",
    "/ja/points/",
    "/ja/points/?han=4&fu=24&dealer=1&tsumo=1&honba=2&sticks=1",
    "/ja/points/?han=4&fu=40&dealer=0&tsumo=1",
    "/ja/points/?han=6&fu=&sticks=3",
    "/ja/points/?honba=x&dealer=2",
    "/ja/hand/",
    "/ja/hand/?hand=234m567p",
    "/ja/hand/?hand=234m567p234s345s55s&win=5s",
    "/ja/hand/?hand=234m567p55s345s&win=3s&melds=pon+777z&mode=pon",
    "/ja/hand/?hand=1133m2255p4466s77z&win=7z&tsumo=1&ura=1m&flags=riichi&honba=1&sticks=1",
    "/ja/hand/?hand=123m123p123s44455s&win=5s&seat=E&dora=3s",
    "/ja/hand/?hand=119m19p19s1234567z&win=1m",
    "/ja/hand/?hand=2222m&melds=ankan+9999p",
    "/ja/hand/?honba=x&sticks=-1",
    "/ja/hand/?hand=234m567p234s345s56s&win=5s",
    "/ja/tiles/",
    "/ja/api/",
]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_and_state_is_japanese(client: Client, path: str) -> None:
    japanese(client.get(path), path)


@pytest.mark.parametrize(
    "path",
    [
        "/ja/table/?seat=non_dealer&honba=1",
        "/ja/table/?honba=x",
        "/ja/table/cell/?han=2&fu=40&tsumo=1",
        "/ja/points/?han=3&fu=30&tsumo=1",
        "/ja/points/?han=0",
        "/ja/hand/?hand=234m567p234s345s55s&win=5s",
        "/ja/hand/?hand=234m567p",
        "/ja/hand/?honba=x",
    ],
)
def test_htmx_partials_answer_in_japanese(client: Client, path: str) -> None:
    japanese(client.get(path, **HX), f"{path} (htmx)")


def test_the_table_says_ron_and_tsumo_as_japanese_players_write_them(client: Client) -> None:
    html = japanese(client.get("/ja/table/"), "/ja/table/")
    text = text_of(client.get("/ja/table/"))
    assert "子の和了" in text and "親の和了" in text
    assert "30符" not in text or "符" in text  # the fu column's heading
    assert "1翻" in text and "4翻" in text
    # 3 han 30 fu: a non-dealer's tsumo 1,000・2,000 (broken after the ・), a dealer's 2,000オール.
    assert "1,000・<wbr>2,000" in html
    assert "2,000オール" in text
    assert "11,600" in text  # 4 han 30 fu, the dealer's ron
    assert "満貫からダブル役満まで" in text and "3〜5翻" not in text and "6〜7翻" in text


def test_the_table_summary_counts_honba_and_deposits_in_japanese(client: Client) -> None:
    text = text_of(client.get("/ja/table/?honba=2&sticks=1"))
    assert "切り上げ満貫なし" in text
    assert "2本場を含みます（ロンは+600、ツモは各支払いに+200）" in text
    assert "供託1本も和了者のものです（+1000" in text


def test_a_cell_names_the_win_in_japanese(client: Client) -> None:
    response = client.get("/ja/table/cell/?han=1&fu=30&dealer=0&tsumo=1")
    text = text_of(response)
    assert "1翻30符、子のツモ" in text
    assert "300・500" in text
    assert "ロンの場合を見る" in text
    assert 'href="/ja/points/?' in response.content.decode()  # links stay in Japanese
    title = re.search(r"<title>(.*?)</title>", response.content.decode()).group(1)
    assert title.startswith("1翻30符 — ")
    limit = client.get("/ja/table/cell/?han=5&fu=&dealer=1&tsumo=1").content.decode()
    assert "<title>5翻 — " in limit


def test_the_payment_calculator_speaks_japanese(client: Client) -> None:
    query = "han=4&fu=24&dealer=1&tsumo=1&honba=2&sticks=1"
    text = text_of(client.get(f"/ja/points/?{query}"))
    assert "4翻24符、親のツモ： 4,100オール" in text
    assert "+13,300 / −4,100 / −4,100 / −4,100" in text
    assert "4,100オール" in text
    assert "他の3人がそれぞれ4,100点を支払います。" in text
    assert "和了者は供託も受け取ります：1,000点。" in text
    assert "和了者（親）" in text and "子" in text
    ron = text_of(client.get("/ja/points/?han=3&fu=30"))
    assert "放銃者が3,900点を支払います。" in ron and "他の2人は支払いません。" in ron


def test_a_form_mistake_is_told_in_japanese(client: Client) -> None:
    html = japanese(client.get("/ja/points/?honba=x&dealer=2"), "points errors")
    assert "入力を確認してください。" in html
    assert "本場は0や2のような整数で入力してください" in html
    assert "親は1か0で指定してください（&#x27;2&#x27;は使えません）" in html
    table = text_of(client.get("/ja/table/?seat=9&sticks=100"))
    assert "表示の指定'9'は使えません：両方・子・親から選んでください" in table
    assert "は99以下にしてください" in table  # the deposits field (its label is shared)


def test_the_hand_calculator_speaks_japanese_in_every_state(client: Client) -> None:
    empty = text_of(client.get("/ja/hand/"))
    assert "手牌を作る" in empty and "または例を開く：" in empty
    assert "平和・断幺九（2通りの読み）" in empty
    building = text_of(client.get("/ja/hand/?hand=234m567p"))
    assert "あと8枚加えてください（和了牌を含みます）。" in building
    scored = client.get("/ja/hand/?hand=234m567p234s345s55s&win=5s")
    text = text_of(scored)
    assert "2翻30符" in text and "2,000点" in text
    assert "子 · ロン" in text
    assert "放銃者の支払い 2,000" in text and "和了者の収入 2,000" in text
    assert "ほかの読み" in text and "1翻40符、1,300点" in text
    assert "点数を計算" in text and "やり直す" in text
    mistakes = text_of(client.get("/ja/hand/?honba=x"))
    assert "まだ計算できません" in mistakes
    assert "本場 を直してください：本場は2のような整数で入力してください" in mistakes


def test_the_hand_calculator_names_melds_and_tiles_in_japanese(client: Client) -> None:
    html = client.get("/ja/hand/?hand=234m567p55s345s&win=3s&melds=pon+777z").content.decode()
    assert 'aria-label="ポン 777zを外す"' in html
    assert 'aria-label="2萬を外す"' in html
    assert "ポン（鳴いた刻子）" in html
    # The picker's script writes these words: the page gives them in its language.
    assert 'data-take-out="{tile}を外す"' in html
    assert 'data-meld-names="チー,ポン,明槓,暗槓"' in html
    assert 'data-empty-melds="なし：門前の手です。"' in html
    assert ">明槓</label>" in html or "> 明槓</label>" in html  # the palette's modes


def test_the_tiles_page_names_and_reads_tiles_in_japanese(client: Client) -> None:
    html = japanese(client.get("/ja/tiles/"), "/ja/tiles/")
    text = text_of(client.get("/ja/tiles/"))
    names = ("9萬", "キューワン", "赤5索", "赤ウーソー", "發", "ハツ")
    names += ("リャンピン", "萬子（マンズ・m）")
    for words in names:
        assert words in text, words
    assert 'lang="ja">キューワン' in html  # kana, not Latin letters


def test_the_api_docs_are_in_japanese_with_their_code_as_it_is(client: Client) -> None:
    html = japanese(client.get("/ja/api/"), "/ja/api/")
    assert "パラメーター" in html and "必須" in html
    assert "<code>{&quot;error&quot;: &quot;...&quot;}</code>" in html or '<code>{"error"' in html
    assert "curl" in html  # the examples' commands stay as they are
    assert 'href="/ja/rules/"' in html


def test_the_english_pages_are_unchanged(client: Client) -> None:
    table = client.get("/table/")
    assert '<html lang="en"' in table.content.decode()
    text = text_of(table)
    assert "Non-dealer wins" in text and "2000 all" in text and "11600" in text
    assert "1000/<wbr>2000" in table.content.decode()
    points = text_of(client.get("/points/?han=4&fu=24&dealer=1&tsumo=1&honba=2&sticks=1"))
    assert "+13300 / −4100 / −4100 / −4100" in points
    assert "4 han 24 fu, dealer tsumo: 4100 all" in points
    assert "The winner also takes the riichi deposits: 1000." in points
    hand = client.get("/hand/?hand=234m567p55s345s&win=3s&melds=pon+777z").content.decode()
    assert 'aria-label="Take out pon 777z"' in hand and "pon (open triplet)" in hand
    assert 'data-take-out="Take out {tile}"' in hand
    tiles = text_of(client.get("/tiles/"))
    assert "9 of characters" in tiles and "kyuu-wan" in tiles and "aka uu-sou" in tiles
    assert "Score the hand" in text_of(client.get("/hand/"))


def test_the_tile_pictures_keep_their_english_names(client: Client) -> None:
    from scoring.tile_art import tile_svg

    client.get("/ja/tiles/")  # a Japanese request before: the pictures do not follow it
    assert "5 of circles (red)" in tile_svg("0p")


def test_an_engine_message_in_japanese_shows_under_its_field(client: Client, monkeypatch) -> None:
    from scoring import calculator
    from scoring.engine import words

    def score_json(request):  # the engine once its messages are Japanese
        if words.current() == "ja":
            return {"error": "和了牌9索が手牌にありません"}
        return {"error": "win tile 9s is not in the hand"}

    monkeypatch.setattr(calculator, "score_json", score_json)
    html = client.get("/ja/hand/?hand=234m567p234s345s55s&win=9s").content.decode()
    line = re.search(r'<p id="error-win"[^>]*>(.*?)</p>', html).group(1)
    assert line == "和了牌9索が手牌にありません"
    assert re.search(r'<p id="error-hand"[^>]*></p>', html)


def test_the_engine_messages_are_placed_as_in_english(client: Client) -> None:
    for lang in ("", "/ja"):
        html = client.get(f"{lang}/hand/?hand=234m567p234s345s55s&win=9s").content.decode()
        assert re.search(r'<p id="error-win"[^>]*>.+</p>', html), lang
        html = client.get(f"{lang}/hand/?hand=22222m").content.decode()
        assert re.search(r'<p id="error-hand"[^>]*>.+</p>', html), lang
