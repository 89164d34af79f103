"""The limits on the accounts' doors, counted in the shared cache (settings.RATE_*).

Log-ins, the site's and the admin's together, are counted per client address and per address
+ user name, never per user name alone: a stranger who types wrong passwords for someone's
name is refused at their own address while the owner still logs in from theirs. Password-reset
e-mails are counted per address and per account (the e-mail address asked for), so nobody can
fill a member's mailbox. "Address" is `quizsite.client`'s, behind the trusted proxies.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from django_ratelimit.core import is_ratelimited

from quizsite.client import client_network

LOGIN_LIMITED = gettext_lazy(
    "Too many log-in attempts from here in a short time. Please wait a few minutes and try again."
)
RESET_LIMITED = gettext_lazy(
    "Too many reset links were asked for from here or for this address in a short time, so no "
    "e-mail was sent. Please try again later, or use the last link you received."
)


def _over(request: HttpRequest, group: str, rate: str, *parts: str) -> bool:
    """Count one try under `group` for the client's address (and `parts`); True when it goes
    past `rate`."""
    value = " ".join((client_network(request), *parts))
    return is_ratelimited(request, group=group, key=lambda g, r: value, rate=rate, increment=True)


def login_refused(request: HttpRequest, username: str) -> bool:
    """Count a log-in try; True when this address, or this address for this user name, has
    tried too often. Both counters move on every try."""
    name = username.strip().casefold()
    by_address = _over(request, "login:address", settings.RATE_LOGINS_PER_ADDRESS)
    by_name = _over(request, "login:address+name", settings.RATE_LOGINS, name)
    return by_address or by_name


def pin_refused(request: HttpRequest, who: str) -> bool:
    """Count a PIN sign-in try for the student `who` (a class's member); True when this
    address, or this address for this student, has tried too often. Never per student alone
    (a stranger could lock the student out): a guesser who moves between addresses meets the
    class's budget of wrong PINs instead (`classes.pins`)."""
    by_address = _over(request, "pin:address", settings.RATE_LOGINS_PER_ADDRESS)
    by_name = _over(request, "pin:address+name", settings.RATE_LOGINS, who)
    return by_address or by_name


def reset_refused(request: HttpRequest, email: str) -> bool:
    """Count a password-reset e-mail asked for; True when this address, or this account (the
    e-mail address, whether an account has it or not), has asked too often."""
    by_address = _over(request, "reset:address", settings.RATE_RESETS_PER_ADDRESS)
    by_account = is_ratelimited(
        request,
        group="reset:account",
        key=lambda g, r: email.strip().casefold(),
        rate=settings.RATE_RESETS,
        increment=True,
    )
    return by_address or by_account
