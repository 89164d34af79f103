"""A learner's kept state rebuilt while their other answers, or another rebuild, wait for it:
two connections, the first holding the learner's lock (a rebuild, not yet committed) until
the others are seen waiting for it, then committing. Every one of them finishes, and the kept
state is still the replay of the answers.

On PostgreSQL the waiting is seen in `pg_locks`, so the interleaving is the same on every run:
the one where a rebuild that deleted the learner's `Tally` (and inserted a new one) made the
waiting statements find no row, or their topics twice (a 500). SQLite lets one writer in at a
time, so there the others simply wait their turn."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone

from quizsite.practice import answers
from quizsite.practice.state import rebuild
from tests.factory import make_user, question
from tests.practice.kept import kept, replayed

pytestmark = pytest.mark.django_db(transaction=True)

START = timezone.now() - timedelta(hours=2)
TOPICS = (["pay:ron", "fu:tsumo"], ["pay:ron"], ["fu:tsumo", "han:riichi"])


def answer(user: Any, n: int, *, minutes: float) -> bool:
    """The learner's answer number `n`, given `minutes` after the start (same day)."""
    q = question(7000, "fu", "beginner")
    right = n % 3 != 1
    return answers.store(
        user=user, source="practice", ref=f"race-{n}", seed=q.seed, mode=q.mode,
        level=q.level, rules=q.rules, request=q.request, given="1", expected="2",
        right=right, topics=TOPICS[n % 3], charged=[] if right else TOPICS[n % 3],
        answered=START + timedelta(minutes=minutes),
    )  # fmt: skip


class Tab(threading.Thread):
    """One request on its own connection; what it raised kept for the test to see."""

    def __init__(self, work: Callable[[], Any]) -> None:
        super().__init__(daemon=True)
        self.work, self.error = work, None

    def run(self) -> None:
        try:
            with transaction.atomic():
                self.work()
        except BaseException as e:  # noqa: BLE001 (shown by the test)
            self.error = e
        finally:
            connection.close()


def waiting(count: int) -> None:
    """Until `count` other transactions wait for a lock (PostgreSQL; SQLite: a moment)."""
    if connection.vendor != "postgresql":
        time.sleep(0.3)
        return
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(DISTINCT pid) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0] >= count:
                return
        time.sleep(0.02)
    pytest.fail(f"{count} transactions never waited for the learner's lock")


def race(user: Any, *others: Callable[[], Any]) -> None:
    """A rebuild of the learner held open until the `others` wait, each in its own tab."""
    key = {"user_id": user.pk}
    tabs = [Tab(work) for work in others]
    with transaction.atomic():
        rebuild(key)
        for tab in tabs:
            tab.start()
            waiting(tabs.index(tab) + 1)  # one at a time: they queue in this order
    for tab in tabs:
        tab.join(timeout=60)
        assert not tab.is_alive()
        assert tab.error is None, repr(tab.error)
    assert kept(key) == replayed(key)


@pytest.fixture
def learner() -> Any:
    user = make_user("racer")
    for n in range(6):
        assert answer(user, n, minutes=n)
    return user


def test_two_rebuilds_of_one_learner_both_finish(learner):
    race(learner, lambda: rebuild({"user_id": learner.pk}))


def test_an_answer_waiting_for_a_rebuild_is_counted_on_top_of_it(learner):
    race(learner, lambda: answer(learner, 10, minutes=10))
    assert kept({"user_id": learner.pk})["totals"][0] == 7


def test_an_answer_older_than_the_last_waits_then_rebuilds(learner):
    race(learner, lambda: answer(learner, 11, minutes=2.5))
    assert kept({"user_id": learner.pk})["totals"][0] == 7


def test_answers_and_a_rebuild_queued_behind_a_rebuild_all_finish(learner):
    race(
        learner,
        lambda: answer(learner, 12, minutes=1.5),  # waits in `state.lock`
        lambda: rebuild({"user_id": learner.pk}),
        lambda: answer(learner, 13, minutes=20),  # waits in the tally's UPDATE
    )
    assert kept({"user_id": learner.pk})["totals"][0] == 8
