"""The classes' tests' set-up: a class with its owner, members made directly."""

from __future__ import annotations

from typing import Any

from quizsite.classes.models import Classroom, Member
from tests.factory import make_user


def make_class(owner: Any = None, name: str = "Thursday beginners", **fields: Any) -> Classroom:
    return Classroom.objects.create(owner=owner or make_user("sensei"), name=name, **fields)


def make_member(classroom: Classroom, name: str = "Aiko", user: Any = None) -> Member:
    return Member.objects.create(classroom=classroom, user=user or make_user(name), name=name)
