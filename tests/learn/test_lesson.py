"""The first lesson: the home page's "Learn the idea" opens it, and its example's numbers are
the engine's own (basic points, each payment rounded up, the honba), whatever they are."""

from __future__ import annotations

import re

from django.test import Client

from quizsite.learn.views import LESSON_FU, LESSON_HAN
from scoring.engine.payment import LIMIT_BASIC_POINTS, amount_text, basic_points, settle


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_learn_the_idea_opens_the_lesson(client: Client) -> None:
    home = client.get("/").content.decode()
    link = re.search(r'<a class="path-link" href="([^"]+)">\s*<strong>Learn</strong>', home)
    assert link and link[1] == "/learn/scoring/"
    assert client.get(link[1]).status_code == 200
    assert 'href="/learn/scoring/"' in client.get("/learn/").content.decode()


def test_the_lesson_works_its_hand_through_with_the_engines_numbers(client: Client) -> None:
    page = plain(client.get("/learn/scoring/").content.decode())
    basic = basic_points(LESSON_HAN, LESSON_FU).points
    assert f"{LESSON_HAN} han {LESSON_FU} fu" in page
    basic = amount_text(basic)  # as the page's language writes points
    assert f"= {basic} basic points" in page
    for dealer in (False, True):
        for tsumo in (False, True):
            for share in settle(LESSON_HAN, LESSON_FU, dealer=dealer, tsumo=tsumo).shares:
                raw, rounded = amount_text(share.raw), amount_text(share.rounded)
                worked = f"{share.multiplier} × {basic} = {raw} {rounded}"
                assert worked in page, worked
    honba = settle(LESSON_HAN, LESSON_FU, dealer=False, tsumo=False, honba=1).payments["ron"]
    assert f"ron pays {amount_text(honba)}" in page
    for points in LIMIT_BASIC_POINTS.values():
        assert f" {amount_text(points)} " in page


def test_the_lesson_reads_in_japanese(client: Client) -> None:
    page = client.get("/ja/learn/scoring/").content.decode()
    assert '<html lang="ja">' in page and "満貫" in page and "Basic points" not in page
