"""Which language a page answers in: its address, else the visitor's choice, else the browser."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.engine import words

pytestmark = pytest.mark.django_db


def test_a_plain_address_is_english_for_a_visitor_with_no_preference(client: Client) -> None:
    response = client.get("/hand/")
    assert response.status_code == 200
    assert response["Content-Language"] == "en"
    assert '<html lang="en"' in response.content.decode()


def test_the_ja_address_is_japanese_whatever_the_browser_says(client: Client) -> None:
    response = client.get("/ja/hand/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert response.status_code == 200
    assert response["Content-Language"] == "ja"
    assert '<html lang="ja"' in response.content.decode()


def test_a_japanese_browser_is_sent_to_the_ja_address_with_its_query(client: Client) -> None:
    response = client.get("/points/?han=3&x=%E6%9D%B1", HTTP_ACCEPT_LANGUAGE="ja,en;q=0.5")
    assert response.status_code == 302
    assert response["Location"] == "/ja/points/?han=3&x=%E6%9D%B1"
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]


def test_the_switch_keeps_the_choice_over_the_browser(client: Client) -> None:
    to_english = client.post("/language/", {"language": "en", "next": "/ja/quiz/?mode=fu"})
    assert to_english.status_code == 302
    assert to_english["Location"] == "/quiz/?mode=fu"
    # Chosen English: a Japanese browser stays on the plain address.
    assert client.get("/quiz/", HTTP_ACCEPT_LANGUAGE="ja").status_code == 200
    to_japanese = client.post("/language/", {"language": "ja", "next": "/quiz/?mode=fu"})
    assert to_japanese["Location"] == "/ja/quiz/?mode=fu"
    assert client.get("/quiz/").status_code == 302


@pytest.mark.parametrize("where", ["https://elsewhere.example/", "//elsewhere.example/x"])
def test_the_switch_never_leaves_the_site(client: Client, where: str) -> None:
    response = client.post("/language/", {"language": "ja", "next": where})
    assert response.status_code == 302
    assert "elsewhere" not in response["Location"]


def test_htmx_requests_and_posts_are_never_redirected(client: Client) -> None:
    client.cookies["tenbo_language"] = "ja"
    assert client.get("/hand/", HTTP_HX_REQUEST="true").status_code == 200
    assert client.get("/api/v1/points?han=1&fu=30&dealer=0&tsumo=0").status_code == 200


def test_the_api_has_one_address(client: Client) -> None:
    assert client.get("/ja/api/v1/points?han=1&fu=30").status_code == 404


def test_every_page_offers_the_switch_to_the_other_language(client: Client) -> None:
    english = client.get("/points/").content.decode()
    japanese = client.get("/ja/points/").content.decode()
    for page in (english, japanese):
        assert 'action="/language/"' in page
        assert 'name="language" value="ja"' in page and 'name="language" value="en"' in page
    assert 'name="next" value="/points/"' in english
    assert 'name="next" value="/ja/points/"' in japanese


def test_the_engine_words_a_request_in_its_language_and_forgets_it_after(client: Client) -> None:
    client.get("/ja/points/")
    assert words.current() == "en"


@pytest.mark.parametrize(
    ("prefix", "code", "word"), [("zh-hans", "zh-hans", "语言"), ("ko", "ko", "언어")]
)
def test_chinese_and_korean_pages_live_under_their_prefix(
    client: Client, prefix: str, code: str, word: str
) -> None:
    response = client.get(f"/{prefix}/hand/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Language"] == code
    page = response.content.decode()
    assert f'<html lang="{code}"' in page
    assert word in page  # the switch's label, from the language's own catalogue


@pytest.mark.parametrize(
    ("browser", "prefix"),
    [
        ("zh-CN,zh;q=0.9,en;q=0.5", "/zh-hans"),
        ("zh", "/zh-hans"),
        ("ko-KR,ko;q=0.9", "/ko"),
        ("ko", "/ko"),
        ("ja-JP", "/ja"),
        ("fr-FR,fr;q=0.9", ""),
    ],
)
def test_a_browser_is_sent_to_its_own_language(client: Client, browser: str, prefix: str) -> None:
    response = client.get("/points/?han=3", HTTP_ACCEPT_LANGUAGE=browser)
    if prefix:
        assert response.status_code == 302
        assert response["Location"] == f"{prefix}/points/?han=3"
    else:
        assert response.status_code == 200


def test_the_switch_lists_every_language_in_its_own_name(client: Client) -> None:
    page = client.get("/ko/points/").content.decode()
    buttons = re.findall(
        r'<button type="submit" name="language" value="([^"]+)" lang="\1"[^>]*>([^<]+)</button>',
        page,
    )
    assert buttons == [  # the others first, English (the source) last
        ("ja", "日本語"),
        ("zh-hans", "简体中文"),
        ("ko", "한국어"),
        ("en", "English"),
    ]
    assert 'value="ko" lang="ko" class="link-button" aria-current="true"' in page
    to_chinese = client.post("/language/", {"language": "zh-hans", "next": "/ko/quiz/?mode=fu"})
    assert to_chinese["Location"] == "/zh-hans/quiz/?mode=fu"
    assert client.get("/quiz/").headers["Location"] == "/zh-hans/quiz/"


def test_a_korean_term_of_one_syllable_links_only_on_its_own() -> None:
    from django.utils import translation

    from quizsite.learn.glossary import link_terms

    with translation.override("ko"):
        linked = str(link_terms("부터 세면 3판 30부"))
    assert linked.startswith("부터 세면 3<a")
    assert '#term-han">판</a>' in linked and '#term-fu">부</a>' in linked
    with translation.override("zh-hans"):
        linked = str(link_terms("符合规则：3番30符，本场"))
    assert linked.startswith("符合规则")
    assert '#term-fu">符</a>' in linked and '#term-honba">本场</a>' in linked
