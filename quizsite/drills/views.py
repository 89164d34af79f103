"""The instructor's pages: build, preview, share, print and read the results of a drill.

Ownership is in the query (`mine`): anyone but the owner (or a superuser) gets a 404 on every
page of a drill, signed in or not.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from quizsite.games.public import saved_rules_of
from quizsite.quiz.public import ScoringError, check_key
from quizsite.redirects import asked_path

from .forms import DrillForm, EditForm, cannot_meet
from .hooks import made_for, set_in
from .models import Answer, Drill
from .qr import qr_code
from .results import csv_lines, version
from .results import results as drill_results


def mine(request: HttpRequest, code: str) -> Drill:
    """The drill with this code if the visitor may manage it; a 404 otherwise."""
    return get_object_or_404(Drill.objects.owned_by(request.user), code=code.upper())


@login_required
@require_GET
def drill_list(request: HttpRequest) -> HttpResponse:
    drills = Drill.objects.filter(owner=request.user).with_counts()
    return render(request, "drills/list.html", {"drills": drills})


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    # A GET may carry a focus to start from (the progress page's "Make a drill of this").
    form = DrillForm(
        request.POST or None,
        initial=DrillForm.initial_from(request.GET),
        saved=saved_rules_of(request.user),
    )
    # Made for a place (a class): set there as it is drawn, then back there.
    target = made_for(request.POST.get("for") or request.GET.get("for", ""), request.user)
    if form.is_valid():
        try:
            with transaction.atomic():
                drill = form.save(commit=False)
                drill.owner = request.user
                drill.save()
                drill.draw()
                there = target.place.made(request, drill, target.key) if target else ""
        except ScoringError as e:  # a focus the generator could not meet after all
            form.add_error(None, cannot_meet(e))
        else:
            if there:
                return redirect(there)
            # Set from another page (a class's work): back there with the new drill's code.
            back = asked_path(request)
            if back:
                return redirect(f"{back}{'&' if '?' in back else '?'}drill={drill.code}")
            return redirect("drills:preview", drill.code)
    prefilled = ""  # filled in from a link: with a focus, or a table mode alone
    if not form.is_bound and any(k.startswith("focus_") for k in form.initial):
        prefilled = "focus"
    elif not form.is_bound and "mode" in form.initial:
        prefilled = "mode"
    context = {"form": form, "prefilled": prefilled, "next": asked_path(request) or ""}
    return render(request, "drills/new.html", context | {"target": target})


def share_link(request: HttpRequest, drill: Drill) -> str:
    return request.build_absolute_uri(reverse("drills:take", args=[drill.code]))


def enter_address(request: HttpRequest) -> str:
    """Where a student types the code, as said aloud: "tenbo.example/d/"."""
    return request.get_host() + reverse("drills:enter")


@require_GET
def detail(request: HttpRequest, code: str) -> HttpResponse:
    drill = mine(request, code)
    link = share_link(request, drill)
    context = {"drill": drill, "link": link, "qr": qr_code(link), "answered": drill.has_answers}
    context["enter_address"] = enter_address(request)
    context["started"] = drill.attempts.count()
    context["set_in"] = set_in(request.user, drill.pk)
    return render(request, "drills/detail.html", context)


@require_GET
def projector(request: HttpRequest, code: str) -> HttpResponse:
    """The share page for a projector: the code in big letters and a large QR code."""
    drill = mine(request, code)
    link = share_link(request, drill)
    context = {"drill": drill, "link": link, "qr": qr_code(link)}
    context["enter_address"] = enter_address(request)
    return render(request, "drills/projector.html", context)


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, code: str) -> HttpResponse:
    """Change a drill's title and options; its questions stay as drawn."""
    drill = mine(request, code)
    form = EditForm(request.POST or None, instance=drill)
    if form.is_valid():
        form.save()
        return redirect("drills:detail", drill.code)
    context = {"drill": drill, "form": form, "set_in": set_in(request.user, drill.pk)}
    return render(request, "drills/edit.html", context)


