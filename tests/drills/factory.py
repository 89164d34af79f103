"""Rows for the drill tests, made by hand: make_user, make_drill, make_attempt, make_answer."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from quizsite.drills.models import Answer, Attempt, Drill
from quizsite.quiz.public import check, solve
from tests.quiz.factory import right_answer

PASSWORD = "a-long-test-password-42"


def make_user(name: str = "sensei", **fields: Any) -> User:
    return User.objects.create_user(name, password=PASSWORD, **fields)


def make_drill(owner: User | None = None, **fields: Any) -> Drill:
    options = {"title": "Fu practice", "mode": "full", "level": "beginner", "rules": "mahjongsoul"}
    drill = Drill(owner=owner or make_user(), count=fields.pop("count", 3), **options | fields)
    drill.save()
    drill.draw()
    return drill


def make_attempt(drill: Drill, name: str = "Aiko", **fields: Any) -> Attempt:
    return drill.start(name=name, user=fields.pop("user", None) or AnonymousUser(), **fields)


class AnonymousUser:
    is_authenticated = False


def right_post(drill: Drill, number: int) -> dict[str, str]:
    """The POST data of the right answer to question `number`."""
    q = drill.questions.get(number=number).as_question()
    return right_answer(q, solve(q))


def wrong_post(drill: Drill, number: int) -> dict[str, str]:
    """A well-formed wrong answer (every right amount plus 100, or 10 fu/1 han more)."""
    post = right_post(drill, number)
    bump = {"fu": 10, "han": 1}
    return {k: str(int(v) + bump.get(k, 100)) for k, v in post.items()}


def make_answer(attempt: Attempt, number: int, *, right: bool = True) -> str:
    """Record an answer through the model, as the view does; the outcome."""
    drill = attempt.drill
    q = drill.questions.get(number=number).as_question()
    from quizsite.quiz.public import answer_form

    form = answer_form(q, (right_post if right else wrong_post)(drill, number))
    assert form.is_valid(), form.errors
    return attempt.record(number, check(q, form.answer()), form.answer())


def all_answers(drill: Drill) -> list[Answer]:
    return list(Answer.objects.filter(attempt__drill=drill))


def make_class(drill: Drill, students: int, *, answered: int | None = None) -> None:
    """`students` attempts on the drill, each answering the first `answered` questions (all by
    default) with a mix of right and wrong answers, made with bulk_create (three queries)."""
    from django.utils import timezone

    already = Attempt.objects.filter(drill=drill).count()
    made = Attempt.objects.bulk_create(
        Attempt(drill=drill, name=f"Student {i}", order=list(range(1, drill.count + 1)))
        for i in range(already, already + students)
    )
    now = timezone.now()
    attempts = [a.pk for a in made]
    Answer.objects.bulk_create(
        (
            Answer(
                attempt_id=pk,
                number=n,
                given=str(1000 + 100 * ((pk + n) % 7)),
                answer={},
                right=(pk + n) % 3 != 0,
                category="" if (pk + n) % 3 else "fu count",
                seconds=10 + (pk + n) % 50,
                answered=now,
            )
            for pk in attempts
            for n in range(1, (drill.count if answered is None else answered) + 1)
        ),
        batch_size=2000,
    )
