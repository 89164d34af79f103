"""Tiles in an explanation are drawn where each language's sentence puts them: every kind of
step, rendered as the quiz and the game pages render it, in every language, shows no tile code
("77z", "5m", "0p") as text, and no row of tiles hung after a sentence that already drew them."""

from __future__ import annotations

import re
from functools import cache

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.engine import words
from scoring.engine.tiles import parse_tiles
from tests.i18n.answers import explained_answers
from tests.i18n.english import _Reader

# A tile code as a visitor would read it in running text, whatever letters touch it.
RAW_CODE = re.compile(r"(?<![A-Za-z0-9])[0-9]+[mpsz](?![A-Za-z])")
CODE_RUN = re.compile(r"(?<![A-Za-z0-9&#/.-])((?:[0-9]+[mpsz])+)(?![A-Za-z0-9-])")


@cache
def steps_in(code: str) -> list[tuple[dict, str | None]]:
    """Every step of the answers that hold every step kind, worded in `code`, with its
    hand's winning tile."""
    with words.language(code):
        answers = explained_answers()
    return [(step, a.get("win")) for a in answers for step in a.get("steps", [])]


def read(html: str) -> str:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return " ".join(reader.read)


def rendered(template: str, step: dict, win: str | None, code: str) -> str:
    with translation.override(code), words.language(code):
        return render_to_string(template, {"steps": [step], "q": {"request": {"win": win}}})


TEMPLATES = ["quiz/verdict_steps.html", "scoring/derivation.html"]


@pytest.mark.parametrize("code", words.LANGUAGES)
@pytest.mark.parametrize("template", TEMPLATES)
def test_every_step_draws_its_tiles_where_its_sentence_puts_them(template: str, code: str) -> None:
    kinds = set()
    for step, win in steps_in(code):
        kinds.add(step["kind"])
        html = rendered(template, step, win, code)
        shown = read(html)
        assert not RAW_CODE.findall(shown), (code, step["kind"], step["text"], shown)
        in_text = sum(len(parse_tiles(run)) for run in CODE_RUN.findall(step["text"]))
        if template == "quiz/verdict_steps.html" and step["tiles"] and not in_text:
            in_text = len(parse_tiles(step["tiles"].replace(" ", "")))  # a step without them
        assert html.count("<img") == in_text, (code, step["kind"], step["text"])
    assert {"reading", "dora", "readings", "payment"} <= kinds


def test_the_japanese_reading_draws_all_three_places() -> None:
    """ "77zと読みます。7zで77zが完成": the hand, the winning tile and its group, each drawn."""
    for step, win in steps_in("ja"):
        if step["kind"] == "reading":
            html = rendered("quiz/verdict_steps.html", step, win, "ja")
            assert html.count('class="tiles tiles--sm"') >= 3, step["text"]
            break
    else:
        pytest.fail("no reading step")


@pytest.mark.django_db
@pytest.mark.parametrize("code", words.LANGUAGES)
def test_the_hand_calculators_other_readings_draw_their_tiles(client, code: str) -> None:
    """The other readings of a hand (their waits name tiles: "a pair wait on 55s") show the
    tiles drawn, not their codes."""
    prefix = "" if code == "en" else f"/{code}"
    query = "hand=234m567p234s345s55s&win=5s&tsumo=1&flags=riichi&dora=3s"
    html = client.get(f"{prefix}/hand/?{query}", follow=True).content.decode()
    others = re.search(r'<ul class="calc-others">(.*?)</ul>', html, re.S)
    assert others is not None, "the hand has another reading"
    assert not RAW_CODE.findall(read(others[1])), read(others[1])
    assert others[1].count("<img") > 14  # the reading's 14 tiles, and its wait's drawn too
