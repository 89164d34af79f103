"""The learner's reference in Japanese: /ja/learn/ and its glossary, yaku list and fu sheet read
Japanese, the glossary explains every term in Japanese, the yaku's lines come from the engine's
catalogue in the page's language, and the pages' links stay Japanese."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import translation

from quizsite.learn.examples import FU_EXAMPLES, YAKU_EXAMPLES
from quizsite.learn.glossary import TERMS, TERMS_BY_ID, link_terms
from quizsite.learn.glossary import WORDS as GLOSSARY
from quizsite.learn.views import FU_SWITCHES, YAKU_SWITCHES
from scoring.engine import PRESETS, words
from scoring.engine.rules import SWITCHES
from scoring.engine.tiles import WIND_LABELS
from scoring.engine.yaku import REGISTRY
from scoring.engine.yaku_about import ABOUT, WORDS
from tests.i18n.english import ALLOWED, WORD, _Reader, english_words

PAGES = ["/ja/learn/", "/ja/learn/terms/", "/ja/learn/yaku/", "/ja/learn/fu/"]
LINK = re.compile(r'<a class="term" href="([^"]+)">([^<]+)</a>')


def engine_texts() -> set[str]:
    """The engine's words these pages show, worded by the engine's own catalogues (yaku names,
    fu items, presets' names, switches' meanings): the lead removes this once they speak
    Japanese. Read in English, the language they are in until then."""
    with words.language("en"):
        texts = {y.name for y in REGISTRY}
        texts |= {i.reason for examples in FU_EXAMPLES.values() for ex in examples
                  for i in ex.items}  # fmt: skip
        texts |= {p.title for p in PRESETS.values()}
        texts |= {SWITCHES[n].meaning for n in YAKU_SWITCHES + FU_SWITCHES}
    return texts


PENDING_ENGINE = engine_texts()


def left_in_english(html: str) -> list[str]:
    """The English a visitor reads on the page, but for what the engine words (PENDING_ENGINE)
    and two things no page of the reference draws: the tiles' pictures (their names are the
    engine's tile names) and the language switch's `value="ja"` (the site's header)."""
    html = re.sub(r"<img [^>]*>", "", html)
    html = re.sub(r'(class="tiles [^"]*tiles--meld" role="group") aria-label="[^"]*"', r"\1", html)
    html = re.sub(r'<form [^>]*class="language-switch".*?</form>', "", html, flags=re.S)
    reader = _Reader()
    reader.feed(html)
    reader.close()
    text = "".join(reader.read)  # a link inside the engine's words splits them
    text = re.sub(r"\s+", " ", text)
    for said in sorted(PENDING_ENGINE, key=len, reverse=True):
        text = text.replace(said, " ")
    return [w for w in WORD.findall(text) if w not in ALLOWED]


@pytest.fixture(autouse=True)
def english_unless_said() -> Iterator[None]:
    """A test is in English unless it says otherwise (a request leaves its language active)."""
    with translation.override("en"):
        yield


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    client = Client()
    found = {}
    with translation.override("en"):  # a request leaves its language active: not after these
        for path in PAGES:
            response = client.get(path)
            assert response.status_code == 200, path
            found[path] = response.content.decode()
    return found


@pytest.mark.parametrize("path", PAGES)
def test_every_page_reads_japanese(pages: dict[str, str], path: str) -> None:
    html = pages[path]
    assert '<html lang="ja"' in html
    left = left_in_english(html)
    assert not left, f"{path}: English left: {sorted(set(left))}"


@pytest.mark.parametrize("path", PAGES)
def test_links_stay_japanese(pages: dict[str, str], path: str) -> None:
    html = pages[path]
    own = re.findall(r'href="(/[^"#?]*)', html)
    assert own and all(h.startswith(("/ja/", "/static/")) for h in own), [
        h for h in own if not h.startswith(("/ja/", "/static/"))
    ]


def test_the_index_links_the_japanese_pages(pages: dict[str, str]) -> None:
    html = pages["/ja/learn/"]
    for path in PAGES[1:]:
        assert f'href="{path}"' in html
    assert "<h1>学習用の資料</h1>" in html and "用語集" in html and "符の早見表" in html


# The glossary.


def japanese(t: object) -> tuple[str, str]:
    """A term's headword and line in Japanese."""
    with words.language("ja"):
        return t.said_term, t.said_meaning  # type: ignore[attr-defined]


def test_every_term_has_a_japanese_entry() -> None:
    assert words.mismatches(GLOSSARY) == []
    for t in TERMS:
        name, meaning = japanese(t)
        assert name and meaning.endswith("。"), t.id
        assert not english_words(name) and not english_words(meaning), t.id
        assert re.search(r"(です|ます|ません)[（。]", meaning), t.id  # polite, as a book writes


def test_the_japanese_glossary_explains_in_japanese(pages: dict[str, str]) -> None:
    html = pages["/ja/learn/terms/"]
    assert "<h1>用語集</h1>" in html
    for t in TERMS:
        start = html.index(f'id="{t.anchor}"')
        entry = html[start : html.index("</div>", start)]
        name, meaning = japanese(t)
        assert name in entry and meaning in entry, t.id
        english = t.meaning.format(**t.numbers)
        assert english.replace("'", "&#x27;") not in entry, t.id  # not the English line
        if t.romaji:  # the reading follows, marked so that no reader takes it for Japanese
            assert f'<i lang="ja-Latn" translate="no">{t.romaji}</i>' in entry, t.id
    assert "符（フ）" in html and "本場" in html and "翻（ハン）" in html


def test_the_japanese_entries_say_the_engines_numbers() -> None:
    from scoring.engine.decompose import Wait
    from scoring.engine.fu import CLOSED_RON, WAIT_FU
    from scoring.engine.payment import LIMIT_BASIC_POINTS

    def meaning(id: str) -> str:
        return japanese(TERMS_BY_ID[id])[1]

    for limit, points in LIMIT_BASIC_POINTS.items():
        assert f"基本点{points:,}点" in meaning(limit.value), limit
    assert f"{CLOSED_RON.fu}符" in meaning("menzen-ron")
    for wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI):
        assert meaning(wait.value).endswith(f"符は{WAIT_FU[wait]}符です。")
    for wait in (Wait.RYANMEN, Wait.SHANPON):
        assert meaning(wait.value).endswith("符は付きません（0符）。")


