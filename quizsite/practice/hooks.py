"""What other apps hang on practice without practice importing them (the dependencies point
one way): callbacks run after an answer is stored, in the transaction that stores it, and the
places practice can be opened from (a class), which say who may practise there, which topics
come first there and what the place is called.

`practice.public` re-exports these; `answers.store` and the practice views call them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

AfterAnswer = Callable[[Any], None]  # given the stored `Response` row
_after_answer: list[AfterAnswer] = []


def after_answer(hook: AfterAnswer) -> None:
    """Run `hook(row)` after every answer stored, inside its transaction (an exception in it
    undoes the answer too). Registering the same function twice keeps one."""
    if hook not in _after_answer:
        _after_answer.append(hook)


def answer_stored(row: Any) -> None:
    for hook in _after_answer:
        hook(row)


@dataclass(frozen=True)
class Scope:
    """A place practice can be opened from, named in the link (`?<name>=<key>`) and kept in the
    session while the learner practises: the answers given there carry "<name>:<key>"."""

    name: str
    allows: Callable[[Any, str], bool]  # (user, key): may this learner practise there?
    topics: Callable[[Any, str], list[str]]  # (user, key): the topics asked there first
    title: Callable[[str], str]  # (key): what the place is called on the practice pages
    url: Callable[[str], str]  # (key): its page


_scopes: dict[str, Scope] = {}


def add_scope(scope: Scope) -> None:
    _scopes[scope.name] = scope


def scopes() -> dict[str, Scope]:
    return dict(_scopes)
