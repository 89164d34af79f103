"""What other apps use of drills: a signed-in learner's attempts (the account page), an
instructor's students and which of their answers the instructor may see, and a link to the
drill builder filled in with a focus (the progress page's "Make a drill of this"), and a drill
made of given whole hands (a game's wins: `drill_from_hands`); the places a drill is made for
and set in (`Place`, `add_place`: a class)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from django.db import transaction
from django.db.models import Count, Min, Q, QuerySet
from django.db.models.functions import Left
from django.urls import reverse

from .hooks import Place, add_place, after_answer
from .qr import qr_code

__all__ = [
    "NAMERS",
    "Place",
    "add_place",
    "after_answer",
    "attempts_of",
    "builder_url",
    "delete_work",
    "drills_of",
    "move_work",
    "of_their_drills",
    "qr_code",
    "safe_cell",
    "students_of",
    "work_drills",
    "work_of",
]

# What a signed-in learner is called when they start a drill, asked in turn before their
# account's name: (user, drill id) -> a name, or "" when the asker has none. Another app adds
# its own (a class names its members as the class knows them) without drills importing it.
NAMERS: list[Callable[[Any, int], str]] = []


def safe_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text, never runs as a formula (see `results`)."""
    from .results import safe_cell as cell

    return cell(value)


def drills_of(owner: Any) -> QuerySet[Any]:
    """The drills this account set itself, newest first (none for a visitor)."""
    from .models import Drill

    if not getattr(owner, "is_authenticated", False):
        return Drill.objects.none()
    return Drill.objects.filter(owner=owner).order_by("-created")


def attempts_of(user: Any) -> QuerySet[Any]:
    """The user's drill attempts, newest first, each with `right_count`."""
    from .models import Attempt

    return (
        Attempt.objects.filter(user=user)
        .select_related("drill")
        .annotate(right_count=Count("answers", filter=Q(answers__right=True)))
        .order_by("-started")
    )


def students_of(instructor: Any) -> QuerySet[Any]:
    """The accounts that answered a drill of this instructor (none for a visitor)."""
    from django.contrib.auth import get_user_model

    if not instructor.is_authenticated:
        return get_user_model().objects.none()
    return get_user_model().objects.filter(drill_attempts__drill__owner=instructor).distinct()


def of_their_drills(rows: QuerySet[Any], instructor: Any) -> QuerySet[Any]:
    """Of a learner's practice rows (`Response`), the answers given in this instructor's drills
    only: an instructor sees what their drills asked, never the learner's other history.

    A drill answer's row has source "drill" and ref "<code>#<number>" (see `take.answer`).
    """
    from .codes import LENGTH
    from .models import Drill

    codes = Drill.objects.owned_by(instructor).values("code")
    return (
        rows.filter(source="drill", ref__contains="#")
        .annotate(drill_code=Left("ref", LENGTH))
        .filter(drill_code__in=codes)
    )


def builder_url(
    focus: Mapping[str, Any], *, mode: str, level: str, title: str, rules: str = ""
) -> str:
    """The drill builder (`/drills/new/`) filled in with this generator focus, mode, level,
    preset (when given) and title; the builder reads them as initial values and checks them as
    usual on submit. A table mode takes no focus (`{}`).

    A focus as the generator stores it: `{"fu_items": [...]}`, `{"han": [3, 3], "fu": [40,
    40]}`, `{"counters": True}`, ...
    """
    from .forms import builder_fields

    options = {"mode": mode, "level": level} | ({"rules": rules} if rules else {})
    query = urlencode(builder_fields(focus) | options | {"title": title}, True)
    return f"{reverse('drills:new')}?{query}"


def drill_from_hands(
    owner: Any,
    hands: Sequence[dict[str, Any]],
    *,
    title: str,
    mode: str,
    level: str = "advanced",
) -> Any:
    """A drill owned by `owner` whose questions are exactly these whole hands' score requests
    (complete: seated, with their rules), in order, asked in `mode` (payment, fu, han or full),
    at most `MAX_QUESTIONS` of them (the first). Its preset is the first hand's, and the
    switches it sets on the preset are the drill's house rules; it is taken, counted and
    copied like any drill. A ValueError for no hands or a mode that is not a hand's; a
    ScoringError when the engine cannot score a hand for its payment."""
    from quizsite.quiz.public import HAND_MODES, whole_hand_question
    from scoring.switch_controls import key_of

    from .models import MAX_QUESTIONS, Drill, DrillQuestion

    if mode not in HAND_MODES:
        raise ValueError(f"{mode!r} is not a hand mode")
    requests = [dict(h) for h in hands][:MAX_QUESTIONS]
    if not requests:
        raise ValueError("a drill needs at least one hand")
    questions = [
        whole_hand_question(n, r, mode, level=level) for n, r in enumerate(requests, start=1)
    ]
    rules = requests[0].get("rules")
    house = (
        [[k, key_of(v)] for k, v in rules.items() if k != "preset"]
        if isinstance(rules, dict)
        else []
    )
    with transaction.atomic():
        drill = Drill(
            owner=owner,
            title=title[:100],
            mode=mode,
            level=level,
            rules=questions[0].rules,
            house=house,
            count=len(questions),
            from_hands=True,
        )
        drill.save()
        DrillQuestion.objects.bulk_create(
            DrillQuestion.from_question(drill, n, q) for n, q in enumerate(questions, start=1)
        )
    return drill


# A learner's work in given drills, for the apps that set drills as work (classes): counted,
# moved to another account, or deleted.


def work_of(user_ids: Any, drill_ids: Any) -> dict[tuple[int, int], tuple[int, int, Any]]:
    """(account, drill): (questions answered, answered right, when an attempt finished) over
    the accounts' attempts at the drills (a question answered in two attempts counts once;
    right when right in either). One grouped query."""
    from .models import Answer

    rows = (
        Answer.objects.filter(attempt__user_id__in=user_ids, attempt__drill_id__in=drill_ids)
        .values("attempt__user_id", "attempt__drill_id")
        .annotate(
            n=Count("number", distinct=True),
            right_n=Count("number", distinct=True, filter=Q(right=True)),
            done=Min("attempt__finished"),
        )
        .order_by()
    )
    return {
        (r["attempt__user_id"], r["attempt__drill_id"]): (r["n"], r["right_n"], r["done"])
        for r in rows
    }


def work_drills(user: Any) -> list[int]:
    """The drills this account has attempts at."""
    from .models import Attempt

    return list(Attempt.objects.filter(user=user).values_list("drill_id", flat=True).distinct())


def move_work(from_user: Any, to_user: Any, drill_ids: Any) -> int:
    """The attempts of one account at these drills become another's; the number moved."""
    from .models import Attempt

    return Attempt.objects.filter(user=from_user, drill_id__in=drill_ids).update(user=to_user)


def delete_work(user: Any, drill_ids: Any) -> int:
    """Delete an account's attempts at these drills with their answers, the drills' kept
    counters written again from the answers left (`Drill.recount`); the number of attempts."""
    from django.db import transaction

    from .models import Attempt, Drill

    with transaction.atomic():
        attempts = Attempt.objects.filter(user=user, drill_id__in=drill_ids)
        touched = set(attempts.values_list("drill_id", flat=True))
        deleted = attempts.count()
        attempts.delete()  # the rows alone (their answers cascade); the counters next
        for drill in Drill.objects.filter(pk__in=touched):
            drill.recount()
    return deleted
