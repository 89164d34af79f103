"""The class's members as people: names as the class checks them, joining with an account,
and the students the instructor adds (an account made for each, a PIN, a personal link).

An added student's account has no e-mail and no usable password: it is used only through the
personal link (`sign_in_token`) or the class code + name + PIN, both checked here. The PIN is
kept as Django's password hashers keep a password; the token is long and random, and renewing
it makes the old link useless.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from quizsite import names
from quizsite.games.public import checked_name

from .hashers import PinHasher
from .models import Classroom, Member

MOST_AT_ONCE = 200  # names added in one go
PIN_DIGITS = 6  # one guess in a million; `pins` says what guessing can win
NAME_LENGTH = 40  # as Member.name


def check_name(value: str) -> str:
    """A student's name as the class keeps it (spaces collapsed); ValidationError, worded for
    a class, when it is blank, holds a control or invisible format character or is over 40
    characters."""
    try:
        return checked_name(value)
    except ValidationError as e:
        name = " ".join(value.split())
        if e.code == "blank":
            message = _("A student's name has 1 to %(most)s characters: it cannot be blank.")
        elif e.code == "control":
            message = _("A student's name cannot hold control characters (such as a tab).")
        elif e.code == "format":
            raise
        else:
            message = _(
                "A student's name has at most %(most)s characters (%(start)s… has %(has)s)."
            )
        params = {"most": NAME_LENGTH, "start": name[:12], "has": len(name)}
        raise ValidationError(message % params, code=e.code) from None


def taken(classroom: Classroom, name: str, *, other_than: Member | None = None) -> bool:
    """Another member of the class has this name, as people read names: letter case, width,
    spaces and look-alike characters aside (`names.look_key`)."""
    key = names.look_key(name)
    others = classroom.members.exclude(pk=other_than.pk) if other_than else classroom.members
    return any(names.look_key(n) == key for n in others.values_list("name", flat=True))


def already_in(classroom: Classroom, typed: Iterable[str]) -> list[str]:
    """Of these names, the ones the class has already (as the class compares names)."""
    known = {names.look_key(n) for n in classroom.members.values_list("name", flat=True)}
    return [n for n in typed if names.look_key(n) in known]


class NameTaken(Exception):
    """The class has a member whose name reads the same (`taken`)."""


def join(classroom: Classroom, user: Any, name: str) -> Member | None:
    """The account joins under `name` (checked); None when it is in the class already;
    `NameTaken` when another member's name reads the same. Joins of one class are taken one at
    a time (its row locked), so two people typing "Aiko" at once do not both get in."""
    try:
        with transaction.atomic():
            Classroom.objects.select_for_update().filter(pk=classroom.pk).first()
            if Member.objects.filter(classroom=classroom, user=user).exists():
                return None
            if taken(classroom, name):
                raise NameTaken
            return Member.objects.create(classroom=classroom, user=user, name=name)
    except IntegrityError:
        return None


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _digit in range(PIN_DIGITS))


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 43 characters


USERNAME_CHARACTERS = re.compile(r"[^\w.@+-]")


def username_for(name: str, classroom: Classroom) -> str:
    """A free account name made of the student's name and the class code: "Aiko_T.K7MWXA"."""
    base = USERNAME_CHARACTERS.sub("", "_".join(name.split()))[:100] or "student"
    stem = f"{base}.{classroom.code}"
    users = get_user_model().objects
    candidate, n = stem, 1
    while users.filter(username__iexact=candidate).exists():
        n += 1
        candidate = f"{stem}-{n}"
    return candidate


def new_account(name: str, classroom: Classroom) -> Any:
    """An account for an added student: no e-mail, and no password given, so an unusable one
    (no password log-in). A user name taken a moment ago by another request gets a random
    ending instead."""
    users = get_user_model().objects
    username = username_for(name, classroom)
    for _try in range(5):
        try:
            with transaction.atomic():
                return users.create_user(username)
        except IntegrityError:
            username = f"{username_for(name, classroom)}-{secrets.token_hex(3)}"
    raise IntegrityError("no free user name")  # five random endings all taken: not met


def add(classroom: Classroom, names: list[str]) -> list[tuple[Member, str]]:
    """Add these (checked, different) names as students with accounts made for them; each
    with the PIN to show the instructor once. All or none."""
    made = []
    with transaction.atomic():
        for name in names:
            user = new_account(name, classroom)
            pin = new_pin()
            member = Member.objects.create(
                classroom=classroom,
                user=user,
                name=name,
                added=True,
                pin=make_password(pin, hasher=PinHasher.algorithm),
                sign_in_token=new_token(),
            )
            made.append((member, pin))
    return made


def sign_out_everywhere(member: Member) -> None:
    """End every session of an added student's account, on every device: a browser signed in
    before (or a copy of its cookie) is a visitor on its next request. The account's unusable
    password is drawn again, which changes the hash each session was signed in with (Django's
    session auth hash), as a password change does. An account that joined with its own
    password is a person's own: it is left alone."""
    if member.added:
        user = member.user
        user.set_unusable_password()
        user.save(update_fields=["password"])


def reset_pin(member: Member) -> str:
    """A new PIN for an added student (the old one stops working, and so does every session
    signed in so far); returned to show once."""
    pin = new_pin()
    with transaction.atomic():
        hashed = make_password(pin, hasher=PinHasher.algorithm)
        Member.objects.filter(pk=member.pk).update(pin=hashed, pin_digits=PIN_DIGITS)
        sign_out_everywhere(member)
    return pin


def renew_link(member: Member) -> None:
    """A new personal link for an added student: the old one signs nobody in any more, and
    every session signed in so far ends."""
    member.sign_in_token = new_token()
    with transaction.atomic():
        Member.objects.filter(pk=member.pk).update(sign_in_token=member.sign_in_token)
        sign_out_everywhere(member)


def remove(member: Member) -> None:
    """Take the member out of the class; an added student's sessions end with it."""
    with transaction.atomic():
        member.delete()
        sign_out_everywhere(member)


def by_token(token: str) -> Member | None:
    """The added student whose personal link this is (None for an unknown or renewed one)."""
    if len(token) < 40:
        return None
    return (
        Member.objects.select_related("classroom", "user")
        .filter(sign_in_token=token, added=True, user__is_active=True)
        .first()
    )


def pin_matches(member: Member, pin: str) -> bool:
    return bool(member.added and member.pin) and check_password(pin.strip(), member.pin)


def name_for_drill(user: Any, drill_pk: int) -> str:
    """The name a member starts a drill set for their class under: the class's name for them
    ("" when the drill is set for none of their classes)."""
    found = (
        Member.objects.filter(user=user, classroom__assignments__drill_id=drill_pk)
        .values_list("name", flat=True)
        .first()
    )
    return found or ""
