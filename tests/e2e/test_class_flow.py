"""An instructor with a class, in a browser: a weak topic's "Make a drill from this" draws the
drill and comes back to the class's work with the drill set, the due date asked there; the
builder's action and the members' whole names are on the screen, measured in pixels on a
laptop (1280×800) and a phone (390×844); the drill's results lead back to the class."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from quizsite.classes.models import Assignment, MemberTopic
from tests.e2e.pages import as_instructor, instructor_drill
from tests.factory import add_member, make_classroom

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NAMES = ("Chloé Martin-Dubois", "Farid Haddad-Benali", "Aiko Tanaka")


def weak_class():
    """The instructor's class whose members all slip on the kanchan wait."""
    user, _ = instructor_drill()
    classroom = make_classroom(user, name="Thursday club")
    for name in NAMES:
        member = add_member(classroom, name=name)
        MemberTopic.objects.create(
            member=member, topic="wait:kanchan", seen=4, right=1, weight=2.95, score=0.51
        )
    return classroom


def in_view(page: Page, locator) -> bool:
    found = locator.bounding_box()
    size = page.viewport_size
    return bool(found and found["y"] >= 0 and found["y"] + found["height"] <= size["height"])


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_drill_made_from_a_weak_topic_comes_back_set_for_the_class(
    page: Page, site: str, size: dict[str, int]
) -> None:
    classroom = weak_class()
    page.set_viewport_size(size)
    page.goto(site)  # the instructor's cookie is set for this address
    as_instructor(f"/classes/{classroom.pk}/")(page)
    page.get_by_role("link", name="Make a drill from this").first.click()
    expect(page.get_by_role("heading", name="Set a drill")).to_be_visible()
    draw = page.get_by_role("button", name="Draw the questions")
    assert page.evaluate("window.scrollY") == 0 and in_view(page, draw)  # no scrolling to it
    draw.click()
    page.wait_for_url(re.compile(rf"/classes/{classroom.pk}/work/\?due=\d+"))
    assignment = Assignment.objects.get(classroom=classroom)
    expect(page.locator(".message")).to_contain_text("is drawn and set for the class")
    due = page.get_by_label("Due (optional)").first
    assert in_view(page, due)
    due.fill("2030-05-01T18:00")
    page.get_by_role("button", name="Set the due date").click()
    expect(page.locator(".message")).to_contain_text("is due")
    assignment.refresh_from_db()
    assert assignment.due is not None
    page.goto(f"{site}/drills/{assignment.drill.code}/results/")
    page.locator(".crumbs").get_by_role("link", name="Thursday club").click()
    page.wait_for_url(re.compile(rf"/classes/{classroom.pk}/$"))


def test_the_class_page_shows_whole_names_on_a_phone(page: Page, site: str) -> None:
    classroom = weak_class()
    page.set_viewport_size(PHONE)
    page.goto(site)  # the instructor's cookie is set for this address
    as_instructor(f"/classes/{classroom.pk}/")(page)
    cells = page.locator("th.name-col a")
    expect(cells.first).to_be_visible()
    shown = {cells.nth(i).inner_text().replace("\n", " ") for i in range(cells.count())}
    assert set(NAMES) <= {re.sub(r"-\s", "-", s) for s in shown}
    cut = page.evaluate(
        """() => [...document.querySelectorAll('th.name-col')].filter(
             c => c.scrollWidth > c.clientWidth + 1).length"""
    )
    assert cut == 0
