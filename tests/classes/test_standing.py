"""A member's kept standings (their work on each assigned drill, their topics within the
class's work) always equal the recount from the raw answers: after a random run of drill
answers (right, wrong, retries, double submits) and practice inside and outside the classes, by
several members, one of them in two classes; and when a drill is set or a member joins after
answers were given, or an attempt is removed."""

from __future__ import annotations

import io
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from quizsite.classes import standing
from quizsite.classes.models import MemberTopic, MemberWork
from quizsite.drills.models import Attempt
from quizsite.practice import answers
from quizsite.practice.models import Response
from tests.factory import (
    add_member,
    assign,
    class_drill_answer,
    class_practice,
    make_classroom,
    make_drill,
    make_user,
    question,
)

pytestmark = pytest.mark.django_db


def same(classroom) -> None:
    kept, counted = standing.kept(classroom), standing.compute(classroom)
    assert kept.work == counted.work
    assert kept.topics == counted.topics


def test_kept_standings_equal_the_recount_after_random_answers():
    rng = random.Random(26)
    sensei = make_user("sensei")
    a, b = make_classroom(sensei, name="A"), make_classroom(sensei, name="B")
    users = [make_user(f"s{i}") for i in range(4)]
    for u in users[:3]:
        add_member(a, u)
    for u in users[2:]:
        add_member(b, u)  # users[2] is in both classes
    only_a = make_drill(sensei, count=3, mode="fu", retries=True)
    both = make_drill(sensei, count=3, mode="han")
    unset = make_drill(sensei, count=2, mode="fu")
    assign(a, only_a)
    assign(a, both)
    assign(b, both)
    drills = [only_a, both, unset]
    for step in range(36):
        user = rng.choice(users)
        if rng.random() < 0.6:
            drill = rng.choice(drills)
            number = rng.randint(1, drill.count)
            right = rng.random() < 0.5
            class_drill_answer(user, drill, number, right=right)
            if rng.random() < 0.2:  # a double submit (or, wrong with retries, a retry)
                class_drill_answer(user, drill, number, right=right)
        else:
            scope = rng.choice(["", f"class:{a.pk}", f"class:{b.pk}"])
            q = question(9000 + step, rng.choice(["fu", "han", "payment"]))
            class_practice(user, scope, q, right=rng.random() < 0.5)
    assert MemberWork.objects.filter(answered__gt=0).exists()
    assert MemberTopic.objects.filter(member__classroom=b).exists()
    same(a)
    same(b)
    # practice outside the classes, and in class B, never counts in class A
    kept_a = standing.kept(a)
    outside = Response.objects.filter(source="practice").exclude(scope=f"class:{a.pk}")
    assert outside.exists()
    standing.recount(a)
    assert standing.kept(a) == kept_a


def test_a_drill_set_after_answers_and_a_late_joiner_count_what_was_given():
    sensei, aiko, ben = make_user("sensei"), make_user("aiko"), make_user("ben")
    classroom = make_classroom(sensei)
    add_member(classroom, aiko)
    drill = make_drill(sensei, count=2, mode="fu")
    class_drill_answer(aiko, drill, 1, right=True)
    class_drill_answer(ben, drill, 1, right=False)
    class_drill_answer(ben, drill, 2, right=True)
    assign(classroom, drill)  # set after Aiko answered: her answer counts
    assert MemberWork.objects.get(member__user=aiko).answered == 1
    add_member(classroom, ben)  # joins after answering
    work = MemberWork.objects.get(member__user=ben)
    assert (work.answered, work.right, work.finished is not None) == (2, 1, True)
    same(classroom)


def test_removing_an_attempt_or_unsetting_a_drill_updates_the_standings():
    sensei, aiko = make_user("sensei"), make_user("aiko")
    classroom = make_classroom(sensei)
    add_member(classroom, aiko)
    drill = make_drill(sensei, count=2, mode="fu")
    assignment = assign(classroom, drill)
    class_drill_answer(aiko, drill, 1, right=True)
    assert MemberWork.objects.get().right == 1
    Attempt.objects.get(user=aiko).delete()
    assert not MemberWork.objects.filter(answered__gt=0).exists()
    class_drill_answer(aiko, drill, 2, right=False)
    assert MemberTopic.objects.exists()
    assignment.delete()
    assert not MemberTopic.objects.exists()  # the drill is no longer the class's work
    same(classroom)
    other = make_drill(sensei, count=1, mode="fu")
    assign(classroom, other)
    class_drill_answer(aiko, other, 1, right=False)
    assert MemberTopic.objects.exists()
    other.delete()  # the drill deleted: its answers no longer count for the class
    assert not MemberTopic.objects.exists() and not MemberWork.objects.exists()
    same(classroom)


def test_an_answer_older_than_one_counted_recounts_the_member():
    sensei, aiko = make_user("sensei"), make_user("aiko")
    classroom = make_classroom(sensei)
    member = add_member(classroom, aiko)
    scope = f"class:{classroom.pk}"
    class_practice(aiko, scope, question(321, "fu"), right=False)
    class_practice(aiko, scope, question(322, "fu"), right=True)
    last = Response.objects.filter(user=aiko).latest("answered")
    older = Response.objects.filter(user=aiko).values().get(pk=last.pk)
    older = {k: v for k, v in older.items() if k != "id"}
    older |= {"ref": "older", "answered": timezone.now() - timedelta(days=3), "right": False}
    older["charged"] = older["topics"]
    answers.store(**older)
    assert MemberTopic.objects.filter(member=member).exists()
    same(classroom)


def test_recount_classes_mends_lost_rows():
    sensei, aiko = make_user("sensei"), make_user("aiko")
    classroom = make_classroom(sensei)
    add_member(classroom, aiko)
    drill = make_drill(sensei, count=2, mode="fu")
    assign(classroom, drill)
    class_drill_answer(aiko, drill, 1, right=False)
    before = standing.kept(classroom)
    MemberWork.objects.all().delete()
    MemberTopic.objects.all().update(seen=99)
    out = io.StringIO()
    call_command("recount_classes", stdout=out)
    assert "1 classes recounted" in out.getvalue()
    assert standing.kept(classroom) == before
