"""The personal sign-in link and an added student's sessions: the link opens a page naming whose
sign-in it is and signs in only on that page's CSRF-checked POST; a signed-in user is asked
first; nothing a visitor kept moves into the student's account; renewing the link, a new PIN
or removing the student ends every session signed in so far."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from quizsite.classes import students
from quizsite.classes.models import Member
from quizsite.practice.models import Response
from quizsite.visitors.models import Kept
from tests.factory import make_user, post_answer, question

from .helpers import make_class

pytestmark = pytest.mark.django_db


def added(name: str = "Aiko") -> Member:
    classroom = make_class()
    ((member, _pin),) = students.add(classroom, [name])
    return member


def signed_in_as(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def link(member: Member) -> str:
    return f"/classes/s/{member.sign_in_token}/"


def test_the_link_asks_before_signing_in():
    member = added()
    visitor = Client()
    page = visitor.get(link(member))
    html = page.content.decode()
    assert page.status_code == 200 and not signed_in_as(visitor)
    assert "Sign in as Aiko, Thursday beginners?" in html and "I am not Aiko" in html
    assert 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert "no-store" in page["Cache-Control"]
    response = visitor.post(link(member))
    assert response["Location"] == f"/classes/{member.classroom_id}/student/"
    assert signed_in_as(visitor) == str(member.user_id)


def test_a_planted_post_without_the_pages_token_signs_nobody_in():
    member = added()
    victim = Client(enforce_csrf_checks=True)
    response = victim.post(link(member))  # a form on another site, posting to the link
    assert response.status_code == 403 and not signed_in_as(victim)
    victim.get(link(member))  # the page itself: its form carries the token
    token = victim.cookies[settings.CSRF_COOKIE_NAME].value
    response = victim.post(link(member), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and signed_in_as(victim) == str(member.user_id)


def test_a_signed_in_user_is_asked_before_being_switched():
    member = added()
    kenji = make_user("kenji")
    client = Client()
    client.force_login(kenji)
    html = client.get(link(member)).content.decode()
    assert "You are signed in as kenji" in html and "Sign out and sign in as Aiko" in html
    assert signed_in_as(client) == str(kenji.pk)
    client.post(link(member))
    assert signed_in_as(client) == str(member.user_id)
    again = client.get(link(member)).content.decode()
    assert "You are signed in as Aiko already" in again and "Sign in as Aiko</button>" not in again


def test_nothing_a_visitor_kept_moves_into_the_students_account():
    member = added()
    visitor = Client()
    post_answer(visitor, question(81, "fu"))  # practice answered as a visitor
    assert Response.objects.filter(user=None).count() == 1
    visitor.get(link(member))
    visitor.post(link(member))
    assert signed_in_as(visitor) == str(member.user_id)
    assert not Response.objects.filter(user=member.user).exists()
    assert Response.objects.filter(user=None).count() == 1  # still the visitor's, not moved
    kept_before = Kept.objects.count()
    assert kept_before >= 1  # the old session's record, found by no session of the student


def test_the_pin_sign_in_moves_nothing_either():
    classroom = make_class()
    ((member, pin),) = students.add(classroom, ["Aiko"])
    visitor = Client()
    post_answer(visitor, question(81, "fu"))
    post = {"code": classroom.code, "member": member.pk, "pin": pin}
    assert visitor.post("/classes/sign-in/", post).status_code == 302
    assert not Response.objects.filter(user=member.user).exists()


@pytest.mark.parametrize("action", ["link", "pin", "remove"])
def test_renewing_resetting_or_removing_ends_every_session(action):
    member = added()
    classroom = member.classroom
    student = Client()
    student.post(link(member))
    copied = Client()  # the same cookie, copied to another browser before
    copied.cookies[settings.SESSION_COOKIE_NAME] = student.cookies[
        settings.SESSION_COOKIE_NAME
    ].value
    page = f"/classes/{classroom.pk}/student/"
    assert student.get(page).status_code == 200 and copied.get(page).status_code == 200
    teacher = Client()
    teacher.force_login(classroom.owner)
    address = {"link": "link/", "pin": "pin/", "remove": "remove/"}[action]
    done = teacher.post(f"/classes/{classroom.pk}/members/{member.pk}/{address}")
    assert done.status_code == 302
    for browser in (student, copied):
        response = browser.get(page)
        assert response.status_code == 404 and not signed_in_as(browser), action
    assert signed_in_as(teacher) == str(classroom.owner.pk)  # the instructor's own stays


def test_a_student_who_joined_with_an_account_keeps_their_sessions_when_removed():
    classroom = make_class()
    kenji = make_user("kenji")
    Member.objects.create(classroom=classroom, user=kenji, name="Kenji")
    client = Client()
    client.force_login(kenji)
    teacher = Client()
    teacher.force_login(classroom.owner)
    member = Member.objects.get(user=kenji)
    teacher.post(f"/classes/{classroom.pk}/members/{member.pk}/remove/")
    assert signed_in_as(client) == str(kenji.pk) and client.get("/accounts/").status_code == 200
