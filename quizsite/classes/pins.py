"""Signing in with a PIN, and what guessing PINs can win.

A PIN has `PIN_DIGITS` (6) digits: one guess at one student has one chance in a million. A class
has a budget of wrong PINs, `settings.CLASS_WRONG_PINS` (100) in any 24 hours, counted over
all its students and from every address together: past it, PIN sign-in for the class pauses
until the oldest of those wrong PINs is a day old, and the roster tells the instructor. The
personal links (and their QR cards) keep working all along, so nobody can keep a student who
has their card from signing in.

So in a month (31 days) at most 31 × 100 = 3,100 wrong PINs are ever checked for a class,
whatever the number of addresses or students: the chance that any of them (or the one right
guess after them) is some student's PIN is at most 3,101 / (1,000,000 − 3,100) ≈ 0.31 %
(`chance_in_a_month`, which a test holds under 1 %). A PIN made before PINs had six digits
has four: each wrong guess at it weighs 100 (its chance is 100 times a six-digit one's), so
the bound holds for those too; the roster asks for a new PIN for such students.

Each try is counted before the PIN is checked, under a lock on the class's row (one try of a
class at a time), so a hundred tries at once cannot all slip in under the budget. The
address limits of the log-ins (`accounts.limits.pin_refused`) come first: one address
cannot spend a class's budget in a minute.
"""

from __future__ import annotations

import enum
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.http import HttpRequest
from django.utils import timezone

from quizsite.accounts.limits import pin_refused

from . import students
from .models import Classroom, Member, WrongPin

WINDOW = timedelta(hours=24)
MONTH_DAYS = 31
PIN_DIGITS = students.PIN_DIGITS


class Outcome(enum.Enum):
    RIGHT = "right"
    WRONG = "wrong"
    LIMITED = "limited"  # this address tried too often
    PAUSED = "paused"  # the class's budget of wrong PINs is spent


def budget() -> int:
    return int(settings.CLASS_WRONG_PINS)


def weight(member: Member) -> int:
    """How many six-digit guesses one wrong guess at this student's PIN is worth."""
    return int(10 ** max(0, PIN_DIGITS - member.pin_digits))


def spent(classroom_id: int, now: datetime | None = None) -> int:
    """The weight of the class's wrong PINs in the last 24 hours."""
    since = (now or timezone.now()) - WINDOW
    rows = WrongPin.objects.filter(classroom_id=classroom_id, at__gt=since)
    return int(rows.aggregate(total=Sum("weight"))["total"] or 0)


def attempt(request: HttpRequest, member: Member, pin: str) -> Outcome:
    """Try `pin` for the student: counted against the address limits, then, under the
    class's lock, against its budget; checked only when both allow it."""
    cost = weight(member)
    with transaction.atomic():  # one wait for a busy database, then 503 (OperationalError)
        if pin_refused(request, f"member:{member.pk}"):
            return Outcome.LIMITED
        Classroom.objects.select_for_update().filter(pk=member.classroom_id).first()
        now = timezone.now()
        if spent(member.classroom_id, now) + cost > budget():
            return Outcome.PAUSED
        if students.pin_matches(member, pin):
            return Outcome.RIGHT
        WrongPin.objects.create(classroom_id=member.classroom_id, member=member, weight=cost)
        WrongPin.objects.filter(classroom_id=member.classroom_id, at__lte=now - WINDOW).delete()
    return Outcome.WRONG


def paused_until(classroom: Classroom) -> datetime | None:
    """When PIN sign-in for the class resumes, if it is paused now (None when it is not):
    when enough of the last day's wrong PINs are a day old for one more try."""
    now = timezone.now()
    rows = list(
        WrongPin.objects.filter(classroom=classroom, at__gt=now - WINDOW)
        .order_by("at")
        .values_list("at", "weight")
    )
    total = sum(w for _at, w in rows)
    if total < budget():
        return None
    for at, w in rows:  # the oldest go first
        total -= w
        if total < budget():
            return at + WINDOW
    return now  # not met: the loop ends below the budget


def chance_in_a_month(*, digits: int = PIN_DIGITS, per_day: int | None = None) -> float:
    """The most an attacker can hope for in a month against one class, with any number of
    addresses and students: every wrong PIN the budget lets through, and one more try, each
    at a PIN with that many fewer values left (a union bound).

    >>> round(chance_in_a_month(per_day=100) * 100, 2)
    0.31
    """
    tries = MONTH_DAYS * (budget() if per_day is None else per_day) + 1
    return tries / (10**digits - tries)
