"""PIN guessing: six-digit PINs and a class-wide budget of wrong PINs (quizsite/classes/pins.py)
keep an attacker with any number of addresses under 1 % in a month against a whole class,
while the personal links keep working for every student."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from quizsite.classes import pins, students
from quizsite.classes.models import Member, WrongPin

from .helpers import make_class

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def class_of(n: int):
    classroom = make_class()
    return classroom, dict(students.add(classroom, [f"S{i}" for i in range(n)]))


def guess(member: Member, pin: str, address: str):
    post = {"code": member.classroom.code, "member": member.pk, "pin": pin}
    return Client(REMOTE_ADDR=address).post("/classes/sign-in/", post)


def wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def test_the_target_holds_for_the_default_budget():
    chance = pins.chance_in_a_month()
    assert chance < 0.01  # under 1 % in a month, any number of addresses, the whole class
    assert settings.CLASS_WRONG_PINS * pins.MONTH_DAYS + 1 < 0.01 * 10**pins.PIN_DIGITS / 1.01
    assert f"{chance * 100:.2f} %" in DOCS.read_text()  # the figure the operators read


def test_pins_have_six_digits():
    _classroom, made = class_of(30)
    assert all(re.fullmatch(r"\d{6}", pin) for pin in made.values())
    assert all(m.pin_digits == 6 for m in made)


def test_wrong_pins_from_any_addresses_spend_the_class_budget_then_pin_sign_in_pauses(
    settings,
):
    settings.CLASS_WRONG_PINS = 5
    classroom, made = class_of(3)
    (a, pin_a), (b, pin_b), (c, _pin_c) = made.items()
    for n in range(5):  # five addresses, three students
        member, pin = [(a, pin_a), (b, pin_b), (c, "")][n % 3]
        assert guess(member, wrong(pin), f"198.51.100.{n}").status_code == 200
    assert pins.spent(classroom.pk) == 5
    refused = guess(a, pin_a, "203.0.113.9")  # even the right PIN is not checked now
    assert refused.status_code == 429 and "paused for this class" in refused.content.decode()
    assert WrongPin.objects.count() == 5
    student = Client(REMOTE_ADDR="203.0.113.9")  # the card's link still signs in
    assert student.post(f"/classes/s/{a.sign_in_token}/").status_code == 302
    teacher = Client()
    teacher.force_login(classroom.owner)
    for page in ("roster/", ""):
        html = teacher.get(f"/classes/{classroom.pk}/{page}").content.decode()
        assert "PIN sign-in is paused for this class" in html and "5 wrong PINs" in html
    WrongPin.objects.update(at=timezone.now() - timedelta(hours=24, minutes=1))
    assert guess(b, pin_b, "203.0.113.10").status_code == 302  # a day later: resumes


def test_one_student_is_never_locked_out_by_a_stranger(settings):
    """No per-student limit from anywhere: a stranger's 40 wrong PINs for Aiko from 40
    addresses leave Aiko's own PIN working while the class's budget lasts."""
    settings.CLASS_WRONG_PINS = 1000
    _classroom, made = class_of(1)
    ((aiko, pin),) = made.items()
    for n in range(40):
        guess(aiko, wrong(pin), f"198.51.100.{n}")
    assert guess(aiko, pin, "203.0.113.5").status_code == 302


def test_a_four_digit_pin_from_before_weighs_a_hundred_guesses(settings):
    settings.CLASS_WRONG_PINS = 150
    classroom, made = class_of(2)
    (old, _pin), (new, new_pin) = made.items()
    Member.objects.filter(pk=old.pk).update(pin_digits=4)
    old.refresh_from_db()
    assert pins.weight(old) == 100 and pins.weight(new) == 1
    guess(old, "0000", "198.51.100.1")
    assert pins.spent(classroom.pk) == 100
    assert guess(old, "1111", "198.51.100.2").status_code == 429  # 100 more would pass 150
    assert guess(new, new_pin, "198.51.100.3").status_code == 302  # a six-digit one still fits
    teacher = Client()
    teacher.force_login(classroom.owner)
    assert (
        "still has a 4-digit PIN"
        in teacher.get(f"/classes/{classroom.pk}/roster/").content.decode()
    )
    teacher.post(f"/classes/{classroom.pk}/members/{old.pk}/pin/")
    old.refresh_from_db()
    assert old.pin_digits == 6 and pins.weight(old) == 1
