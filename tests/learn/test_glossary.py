"""The glossary: its data, the `glossary` filter, and the page at /learn/terms/."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.test import Client

from quizsite.learn.glossary import TERMS, TERMS_BY_ID, link_terms, yaku_links, yaku_word
from scoring.engine import settle
from scoring.engine.decompose import WAIT_NAMES, Wait
from scoring.engine.fu import WAIT_FU
from scoring.engine.payment import LIMIT_BASIC_POINTS, Limit
from scoring.engine.yaku import REGISTRY

LINK = re.compile(r'<a class="term" href="([^"]+)">([^<]+)</a>')


def links(html: str) -> list[tuple[str, str]]:
    return LINK.findall(str(html))


# The filter: escape first, then link the first use of each word.


def test_it_links_a_known_word_to_its_line() -> None:
    assert links(link_terms("1 honba: +300")) == [("/learn/terms/#term-honba", "honba")]


def test_it_escapes_before_linking() -> None:
    html = str(link_terms('<script>alert("honba")</script> & kiriage'))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "&amp;" in html
    assert [w for _, w in links(html)] == ["honba", "kiriage"]


def test_it_links_each_word_once() -> None:
    html = link_terms("honba, honba and Honba")
    assert len(links(html)) == 1
    assert str(html).endswith("honba and Honba")


def test_it_keeps_the_text_as_written() -> None:
    text = "Riichi deposit on the table: +1000 to the winner; the Dealer pays"
    assert re.sub(r"<[^>]+>", "", str(link_terms(text))) == text


def test_it_prefers_the_longest_word() -> None:
    found = links(link_terms("ura dora indicator: dora"))
    assert found == [
        ("/learn/terms/#term-ura-dora", "ura dora"),
        ("/learn/terms/#term-dora-indicator", "indicator"),
        ("/learn/terms/#term-dora", "dora"),
    ]


@pytest.mark.parametrize("text", ["honbas", "konbanwa", "uman", "chiitoi-fu", "ponder", "kanji"])
def test_it_links_whole_words_only(text: str) -> None:
    assert links(link_terms(text)) == []


def test_it_never_links_inside_an_escaped_character() -> None:
    # "&#x27;" and "&amp;" come from escaping; nothing in them may become a link.
    html = str(link_terms("dealer's & ron"))
    assert "&#x27;s" in html and "&amp;" in html
    assert [w for _, w in links(html)] == ["dealer", "ron"]


def test_yaku_link_to_the_yaku_list() -> None:
    assert links(link_terms("All simples (tanyao): 1 han"))[1] == (
        "/learn/yaku/#yaku-tanyao",
        "tanyao",
    )


def test_the_filter_is_the_same_in_a_template() -> None:
    html = Template("{% load glossary %}{{ text|glossary }}").render(
        Context({"text": "<b>kiriage</b>"})
    )
    assert html == str(link_terms("<b>kiriage</b>"))
    assert "<b>" not in html


# The data.


def test_every_term_has_its_own_anchor_and_one_line() -> None:
    assert len({t.anchor for t in TERMS}) == len(TERMS)
    for t in TERMS:
        assert t.english and t.meaning and "\n" not in t.meaning
        assert re.fullmatch(r"term-[a-z0-9-]+", t.anchor)


def test_no_spelling_leads_to_two_places() -> None:
    seen: dict[str, str] = {}
    for t in TERMS:
        for word in t.spellings:
            assert seen.setdefault(word, t.id) == t.id, word


@pytest.mark.parametrize(
    "word",
    ["honba", "riichi deposit", "kiriage", "tanki", "kanchan", "penchan", "shanpon", "ryanmen",
     "menzen", "furiten", "pao", "oka", "uma", "dora", "ura dora", "aka dora", "kazoe", "tsumo",
     "ron", "tenpai", "noten", "chombo", "renchan", "atamahane", "nagashi mangan", "fu", "han",
     "basic points"],
)  # fmt: skip
def test_it_has_the_words_the_issue_names(word: str) -> None:
    assert any(word in t.spellings for t in TERMS)


def test_every_limit_the_engine_names_up_to_double_yakuman_is_a_term() -> None:
    for limit in list(Limit)[: list(Limit).index(Limit.DOUBLE_YAKUMAN) + 1]:
        assert limit.value.replace("_", "-") in TERMS_BY_ID, limit


def test_every_wait_the_engine_names_links() -> None:
    for wait in (Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI, Wait.SHANPON):
        assert links(link_terms(WAIT_NAMES[wait])), wait


def test_every_yaku_word_links_somewhere() -> None:
    taken = {w for t in TERMS for w in t.spellings}
    for y in REGISTRY:
        word = yaku_word(y.name)
        assert word in taken or word in yaku_links() or " wind" in word, y.id


# The page.


def test_it_lists_every_term_with_its_japanese(client: Client) -> None:
    response = client.get("/learn/terms/")
    html = response.content.decode()
    assert response.status_code == 200
    for t in TERMS:
        assert f'id="{t.anchor}"' in html
        assert t.said_meaning.replace("'", "&#x27;") in html
        if t.japanese:
            assert t.japanese in html


def test_every_link_the_filter_makes_has_a_target(client: Client) -> None:
    pages = {
        "/learn/terms/": client.get("/learn/terms/").content.decode(),
        "/learn/yaku/": client.get("/learn/yaku/").content.decode(),
    }
    text = " ".join(w for t in TERMS for w in t.spellings) + " " + " ".join(yaku_links())
    for url, _ in links(link_terms(text)):
        path, anchor = url.split("#")
        assert f'id="{anchor}"' in pages[path], url


def test_the_waits_are_named_and_valued_as_the_engine_does() -> None:
    for wait in (Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI, Wait.SHANPON):
        t = TERMS_BY_ID[wait.value]
        assert WAIT_NAMES[wait].endswith(f"{t.english} ({t.romaji})")
        assert t.said_meaning.endswith(f": {WAIT_FU.get(wait, 0)} fu.")


def test_the_limits_basic_points_are_the_engines() -> None:
    for limit, points in LIMIT_BASIC_POINTS.items():
        meaning = TERMS_BY_ID[limit.value].meaning
        assert f"{points:,}" in meaning, limit
        if "non-dealer's ron" in meaning:
            ron = settle(13 if limit is Limit.YAKUMAN else 5, 30, dealer=False, tsumo=False)
            assert f"{ron.total:,} from a non-dealer's ron" in meaning


def test_every_word_of_draws_and_the_games_end_the_pages_use_is_in_the_glossary() -> None:
    from scoring.engine.game import AUTO_STOP, GAME_ENDS
    from scoring.engine.hand_end import ABORT_NAMES, settle_json

    def linked(text: str) -> set[str]:
        return {url.split("#term-")[-1] for url, _ in links(link_terms(text)) if "#term-" in url}

    draw = settle_json(
        {"scores": [25000] * 4, "dealer": 3, "honba": 1, "end": {"kind": "draw", "tenpai": [1]}}
    )
    said = " ".join(s["text"] for s in draw["steps"])
    assert {"ryuukyoku", "noten-bappu", "noten-declaration", "honba"} <= linked(said)
    romaji = {
        "nine_terminals": "kyuushu-kyuuhai", "four_winds": "suufon-renda",
        "four_kans": "suukaikan", "four_riichi": "suucha-riichi", "triple_ron": "sanchahou",
    }  # fmt: skip
    for reason, name in ABORT_NAMES.items():
        assert romaji[reason.value] in linked(f"abortive draw: {name}")
    assert "agari-yame" in linked(AUTO_STOP)
    assert {"enchousen", "agari-yame"} <= linked(GAME_ENDS["tenhou"].note) | linked("agari-yame")
    assert {"tenpai-yame", "oorasu", "tobi", "keishiki-tenpai", "kaeshi"} <= set(TERMS_BY_ID)
    assert "tochuu-ryuukyoku" in linked("abortive draw")
    assert "100-point stick" in TERMS_BY_ID["honba"].meaning
    assert "furiten" in TERMS_BY_ID["chombo"].meaning
