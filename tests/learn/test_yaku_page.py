"""The yaku list at /learn/yaku/: every yaku of the engine's registry, its example scored."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from quizsite.learn.examples import YAKU_EXAMPLES
from quizsite.learn.views import preset_notes, score_worth, worth
from scoring.engine import PRESETS
from scoring.engine.yaku import REGISTRY, Yaku
from tests.helpers import text_of


@pytest.fixture(scope="module")
def page(django_db_blocker) -> str:
    return Client().get("/learn/yaku/").content.decode()


def test_every_yaku_of_the_registry_has_an_example() -> None:
    assert set(YAKU_EXAMPLES) == {y.id for y in REGISTRY}


@pytest.mark.parametrize("yaku", REGISTRY, ids=lambda y: y.id)
def test_its_example_scores_the_yaku_with_the_han_shown(yaku: Yaku) -> None:
    result = YAKU_EXAMPLES[yaku.id].result
    found = {y.id: y for y in result.yaku}
    assert yaku.id in found, [y.id for y in result.yaku]
    han = yaku.closed_han if result.request.concealed else yaku.open_han
    assert found[yaku.id].han == han


@pytest.mark.parametrize("yaku", REGISTRY, ids=lambda y: y.id)
def test_the_page_shows_each_yaku_as_the_engine_scores_it(page: str, yaku: Yaku) -> None:
    start = page.index(f'id="yaku-{yaku.id}"')
    card = page[start : page.index("</li>", start)]
    text = html_lib.unescape(card)
    assert yaku.name in text
    assert worth(yaku, yaku.closed_han) in text
    assert (worth(yaku, yaku.open_han) if yaku.open_han else "closed only") in text
    scored = next(y for y in YAKU_EXAMPLES[yaku.id].result.yaku if y.id == yaku.id)
    assert f"{yaku.name}, {score_worth(scored)}" in " ".join(text.split())
    assert card.count('class="tile') >= 14  # the example's pictures (melds' tiles included)
    assert f"win={YAKU_EXAMPLES[yaku.id].win}" in card  # and a link to the calculator


def test_it_says_where_a_preset_scores_a_yaku_otherwise(page: str) -> None:
    # Worked out from the engine: tenhou has no double yakuman.
    assert not PRESETS["tenhou"].rules.double_yakuman
    example = YAKU_EXAMPLES["kokushi_13"]
    tenhou = next(y for y in example.scored("tenhou").yaku if y.id == "kokushi_13")
    notes = [n.said() for n in preset_notes(REGISTRY[[y.id for y in REGISTRY].index("kokushi_13")],
             example, next(y for y in example.result.yaku if y.id == "kokushi_13"))]  # fmt: skip
    assert any("Tenhou" in n and score_worth(tenhou) in n for n in notes)
    start = page.index('id="yaku-kokushi_13"')
    assert html_lib.unescape(notes[0]) in html_lib.unescape(
        page[start : page.index("</li>", start)]
    )


def test_a_yaku_every_preset_scores_alike_has_no_note() -> None:
    y = REGISTRY[0]  # riichi
    ex = YAKU_EXAMPLES[y.id]
    assert preset_notes(y, ex, ex.result.yaku[0]) == ()


def test_it_lists_the_switches_that_change_yaku(client: Client) -> None:
    text = text_of(client.get("/learn/yaku/"))
    for name in ("open_tanyao", "double_yakuman", "yakuman_stacking", "kazoe", "seven_pairs"):
        assert name in text
    assert "Otherwise in: Tenhou (no)" in text  # double yakuman, read from the presets


@pytest.mark.parametrize("yaku_id", ["riichi", "rinshan", "toitoi", "kokushi_13", "tenhou"])
def test_its_calculator_link_opens_the_same_hand(client: Client, yaku_id: str) -> None:
    example = YAKU_EXAMPLES[yaku_id]
    response = client.get(f"/hand/?{example.hand_link}", follow=True)
    text = text_of(response)
    assert f"{example.result.settlement.total} points" in text
    assert yaku_name(yaku_id) in text


def yaku_name(yaku_id: str) -> str:
    return next(y.name for y in REGISTRY if y.id == yaku_id)


def test_it_points_from_the_yakuman_to_the_kazoe_rule(page: str) -> None:
    assert 'href="/learn/terms/#term-kazoe"' in page
    assert 'id="term-kazoe"' in Client().get("/learn/terms/").content.decode()


def plain(markup: str) -> str:
    """Text without tags or spaces (a link's tags leave no trace)."""
    return "".join(html_lib.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def card_text(page: str, yaku_id: str) -> str:
    start = page.index(f'id="yaku-{yaku_id}"')
    return plain(page[start : page.index("</li>", start)])


def test_every_yaku_says_what_it_is_and_when_it_counts(page: str) -> None:
    from scoring.engine.yaku_about import ABOUT

    assert set(ABOUT) == {y.id for y in REGISTRY}
    whats = [ABOUT[y.id].what for y in REGISTRY]
    assert all(whats) and len(set(whats)) == len(whats)  # one line each, no two alike
    for yaku in REGISTRY:
        card = card_text(page, yaku.id)
        assert plain(ABOUT[yaku.id].what) in card, yaku.id
        assert plain(ABOUT[yaku.id].when) in card, yaku.id
        # Closed only or not is the registry's, said in words on every card.
        assert ("Closedonly" if yaku.open_han is None else "Openorclosed") in card, yaku.id


def test_riichi_double_riichi_and_ippatsu_are_told_apart(page: str) -> None:
    riichi, double, ippatsu = (card_text(page, y) for y in ("riichi", "double_riichi", "ippatsu"))
    assert "Declared" in riichi and "1,000-pointstick" in riichi
    assert "firstdiscard" in double and "firstturn" in double
    assert "withinonego-round" in ippatsu and "brokenbyanycall" in ippatsu
    for card in (riichi, double, ippatsu):
        assert "Closedonly" in card


def test_the_page_says_what_a_yaku_is(page: str) -> None:
    text = plain(page)
    assert plain("A yaku is a pattern or a way of winning that earns han") in text
    assert plain("a hand needs at least one to win") in text
