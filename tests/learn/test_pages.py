"""The reference's index, its quiz links and its place in the site's navigation."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from quizsite.quiz.questions import MODE_NOTES

PAGES = ["/learn/terms/", "/learn/yaku/", "/learn/fu/"]


def test_the_index_links_every_page(client: Client) -> None:
    html = client.get("/learn/").content.decode()
    for url in PAGES:
        assert f'href="{url}"' in html


@pytest.mark.parametrize("url", ["/", "/learn/", *PAGES])
def test_the_navigation_and_home_lead_to_the_reference(client: Client, url: str) -> None:
    html = client.get(url).content.decode()
    assert '<a href="/learn/"' in html
    if url.startswith("/learn/"):
        assert 'aria-current="page">Reference</a>' in html


@pytest.mark.parametrize("url", PAGES)
def test_each_page_links_to_a_quiz_that_works(client: Client, url: str) -> None:
    html = client.get(url).content.decode()
    quiz_links = re.findall(r'href="(/quiz/next/\?[^"]+)"', html)
    assert quiz_links
    for link in quiz_links:
        link = link.replace("&amp;", "&")
        response = client.get(link)
        assert response.status_code == 302, link
        mode = re.search(r"mode=(\w+)", link).group(1)
        assert f"mode={mode}" in response["Location"]
        question = client.get(response["Location"])
        assert question.status_code == 200
        assert "problem" not in question.context or not question.context["problem"]


def test_the_yaku_and_fu_pages_drill_their_own_mode(client: Client) -> None:
    for url, mode in (("/learn/yaku/", "han"), ("/learn/fu/", "fu")):
        html = client.get(url).content.decode()
        assert set(re.findall(r"/quiz/next/\?mode=(\w+)", html)) == {mode}
    assert {"han", "fu"} <= set(MODE_NOTES)


@pytest.mark.parametrize("url", ["/learn/", *PAGES])
def test_headings_go_in_order(client: Client, url: str) -> None:
    levels = [int(n) for n in re.findall(r"<h([1-6])", client.get(url).content.decode())]
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))