def test_no_japanese_spelling_leads_to_two_places() -> None:
    seen: dict[str, str] = {}
    for t in TERMS:
        for spelling in t.spellings_in("ja"):
            assert seen.setdefault(spelling, t.id) == t.id, spelling


def links(html: object) -> list[tuple[str, str]]:
    return LINK.findall(str(html))


def test_japanese_words_link_to_the_japanese_glossary() -> None:
    with translation.override("ja"):
        found = links(
            link_terms("30符は切り上げて40符、1本場、供託1本、子のロン、面子と雀頭、満貫")
        )
    assert found == [
        ("/ja/learn/terms/#term-fu", "符"),
        ("/ja/learn/terms/#term-kiriage", "切り上げ"),
        ("/ja/learn/terms/#term-honba", "本場"),
        ("/ja/learn/terms/#term-riichi-deposit", "供託"),
        ("/ja/learn/terms/#term-non-dealer", "子"),
        ("/ja/learn/terms/#term-ron", "ロン"),
        ("/ja/learn/terms/#term-mentsu", "面子"),
        ("/ja/learn/terms/#term-jantou", "雀頭"),
        ("/ja/learn/terms/#term-mangan", "満貫"),
    ]


def test_a_one_kanji_word_is_not_linked_inside_a_longer_word() -> None:
    with translation.override("ja"):
        assert links(link_terms("順子と刻子と槓子")) == [
            ("/ja/learn/terms/#term-shuntsu", "順子"),
            ("/ja/learn/terms/#term-koutsu", "刻子"),
            ("/ja/learn/terms/#term-kan", "槓子"),
        ]
        assert links(link_terms("親番の加符")) == []


def test_each_language_keeps_its_own_links() -> None:
    with translation.override("ja"):
        assert links(link_terms("1 honba"))[0][0] == "/ja/learn/terms/#term-honba"
    assert links(link_terms("1 honba"))[0][0] == "/learn/terms/#term-honba"
    with translation.override("ja"):
        assert links(link_terms("1本場"))[0][0] == "/ja/learn/terms/#term-honba"


