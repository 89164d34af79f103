"""A game's pages name the players, in every language: the engine's steps name a seat by its
number ("seat 2 (West)", "席2（西家）", "자리 2(서가)"), and the board puts the player's name
where each language's sentence names the seat (`seat_words`), with nothing of any one language
in the site's code."""

from __future__ import annotations

import re
import string

import pytest
from django.test import Client

from quizsite.games.board import with_names
from scoring.engine import words
from scoring.engine.end_words import seat_words
from tests.factory import add, draw, keep_in_session, make_game, ron

pytestmark = pytest.mark.django_db

NAMED = re.compile(r"(?<![.\w])seat \{seat\}")  # a seat named ("pao.seat {seat}" is a key)


def filled(template: str, seat: int) -> str:
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return template.format(**{f: "…" for f in fields} | {"seat": seat})


@pytest.mark.parametrize("code", words.LANGUAGES)
def test_every_sentence_names_a_seat_as_seat_words_says(code: str) -> None:
    """A translation that named a seat its own way would leave the number on the board."""
    odd = []
    for catalogue in words.CATALOGUES.values():
        for key, english in catalogue.english.items():
            if not NAMED.search(english):
                continue
            said = filled(words.template_of(catalogue, key, code), 3)
            with words.language(code):
                if not any(w in said for w in seat_words(3)):
                    odd.append(f"{catalogue.context(key)}: {said}")
    assert not odd


@pytest.mark.parametrize("code", words.LANGUAGES)
def test_with_names_puts_the_names_where_the_seats_were(code: str) -> None:
    names = ("Aiko", "Bruno", "Chen", "Dana")
    with words.language(code):
        text = " / ".join([*seat_words(2)[:4], seat_words(0)[-1], seat_words(3)[1]])
        assert with_names(text, names) == " / ".join(["Chen"] * 4 + ["Aiko", "Dana"])


@pytest.mark.parametrize("code", words.LANGUAGES[1:])
def test_a_board_names_the_players_in_its_steps(client: Client, code: str) -> None:
    game = make_game()
    add(game, ron(1, 0, han=3, fu=30, riichi=(1,)), draw(0, 2))
    page = keeper(game).get(f"/{code}/games/{game.slug}/").content.decode()
    with words.language(code):
        for s in range(4):
            for said in seat_words(s):
                assert said not in page, said
    assert page.count(game.names[1]) > 3


def keeper(game) -> Client:
    """A client that keeps `game` (as the phone that started it)."""
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client
