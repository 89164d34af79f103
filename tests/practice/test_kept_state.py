"""The kept practice state (totals, answers per day, topic states) always equals the replay of
the learner's answers that defines it: after a random run of answers, double submits, answers
rolled back with their transaction, answers dated in the past, log-in adoption and deletion;
and `rebuild_practice_state` restores it when it is lost or stale."""

from __future__ import annotations

import io
import random
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import transaction
from django.test import RequestFactory
from django.utils import timezone

from quizsite.practice import answers, progress_views
from quizsite.practice.models import Day, Response, Tally, Topic
from quizsite.practice.public import learner_token, record
from quizsite.practice.signals import adopt_session_answers
from quizsite.practice.state import states, totals
from quizsite.quiz.public import Question
from tests.factory import (
    fake_request,
    judged,
    make_user,
    practice_right_post,
    practice_wrong_post,
    question,
)
from tests.practice.kept import assert_kept_equals_replay, kept, replayed

pytestmark = pytest.mark.django_db

MODES = ("fu", "han", "payment")


class RolledBack(Exception):
    pass


class Pool:
    """A few questions, each judged once right and once wrong (the engine is slow in tests)."""

    def __init__(self, rng: random.Random) -> None:
        self.items: list[tuple[Question, dict[bool, Any]]] = []
        for n in range(8):
            q = question(1000 + n, MODES[n % len(MODES)], "beginner")
            self.items.append(
                (
                    q,
                    {
                        True: judged(q, practice_right_post(q)),
                        False: judged(q, practice_wrong_post(q)),
                    },
                )
            )
        self.rng = rng

    def answer(self, request: Any, **kw: Any) -> bool:
        q, by_right = self.rng.choice(self.items)
        checked, answer = by_right[self.rng.random() < 0.6]
        return record(request, q, checked, answer=answer, **kw)


def delete_browsers_answers(session: dict[str, Any]) -> None:
    request = RequestFactory().post("/progress/delete/", {"confirm": "yes"})
    request.user, request.session = AnonymousUser(), session
    assert progress_views.delete(request).status_code == 302


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_state_equals_the_replay_after_a_random_run(seed):
    rng = random.Random(seed)
    pool = Pool(rng)
    users = [make_user(f"learner{seed}{n}") for n in range(2)]
    sessions: list[dict[str, Any]] = [{} for _ in range(2)]
    for step in range(70):
        action = rng.choices(
            ["anon", "user", "past", "rollback", "adopt", "delete_anon", "delete_user"],
            weights=[30, 30, 8, 6, 5, 3, 2],
        )[0]
        session = rng.choice(sessions)
        if action == "anon":
            pool.answer(fake_request(session=session), source=rng.choice(["quiz", "practice"]))
        elif action == "user":
            user = rng.choice(users)
            pool.answer(fake_request(user), source=rng.choice(["quiz", "practice", "drill"]))
        elif action == "past":  # an answer dated before others: counted in its place
            user = rng.choice(users)
            q, by_right = rng.choice(pool.items)
            checked, answer = by_right[rng.random() < 0.5]
            answers.store(
                user=user, source="quiz", ref=f"past-{step}", seed=q.seed, mode=q.mode,
                level=q.level, rules=q.rules, request=q.request, given="1", expected="2",
                right=checked.verdict.right, topics=["pay:ron", "fu:tsumo"],
                charged=[] if checked.verdict.right else ["pay:ron"],
                answered=timezone.now() - timedelta(days=rng.randrange(1, 30)),
            )  # fmt: skip
        elif action == "rollback":  # the caller's transaction fails after the answer
            with pytest.raises(RolledBack), transaction.atomic():
                pool.answer(fake_request(rng.choice(users)))
                raise RolledBack
        elif action == "adopt":
            user = rng.choice(users)
            adopt_session_answers(None, fake_request(user, session), user)
            assert learner_token(fake_request(session=session)) == ""
        elif action == "delete_anon":
            delete_browsers_answers(session)
        elif action == "delete_user":
            gone = users.pop(rng.randrange(len(users)))
            gone.delete()
            users.append(make_user(f"learner{seed}x{step}"))
        if step % 10 == 9:
            assert_kept_equals_replay()
    assert_kept_equals_replay()
    assert Response.objects.exists()


