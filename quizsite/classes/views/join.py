"""Joining a class: its code and link to share (QR code, projector, printable card), the page
a student opens (`/classes/join/<code>/`) and the one where they type the code."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.accounts.limits import CODES_LIMITED
from quizsite.classes import students
from quizsite.classes.forms import CodeForm, JoinForm, class_by_code
from quizsite.classes.models import Classroom, Member
from quizsite.classes.owners import taught
from quizsite.drills.codes import normalize
from quizsite.drills.public import qr_code


def join_link(request: HttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("classes:join", args=[classroom.code]))


def share_context(request: HttpRequest, classroom: Classroom) -> dict[str, object]:
    link = join_link(request, classroom)
    return {
        "classroom": classroom,
        "link": link,
        "qr": qr_code(link),
        "enter_address": request.get_host() + reverse("classes:enter"),
        "sign_in_address": request.get_host() + reverse("classes:sign_in"),
    }


@require_GET
def share(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's code, link and QR code, with the projector and card views."""
    classroom = taught(request, pk)
    return render(request, "classes/share.html", share_context(request, classroom))


@require_GET
def card(request: HttpRequest, pk: int) -> HttpResponse:
    """A page to print (or project): the class's name, code, link and a large QR code."""
    classroom = taught(request, pk)
    return render(request, "classes/card.html", share_context(request, classroom))


@require_GET
def enter(request: HttpRequest) -> HttpResponse:
    """`/classes/join/`: type the class code (any case, spaces and dashes ignored)."""
    form = CodeForm(request.GET or None, request=request)
    if form.is_valid():
        return redirect("classes:join", form.cleaned_data["code"])
    return render(
        request, "classes/enter.html", {"form": form}, status=429 if form.limited else 200
    )


def name_taken(name: str) -> str:
    return _(
        "The class has a student called “%(name)s” already. Add an initial or your family "
        "name (such as “%(name)s T.”), so your instructor can tell you apart."
    ) % {"name": name}


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    """The class a student was sent to: a visitor is asked to sign up or log in and comes back
    here; a signed-in one joins once (by POST), unless the class is closed to new members."""
    found = class_by_code(request, normalize(code))
    if found is None:
        context = {"form": CodeForm(request=request), "limited": CODES_LIMITED}
        return render(request, "classes/enter.html", context, status=429)
    if not found:
        raise Http404
    classroom = found
    if normalize(code) != code:
        return redirect("classes:join", classroom.code)
    context: dict[str, object] = {"classroom": classroom, "here": request.get_full_path()}
    user = request.user
    if not user.is_authenticated:
        return render(request, "classes/join.html", context)
    member = Member.objects.filter(classroom=classroom, user=user).first()
    if member is not None:
        context["member"] = member
    elif classroom.owner_id == user.pk or classroom.instructors.filter(pk=user.pk).exists():
        context["teaches"] = True
    elif not classroom.is_open:
        context["closed"] = True
    else:
        form = JoinForm(request.POST or None, initial={"name": str(user.get_username())[:40]})
        context["form"] = form
        if request.method == "POST" and form.is_valid():
            try:
                joined = students.join(classroom, user, form.cleaned_data["name"])
            except students.NameTaken:
                form.add_error("name", name_taken(form.cleaned_data["name"]))
            else:
                if joined is None:  # a second tab joined a moment ago
                    context["member"] = Member.objects.get(classroom=classroom, user=user)
                else:
                    messages.success(request, _("Welcome to %(name)s.") % {"name": classroom.name})
                    return redirect("classes:student", classroom.pk)
    status = (
        403 if request.method == "POST" and ("closed" in context or "teaches" in context) else 200
    )
    return render(request, "classes/join.html", context, status=status)
