"""Joining a class with an account: the code in any case, a closed class, joining twice, a
visitor sent to sign up or log in and back, the share page with its QR code and card."""

from __future__ import annotations

import pytest

from quizsite.classes.models import Member
from tests.factory import PASSWORD, make_user

from .helpers import make_class, make_member

pytestmark = pytest.mark.django_db


def test_the_share_page_has_the_code_the_link_a_qr_code_and_a_card(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    html = client.get(f"/classes/{classroom.pk}/share/").content.decode()
    assert classroom.code in html and f"/classes/join/{classroom.code}/" in html and "<svg" in html
    card = client.get(f"/classes/{classroom.pk}/card/").content.decode()
    assert "projector-big" in card and classroom.code in card and "<svg" in card


def test_the_code_is_read_in_any_case_with_spaces_and_dashes(client):
    classroom = make_class()
    typed = f" {classroom.code[:3].lower()}-{classroom.code[3:]} "
    response = client.get("/classes/join/", {"code": typed})
    assert response["Location"] == f"/classes/join/{classroom.code}/"
    lower = client.get(f"/classes/join/{classroom.code.lower()}/")
    assert lower.status_code == 302 and lower["Location"] == f"/classes/join/{classroom.code}/"
    unknown = client.get("/classes/join/", {"code": "zzzzzz"})
    assert unknown.status_code == 200 and "No class has the code ZZZZZZ" in unknown.content.decode()
    assert client.get("/classes/join/ZZZZZZ/").status_code == 404


def test_a_student_joins_once(client):
    classroom = make_class()
    student = make_user("Kenji")
    client.force_login(student)
    url = f"/classes/join/{classroom.code}/"
    page = client.get(url).content.decode()
    assert "Join the class" in page and not Member.objects.exists()  # a GET joins nobody
    assert 'value="Kenji"' in page  # the account's name, to start with
    response = client.post(url, {"name": "Kenji"})
    assert response["Location"] == f"/classes/{classroom.pk}/student/"
    member = Member.objects.get()
    assert member.user == student and member.name == "Kenji" and not member.added
    again = client.post(url, {"name": "Kenji"})
    assert "You are already in this class" in again.content.decode()
    assert Member.objects.count() == 1
    assert "Thursday beginners" in client.get("/classes/").content.decode()


def test_a_closed_class_refuses_new_members_only(client):
    classroom = make_class(is_open=False)
    inside = make_member(classroom, "Aiko")
    client.force_login(make_user("Bruno"))
    url = f"/classes/join/{classroom.code}/"
    response = client.post(url, {"name": "Bruno"})
    assert response.status_code == 403
    assert "closed to new members" in response.content.decode()
    assert list(Member.objects.all()) == [inside]
    client.force_login(inside.user)
    assert client.get(f"/classes/{classroom.pk}/student/").status_code == 200


def test_an_instructor_does_not_join_their_own_class(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    response = client.post(f"/classes/join/{classroom.code}/")
    assert response.status_code == 403 and not Member.objects.exists()


def test_a_visitor_signs_up_and_comes_back_to_join(client):
    classroom = make_class()
    url = f"/classes/join/{classroom.code}/"
    page = client.get(url).content.decode()
    assert f"/accounts/signup/?next=/classes/join/{classroom.code}/" in page
    assert f"/accounts/login/?next=/classes/join/{classroom.code}/" in page
    assert client.post(url).status_code == 200 and not Member.objects.exists()
    make_user("Yuki")
    back = client.post(f"/accounts/login/?next={url}", {"username": "Yuki", "password": PASSWORD})
    assert back["Location"] == url
    client.post(url, {"name": "Yuki"})
    assert Member.objects.get().name == "Yuki"


def test_the_next_after_log_in_stays_on_the_site(client):
    make_user("Yuki")
    response = client.post(
        "/accounts/login/?next=https://elsewhere.example/",
        {"username": "Yuki", "password": PASSWORD},
    )
    assert "elsewhere" not in response["Location"]


def test_a_visitor_who_signs_up_comes_back_to_join(client):
    classroom = make_class()
    url = f"/classes/join/{classroom.code}/"
    data = {"username": "Emi", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(f"/accounts/signup/?next={url}", data)
    assert response["Location"] == url
    assert client.post(url, {"name": "Emi"})["Location"] == f"/classes/{classroom.pk}/student/"
    assert Member.objects.get().name == "Emi"


def test_joining_refuses_a_name_the_class_has_and_asks_for_an_initial(client):
    """A stranger who signs up as "Aiko" cannot join beside the real Aiko under a name that
    reads the same: case, width and look-alike characters aside."""
    classroom = make_class()
    aiko = make_member(classroom, "Aiko")
    url = f"/classes/join/{classroom.code}/"
    for n, typed in enumerate(("Aiko", "aiko", "ＡＩＫＯ", "Аiko", "Aiko\u200b")):
        client.force_login(make_user(f"stranger{n}"))
        response = client.post(url, {"name": typed})
        page = response.content.decode()
        assert response.status_code == 200, typed
        assert "already" in page or "invisible formatting" in page, typed
    assert list(Member.objects.all()) == [aiko]
    client.force_login(make_user("aiko_t"))  # the page says what to do
    page = client.get(url).content.decode()
    refused = client.post(url, {"name": "Aiko"}).content.decode()
    assert "Add an initial or your family name (such as “Aiko T.”)" in refused
    assert client.post(url, {"name": "Aiko T."}).status_code == 302
    assert sorted(Member.objects.values_list("name", flat=True)) == ["Aiko", "Aiko T."]
    assert 'value="aiko_t"' in page


def test_a_blank_name_is_refused(client):
    classroom = make_class()
    client.force_login(make_user("Kenji"))
    response = client.post(f"/classes/join/{classroom.code}/", {"name": "  "})
    assert "cannot be blank" in response.content.decode() and not Member.objects.exists()
