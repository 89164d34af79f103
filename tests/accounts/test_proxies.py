"""The client's address behind trusted proxies (`quizsite.client`), and the limits keyed on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory

from quizsite.client import UNKNOWN, client_address, client_network
from tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"  # the nginx in front, as gunicorn sees it


def address(remote: str | None = PROXY, forwarded: str | None = None) -> str:
    meta = {}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    request = RequestFactory().get("/", **meta)
    if remote is None:
        del request.META["REMOTE_ADDR"]
    else:
        request.META["REMOTE_ADDR"] = remote
    return client_address(request)


def test_with_no_proxy_the_header_is_ignored(settings):
    settings.TENBO_TRUSTED_PROXIES = 0
    assert address("203.0.113.5", "198.51.100.7") == "203.0.113.5"
    assert address("203.0.113.5") == "203.0.113.5"


def test_with_one_proxy_the_last_entry_is_the_client(settings):
    settings.TENBO_TRUSTED_PROXIES = 1
    assert address(PROXY, "203.0.113.5") == "203.0.113.5"
    # What a client forges stands before what the proxy appended: ignored.
    assert address(PROXY, "1.2.3.4, 203.0.113.5") == "203.0.113.5"
    assert address(PROXY, "1.2.3.4,5.6.7.8 ,  203.0.113.5 ") == "203.0.113.5"


def test_with_two_proxies_the_second_entry_from_the_right_is_the_client(settings):
    settings.TENBO_TRUSTED_PROXIES = 2
    # client forges 1.2.3.4; the CDN appends the client (203.0.113.5), nginx the CDN (192.0.2.9)
    assert address(PROXY, "1.2.3.4, 203.0.113.5, 192.0.2.9") == "203.0.113.5"
    assert address(PROXY, "203.0.113.5, 192.0.2.9") == "203.0.113.5"


def test_too_few_entries_fall_back_to_the_nearest_address(settings):
    settings.TENBO_TRUSTED_PROXIES = 2
    assert address(PROXY, "203.0.113.5") == PROXY
    settings.TENBO_TRUSTED_PROXIES = 1
    assert address(PROXY) == PROXY
    assert address(PROXY, "") == PROXY
    assert address(PROXY, " , ") == PROXY


@pytest.mark.parametrize(
    "entry", ["unknown", "evil.example", "203.0.113.5:4711", "999.1.2.3", "_hidden", "[::1]"]
)
def test_an_entry_that_is_not_an_address_is_not_trusted(settings, entry):
    settings.TENBO_TRUSTED_PROXIES = 1
    assert address(PROXY, f"203.0.113.5, {entry}") == PROXY


def test_addresses_come_out_in_one_plain_form(settings):
    settings.TENBO_TRUSTED_PROXIES = 1
    assert address(PROXY, "2001:DB8::0:1") == "2001:db8::1"
    assert address(PROXY, "::ffff:203.0.113.5") == "203.0.113.5"  # IPv4 as IPv6: one client
    # One IPv6 client holds a /64: limits count it whole.
    request = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    assert client_network(request) == "2001:db8:1:2::"


@pytest.mark.parametrize("proxies", [0, 1])
def test_an_empty_remote_address_is_a_known_placeholder(settings, proxies):
    # gunicorn bound to a Unix socket leaves REMOTE_ADDR empty.
    settings.TENBO_TRUSTED_PROXIES = proxies
    assert address("") == UNKNOWN
    assert address(None) == UNKNOWN
    assert address("not-an-address") == UNKNOWN
    if proxies:
        assert address("", "203.0.113.5") == "203.0.113.5"


@pytest.mark.parametrize("proxies", [0, 1])
def test_an_empty_remote_address_does_not_crash_the_limits(settings, proxies):
    settings.TENBO_TRUSTED_PROXIES = proxies
    client = Client(REMOTE_ADDR="")
    data = {"username": "sensei", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/signup/", data).status_code == 302
    client.post("/accounts/logout/")
    response = client.post("/accounts/login/", {"username": "sensei", "password": PASSWORD})
    assert response.status_code == 302
    response = client.post("/accounts/reset/", {"email": "x@example.org"})
    assert response.status_code == 302


def visitor(ip: str) -> Client:
    """A browser at `ip`, reaching the site through the one proxy."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=ip)


def sign_up(client: Client, name: str):
    data = {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def test_behind_one_proxy_two_visitors_have_their_own_sign_up_limits(settings):
    settings.TENBO_TRUSTED_PROXIES = 1
    settings.RATE_SIGNUPS = "2/h"
    first, second = visitor("203.0.113.5"), visitor("198.51.100.7")
    assert [sign_up(first, n).status_code for n in ("a1", "a2", "a3")] == [302, 302, 429]
    assert sign_up(second, "b1").status_code == 302
    # A header forged in front of the proxy's entry changes nothing.
    forger = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.77, 203.0.113.5")
    assert sign_up(forger, "a4").status_code == 429
    assert set(User.objects.values_list("username", flat=True)) == {"a1", "a2", "b1"}


def test_behind_one_proxy_two_visitors_have_their_own_log_in_limits(settings):
    settings.TENBO_TRUSTED_PROXIES = 1
    settings.RATE_LOGINS_PER_ADDRESS = "3/h"
    make_user("sensei")
    first, second = visitor("203.0.113.5"), visitor("198.51.100.7")
    for name in ("x", "y", "z"):
        assert (
            first.post("/accounts/login/", {"username": name, "password": "no"}).status_code == 200
        )
    refused = first.post("/accounts/login/", {"username": "sensei", "password": PASSWORD})
    assert refused.status_code == 429
    answered = second.post("/accounts/login/", {"username": "sensei", "password": PASSWORD})
    assert answered.status_code == 302


def test_with_no_proxy_trusted_everyone_behind_it_shares_one_limit(settings):
    # Why TENBO_TRUSTED_PROXIES matters: without it the proxy's address is everybody's.
    settings.TENBO_TRUSTED_PROXIES = 0
    settings.RATE_SIGNUPS = "2/h"
    first, second = visitor("203.0.113.5"), visitor("198.51.100.7")
    assert [sign_up(first, n).status_code for n in ("a1", "a2")] == [302, 302]
    assert sign_up(second, "b1").status_code == 429


def test_ratelimit_key_ip_is_the_client_address(settings):
    from django_ratelimit.core import _SIMPLE_KEYS

    settings.TENBO_TRUSTED_PROXIES = 1
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert _SIMPLE_KEYS["ip"](request) == client_network(request) == "203.0.113.5"


def test_no_code_but_quizsite_client_reads_the_address_headers():
    # Every limit keyed on an address goes through client_address (django-ratelimit's key="ip"
    # does, by RATELIMIT_IP_META_KEY); reading REMOTE_ADDR or the header directly would key on
    # the proxy, or on what a client forged.
    root = Path(__file__).resolve().parents[2]
    reads = re.compile(r"[\"']REMOTE_ADDR[\"']|HTTP_X_FORWARDED_FOR|header:x-forwarded", re.I)
    readers = [
        str(path.relative_to(root))
        for folder in ("quizsite", "scoring")
        for path in sorted((root / folder).rglob("*.py"))
        if path != root / "quizsite" / "client.py" and reads.search(path.read_text("utf-8"))
    ]
    assert readers == []
