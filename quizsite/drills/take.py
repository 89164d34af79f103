"""Taking a drill: the learner's name, then question n of N with the quiz's own forms and
verdicts, then a summary.

The learner's attempt is found through the visitor's record (`visitors.public`: the drill's
code → the attempt's key), and for a signed-in learner through their account, so a reload,
Back or a second tab continues where they are. Answers are stored at once (`Attempt.record`);
rate-limited per visitor or account, never per address (a class shares one).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import OperationalError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_ratelimit.core import get_usage, is_ratelimited

from quizsite.client import client_address
from quizsite.quiz.public import answer_form, answer_page, check, judge_posted, linked, record
from quizsite.unavailable import NOT_SAVED, log, mark
from quizsite.visitors import public as visitors

from .codes import normalize
from .forms import CodeForm, NameForm
from .models import Answer, Attempt, Drill

TEMPLATE = "drills/take.html"
SAME_NAME = gettext_lazy(
    'Someone in this drill is already called %(name)s: add your initial or a number ("%(name)s'
    ' K.", "%(name)s 2") so your instructor can tell you apart.'
)
CLOSED = gettext_lazy("This drill is closed: it accepts no more answers.")
OUT_OF_TIME = gettext_lazy("Time is up: this drill accepts no more answers from you.")
STARTS_LIMITED = gettext_lazy(
    "Too many students have started this drill from your network in the last hour. Wait a "
    "while and try again, or ask your instructor."
)
LIMITED = gettext_lazy(
    "You are answering faster than anyone can read a hand: wait a minute, then send your "
    "answer again."
)


def find_attempt(request: HttpRequest, drill: Drill) -> Attempt | None:
    key = visitors.secret(request.session, visitors.DRILL, drill.code)
    attempt = Attempt.objects.filter(drill=drill, session_key=key).first() if key else None
    if attempt is None and request.user.is_authenticated:
        attempt = Attempt.objects.filter(drill=drill, user=request.user).order_by("-pk").first()
        if attempt is not None:
            remember(request, attempt)
    return attempt


def remember(request: HttpRequest, attempt: Attempt) -> None:
    visitors.keep(request.session, visitors.DRILL, attempt.drill.code, attempt.session_key)


def open_drill(code: str) -> Drill:
    return get_object_or_404(Drill, code=normalize(code))


@require_GET
def enter(request: HttpRequest) -> HttpResponse:
    """`/d/`: type the code a class was given."""
    form = CodeForm(request.GET or None)
    if form.is_valid():
        code = normalize(form.cleaned_data["code"])
        if Drill.objects.filter(code=code).exists():
            return redirect("drills:take", code)
        form.add_error(
            "code",
            _("No drill has the code %(code)s: check it with your instructor.")
            % {"code": repr(code[:10])},
        )
    return render(request, "drills/enter.html", {"form": form})


@require_http_methods(["GET", "POST"])
def start(request: HttpRequest, code: str) -> HttpResponse:
    """The name page, then a new attempt: refused when the drill is closed or full (its cap on
    students), when the name is taken in the drill, and past `starts_limited`."""
    drill = open_drill(code)
    attempt = find_attempt(request, drill)
    if attempt is not None:
        return redirect(resume_url(attempt))
    if not drill.is_open:
        return render(request, "drills/closed.html", {"drill": drill})
    if drill.is_full:
        return render(request, "drills/closed.html", {"drill": drill, "full": True})
    initial = (
        {"name": suggested_name(request.user, drill)} if request.user.is_authenticated else None
    )
    form = NameForm(request.POST or None, initial=initial)
    if form.is_valid():
        name = form.cleaned_data["name"]
        if drill.attempts.filter(name__iexact=name).exists():
            form.add_error("name", SAME_NAME % {"name": name})
        elif starts_limited(request, drill):
            context = {"drill": drill, "form": form, "refused": str(STARTS_LIMITED)}
            return render(request, "drills/start.html", context, status=429)
        else:
            attempt = drill.start(name=name, user=request.user)
            if attempt is None:  # the last place went a moment ago
                return render(request, "drills/closed.html", {"drill": drill, "full": True})
            remember(request, attempt)
            return redirect("drills:question", drill.code, 1)
    return render(request, "drills/start.html", {"drill": drill, "form": form})


def suggested_name(user: Any, drill: Drill) -> str:
    """The name a signed-in learner starts with: the one another app knows them by for this
    drill (a class's name for its member, `public.NAMERS`), else their account's name."""
    from .public import NAMERS

    for namer in NAMERS:
        if name := namer(user, drill.pk):
            return name
    return str(user.get_username())


def starts_limited(request: HttpRequest, drill: Drill) -> bool:
    """New attempts on this drill from this client address (behind trusted proxies) past
    `TENBO_RATE_ATTEMPTS`: a class behind one school router fits, a script adding fake
    students does not."""
    return is_ratelimited(
        request,
        group="drill-starts",
        key=lambda group, request: f"{drill.code}:{client_address(request)}",
        rate=lambda group, request: settings.TENBO_RATE_ATTEMPTS,
        increment=True,
    )


def resume_url(attempt: Attempt) -> str:
    """The first question not yet answered, or the summary."""
    answered = set(attempt.answers.values_list("number", flat=True))
    for position in range(1, attempt.size + 1):
        if attempt.number_at(position) not in answered:
            if attempt.is_out_of_time():
                break
            return reverse("drills:question", args=[attempt.drill.code, position])
    return reverse("drills:summary", args=[attempt.drill.code])


def answer_rate(group: str, request: HttpRequest) -> str:
    return settings.RATE_ANSWERS


def learner_key(group: str, request: HttpRequest) -> str:
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return "visitor:" + visitors.visitor(request.session)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def question(request: HttpRequest, code: str, position: int) -> HttpResponse:
    drill = open_drill(code)
    attempt = find_attempt(request, drill)
    if attempt is None:
        return redirect("drills:take", drill.code)
    if not 1 <= position <= attempt.size:
        raise Http404("no such question")
    number = attempt.number_at(position)
    q = linked(
        drill.questions.get(number=number).as_question(),
        # The verdict's "Try this one again" asks for the form again, when retries are allowed.
        url=reverse("drills:question", args=[drill.code, position])
        + ("?again=1" if drill.retries else ""),
        next_url=(
            reverse("drills:question", args=[drill.code, position + 1])
            if position < attempt.size
            else reverse("drills:summary", args=[drill.code])
        ),
    )
    context: dict[str, Any] = {
        "drill": drill,
        "attempt": attempt,
        "q": q,
        "position": position,
        "drill_number": number,  # the drill's numbering (the results, key and CSV use it)
        "one_try": not drill.retries,
        "graded": True,  # the quiz's "Show the answer" and "Skip" stay out of a drill
    }
    if request.method == "POST":
        context |= answer(request, drill, attempt, number, q)
    else:
        stored = attempt.answers.filter(number=number).first()
        context |= shown(drill, attempt, q, stored, again="again" in request.GET)
        if not drill.is_open and "form" in context:  # said before anything is typed
            context["refused"] = str(CLOSED)
    context |= progress(attempt)
    if request.htmx and request.method == "POST":
        response = answer_page(request, TEMPLATE, context)
    else:
        response = render(request, TEMPLATE, context)
    return mark(response) if context.get("not_saved") else response


def answer(
    request: HttpRequest, drill: Drill, attempt: Attempt, number: int, q: Any
) -> dict[str, Any]:
    """Judge and store a posted answer; what the page shows next."""
    if not drill.is_open:
        return {"refused": str(CLOSED)}
    if attempt.is_out_of_time():
        return {"refused": str(OUT_OF_TIME)}
    form = answer_form(q, request.POST)
    try:
        # One transaction for the count's reads and writes: a database locked past its timeout
        # is known after one wait, not one for each write the cache tries (and swallows).
        with transaction.atomic():
            usage = get_usage(
                request, group="drill-answers", key=learner_key, rate=answer_rate, increment=True
            )
    except OperationalError as e:
        log(request, e)
        return not_saved(form)
    if usage is not None and usage["should_limit"]:
        if usage["time_left"] < 0:  # the count could not be kept: the database is busy
            return not_saved(form)
        return {"refused": str(LIMITED), "form": form}
    # A drill's answers are graded: no "Show the answer" (a posted `reveal` is no answer).
    posted = judge_posted(q, request.POST, reveal=False)
    checked, given = posted.checked, posted.answer
    if checked is None or given is None:
        return posted.context()
    try:
        # The answer and the learner's history (practice, progress: first answers) made from
        # it are one transaction: a crash or a busy database keeps both or neither.
        with transaction.atomic():
            outcome = attempt.record(number, checked, given)
            if outcome == "counted":
                record(
                    request, q, checked, answer=given, source="drill",
                    ref=f"{drill.code}#{number}",
                )  # fmt: skip
    except OperationalError as e:
        log(request, e)
        return not_saved(posted.form)
    if outcome == "already":
        # The answer that counts is the stored one (perhaps from another tab a moment ago).
        return shown(drill, attempt, q, attempt.answers.get(number=number)) | {"counted": False}
    return feedback(drill, attempt, checked.context()) | {"counted": True}


def not_saved(form: Any) -> dict[str, Any]:
    """The answer as typed, and why it was not stored (the view answers 503)."""
    return {"refused": str(NOT_SAVED), "form": form, "not_saved": True}


def shown(
    drill: Drill, attempt: Attempt, q: Any, stored: Answer | None, *, again: bool = False
) -> dict[str, Any]:
    """A question as it stands: the form, or the stored answer's verdict (a retry shows the form
    again for a wrong answer when asked)."""
    if stored is None or (
        again and drill.retries and not stored.right and not attempt.is_out_of_time()
    ):
        return {"form": answer_form(q), "last": stored}
    return feedback(drill, attempt, check(q, stored.answer).context()) | {"counted": True}


def feedback(drill: Drill, attempt: Attempt, verdict: dict[str, Any]) -> dict[str, Any]:
    """The verdict and explanation now, or only a receipt when they wait for the end."""
    later = drill.explain == Drill.Explain.END and not attempt.is_over()
    return verdict | {"saved_only": later}


def progress(attempt: Attempt) -> dict[str, Any]:
    attempt.refresh_from_db(fields=["finished"])
    answered = set(attempt.answers.values_list("number", flat=True))
    marks = [
        {"position": p, "answered": attempt.number_at(p) in answered}
        for p in range(1, attempt.size + 1)
    ]
    return {"marks": marks, "answered_count": len(answered)}


@require_GET
def summary(request: HttpRequest, code: str) -> HttpResponse:
    drill = open_drill(code)
    attempt = find_attempt(request, drill)
    if attempt is None:
        return redirect("drills:take", drill.code)
    answers = {a.number: a for a in attempt.answers.all()}
    rows = []
    for position in range(1, attempt.size + 1):
        number = attempt.number_at(position)
        rows.append({"position": position, "number": number, "answer": answers.get(number)})
    show_marks = drill.explain == Drill.Explain.EACH or attempt.is_over()
    right = sum(1 for a in answers.values() if a.right)
    context = {
        "drill": drill,
        "attempt": attempt,
        "rows": rows,
        "right": right,
        "show_marks": show_marks,
        "unanswered": attempt.size - len(answers),
    }
    return render(request, "drills/summary.html", context)
