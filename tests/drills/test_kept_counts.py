"""The results board's counters kept beside the answers (each question's answers and right
answers, how many gave each wrong answer, the drill's `changes`) equal what counting the
answer rows gives, after any sequence of starts, answers, double submits, retries and
removals; and the board reads them in the same few queries at any class size."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quizsite.drills.models import Answer, DrillQuestion, WrongAnswer, count_rows, kept_counts
from quizsite.drills.results import results, version
from tests.factory import make_answer, make_attempt, make_class, make_drill, make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_counts_equal_a_recount_after_a_random_sequence(seed):
    rng = random.Random(seed)
    drill = make_drill(count=3, retries=seed != 3)  # one drill without retries
    attempts = []
    changes = 0
    saw_wrong = saw_retry = False
    for step in range(40):
        roll = rng.random()
        if roll < 0.15 or not attempts:
            attempts.append(make_attempt(drill, f"Student {step}"))
            changes += 1
        elif roll < 0.25:
            gone = attempts.pop(rng.randrange(len(attempts)))
            gone.delete()
            changes += 1
        else:
            attempt = rng.choice(attempts)
            outcome = make_answer(attempt, rng.randint(1, 3), right=rng.random() < 0.4)
            changes += outcome != "already"
            saw_retry |= outcome == "retried"
        counted = count_rows(drill.pk)
        assert kept_counts(drill.pk) == counted, f"step {step}"
        saw_wrong |= bool(counted[1])
    by_number, _ = count_rows(drill.pk)
    assert (
        sum(n for n, _ in by_number.values()) == Answer.objects.filter(attempt__drill=drill).count()
    )
    assert saw_wrong  # the sequence gave wrong answers, so their counts were checked too
    assert saw_retry == drill.retries
    drill.refresh_from_db()
    assert drill.changes == changes


def test_a_retry_moves_the_answer_from_one_wrong_count_to_another_then_to_right():
    drill = make_drill(count=1, retries=True)
    aiko = make_attempt(drill, "Aiko")
    assert make_answer(aiko, 1, right=False) == "counted"
    q = DrillQuestion.objects.get(drill=drill, number=1)
    assert (q.answered, q.right) == (1, 0)
    (wrong,) = WrongAnswer.objects.filter(drill=drill)
    assert wrong.count == 1
    assert make_answer(aiko, 1) == "retried"
    q.refresh_from_db()
    wrong.refresh_from_db()
    assert (q.answered, q.right, wrong.count) == (1, 1, 0)
    assert make_answer(aiko, 1, right=False) == "already"  # right by now: it stays
    assert kept_counts(drill.pk) == count_rows(drill.pk) == ({1: (1, 1)}, {})


def test_removing_a_student_takes_their_answers_out_of_the_counts():
    drill = make_drill(count=3)
    aiko, kenji = make_attempt(drill, "Aiko"), make_attempt(drill, "Kenji")
    for n, right in ((1, True), (2, False), (3, False)):
        make_answer(aiko, n, right=right)
        make_answer(kenji, n, right=not right)
    aiko.delete()
    assert kept_counts(drill.pk) == count_rows(drill.pk)
    assert kept_counts(drill.pk)[0] == {1: (1, 0), 2: (1, 1), 3: (1, 1)}
    res = results(drill)
    assert res.answer_count == 3 and res.students == 1


def test_recount_mends_counts_out_of_step():
    drill = make_drill(count=2)
    make_class(drill, 12)
    right = kept_counts(drill.pk)
    DrillQuestion.objects.filter(drill=drill).update(answered=999, right=0)
    WrongAnswer.objects.filter(drill=drill).update(count=7)
    assert kept_counts(drill.pk) != right
    drill.recount()
    assert kept_counts(drill.pk) == right == count_rows(drill.pk)


def test_the_board_reads_the_kept_counts_not_the_answers():
    drill = make_drill(count=2)
    make_class(drill, 30)
    WrongAnswer.objects.filter(drill=drill, number=2).delete()
    WrongAnswer.objects.create(drill=drill, number=2, given="777", category="han", count=99)
    DrillQuestion.objects.filter(drill=drill, number=1).update(answered=40, right=10)
    res = results(drill)
    assert (res.columns[0].answered, res.columns[0].percent_right) == (40, 25)
    assert res.columns[1].common_wrong == ("777", "han", 99)
    with CaptureQueriesContext(connection) as done:
        results(drill)
    assert not [q for q in done.captured_queries if 'FROM "drills_answer"' in q["sql"]][1:]
    # (one read of answers: the page's students' own cells)


def test_the_poll_says_nothing_changed_after_one_read_of_the_drill_at_any_size(client):
    drill = make_drill(owner=make_user("owner"), count=10)
    client.force_login(drill.owner)
    counted = {}
    for size in (30, 3000):
        make_class(drill, size - (30 if size > 30 else 0))
        url = f"/drills/{drill.code}/results/"
        client.get(url)  # the session read once before
        known = version(drill)
        with CaptureQueriesContext(connection) as done:
            response = client.get(url, {"v": known}, HTTP_HX_REQUEST="true")
        assert response.status_code == 204
        sql = [q["sql"] for q in done.captured_queries]
        assert not [s for s in sql if "drills_answer" in s or "drills_attempt" in s], sql
        assert len([s for s in sql if 'FROM "drills_drill"' in s]) == 2  # the owner's, the version
        counted[size] = len(sql)
    assert counted[30] == counted[3000] <= 4


def test_the_migration_fills_the_counts_of_drills_answered_before_it(transactional_db):
    from django.db.migrations.executor import MigrationExecutor

    drill = make_drill(count=3)
    make_class(drill, 20)
    right = count_rows(drill.pk)
    executor = MigrationExecutor(connection)
    executor.migrate([("drills", "0003_house_rules")])  # before the counters were kept
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert kept_counts(drill.pk) == right and right[1]


def test_the_drill_list_counts_from_the_kept_counts_without_reading_answers(client):
    owner = make_user("owner")
    client.force_login(owner)
    big, empty = make_drill(owner=owner, count=2, title="Big"), make_drill(owner=owner, count=2)
    make_class(big, 40, answered=1)
    client.get("/drills/")
    with CaptureQueriesContext(connection) as done:
        page = client.get("/drills/").content.decode()
    assert not [q for q in done.captured_queries if "drills_answer" in q["sql"]]
    row = page.split(f'<code class="code">{big.code}</code>')[1]
    assert '<td class="num">2</td>\n    <td class="num">40</td>\n    <td class="num">40</td>' in row
    row = page.split(f'<code class="code">{empty.code}</code>')[1]
    assert '<td class="num">2</td>\n    <td class="num">0</td>\n    <td class="num">0</td>' in row
