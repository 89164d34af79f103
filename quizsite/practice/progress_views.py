"""`/progress/`: where a learner stands (their own, or an instructor's student's), the
explanation of an answer, the CSV of one's history, and deleting one's account or answers.

Ownership is in the query: a learner's rows are `Response.objects.of(user, token)`; a student
is found among `students_of(request.user)`, and of their answers the instructor sees only those
given in the instructor's own drills (`of_their_drills`); anything else is a 404.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import logout
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.drills.public import of_their_drills, students_of
from quizsite.quiz.public import check, linked, stored_question

from . import progress
from .choose import drill_link
from .history import responses
from .models import Response
from .public import forget_learner_token, learner_token
from .state import ROW, days, derive, forget, states, totals


def standing(user: Any, token: str = "", *, drills: bool = False) -> dict[str, Any]:
    """Everything the progress page shows, from a learner's kept state (a few queries, however
    many answers); with `drills`, each topic missed most links to a drill on it where a drill
    focus names it."""
    latest = responses(user, token).order_by("-answered", "-pk")[: progress.RECENT]
    recent = list(latest.values_list("right", flat=True))[::-1]
    kept = states(user, token)
    return shows(kept, days(user, token), totals(user, token), recent, drills=drills)


def shows(
    kept: dict[str, Any], per_day: list[Any], tally: Any, recent: list[bool], *, drills: bool
) -> dict[str, Any]:
    """The progress page's context from a learner's topics, answers per day, totals and
    latest answers (right or not, oldest first)."""
    today = timezone.localdate()
    return {
        "answered": tally.answered,
        "right": tally.right,
        "groups": progress.groups(kept),
        "table": progress.table(kept),
        "chart": progress.accuracy(per_day, recent, tally.answered),
        "streaks": progress.streaks(tally.run, tally.best, [d for d, _, _ in per_day], today),
        "missed": [
            m | {"drill": drill_link(m["topic"], m["label"]) if drills else ""}
            for m in progress.missed_most(kept)
        ],
    }


@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    context = standing(request.user, learner_token(request), drills=request.user.is_authenticated)
    context["students"] = students_of(request.user).order_by("username")
    return render(request, "practice/progress.html", context)


@require_GET
def student(request: HttpRequest, pk: int) -> HttpResponse:
    learner = get_object_or_404(students_of(request.user), pk=pk)
    # Of the student's history, only the answers given in this instructor's own drills: their
    # state is worked out from those rows (the definition), never read from the whole kept state.
    rows = list(of_their_drills(responses(learner), request.user).values_list(*ROW))
    derived = derive(rows)
    per_day = [(day, n, right) for day, (n, right) in sorted(derived.days.items())]
    recent = [row[ROW.index("right")] for row in rows[-progress.RECENT :]]
    shown = shows(derived.topics, per_day, derived.totals, recent, drills=True)
    context = shown | {"student": learner}
    return render(request, "practice/progress.html", context)


def explained(request: HttpRequest, row: Response, student: Any = None) -> HttpResponse:
    q = stored_question(
        row.seed, {"mode": row.mode, "level": row.level, "rules": row.rules}, row.request
    )
    q = linked(
        q,
        url=q.url,
        next_url=f"{reverse('practice:next')}?topic={row.charged[0] if row.charged else ''}",
    )
    context = {"q": q, "row": row, "student": student} | check(q, row.answer).context()
    return render(request, "practice/answer.html", context | {"counted": True, "one_try": True})


@require_GET
def answer(request: HttpRequest, pk: int) -> HttpResponse:
    row = get_object_or_404(Response.objects.of(request.user, learner_token(request)), pk=pk)
    return explained(request, row)


@require_GET
def student_answer(request: HttpRequest, student_pk: int, pk: int) -> HttpResponse:
    learner = get_object_or_404(students_of(request.user), pk=student_pk)
    rows = of_their_drills(Response.objects.filter(user=learner), request.user)
    return explained(request, get_object_or_404(rows, pk=pk), learner)


@require_GET
def export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="tenbo-answers.csv"'
    progress.write_csv(responses(request.user, learner_token(request)), response)
    return response


@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest) -> HttpResponse:
    """Delete one's account with its answers (signed in), or this browser's answers."""
    user = request.user
    context: dict[str, Any] = {"answered": responses(user, learner_token(request)).count()}
    if request.method == "POST":
        if request.POST.get("confirm") != "yes":
            return render(request, "practice/delete.html", context | {"unconfirmed": True})
        if user.is_authenticated:
            logout(request)
            user.delete()  # its answers go with it (on_delete=CASCADE)
        else:
            token = learner_token(request)
            with transaction.atomic():
                responses(None, token).delete()
                if token:
                    forget({"user_id": None, "token": token})
            forget_learner_token(request)
        return redirect("progress:deleted")
    return render(request, "practice/delete.html", context)


@require_GET
def deleted(request: HttpRequest) -> HttpResponse:
    return render(request, "practice/deleted.html")
