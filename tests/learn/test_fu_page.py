"""The fu sheet at /learn/fu/: every fu item with a hand the engine scores."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from quizsite.learn.examples import FU_EXAMPLES, FuExample
from scoring.engine.fu import MELD_FU, OPEN_NO_FU, TSUMO
from scoring.engine.payment import round_fu
from scoring.engine.rules import get_rules
from tests.helpers import text_of

ALL = [ex for examples in FU_EXAMPLES.values() for ex in examples]


@pytest.fixture(scope="module")
def page(django_db_blocker) -> str:
    return Client().get("/learn/fu/").content.decode()


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.title)
def test_each_example_has_the_item_it_shows(ex: FuExample) -> None:
    focus = [item for item in ex.items if ex.is_focus(item)]
    assert focus, [i.reason for i in ex.items]
    best = ex.result.best
    assert best.fu_total == sum(i.fu for i in ex.items)
    assert best.fu == round_fu(best.fu_total)


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.title)
def test_the_page_shows_what_the_engine_computes(page: str, ex: FuExample) -> None:
    start = page.index(f"<h3>{html_lib.escape(ex.title)}</h3>")
    card = " ".join(
        html_lib.unescape(
            page[start : page.index("</li>\n", page.index("fu-total", start))]
        ).split()
    )
    words = re.sub(r"<[^>]+>", "", card)  # the reasons' terms are links
    for item in ex.items:
        assert f"+{item.fu}" in card and item.reason in words
    best = ex.result.best
    assert f"{best.fu_total} fu" in card and f"{best.fu} fu" in card


def test_every_set_in_the_meld_table_has_an_example() -> None:
    shown = {(i.fu, i.reason.split(" (")[0]) for ex in FU_EXAMPLES["sets"] for i in ex.items}
    for (concealed, edge, quad), fu in MELD_FU.items():
        state = "concealed" if concealed else "open"
        kind = "terminals/honours" if edge else "simples"
        assert (fu, f"{state} {'quad' if quad else 'triplet'} of {kind}") in shown


def test_the_meld_table_is_the_engines(client: Client) -> None:
    text = text_of(client.get("/learn/fu/"))
    for quad, what in ((False, "Triplet"), (True, "Quad")):
        for edge, kind in ((False, "simples"), (True, "terminals or honours")):
            row = f"{what} of {kind} {MELD_FU[(False, edge, quad)]} {MELD_FU[(True, edge, quad)]}"
            assert row in text


def special(title_start: str) -> FuExample:
    return next(ex for ex in FU_EXAMPLES["special"] if ex.title.startswith(title_start))


def test_pinfu_tsumo_waives_the_tsumo_fu() -> None:
    ex = special("Pinfu tsumo")
    assert ex.example.tsumo and "pinfu" in {y.id for y in ex.result.yaku}
    assert TSUMO not in ex.items
    assert ex.result.fu == 20


def test_an_open_hand_with_no_fu_won_on_a_discard_counts_30() -> None:
    ex = special("Open hand")
    assert not ex.result.request.concealed and not ex.example.tsumo
    assert OPEN_NO_FU in ex.items
    assert ex.result.fu == 30


def test_seven_pairs_are_25_and_not_rounded(page: str) -> None:
    ex = special("Seven pairs")
    assert ex.result.fu == 25 == round_fu(25)
    assert "25 → <strong>25</strong>" in page


def test_the_double_wind_pair_follows_the_rules() -> None:
    for ex in FU_EXAMPLES["pair"]:
        if ex.focus.startswith("pair of the seat wind that"):
            item = next(i for i in ex.items if ex.is_focus(i))
            assert item.fu == get_rules(ex.rules).double_wind_fu
    assert {ex.rules for ex in FU_EXAMPLES["pair"]} >= {"mahjongsoul", "mleague"}


def test_the_fu_items_link_their_terms_to_the_glossary(page: str) -> None:
    items = " ".join(re.findall(r'<ul class="fu-items">(.*?)</ul>', page, re.S))
    linked = {w.lower() for w in re.findall(r'<a class="term" href="[^"]+">([^<]+)</a>', items)}
    for word in ("fuutei", "tanki", "menzen"):
        assert any(word in w for w in linked), (word, linked)
