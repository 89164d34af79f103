"""The limits on the accounts' doors, counted in the shared cache (settings.RATE_*).

Log-ins, the site's and the admin's together, are counted per client address and per address
+ user name, never per user name alone: a stranger who types wrong passwords for someone's
name is refused at their own address while the owner still logs in from theirs. Password-reset
e-mails are counted per address and per account (the e-mail address asked for), so nobody can
fill a member's mailbox. "Address" is `quizsite.client`'s, behind the trusted proxies.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from django_ratelimit.core import get_usage

from quizsite.client import client_network

LOGIN_LIMITED = gettext_lazy(
    "Too many log-in attempts from here in a short time. Please wait a few minutes and try again."
)
CODES_LIMITED = gettext_lazy(
    "Too many class codes that name no class were typed from here in a short time. Please "
    "wait a while and check the code with your instructor."
)
RESET_LIMITED = gettext_lazy(
    "Too many reset links were asked for from here or for this address in a short time, so no "
    "e-mail was sent. Please try again later, or use the last link you received."
)


class CountNotKept(OperationalError):
    """A limit's count could not be read or stored: the database (the cache's home) is busy.
    An `OperationalError`, so the visitor gets the site's 503 "try again", never a refusal
    that blames them (quizsite/unavailable.py)."""


@contextmanager
def counting(group: str) -> Iterator[None]:
    """One transaction for a count's reads and writes, that fails as soon as the database does.

    On SQLite the transaction takes the write lock once, at the start, so a database another
    writer holds past the lock's wait raises at once (`OperationalError`) rather than after one
    wait per write the cache would try. The cache swallows a failed write (it is allowed to,
    as a cache): any statement of the count that failed (PostgreSQL's lock timeout) raises
    `CountNotKept` here, after that one wait."""
    failed: list[OperationalError] = []

    def watch(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        try:
            return execute(sql, params, many, context)
        except OperationalError as e:
            failed.append(e)
            raise

    with connection.execute_wrapper(watch), transaction.atomic():
        yield
    if failed:
        raise CountNotKept(f"the count of {group} could not be kept") from failed[0]


def usage(request: HttpRequest, group: str, value: str, rate: str, *, count: bool) -> bool:
    """Count one more under `group` for `value` (or, without `count`, only look); True once
    past `rate` (more than its N). A count the database could not keep raises `CountNotKept`
    (`counting`)."""
    with counting(group):
        found = get_usage(request, group=group, key=lambda g, r: value, rate=rate, increment=count)
    if found is None:  # limits turned off (RATELIMIT_ENABLE)
        return False
    if found["time_left"] < 0:
        raise CountNotKept(f"the count of {group} could not be kept")
    return bool(found["should_limit"])


def at_limit(request: HttpRequest, group: str, value: str, rate: str) -> bool:
    """Look without counting: has `value` reached `rate`'s N already?"""
    with counting(group):
        found = get_usage(request, group=group, key=lambda g, r: value, rate=rate)
    if found is None:
        return False
    if found["time_left"] < 0:
        raise CountNotKept(f"the count of {group} could not be read")
    return bool(found["count"] >= found["limit"])


def _over(request: HttpRequest, group: str, rate: str, *parts: str) -> bool:
    """Count one try under `group` for the client's address (and `parts`); True when it goes
    past `rate`."""
    value = " ".join((client_network(request), *parts))
    return usage(request, group, value, rate, count=True)


def login_refused(request: HttpRequest, username: str) -> bool:
    """Count a log-in try; True when this address, or this address for this user name, has
    tried too often. Both counters move on every try."""
    name = username.strip().casefold()
    by_address = _over(request, "login:address", settings.RATE_LOGINS_PER_ADDRESS)
    by_name = _over(request, "login:address+name", settings.RATE_LOGINS, name)
    return by_address or by_name


def signup_refused(request: HttpRequest) -> bool:
    """Count a sign-up (a posted form); True when this address has sent too many."""
    return _over(request, "signup:address", settings.RATE_SIGNUPS)


def pin_refused(request: HttpRequest, who: str) -> bool:
    """Count a PIN sign-in try for the student `who` (a class's member); True when this
    address, or this address for this student, has tried too often. Never per student alone
    (a stranger could lock the student out): a guesser who moves between addresses meets the
    class's budget of wrong PINs instead (`classes.pins`)."""
    by_address = _over(request, "pin:address", settings.RATE_LOGINS_PER_ADDRESS)
    by_name = _over(request, "pin:address+name", settings.RATE_LOGINS, who)
    return by_address or by_name


def wrong_codes_refused(request: HttpRequest, *, count: bool) -> bool:
    """Class codes given from this address that named no class: count one more (`count`), or
    only look; True once the limit is reached (`settings.RATE_WRONG_CODES`: N wrong codes,
    then none is looked up at all, right or wrong, so a guesser learns nothing more here)."""
    value = client_network(request)
    if count:
        usage(request, "code:address", value, settings.RATE_WRONG_CODES, count=True)
        return False
    return at_limit(request, "code:address", value, settings.RATE_WRONG_CODES)


def reset_refused(request: HttpRequest, email: str) -> bool:
    """Count a password-reset e-mail asked for; True when this address, or this account (the
    e-mail address, whether an account has it or not), has asked too often."""
    by_address = _over(request, "reset:address", settings.RATE_RESETS_PER_ADDRESS)
    account = email.strip().casefold()
    by_account = usage(request, "reset:account", account, settings.RATE_RESETS, count=True)
    return by_address or by_account