def test_a_double_submit_changes_nothing():
    pool = Pool(random.Random(4))
    user = make_user("twice")
    q, by_right = pool.items[0]
    checked, answer = by_right[False]
    assert record(fake_request(user), q, checked, answer=answer)
    before = kept({"user_id": user.pk})
    assert not record(fake_request(user), q, checked, answer=answer)
    assert kept({"user_id": user.pk}) == before == replayed({"user_id": user.pk})
    assert before["totals"][0] == 1 and before["topics"]


def test_rebuild_practice_state_restores_lost_or_stale_state():
    pool = Pool(random.Random(5))
    user = make_user("rebuilt")
    for _ in range(12):
        pool.answer(fake_request(user))
    key = {"user_id": user.pk}
    expected = kept(key)
    Topic.objects.all().delete()
    Tally.objects.update(answered=0, right=0)
    Day.objects.all().delete()
    assert kept(key) != expected
    out = io.StringIO()
    call_command("rebuild_practice_state", stdout=out)
    assert "1 learner" in out.getvalue()
    assert kept(key) == expected == replayed(key)
    assert states(user) and totals(user).answered == Response.objects.count()


@pytest.mark.parametrize("session_first", [False, True])
def test_adoption_counts_newer_answers_on_and_replays_interleaved_ones(monkeypatch, session_first):
    """A session's answers newer than the account's are counted on one by one; older ones
    make the account's state rebuilt; either way it equals the replay."""
    from quizsite.practice import state

    pool = Pool(random.Random(6))
    user = make_user("adopter")
    session: dict[str, Any] = {}
    first, then = (session, None) if session_first else (None, session)
    for who in (first, then):
        for _ in range(3):
            request = fake_request(session=who) if who is not None else fake_request(user)
            pool.answer(request)
    rebuilt = []
    real = state.rebuild
    monkeypatch.setattr(
        state, "rebuild", lambda key, m=state.NOW: rebuilt.append(key) or real(key, m)
    )
    adopt_session_answers(None, fake_request(user, session), user)
    assert rebuilt == ([{"user_id": user.pk}] if session_first else [])
    assert not Tally.objects.filter(user=None).exists()
    assert_kept_equals_replay()


def test_answers_on_later_days_are_counted_on_each_day_moved_to_its_own_row(monkeypatch):
    """A learner's latest day lives in their tally; an answer on a later day moves it to a
    `Day` row and starts the new one, without a replay."""
    from quizsite.practice import state

    monkeypatch.setattr(state, "rebuild", lambda key, m=state.NOW: pytest.fail("replayed"))
    pool = Pool(random.Random(7))
    user = make_user("daily")
    start = timezone.now() - timedelta(days=6)
    for n, (days, right) in enumerate([(0, True), (0, False), (2, True), (2, True), (5, False)]):
        q, by_right = pool.items[n % len(pool.items)]
        checked, _ = by_right[right]
        assert answers.store(
            user=user, source="practice", ref=f"day-{n}", seed=q.seed, mode=q.mode,
            level=q.level, rules=q.rules, request=q.request, given="1", expected="2",
            right=right, topics=["pay:ron"], charged=[] if right else ["pay:ron"],
            answered=start + timedelta(days=days, minutes=n),
        )  # fmt: skip
    key = {"user_id": user.pk}
    assert kept(key) == replayed(key)
    assert Day.objects.filter(**key).count() == 2  # the two earlier days; the latest in the tally
    assert [n for _, n, _ in state.days(user)] == [2, 2, 1]
    tally = Tally.objects.get(**key)
    assert (tally.answered, tally.right, tally.practice, tally.run, tally.best) == (5, 3, 5, 0, 2)


def test_the_migration_moves_each_latest_day_into_the_tally_and_back(transactional_db):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    pool = Pool(random.Random(8))
    user = make_user("migrated")
    for n, (q, by_right) in enumerate(pool.items[:6]):
        checked, answer = by_right[n % 3 > 0]
        assert record(fake_request(user), q, checked, answer=answer)
        Response.objects.filter(pk=Response.objects.latest("pk").pk).update(
            answered=timezone.now() - timedelta(days=6 - n)
        )
    key = {"user_id": user.pk}
    call_command("rebuild_practice_state", stdout=io.StringIO())
    expected = kept(key)
    executor = MigrationExecutor(connection)
    executor.migrate([("practice", "0005_response_scope")])  # before the tally kept a day
    assert Day.objects.filter(**key).count() == len(expected["days"]) == 6
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Day.objects.filter(**key).count() == 5
    assert kept(key) == expected == replayed(key)
