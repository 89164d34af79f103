"""Words in the explanations link to the glossary wherever the explanations are shown."""

from __future__ import annotations

from django.test import Client

from tests.quiz.factory import find, right_answer

TERM_LINK = '<a class="term" href="/learn/terms/#term-'


def test_the_quiz_verdict_links_its_words(client: Client) -> None:
    q, s = find("full", level="intermediate", where=lambda q, s: q.request.get("honba", 0) > 0)
    html = client.post(q.url, right_answer(q, s)).content.decode()
    assert f'{TERM_LINK}honba">' in html


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
