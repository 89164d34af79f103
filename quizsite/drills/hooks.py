"""Callbacks other apps hang on drills without drills importing them: run after a learner's
answers to a drill change (an answer counted, a retry, an attempt removed), inside the
transaction that changes them; and the places a drill is made for and set in (a class).
`drills.public` re-exports `after_answer`, `Place` and `add_place`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

AfterAnswer = Callable[[int, "int | None"], None]  # (drill id, the learner's account id or None)
_after_answer: list[AfterAnswer] = []


def after_answer(hook: AfterAnswer) -> None:
    """Run `hook(drill_id, user_id)` after a learner's answers to a drill change, in the same
    transaction. Registering the same function twice keeps one."""
    if hook not in _after_answer:
        _after_answer.append(hook)


def answers_changed(drill_id: int, user_id: int | None) -> None:
    for hook in _after_answer:
        hook(drill_id, user_id)


@dataclass(frozen=True)
class Place:
    """Somewhere outside drills that sets drills (a class), named in the builder's address as
    `?for=<name>:<key>`. `title(user, key)`: its name, "" when this user may not set drills
    there; `made(request, drill, key)`: set the new drill there, inside the transaction that
    draws it, and give the page to go back to; `set_in(user, drill_id)`: where this user has the
    drill set, as (name, address) pairs, for the way back from the drill's pages."""

    name: str
    title: Callable[[Any, str], str]
    made: Callable[[Any, Any, str], str]
    set_in: Callable[[Any, int], list[tuple[str, str]]]


_places: dict[str, Place] = {}


def add_place(place: Place) -> None:
    """Register a place (again under its name: the last one kept)."""
    _places[place.name] = place


@dataclass(frozen=True)
class MadeFor:
    """A place the builder makes a drill for, as the address names it and the user may."""

    place: Place
    key: str
    title: str

    @property
    def value(self) -> str:
        return f"{self.place.name}:{self.key}"


def made_for(value: str, user: Any) -> MadeFor | None:
    """The place `value` ("class:12") names, when it is known and this user may set drills
    there; else None (the drill is made on its own)."""
    name, _, key = (value or "").partition(":")
    place = _places.get(name)
    key = key.strip()[:30]
    if place is None or not key:
        return None
    title = place.title(user, key)
    return MadeFor(place, key, title) if title else None


def set_in(user: Any, drill_id: int) -> list[tuple[str, str]]:
    """Every place this user has the drill set in: (name, address)."""
    return [pair for place in _places.values() for pair in place.set_in(user, drill_id)]
