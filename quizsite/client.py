"""The address of the client a request comes from, behind any number of trusted proxies.

A proxy in front of the site (nginx, Caddy) appends the address it saw to `X-Forwarded-For`,
so with `TENBO_TRUSTED_PROXIES = N` the client is the N-th entry from the right: the one the
outermost of our proxies added. Whatever a client writes into the header itself stands to the
left of it and is ignored. With N = 0 (no proxy) the header is not read at all.

Every limit keyed on an address uses this: django-ratelimit's `key="ip"` through the
`RATELIMIT_IP_META_KEY` setting, and the site's own keys (`accounts.limits`) through
`client_network`. No other code reads REMOTE_ADDR or X-Forwarded-For (a test checks).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

# The address of a client nobody can name (REMOTE_ADDR empty, as from gunicorn on a Unix
# socket with no trusted proxy, or not an address): such clients share one limit, and nothing
# crashes on an empty string.
UNKNOWN = "0.0.0.0"


def _valid(address: str) -> str | None:
    """The address in its plain form (IPv4 for an IPv4-mapped IPv6 one), or None when it is
    not an address at all ("unknown", a host name, an address with a port)."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped or ip)


def client_address(request: HttpRequest) -> str:
    """The client's address as our own proxies saw it: always an IP address.

    >>> from django.test import RequestFactory
    >>> from django.test.utils import override_settings
    >>> r = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1",
    ...                          HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    >>> client_address(r)  # no proxy trusted: the header is the client's own words
    '10.0.0.1'
    >>> with override_settings(TENBO_TRUSTED_PROXIES=1):
    ...     client_address(r)
    '203.0.113.9'
    """
    remote = _valid(request.META.get("REMOTE_ADDR") or "") or UNKNOWN
    proxies = int(getattr(settings, "TENBO_TRUSTED_PROXIES", 0) or 0)
    if proxies <= 0:
        return remote
    forwarded = [p for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if p.strip()]
    if len(forwarded) < proxies:
        # Fewer entries than proxies: the request did not come through all of them (a
        # misconfigured proxy, or a direct hit); the nearest address is all we know.
        return remote
    return _valid(forwarded[-proxies]) or remote


def client_network(request: HttpRequest) -> str:
    """The client as a limit counts it: an IPv4 address whole, an IPv6 one by its network
    (a /64 by default, RATELIMIT_IPV6_MASK), since one household or server holds a whole /64.
    The same value as django-ratelimit's `key="ip"`, for the site's own keys.

    >>> from django.test import RequestFactory
    >>> client_network(RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6"))
    '2001:db8:1:2::'
    """
    address = client_address(request)
    ip = ipaddress.ip_address(address)
    mask = getattr(settings, f"RATELIMIT_IPV{ip.version}_MASK", 64 if ip.version == 6 else 32)
    return str(ipaddress.ip_network(f"{address}/{mask}", strict=False).network_address)
