"""Keeping the score of a whole east-only game on a phone-sized page: a double ron, a draw
with two tenpai, a chombo, a wrong hand undone, and the final standings; screenshots of the
board, the hand entry and the standings at 390 and 1280 px."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from quizsite.games.board import final_text
from scoring.engine.final import final_scores
from scoring.engine.rules import get_table_rules

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def seat(page: Page, name: str):
    return page.locator("fieldset.seat-entry", has=page.locator("legend", has_text=name))


def enter(page: Page, kind: str, *, save: bool = True, shot: str = "", **seats) -> None:
    """One hand: `seats` maps a name to what to tick ("won", "dealt in", "tenpai", "riichi")
    and a value ("3/30" for han/fu, or a limit's name)."""
    page.get_by_role("link", name="Enter hand").click()
    page.locator(f'input[name="kind"][value="{kind}"]').check()
    for name, marks in seats.items():
        box = seat(page, name)
        for mark in marks:
            if "/" in mark:
                han, fu = mark.split("/")
                page.get_by_role("radiogroup", name=f"{name}'s han").get_by_label(
                    han, exact=True
                ).check()
                page.get_by_role("radiogroup", name=f"{name}'s fu").get_by_label(
                    fu, exact=True
                ).check()
            elif mark in ("Mangan", "Haneman", "Yakuman"):
                page.get_by_role("radiogroup", name=f"{name}'s limit").get_by_label(
                    mark, exact=True
                ).check()
            elif mark.startswith("chombo"):
                seat(page, name).get_by_label("Chombo", exact=True).check()
            else:
                box.get_by_label(mark.capitalize(), exact=True).check()
    page.get_by_role("button", name="Settle").click()
    expect(page.locator(".preview")).to_be_visible()
    if shot:
        page.screenshot(path=SCREENSHOTS / f"{shot}-390.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"{shot}-1280.png", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
    if save:
        page.get_by_role("button", name="Save hand").click()
        expect(page.locator("#live")).to_be_visible()


def scores(page: Page) -> list[str]:
    return [page.locator(f'.score[data-seat="{s}"]').inner_text() for s in range(4)]


def test_a_whole_east_only_game_on_a_phone(page: Page, site: str):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/games/new/")
    for wind, name in zip(("East", "South", "West", "North"), NAMES, strict=True):
        page.get_by_label(wind, exact=False).first.fill(name)
    page.get_by_label("Length").select_option("tonpuusen")
    page.get_by_text("Change the preset's rules").click()
    page.screenshot(path=SCREENSHOTS / "game-new-390.png", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".hand-name")).to_contain_text("East 1, 0 honba")

    # East 1: Bruno (3 han 30 fu) and Chen (mangan) both ron Dana's discard.
    enter(page, "ron", shot="game-entry",
          Bruno=["won", "3/30"], Chen=["won", "Mangan"], Dana=["dealt in"])  # fmt: skip
    assert scores(page) == ["25,000", "28,900", "33,000", "13,100"]
    expect(page.locator(".hand-name")).to_contain_text("East 2, 0 honba")

    # East 2: a draw, Aiko (in riichi) and Chen tenpai: 1500 from each noten player.
    enter(page, "draw", Aiko=["riichi", "tenpai"], Chen=["tenpai"])
    assert scores(page) == ["25,500", "27,400", "34,500", "11,600"]
    expect(page.locator(".hand-name")).to_contain_text("East 3, 1 honba")
    expect(page.locator(".table-line")).to_contain_text("1 riichi deposit on the table")

    # East 3: Dana's chombo: 4000 to the dealer, 2000 to each other; the hand is replayed.
    enter(page, "chombo", Dana=["chombo"])
    assert scores(page) == ["27,500", "29,400", "38,500", "3,600"]
    expect(page.locator(".hand-name")).to_contain_text("East 3, 1 honba")

    # A wrong hand, undone.
    enter(page, "tsumo", Bruno=["won", "Haneman"])
    expect(page.locator(".hand-name")).to_contain_text("East 4, 0 honba")
    page.get_by_role("link", name="Undo hand 4…").click()
    expect(page.locator("h1")).to_have_text("Undo hand 4?")
    page.get_by_role("button", name="Undo hand 4").click()
    expect(page.locator(".hand-name")).to_contain_text("East 3, 1 honba")
    assert scores(page) == ["27,500", "29,400", "38,500", "3,600"]
    page.screenshot(path=SCREENSHOTS / "game-board-390.png", full_page=True)
    # the board turns for the players across the table, and back
    turned = "e => getComputedStyle(e).transform"
    page.get_by_text("Turn the scores for the far side").click()
    assert page.locator(".seats").evaluate(turned).startswith("matrix(-1")
    page.get_by_text("Turn the scores for the far side").click()
    assert page.locator(".seats").evaluate(turned) == "none"
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SCREENSHOTS / "game-board-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})

    # East 3 again: Aiko 2 han 30 fu off Bruno, with the honba and the deposit.
    enter(page, "ron", Aiko=["won", "2/30"], Bruno=["dealt in"])
    assert scores(page) == ["30,800", "27,100", "38,500", "3,600"]
    # East 4: Chen tsumo 1 han 30 fu; the dealer passes after the last hand: the game ends.
    enter(page, "tsumo", Chen=["won", "1/30"])
    expect(page.locator(".hand-name")).to_contain_text("Game over")

    raw = (30500, 26800, 39600, 3100)
    final = final_scores(raw, rules=get_table_rules("mahjongsoul"))
    rows = page.locator(".standings-table tbody tr")
    expect(rows).to_have_count(4)
    for place, s in enumerate(final.order):
        expect(rows.nth(place).locator("th")).to_have_text(NAMES[s])
        expect(rows.nth(place).locator(".final-points")).to_have_text(final_text(final.tenths[s]))
    assert [NAMES[s] for s in final.order] == ["Chen", "Aiko", "Bruno", "Dana"]
    page.screenshot(path=SCREENSHOTS / "game-standings-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SCREENSHOTS / "game-standings-1280.png", full_page=True)
    # nothing is wider than the phone's screen
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
