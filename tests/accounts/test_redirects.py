"""`?next=` after sign-up, log-in and log-out goes only to a path on this site."""

from __future__ import annotations

import urllib.parse

import pytest

from quizsite.redirects import local_path
from tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db

ELSEWHERE = [
    "https://elsewhere.example/",
    "http://elsewhere.example",
    "//elsewhere.example",
    "///elsewhere.example",
    "/\\elsewhere.example",
    "\\\\elsewhere.example",
    "/\t/elsewhere.example",  # browsers drop tabs and newlines: this is //elsewhere.example
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https:elsewhere.example",
    "thanks",  # not a path: no 500, the default page
    "drills:list",  # a URL name is not a path either
    "",
]


def sign_up(client, next_value: str, name: str = "sensei"):
    data = {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(f"/accounts/signup/?next={quote(next_value)}", data)


def quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


@pytest.mark.parametrize("target", ELSEWHERE)
def test_sign_up_ignores_a_next_that_is_not_a_path_here(client, target):
    response = sign_up(client, target)
    assert response.status_code == 302
    assert response["Location"] == "/drills/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_log_in_ignores_a_next_that_is_not_a_path_here(client, target):
    make_user("sensei")
    login = {"username": "sensei", "password": PASSWORD}
    response = client.post(f"/accounts/login/?next={quote(target)}", login)
    assert response.status_code == 302 and response["Location"] == "/drills/"
    # A posted `next` is held to the same rule.
    client.post("/accounts/logout/")
    response = client.post("/accounts/login/", login | {"next": target})
    assert response.status_code == 302 and response["Location"] == "/drills/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_log_out_ignores_a_next_that_is_not_a_path_here(client, target):
    client.force_login(make_user("sensei"))
    response = client.post(f"/accounts/logout/?next={quote(target)}")
    assert response.status_code == 302 and response["Location"] == "/"


def test_a_path_on_this_site_is_followed(client):
    target = "/d/ABCD/?from=login"
    response = sign_up(client, target)
    assert response["Location"] == target
    client.post("/accounts/logout/")
    response = client.post(
        f"/accounts/login/?next={quote(target)}", {"username": "sensei", "password": PASSWORD}
    )
    assert response["Location"] == target
    response = client.post("/accounts/logout/", {"next": "/learn/"})
    assert response["Location"] == "/learn/"


def test_a_signed_in_visitor_sent_to_log_in_goes_to_a_safe_next(client):
    client.force_login(make_user("sensei"))
    response = client.get(f"/accounts/login/?next={quote('https://elsewhere.example/')}")
    assert response.status_code == 302 and response["Location"] == "/drills/"


def test_a_next_with_a_line_break_answers_no_500(client):
    response = sign_up(client, "/drills/\r\nSet-Cookie: x=1")
    assert response.status_code == 302
    assert "\n" not in response["Location"] and "Set-Cookie" not in response.headers


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_helper_refuses_all_of_them(target):
    assert local_path(target) is None


def test_the_log_in_page_keeps_next_on_its_sign_up_link(client):
    page = client.get("/accounts/login/?next=/d/ABCD/").content.decode()
    assert 'href="/accounts/signup/?next=%2Fd%2FABCD%2F"' in page


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_admin_log_in_stays_on_this_site_too(client, target):
    make_user("root", is_staff=True, is_superuser=True)
    login = {"username": "root", "password": PASSWORD, "next": target}
    response = client.post(f"/admin/login/?next={quote(target)}", login)
    assert response.status_code == 302
    assert response["Location"] == "/admin/"
