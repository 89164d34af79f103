"""The classes one teaches and is in, a new class, and the roster: the members (rename,
remove), the co-instructors (the owner adds and removes them) and the class open or closed
to new members."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.classes import pins as pin_sign_in
from quizsite.classes import students
from quizsite.classes.forms import ClassForm, InstructorForm, RenameForm
from quizsite.classes.models import Classroom, Member
from quizsite.classes.owners import taught, taught_by

PINS_KEY = "classes_new_pins"  # {class pk: [[member pk, pin], ...]}, shown once


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    context = {
        "teaching": taught_by(request.user).order_by("-created"),
        "joined": Member.objects.filter(user=request.user).select_related("classroom"),
    }
    return render(request, "classes/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    form = ClassForm(request.POST or None)
    if form.is_valid():
        classroom = form.save(commit=False)
        classroom.owner = request.user
        classroom.save()
        return redirect("classes:detail", classroom.pk)
    return render(request, "classes/new.html", {"form": form})


def is_owner(request: HttpRequest, classroom: Classroom) -> bool:
    return bool(classroom.owner_id == request.user.pk)


def roster_context(request: HttpRequest, classroom: Classroom, **extra: Any) -> dict[str, Any]:
    members = list(classroom.members.all())
    shown = request.session.pop(PINS_KEY, {}).get(str(classroom.pk), [])
    pins = dict((int(pk), pin) for pk, pin in shown)
    return {
        "classroom": classroom,
        "members": members,
        "new_pins": [(m, pins[m.pk]) for m in members if m.pk in pins],
        "instructors": classroom.instructors.order_by("username"),
        "is_owner": is_owner(request, classroom),
        "instructor_form": InstructorForm(classroom=classroom),
        "here": "roster",  # the class's menu, whichever address answered
        "pins_paused_until": pin_sign_in.paused_until(classroom),
        "wrong_pins": pin_sign_in.spent(classroom.pk),
        "short_pins": [m for m in members if m.added and m.pin and pin_sign_in.weight(m) > 1],
        **extra,
    }


def show_pins_once(request: HttpRequest, classroom: Classroom, pins: list[tuple[int, str]]) -> None:
    """Keep these PINs for the roster's next showing only (the stored ones are hashes)."""
    request.session[PINS_KEY] = {str(classroom.pk): [[pk, pin] for pk, pin in pins]}


@require_GET
def roster(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    return render(request, "classes/roster.html", roster_context(request, classroom))


def member_of(classroom: Classroom, member_pk: int) -> Member:
    return get_object_or_404(classroom.members, pk=member_pk)


@require_http_methods(["GET", "POST"])
def rename(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    member = member_of(classroom, member_pk)
    form = RenameForm(request.POST or None, member=member, initial={"name": member.name})
    if form.is_valid():
        old = member.name
        member.name = form.cleaned_data["name"]
        member.save(update_fields=["name"])
        messages.success(
            request, _("%(old)s is now called %(new)s.") % {"old": old, "new": member.name}
        )
        return redirect("classes:roster", classroom.pk)
    return render(
        request, "classes/rename.html", {"classroom": classroom, "member": member, "form": form}
    )


@require_http_methods(["GET", "POST"])
def remove(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """Take a member out of the class, after a confirmation page (their kept standing goes
    with the membership)."""
    classroom = taught(request, pk)
    member = member_of(classroom, member_pk)
    if request.method == "POST":
        students.remove(member)
        messages.success(request, _("%(name)s is no longer in the class.") % {"name": member.name})
        return redirect("classes:roster", classroom.pk)
    return render(request, "classes/remove.html", {"classroom": classroom, "member": member})


@require_POST
def set_open(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    Classroom.objects.filter(pk=classroom.pk).update(is_open=request.POST.get("open") == "1")
    return redirect("classes:roster", classroom.pk)


def owned(request: HttpRequest, pk: int) -> Classroom:
    """The class, for its owner only (co-instructors too get 404)."""
    classroom = taught(request, pk)
    if not is_owner(request, classroom):
        raise Http404
    return classroom


@require_POST
def add_instructor(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned(request, pk)
    form = InstructorForm(request.POST, classroom=classroom)
    if form.is_valid():
        user = form.cleaned_data["username"]
        classroom.instructors.add(user)
        messages.success(
            request, _("%(name)s teaches this class with you now.") % {"name": user.get_username()}
        )
        return redirect("classes:roster", classroom.pk)
    context = roster_context(request, classroom, instructor_form=form)
    return render(request, "classes/roster.html", context, status=400)


@require_POST
def remove_instructor(request: HttpRequest, pk: int, user_pk: int) -> HttpResponse:
    classroom = owned(request, pk)
    user = get_object_or_404(classroom.instructors, pk=user_pk)
    classroom.instructors.remove(user)
    messages.success(
        request, _("%(name)s no longer teaches this class.") % {"name": user.get_username()}
    )
    return redirect("classes:roster", classroom.pk)
