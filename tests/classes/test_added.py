"""Students the instructor adds by name: their accounts, PINs kept hashed and shown once,
the personal link (renewed: the old one dead), the sign-in page with its limit, no password
log-in, the printable sheet and "Switch student"."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import check_password
from django.test import Client

from quizsite.classes.models import Member
from tests.factory import make_user

from .helpers import make_class, make_member

pytestmark = pytest.mark.django_db


def add(client: Client, classroom, names: str):
    return client.post(f"/classes/{classroom.pk}/add/", {"names": names})


def shown_pins(client: Client, classroom) -> dict[str, str]:
    html = client.get(f"/classes/{classroom.pk}/roster/").content.decode()
    return dict(re.findall(r"<tr><td>([^<]+)</td><td><code class=\"pin\">(\d+)</code>", html))


def signed_in_as(client: Client):
    return client.session.get("_auth_user_id")


def test_added_students_get_accounts_and_pins_shown_once(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    response = add(client, classroom, "Aiko\n\n  Bruno  Chen \nさくら\n")
    assert response.status_code == 302
    members = {m.name: m for m in Member.objects.all()}
    assert set(members) == {"Aiko", "Bruno Chen", "さくら"}
    pins = shown_pins(client, classroom)
    assert set(pins) == set(members) and all(4 <= len(p) <= 6 for p in pins.values())
    for name, member in members.items():
        user = member.user
        assert member.added and not user.has_usable_password() and user.email == ""
        assert member.pin != pins[name] and check_password(pins[name], member.pin)
        assert member.pin.startswith("pbkdf2_sha256_pin$")  # Django's PBKDF2, fewer rounds
        assert len(member.sign_in_token) >= 40
    assert shown_pins(client, classroom) == {}  # shown once only
    assert len({m.user.username for m in members.values()}) == 3


def test_names_are_checked_all_or_none(client):
    classroom = make_class()
    make_member(classroom, "Aiko")
    client.force_login(classroom.owner)
    for names, says in [
        ("", "Type at least one name."),
        ("Dana\n" + "x" * 41, "Line 2: A student&#x27;s name has at most 40 characters"),
        ("Dana\nDANA", "typed twice"),
        ("Dana\n aiko", "called “aiko” already"),
        ("Dana\nE\x1bmi", "control characters"),
        ("\n".join(f"S{i}" for i in range(201)), "At most 200 names at once (you typed 201)"),
    ]:
        response = add(client, classroom, names)
        assert response.status_code == 200 and says in response.content.decode(), names
    assert Member.objects.count() == 1
    assert add(client, classroom, "\n".join(f"S{i}" for i in range(200))).status_code == 302
    assert Member.objects.count() == 201


def test_the_personal_link_signs_in_and_a_renewed_one_is_dead(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko")
    member = Member.objects.get()
    old = member.sign_in_token
    sheet = client.get(f"/classes/{classroom.pk}/sheet/").content.decode()
    assert f"/classes/s/{old}/" in sheet and "<svg" in sheet and "Aiko" in sheet
    client.post(f"/classes/{classroom.pk}/members/{member.pk}/link/")
    new = Member.objects.get().sign_in_token
    assert new != old
    student = Client()
    assert student.get(f"/classes/s/{old}/").status_code == 404 and not signed_in_as(student)
    assert student.post(f"/classes/s/{old}/").status_code == 404 and not signed_in_as(student)
    response = student.post(f"/classes/s/{new}/")
    assert response["Location"] == f"/classes/{classroom.pk}/student/"
    assert signed_in_as(student) == str(member.user_id)
    assert "Aiko" in student.get(response["Location"]).content.decode()


def test_the_sign_in_page_takes_the_code_then_name_and_pin(client):
    classroom = make_class()
    make_member(classroom, "Kenji")  # joined with an account: not in the list
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko\nBruno")
    pin = shown_pins(client, classroom)["Aiko"]
    aiko = Member.objects.get(name="Aiko")
    student = Client()
    page = student.get("/classes/sign-in/", {"code": classroom.code.lower()}).content.decode()
    assert ">Aiko</option>" in page and ">Bruno</option>" in page and "Kenji" not in page
    wrong = "0000" if pin != "0000" else "1111"
    refused = student.post(
        "/classes/sign-in/", {"code": classroom.code, "member": aiko.pk, "pin": wrong}
    )
    assert "That PIN is not the one for this name" in refused.content.decode()
    assert not signed_in_as(student)
    ok = student.post("/classes/sign-in/", {"code": classroom.code, "member": aiko.pk, "pin": pin})
    assert ok["Location"] == f"/classes/{classroom.pk}/student/"
    assert signed_in_as(student) == str(aiko.user_id)


def test_a_new_pin_replaces_the_old_one(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko")
    old = shown_pins(client, classroom)["Aiko"]
    aiko = Member.objects.get()
    client.post(f"/classes/{classroom.pk}/members/{aiko.pk}/pin/")
    new = shown_pins(client, classroom)["Aiko"]
    stored = Member.objects.get().pin
    assert check_password(new, stored) and (old == new or not check_password(old, stored))


def test_pin_guessing_is_limited(client, settings):
    settings.RATE_LOGINS = "3/m"
    classroom = make_class()
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko")
    pin = shown_pins(client, classroom)["Aiko"]
    aiko = Member.objects.get()
    wrong = "0000" if pin != "0000" else "1111"
    guesser = Client(REMOTE_ADDR="198.51.100.7")
    post = {"code": classroom.code, "member": aiko.pk}
    for _ in range(3):
        assert guesser.post("/classes/sign-in/", post | {"pin": wrong}).status_code == 200
    refused = guesser.post("/classes/sign-in/", post | {"pin": pin})
    assert refused.status_code == 429 and "Too many sign-in attempts" in refused.content.decode()
    assert not signed_in_as(guesser)
    # The student, from the classroom's own address, still signs in.
    student = Client(REMOTE_ADDR="203.0.113.5")
    assert student.post("/classes/sign-in/", post | {"pin": pin}).status_code == 302


def test_an_added_student_cannot_log_in_with_a_password(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko")
    username = Member.objects.get().user.username
    student = Client()
    for password in ("", "!", Member.objects.get().pin, "a-long-test-password-42"):
        student.post("/accounts/login/", {"username": username, "password": password})
        assert not signed_in_as(student)


def test_switch_student_logs_out_back_to_the_class_sign_in(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    add(client, classroom, "Aiko")
    member = Member.objects.get()
    student = Client()
    student.post(f"/classes/s/{member.sign_in_token}/")
    page = student.get(f"/classes/{classroom.pk}/student/").content.decode()
    assert "Not Aiko?" in page and "Switch student" in page
    response = student.post(f"/classes/{classroom.pk}/switch/")
    assert response["Location"] == f"/classes/sign-in/?code={classroom.code}"
    assert not signed_in_as(student)


def test_pin_and_link_are_for_added_students_only(client):
    classroom = make_class()
    kenji = make_member(classroom, "Kenji")
    client.force_login(classroom.owner)
    assert client.post(f"/classes/{classroom.pk}/members/{kenji.pk}/pin/").status_code == 404
    assert client.post(f"/classes/{classroom.pk}/members/{kenji.pk}/link/").status_code == 404
    assert Client().get("/classes/s/" + "x" * 43 + "/").status_code == 404
    other = make_class(make_user("other"))
    client.force_login(other.owner)
    assert client.post(f"/classes/{classroom.pk}/members/{kenji.pk}/pin/").status_code == 404


def test_a_user_name_taken_meanwhile_gets_another(monkeypatch):
    from quizsite.classes import students

    classroom = make_class()
    make_user(f"Aiko.{classroom.code}")
    # As if another request took the name between the look-up and the insert.
    monkeypatch.setattr(students, "username_for", lambda name, c: f"Aiko.{c.code}")
    ((member, _pin),) = students.add(classroom, ["Aiko"])
    assert member.user.username.startswith(f"Aiko.{classroom.code}-")
