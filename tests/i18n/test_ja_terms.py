"""One spelling per term in Japanese: テンパイ, ノーテン and リーチ, as score sheets and Mahjong
Soul write them, never 聴牌, 不聴 or 立直 beside them. Both catalogues hold only the chosen
spellings (a glossary term's `links`, the words that link to it, may list the others), and a
screen that says a term never says it two ways."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.test import Client

from tests.factory import add, draw, keep_in_session, make_game, ron
from tests.i18n.english import _Reader
from tests.i18n.main_pages import PAGES

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = [
    ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po",
    ROOT / "scoring" / "engine" / "locale" / "ja" / "LC_MESSAGES" / "engine.po",
]

# Each term: its one spelling, then the spellings it replaces.
TERMS = {
    "tenpai": ("テンパイ", "聴牌"),
    "noten": ("ノーテン", "不聴"),
    "riichi": ("リーチ", "立直"),
}


def spellings_of(text: str) -> dict[str, set[str]]:
    """The spellings of each term that `text` uses (any count)."""
    return {
        term: found
        for term, spellings in TERMS.items()
        if (found := {s for s in spellings if s in text})
    }


def mixed(text: str) -> dict[str, set[str]]:
    """The terms `text` spells more than one way."""
    return {term: found for term, found in spellings_of(text).items() if len(found) > 1}


def test_mixed_finds_a_term_spelt_two_ways() -> None:
    assert mixed("流局、聴牌：保／リーチ：陳。テンパイ") == {"tenpai": {"テンパイ", "聴牌"}}
    assert mixed("流局、テンパイ：保、陳／リーチ：保") == {}


def entries(po: Path) -> dict[str, str]:
    """A catalogue's translations by context and message id, from its compiled .mo."""
    with po.with_suffix(".mo").open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    return {str(k): v for k, v in catalog.items() if isinstance(v, str) and k}


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.parent.name)
def test_the_catalogues_spell_each_term_one_way(po: Path) -> None:
    others = {s for spellings in TERMS.values() for s in spellings[1:]}
    wrong = {
        key.replace("\x04", " | "): said
        for key, said in entries(po).items()
        if not key.split("\x04")[0].endswith(".links") and any(s in said for s in others)
    }
    assert not wrong, wrong


def shown(html: str) -> str:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return " ".join(reader.read)


def test_a_board_with_a_riichi_and_a_draw_says_each_term_one_way() -> None:
    game = make_game()
    game.east, game.south, game.west, game.north = "保", "陳", "秋", "Dana"
    game.save()
    add(game, draw(0, 1, riichi=(0,)), ron(2, 1, han=3, fu=30, riichi=(2,)))
    text = shown(keeper(game).get(f"/ja/games/{game.slug}/").content.decode())
    assert set(spellings_of(text)) == {"tenpai", "noten", "riichi"}, text
    assert not mixed(text), text


def test_the_main_pages_say_each_term_one_way(client: Client) -> None:
    left = {}
    for path in PAGES:
        text = shown(client.get(f"/ja{path}", follow=True).content.decode())
        if found := mixed(text):
            left[path] = found
    assert not left


def keeper(game) -> Client:
    """A client that keeps `game` (as the phone that started it)."""
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client
