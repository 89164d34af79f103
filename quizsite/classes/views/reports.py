"""The class page, a member's page in the class (the instructors' and the member's own), the
class's CSV, merging two entries of the same person and forgetting a member's class data."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.classes import board, exports, member_page, merging, pins
from quizsite.classes.forms_reports import ConfirmForm, MergeForm, ShareForm
from quizsite.classes.models import Member
from quizsite.classes.owners import membership, taught


def practice_link(pk: int) -> str:
    return f"{reverse('practice:home')}?class={pk}"


@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    sort = request.GET.get("sort", "name")[:100]
    context = board.board(classroom, sort=sort, every_topic=request.GET.get("topics") == "all")
    context |= {
        "classroom": classroom,
        "min_seen": board.MIN_SEEN,
        "practice_link": practice_link(pk),
        "pins_paused_until": pins.paused_until(classroom),
        "wrong_pins": pins.spent(classroom.pk),
    }
    return render(request, "classes/detail.html", context)


def taught_member(request: HttpRequest, pk: int, member_pk: int) -> Member:
    classroom = taught(request, pk)
    member = get_object_or_404(Member.objects.filter(classroom=classroom), pk=member_pk)
    member.classroom = classroom
    return member


@require_GET
def member(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    found = taught_member(request, pk, member_pk)
    context = member_page.page_of(found, page=request.GET.get("page", 1))
    return render(request, "classes/member.html", context | {"teaching": True})


@require_GET
def me(request: HttpRequest, pk: int) -> HttpResponse:
    mine = membership(request, pk)
    context = member_page.page_of(mine, page=request.GET.get("page", 1))
    context |= {
        "share_form": ShareForm(initial={"shares_practice": mine.shares_practice}),
        "practice_link": practice_link(pk),
    }
    return render(request, "classes/member.html", context)


@require_POST
def share(request: HttpRequest, pk: int) -> HttpResponse:
    mine = membership(request, pk)
    form = ShareForm(request.POST)
    if form.is_valid():
        mine.shares_practice = form.cleaned_data["shares_practice"]
        mine.save(update_fields=["shares_practice"])
        messages.success(
            request,
            _("Your practice outside the class is shared with its instructors.")
            if mine.shares_practice
            else _("Your practice outside the class is yours alone."),
        )
    return redirect("classes:me", pk)


@require_http_methods(["GET", "POST"])
def merge(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """Choose the other entry (`?into=`), see both side by side (how each came, its answers),
    choose the one that stays, merge."""
    found = taught_member(request, pk, member_pk)
    data = (
        request.POST if request.method == "POST" else request.GET if "into" in request.GET else None
    )
    form = MergeForm(found, data)
    if request.method == "POST" and form.is_valid():
        kept, gone = form.kept_and_gone()
        merging.merge(kept, gone)
        messages.success(
            request,
            _("Merged: %(gone)s's answers are now %(kept)s's.")
            % {"gone": gone.name, "kept": kept.name},
        )
        return redirect("classes:member", pk, kept.pk)
    chosen = form.other() if data is not None else None
    context = {
        "member": found,
        "classroom": found.classroom,
        "form": form,
        "entries": [merging.entry(found), merging.entry(chosen)] if chosen else [],
        "two_people": chosen is not None and not chosen.added and not found.added,
    }
    return render(request, "classes/merge.html", context)


@require_http_methods(["GET", "POST"])
def forget(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    found = taught_member(request, pk, member_pk)
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        n = merging.forget(found)
        messages.success(
            request,
            _("%(name)s's answers in the class's work are deleted (%(n)s).")
            % {"name": found.name, "n": n},
        )
        return redirect("classes:member", pk, found.pk)
    context = {"member": found, "classroom": found.classroom, "form": form}
    return render(request, "classes/forget.html", context)


@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tenbo-class-{classroom.pk}.csv"'
    response.write("\ufeff")  # a spreadsheet reads the file as UTF-8 (names in any script)
    exports.write_csv(classroom, csv.writer(response))
    return response
