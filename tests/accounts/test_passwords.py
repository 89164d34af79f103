"""Passwords are checked by Django's validators (length, common, similarity to the user name,
all digits), on sign-up and on a change, with the messages in English and Japanese."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def sign_up(client: Client, password: str, prefix: str = "", name: str = "emi_sato"):
    data = {"username": name, "email": "", "password1": password, "password2": password}
    return client.post(f"{prefix}/accounts/signup/", data)


@pytest.mark.parametrize(
    ("password", "english", "japanese"),
    [
        ("pw", "This password is too short", "このパスワードは短すぎます"),
        ("password1234", "This password is too common", "このパスワードは一般的すぎます"),
        ("271828182845904", "This password is entirely numeric", "数字しか使われていません"),
        ("emi_sato_2026", "too similar to the username", "と似すぎています"),
    ],
)
def test_a_weak_password_is_refused_in_both_languages(client, password, english, japanese):
    assert english in sign_up(client, password).content.decode()
    assert japanese in sign_up(client, password, "/ja").content.decode()
    assert not User.objects.filter(username="emi_sato").exists()


def test_a_good_password_is_taken_and_the_rules_are_shown(client):
    page = client.get("/accounts/signup/").content.decode()
    assert "at least 12 characters" in page
    assert sign_up(client, PASSWORD).status_code == 302


def test_a_password_change_is_checked_too(client):
    client.force_login(make_user("sensei"))
    data = {"old_password": PASSWORD, "new_password1": "pw", "new_password2": "pw"}
    response = client.post("/accounts/password/", data)
    assert "This password is too short" in response.content.decode()