@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, code: str) -> HttpResponse:
    """Delete a drill with its questions, attempts and answers, after a confirmation page."""
    drill = mine(request, code)
    if request.method == "POST":
        drill.delete()  # its questions, attempts and answers go with it (CASCADE)
        messages.success(
            request,
            _("The drill “%(title)s” (%(code)s) is deleted.")
            % {"title": drill.title, "code": code.upper()},
        )
        return redirect("drills:list")
    context = {"drill": drill, "started": drill.attempts.count()}
    context["answers"] = Answer.objects.filter(attempt__drill=drill).count()
    return render(request, "drills/delete.html", context)


@require_GET
def preview(request: HttpRequest, code: str) -> HttpResponse:
    drill = mine(request, code)
    can_redraw = not drill.from_hands and not drill.has_answers
    context = keyed(drill, can_redraw=can_redraw) | {"set_in": set_in(request.user, drill.pk)}
    return render(request, "drills/preview.html", context)


@require_POST
@vary_on_headers("HX-Request")
def redraw(request: HttpRequest, code: str, number: int) -> HttpResponse:
    drill = mine(request, code)
    if not 1 <= number <= drill.count:
        raise Http404("no such question")
    done = drill.redraw(number)
    if request.htmx:
        context = keyed(drill, can_redraw=done, only=number)
        context["item"] = context["items"][0]
        context["refused"] = not done
        return render(request, "drills/preview.html#item", context)
    return redirect(reverse("drills:preview", args=[drill.code]) + f"#q{number}")


def keyed(drill: Drill, *, can_redraw: bool = False, only: int | None = None) -> dict[str, Any]:
    """Every question (or question `only`) with its answer key and explanation steps."""
    items = []
    for number, q in enumerate(drill.quiz_questions(), start=1):
        if only is None or number == only:
            items.append({"number": number, "q": q, "key": check_key(q)})
    return {"drill": drill, "items": items, "can_redraw": can_redraw}


@require_GET
def sheet(request: HttpRequest, code: str) -> HttpResponse:
    drill = mine(request, code)
    items = [{"number": n, "q": q} for n, q in enumerate(drill.quiz_questions(), start=1)]
    return render(request, "drills/sheet.html", {"drill": drill, "items": items})


@require_GET
def key(request: HttpRequest, code: str) -> HttpResponse:
    return render(request, "drills/key.html", keyed(mine(request, code)))


@require_POST
def set_open(request: HttpRequest, code: str) -> HttpResponse:
    drill = mine(request, code)
    Drill.objects.filter(pk=drill.pk).update(is_open=request.POST.get("open") == "1")
    if request.POST.get("back") == "results":
        return redirect("drills:results", drill.code)
    return redirect("drills:detail", drill.code)


@require_POST
def copy(request: HttpRequest, code: str) -> HttpResponse:
    twin = mine(request, code).copy(request.user)
    return redirect("drills:preview", twin.code)


@require_GET
@vary_on_headers("HX-Request")
def results(request: HttpRequest, code: str) -> HttpResponse:
    """The board; polled by htmx with the version it shows (`v`): "204 No Content" while
    nothing changed, else the board alone. A plain GET honours `If-None-Match` too."""
    drill = mine(request, code)
    page = page_number(request)
    known = version(drill)
    etag = f'"{known}-{page}"'
    if request.htmx and request.GET.get("v") == known:
        return HttpResponse(status=204)
    if request.headers.get("If-None-Match") == etag:
        return HttpResponse(status=304)
    context = {"drill": drill, "res": drill_results(drill, page, known=known)}
    if not request.htmx:  # the way back to where it is set, on the whole page only
        context["set_in"] = set_in(request.user, drill.pk)
    template = "drills/results.html#board" if request.htmx else "drills/results.html"
    response = render(request, template, context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def page_number(request: HttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1


@require_GET
def results_csv(request: HttpRequest, code: str) -> StreamingHttpResponse:
    drill = mine(request, code)
    response = StreamingHttpResponse(csv_lines(drill), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="drill-{drill.code}.csv"'
    return response


@require_http_methods(["GET", "POST"])
def remove_attempt(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Remove one student's attempt with its answers, after a confirmation page."""
    drill = mine(request, code)
    attempt = get_object_or_404(drill.attempts.annotate(answer_count=Count("answers")), pk=pk)
    if request.method == "POST":
        attempt.delete()  # its answers go with it (on_delete=CASCADE)
        return redirect(reverse("drills:results", args=[drill.code]) + "?removed=1")
    return render(request, "drills/remove.html", {"drill": drill, "attempt": attempt})
