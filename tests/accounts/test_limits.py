"""The limits on log-ins (the site's and the admin's) and on password-reset e-mails."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db

OWNER_AT, ATTACKER_AT = "203.0.113.5", "198.51.100.7"


def log_in(client: Client, name: str, password: str, url: str = "/accounts/login/"):
    return client.post(url, {"username": name, "password": password})


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_a_stranger_cannot_lock_the_owner_out(settings):
    settings.RATE_LOGINS = "10/5m"
    make_user("sensei")
    attacker, owner = Client(REMOTE_ADDR=ATTACKER_AT), Client(REMOTE_ADDR=OWNER_AT)
    for _ in range(10):
        assert log_in(attacker, "sensei", "guess").status_code == 200
    # The attacker's address is refused for that name, even with the right password...
    refused = log_in(attacker, "sensei", PASSWORD)
    assert refused.status_code == 429 and not signed_in(attacker)
    assert "Too many log-in attempts" in refused.content.decode()
    # ...while the owner, from their own address, logs in.
    response = log_in(owner, "sensei", PASSWORD)
    assert response.status_code == 302 and signed_in(owner)


def test_one_address_is_limited_whatever_names_it_tries(settings):
    settings.RATE_LOGINS_PER_ADDRESS = "5/h"
    make_user("sensei")
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    for n in range(5):
        assert log_in(attacker, f"user{n}", "guess").status_code == 200
    assert log_in(attacker, "sensei", PASSWORD).status_code == 429
    assert log_in(Client(REMOTE_ADDR=OWNER_AT), "sensei", PASSWORD).status_code == 302


def test_a_refused_log_in_tells_nothing_about_the_password(settings):
    settings.RATE_LOGINS = "1/5m"
    user = make_user("sensei")
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    log_in(attacker, "sensei", "guess")
    wrong, right = log_in(attacker, "sensei", "guess2"), log_in(attacker, "sensei", PASSWORD)
    assert wrong.status_code == right.status_code == 429

    def text(response) -> str:
        return re.sub(r"[A-Za-z0-9]{64}", "token", response.content.decode())  # CSRF tokens

    assert text(wrong) == text(right)
    assert "correct username and password" not in text(wrong)
    user.refresh_from_db()
    assert user.last_login is None


def test_the_user_name_is_counted_whatever_its_case_or_spaces(settings):
    settings.RATE_LOGINS = "2/5m"
    make_user("sensei")
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    log_in(attacker, "sensei", "a")
    log_in(attacker, " SENSEI ", "b")
    assert log_in(attacker, "Sensei", "c").status_code == 429


def test_the_admin_log_in_is_limited_like_the_sites(settings):
    settings.RATE_LOGINS = "3/5m"
    make_user("root", is_staff=True, is_superuser=True)
    attacker, owner = Client(REMOTE_ADDR=ATTACKER_AT), Client(REMOTE_ADDR=OWNER_AT)
    # Tries on either door count together.
    log_in(attacker, "root", "guess")
    log_in(attacker, "root", "guess", url="/admin/login/")
    log_in(attacker, "root", "guess", url="/admin/login/")
    refused = log_in(attacker, "root", PASSWORD, url="/admin/login/")
    assert refused.status_code == 429 and not signed_in(attacker)
    assert "Too many log-in attempts" in refused.content.decode()
    assert log_in(attacker, "root", PASSWORD).status_code == 429  # the site's door too
    response = log_in(owner, "root", PASSWORD, url="/admin/login/?next=/admin/")
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert owner.get("/admin/").status_code == 200


def test_the_admin_log_in_counts_per_address(settings):
    settings.RATE_LOGINS_PER_ADDRESS = "2/h"
    make_user("root", is_staff=True, is_superuser=True)
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    log_in(attacker, "a", "guess", url="/admin/login/")
    log_in(attacker, "b", "guess", url="/admin/login/")
    assert log_in(attacker, "root", PASSWORD, url="/admin/login/").status_code == 429


def ask_reset(client: Client, email: str):
    return client.post("/accounts/reset/", {"email": email})


def test_reset_e_mails_are_limited_per_account(settings):
    settings.RATE_RESETS = "2/h"
    make_user("sensei", email="sensei@example.org")
    make_user("other", email="other@example.org")
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    for _ in range(2):
        assert ask_reset(attacker, "sensei@example.org").status_code == 302
    assert len(mail.outbox) == 2
    refused = ask_reset(attacker, "Sensei@Example.org")  # the same account, however written
    assert refused.status_code == 429 and len(mail.outbox) == 2
    assert "no e-mail was sent" in refused.content.decode()
    # From another address too: it is the account's mailbox that is protected.
    assert ask_reset(Client(REMOTE_ADDR=OWNER_AT), "sensei@example.org").status_code == 429
    assert len(mail.outbox) == 2
    # Another account is not affected.
    assert ask_reset(attacker, "other@example.org").status_code == 302
    assert [m.to for m in mail.outbox[2:]] == [["other@example.org"]]


def test_reset_e_mails_are_limited_per_address(settings):
    settings.RATE_RESETS_PER_ADDRESS = "3/h"
    for n in range(5):
        make_user(f"u{n}", email=f"u{n}@example.org")
    attacker = Client(REMOTE_ADDR=ATTACKER_AT)
    for n in range(3):
        assert ask_reset(attacker, f"u{n}@example.org").status_code == 302
    refused = ask_reset(attacker, "u3@example.org")
    assert refused.status_code == 429 and "no e-mail was sent" in refused.content.decode()
    assert len(mail.outbox) == 3
    # Another address is not affected.
    assert ask_reset(Client(REMOTE_ADDR=OWNER_AT), "u3@example.org").status_code == 302
    assert mail.outbox[-1].to == ["u3@example.org"]


def test_the_rates_come_from_the_environment(monkeypatch):
    import importlib

    from quizsite import settings as site

    names = {
        "TENBO_RATE_LOGINS": "RATE_LOGINS",
        "TENBO_RATE_LOGINS_PER_ADDRESS": "RATE_LOGINS_PER_ADDRESS",
        "TENBO_RATE_RESETS": "RATE_RESETS",
        "TENBO_RATE_RESETS_PER_ADDRESS": "RATE_RESETS_PER_ADDRESS",
    }
    for n, env in enumerate(names):
        monkeypatch.setenv(env, f"{n + 7}/d")
    try:
        fresh = importlib.reload(site)
        assert [getattr(fresh, s) for s in names.values()] == ["7/d", "8/d", "9/d", "10/d"]
    finally:
        monkeypatch.undo()
        importlib.reload(site)


def test_nothing_is_refused_below_the_defaults():
    make_user("sensei", email="sensei@example.org")
    client = Client(REMOTE_ADDR=OWNER_AT)
    for _ in range(3):
        assert ask_reset(client, "sensei@example.org").status_code == 302
    for _ in range(9):
        assert log_in(client, "sensei", "typo").status_code == 200
    assert log_in(client, "sensei", PASSWORD).status_code == 302
    assert User.objects.get(username="sensei").last_login is not None


def test_the_docs_list_every_limit_and_the_proxy_setting():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    names = re.findall(
        r'"(TENBO_(?:RATE_\w+|TRUSTED_PROXIES|CLASS_WRONG_PINS))"',
        (root / "quizsite/settings.py").read_text(),
    )
    deploying = (root / "docs" / "deploying.md").read_text()
    security = (root / "docs" / "security.md").read_text()
    limits = security[security.index("## The limits") :]
    assert len(names) >= 8
    for name in names:
        if "TRUSTED" in name:
            assert f"`{name}`" in deploying, name
        else:  # every limit in the one table, and named where the deployment lists its settings
            assert f"`{name}`" in limits, name
            assert f"`{name}`" in deploying, name
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in deploying
    assert "createcachetable" not in deploying
