"""Words in the explanations link to the glossary wherever the explanations are shown."""

from __future__ import annotations

import re

from django.template import Context, Template
from django.test import Client

from tests.factory import find, right_answer

TERM_LINK = '<a class="term" href="/learn/terms/#term-'


def test_the_quiz_verdict_links_its_words(client: Client) -> None:
    q, s = find("full", level="intermediate", where=lambda q, s: q.request.get("honba", 0) > 0)
    html = client.post(q.url, right_answer(q, s)).content.decode()
    assert f'{TERM_LINK}honba">' in html
    fragment = client.post(q.url, right_answer(q, s), headers={"HX-Request": "true"})
    assert "<html" not in fragment.content.decode()
    assert f'{TERM_LINK}honba">' in fragment.content.decode()


def test_the_hand_calculators_steps_link_their_words(client: Client) -> None:
    query = "hand=123m456p789s234s99p&win=9p&honba=1&flags=riichi"
    html = client.get(f"/hand/?{query}", follow=True).content
    html = html.decode()
    assert f'{TERM_LINK}basic-points">Basic points</a>' in html
    assert f'{TERM_LINK}honba">honba</a>' in html
    assert f'{TERM_LINK}tanki">' in html  # the wait and its fu


def test_the_table_cells_explanation_links_its_words(client: Client) -> None:
    html = client.get("/table/cell/?han=3&fu=30&dealer=0&tsumo=0&honba=2").content.decode()
    assert f'{TERM_LINK}honba">honba</a>' in html


def test_the_payment_calculators_derivation_links_its_words(client: Client) -> None:
    html = client.get("/points/?han=5&fu=30&dealer=0&tsumo=1&sticks=1").content.decode()
    assert f'{TERM_LINK}mangan">Mangan</a>' in html
    assert f'{TERM_LINK}riichi-deposit">riichi deposit</a>' in html


def test_an_explanation_links_each_word_once(client: Client) -> None:
    html = client.get("/table/cell/?han=4&fu=30&dealer=0&tsumo=0&honba=2&rules=mleague")
    hrefs = re.findall(r'<a class="term" href="([^"]+)"', html.content.decode())
    assert "/learn/terms/#term-fu" in hrefs and "/learn/terms/#term-kiriage" in hrefs
    assert len(hrefs) == len(set(hrefs))


def test_the_tag_shares_its_words_across_one_template_only() -> None:
    page = Template("{% load glossary %}{% for t in texts %}{% glossed t %}|{% endfor %}")
    html = page.render(Context({"texts": ["30 fu", "40 fu", "<i>fu</i> & han"]}))
    assert html.count('href="/learn/terms/#term-fu"') == 1
    assert html.count('href="/learn/terms/#term-han"') == 1
    assert "&lt;i&gt;fu&lt;/i&gt; &amp;" in html
    again = page.render(Context({"texts": ["30 fu"]}))
    assert 'href="/learn/terms/#term-fu"' in again  # a new page links it again
