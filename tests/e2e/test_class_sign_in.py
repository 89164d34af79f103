"""A class student's personal link in the browser: the page asks whose sign-in it is, its button
signs in; the instructor's merge page compares two entries and keeps the one chosen; a joining
student whose name the class has is asked for an initial. Screenshots of each."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from quizsite.classes import students
from quizsite.classes.models import Classroom, Member, WrongPin
from tests.e2e.shots import shoot
from tests.factory import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def signed_in(page: Page, site: str, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": site}])


def test_the_personal_link_asks_then_signs_in(page: Page, site: str) -> None:
    classroom = Classroom.objects.create(owner=make_user("sensei"), name="Tuesday beginners")
    ((aiko, _pin),) = students.add(classroom, ["Aiko Tanaka"])
    page.goto(f"{site}/classes/s/{aiko.sign_in_token}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Sign in as Aiko Tanaka, Tuesday beginners?"
    )
    shoot(page, "class-link-ask")
    page.get_by_role("button", name="Sign in as Aiko Tanaka").click()
    page.wait_for_url(f"**/classes/{classroom.pk}/student/")
    expect(page.get_by_text("Not Aiko Tanaka?")).to_be_visible()
    signed_in(page, site, make_user("kenji"))  # another account on the same browser
    page.goto(f"{site}/classes/s/{aiko.sign_in_token}/")
    expect(page.get_by_text("You are signed in as kenji")).to_be_visible()
    shoot(page, "class-link-switch")
    page.goto(f"{site}/ja/classes/s/{aiko.sign_in_token}%00/")  # a NUL: refused, saying why
    expect(page.get_by_role("alert")).to_contain_text("NUL")
    shoot(page, "nul-refused-ja")


def test_the_merge_page_and_a_paused_pin_sign_in(page: Page, site: str) -> None:
    owner = make_user("sensei")
    classroom = Classroom.objects.create(owner=owner, name="Tuesday beginners")
    ((added, _pin),) = students.add(classroom, ["Aiko"])
    joined = Member.objects.create(classroom=classroom, user=make_user("aiko_t"), name="Aiko T.")
    WrongPin.objects.create(classroom=classroom, member=added, weight=100)
    signed_in(page, site, owner)
    page.goto(f"{site}/classes/{classroom.pk}/roster/")
    expect(page.locator("#pins-paused")).to_contain_text("PIN sign-in is paused")
    shoot(page, "class-pins-paused")
    page.goto(f"{site}/classes/{classroom.pk}/members/{added.pk}/merge/?into={joined.pk}")
    expect(page.get_by_text("Joined with the account «aiko_t»")).to_be_visible()
    shoot(page, "class-merge-compare")
    page.get_by_text("Added by an instructor").click()
    page.get_by_role("button", name="Merge").click()
    page.wait_for_url(f"**/classes/{classroom.pk}/members/{added.pk}/")
    assert not Member.objects.filter(pk=joined.pk).exists()


def test_joining_under_a_name_the_class_has(page: Page, site: str) -> None:
    classroom = Classroom.objects.create(owner=make_user("sensei"), name="Tuesday beginners")
    students.add(classroom, ["Aiko"])
    signed_in(page, site, make_user("aiko"))
    page.goto(f"{site}/classes/join/{classroom.code}/")
    page.get_by_role("button", name="Join the class").click()
    expect(page.get_by_text("Add an initial or your family name")).to_be_visible()
    shoot(page, "class-join-name-taken")
    page.get_by_label("Your name in the class").fill("Aiko S.")
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(f"**/classes/{classroom.pk}/student/")