def test_term_links_on_a_japanese_page_go_to_the_japanese_glossary(pages: dict[str, str]) -> None:
    yaku_page = pages["/ja/learn/yaku/"]
    hrefs = [href for href, _ in links(yaku_page)]
    assert hrefs and all(h.startswith(("/ja/learn/terms/#", "/ja/learn/yaku/#")) for h in hrefs)
    assert 'href="/ja/learn/terms/#term-yaku"' in yaku_page  # the lede
    assert 'href="/ja/learn/terms/#term-kazoe"' in yaku_page
    # The Japanese lines of the yaku link their terms: リーチ棒 in riichi's.
    card = yaku_page[yaku_page.index('id="yaku-riichi"') :]
    card = card[: card.index("</li>")]
    assert ("/ja/learn/terms/#term-riichi-deposit", "リーチ棒") in links(card)
    for href in hrefs:
        path, anchor = href.split("#")
        assert f'id="{anchor}"' in pages[path], href
    assert "/learn/terms/#" not in yaku_page.replace("/ja/learn/terms/#", "")


# The yaku list.


def test_the_yaku_lines_are_in_one_catalogue_both_languages_complete() -> None:
    assert words.mismatches(WORDS) == []
    assert set(ABOUT) == {y.id for y in REGISTRY}
    with words.language("ja"):
        for y in REGISTRY:
            what, when = ABOUT[y.id].what, ABOUT[y.id].when
            assert what and not english_words(what), y.id
            assert not english_words(when), y.id
            with words.language("en"):
                assert bool(ABOUT[y.id].when) == bool(when), y.id


def test_the_yaku_page_in_japanese(pages: dict[str, str]) -> None:
    html = pages["/ja/learn/yaku/"]
    plain = re.sub(r"<[^>]+>", "", html)
    with words.language("ja"):
        for y in REGISTRY:
            start = plain.index(ABOUT[y.id].what)
            assert ABOUT[y.id].when in plain[start : start + 800], y.id
    assert plain.count("門前のみ") >= 10 and "鳴いても可" in plain
    assert "計算結果：" in plain and "1翻" in plain and "役満（13翻）" in plain
    assert "ロン、南家、東場、リーチ" in plain  # how the riichi example was won
    assert "ツモ、東家（親）、東場、天和" in plain
    # Where a preset scores otherwise: Tenhou (and others) have no double yakuman.
    card = html[html.index('id="yaku-kokushi_13"') :]
    card = re.sub(r"<[^>]+>", "", card[: card.index("</li>")])
    assert "ルール" in card and "：役満（13翻）。" in card
    assert "ほかのプリセットでは：" in plain and "（なし）" in plain and "（三倍満）" in plain


def test_the_fu_page_in_japanese(pages: dict[str, str]) -> None:
    html = pages["/ja/learn/fu/"]
    assert "<h1>符の早見表</h1>" in html
    assert "切り上げて<strong>40符</strong>" in html
    assert '<th scope="row">幺九牌の槓子</th>' in html
    assert '<th scope="col">副露</th><th scope="col">門前</th>' in html
    assert "嵌張待ち：+2符" in html and "七対子：一律25符" in html
    # The example's own fu item is still the one in bold (found by the engine's item).
    assert html.count('class="fu-focus"') == sum(len(e) for e in FU_EXAMPLES.values())


def test_how_a_hand_was_won_says_the_same_in_english_as_before() -> None:
    for example in YAKU_EXAMPLES.values():
        said = ["tsumo" if example.tsumo else "ron"]
        said.append(
            f"seat {WIND_LABELS[example.seat]}" + (" (dealer)" if example.seat == "E" else "")
        )
        said.append(f"round {WIND_LABELS[example.round]}")
        said += [f.replace("_", " ") for f in example.flags]
        assert example.how == ", ".join(said)


def test_kept_rows_carry_no_language() -> None:
    """The yaku rows are worked out once and kept: each page still speaks its own language."""
    client = Client()
    japanese = client.get("/ja/learn/yaku/").content.decode()
    english = client.get("/learn/yaku/").content.decode()
    again = client.get("/ja/learn/yaku/").content.decode()
    assert "計算結果" in japanese and "Scored:" not in japanese
    assert "Scored:" in english and "計算結果" not in english and "翻" not in english
    assert "yakuman (13 han)" in english and "役満（13翻）" in again
    assert 'href="/learn/terms/#term-' in english and 'href="/ja/learn/terms/#term-' in again
