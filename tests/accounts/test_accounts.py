"""Accounts: sign up, log in and out, change and reset the password, rate limits."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def sign_up(client, name="sensei", **extra):
    data = {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data | extra)


def test_it_signs_up_and_signs_in(client):
    response = sign_up(client)
    assert response.status_code == 302 and response["Location"] == "/drills/"
    assert User.objects.filter(username="sensei").exists()
    assert "sensei" in client.get("/drills/").content.decode()  # the header says who


def test_it_explains_a_refused_sign_up(client):
    make_user("sensei")
    response = sign_up(client, password2="different-one-99")
    assert response.status_code == 200
    page = response.content.decode()
    assert "already exists" in page and "didn" in page  # "The two password fields didn’t match"


def test_it_logs_in_and_out(client):
    make_user("sensei")
    response = client.post("/accounts/login/", {"username": "sensei", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/accounts/").status_code == 200
    assert client.get("/accounts/logout/").status_code == 405  # log out by POST only
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/accounts/").status_code == 302


def test_a_wrong_password_says_so(client):
    make_user("sensei")
    response = client.post("/accounts/login/", {"username": "sensei", "password": "nope"})
    assert (
        response.status_code == 200 and "correct username and password" in response.content.decode()
    )


def test_it_changes_the_password(client):
    user = make_user("sensei")
    client.force_login(user)
    new = "another-long-password-7"
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response["Location"] == "/accounts/password/done/"
    user.refresh_from_db()
    assert user.check_password(new)


def test_it_resets_a_forgotten_password_by_email(client):
    user = make_user("sensei", email="sensei@example.org")
    response = client.post("/accounts/reset/", {"email": "sensei@example.org"})
    assert response["Location"] == "/accounts/reset/sent/"
    (message,) = mail.outbox
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form_url = client.get(link)["Location"]  # Django swaps the token for a session marker
    new = "a-brand-new-password-8"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response["Location"] == "/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password(new)


def test_the_email_backend_is_the_console_by_default(settings):
    from quizsite import settings as site

    assert site.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"


def test_log_ins_are_rate_limited_per_address_and_user_name(client, settings):
    settings.RATE_LOGINS = "3/m"
    make_user("sensei")
    for _ in range(3):
        client.post("/accounts/login/", {"username": "sensei", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "sensei", "password": PASSWORD})
    assert response.status_code == 429 and "Too many log-in attempts" in response.content.decode()
    other = client.post("/accounts/login/", {"username": "someone", "password": "x"})
    assert other.status_code == 200  # another name is not blocked


def test_sign_ups_are_rate_limited(client, settings):
    settings.RATE_SIGNUPS = "2/h"
    sign_up(client, "a1")
    client.post("/accounts/logout/")
    sign_up(client, "a2")
    client.post("/accounts/logout/")
    response = sign_up(client, "a3")
    assert response.status_code == 429 and "Too many attempts" in response.content.decode()
    assert not User.objects.filter(username="a3").exists()


def test_the_admin_lists_drills(client):
    from tests.factory import make_drill

    root = make_user("root", is_superuser=True, is_staff=True)
    drill = make_drill(owner=root)
    client.force_login(root)
    for url in ("/admin/drills/drill/", "/admin/drills/attempt/", "/admin/drills/answer/"):
        assert client.get(url).status_code == 200
    assert drill.code in client.get("/admin/drills/drill/").content.decode()
