"""One spelling per term in every language, as its term table says (docs/terminology-*.md for
Chinese and Korean, docs/translating.md for Japanese): Japanese writes テンパイ, ノーテン and
リーチ, as score sheets and Mahjong Soul write them, never 聴牌, 不聴 or 立直 beside them;
Chinese writes 亲家, 荣和, 听牌, 宝牌…, never 庄家, 荣胡, テンパイ or ドラ; Korean writes 만관,
쯔모, 깡, 텐파이…, never 만간, 츠모, 캉 or 텐빠이. Both catalogues of a language hold only the
chosen spellings (a glossary term's `links`, the words that link to it, may list the others),
and a screen that says a term never says it two ways."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.test import Client

from scoring.engine import words
from tests.factory import add, draw, keep_in_session, make_game, ron
from tests.i18n.english import _Reader
from tests.i18n.main_pages import PAGES

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

# Each language's core terms: the one spelling, then the spellings it replaces (other
# communities' words, another script's, a loanword written another way).
TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {
        "tenpai": ("テンパイ", "聴牌"),
        "noten": ("ノーテン", "不聴"),
        "riichi": ("リーチ", "立直"),
    },
    "zh-hans": {
        "dealer": ("亲家", "庄家"),
        "non-dealer": ("子家", "闲家"),
        "ron": ("荣和", "荣胡", "ロン"),
        "tsumo": ("自摸", "ツモ"),
        "tenpai": ("听牌", "聴牌", "テンパイ"),
        "riichi": ("立直", "リーチ"),
        "honba": ("本场", "本場"),
        "deposits": ("供托", "供託"),
        "mangan": ("满贯", "満貫"),
        "yakuman": ("役满", "役満"),
        "dora": ("宝牌", "ドラ", "悬赏牌"),
        "deal-in": ("放铳", "点炮"),
    },
    "ko": {
        "mangan": ("만관", "만간"),
        "haneman": ("하네만", "하네망"),
        "baiman": ("배만", "바이만"),
        "yakuman": ("역만", "야쿠만"),
        "tsumo": ("쯔모", "츠모"),
        "kan": ("깡", "캉"),
        "tenpai": ("텐파이", "텐빠이", "청패"),
        "honba": ("본장", "혼바"),
        "deposits": ("공탁", "쿄타쿠"),
        "dealer": ("친", "오야"),
        "draw": ("유국", "류쿄쿠"),
    },
}


def test_every_language_of_the_list_has_its_terms() -> None:
    assert set(TERMS) == set(words.LANGUAGES[1:])


def spellings_of(text: str, code: str) -> dict[str, set[str]]:
    """The spellings of each term that `text` uses (any count)."""
    return {
        term: found
        for term, spellings in TERMS[code].items()
        if (found := {s for s in spellings if s in text})
    }


def mixed(text: str, code: str) -> dict[str, set[str]]:
    """The terms `text` spells more than one way."""
    return {t: found for t, found in spellings_of(text, code).items() if len(found) > 1}


def test_mixed_finds_a_term_spelt_two_ways() -> None:
    assert mixed("流局、聴牌：保／リーチ：陳。テンパイ", "ja") == {"tenpai": {"テンパイ", "聴牌"}}
    assert mixed("流局、テンパイ：保、陳／リーチ：保", "ja") == {}
    assert mixed("庄家荣和，亲家付", "zh-hans") == {"dealer": {"亲家", "庄家"}}
    assert mixed("쯔모 만관, 츠모", "ko") == {"tsumo": {"쯔모", "츠모"}}


def catalogues() -> list[tuple[str, Path]]:
    return [
        (code, root / words.locale_name(code) / "LC_MESSAGES" / f"{domain}.po")
        for code in words.LANGUAGES[1:]
        for root, domain in ((ROOT / "locale", "django"),
                             (ROOT / "scoring" / "engine" / "locale", "engine"))
    ]  # fmt: skip


def entries(po: Path) -> dict[str, str]:
    """A catalogue's translations by context and message id, from its compiled .mo."""
    with po.with_suffix(".mo").open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    return {str(k): v for k, v in catalog.items() if isinstance(v, str) and k}


@pytest.mark.parametrize(("code", "po"), catalogues(), ids=lambda v: getattr(v, "stem", v))
def test_the_catalogues_spell_each_term_one_way(code: str, po: Path) -> None:
    others = {s for spellings in TERMS[code].values() for s in spellings[1:]}
    wrong = {
        key.replace("\x04", " | "): said
        for key, said in entries(po).items()
        if not key.split("\x04")[0].endswith(".links")
        and not key.startswith("typed with")  # what a learner may type, every spelling
        and any(s in said for s in others)
    }
    assert not wrong, wrong


def shown(html: str) -> str:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return " ".join(reader.read)


@pytest.mark.parametrize("code", words.LANGUAGES[1:])
def test_a_board_with_a_riichi_a_draw_and_a_ron_says_each_term_one_way(code: str) -> None:
    game = make_game()
    game.east, game.south, game.west, game.north = "保", "陳", "秋", "Dana"
    game.save()
    add(game, draw(0, 1, riichi=(0,)), ron(2, 1, han=3, fu=30, riichi=(2,)))
    text = shown(keeper(game).get(f"/{code}/games/{game.slug}/").content.decode())
    if code == "ja":
        assert set(spellings_of(text, code)) == {"tenpai", "noten", "riichi"}, text
    assert not mixed(text, code), text


@pytest.mark.parametrize("code", words.LANGUAGES[1:])
def test_the_main_pages_say_each_term_one_way(client: Client, code: str) -> None:
    left = {}
    for path in PAGES:
        text = shown(client.get(f"/{code}{path}", follow=True).content.decode())
        if found := mixed(text, code):
            left[path] = found
    assert not left


def keeper(game) -> Client:
    """A client that keeps `game` (as the phone that started it)."""
    client = Client()
    keep_in_session(client, "game", game.slug, game.edit_token)
    return client
