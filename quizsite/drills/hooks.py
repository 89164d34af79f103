"""Callbacks other apps hang on drills without drills importing them: run after a learner's
answers to a drill change (an answer counted, a retry, an attempt removed), inside the
transaction that changes them. `drills.public` re-exports `after_answer`."""

from __future__ import annotations

from collections.abc import Callable

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
