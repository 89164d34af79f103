"""The students the instructor adds by name (no e-mail, no password): adding them, their PIN
and personal link (reset or renewed by the instructor), the printable sheet of their cards,
their sign-in (the link, or the class code + name + PIN, limited against guessing) and
"Not you? Switch student" on a shared tablet.

A sign-in happens only on a POST from the site's own page (CSRF-checked): the personal link
opens a page that says whose sign-in it is, so a link planted on someone else's browser signs
nobody in unasked. It starts a new, empty session: nothing the browser kept as a visitor (a
practice history, games, drill attempts) moves into the account the instructor made."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.classes import pins, students
from quizsite.classes.forms import CodeForm, NamesForm, SignInForm
from quizsite.classes.models import Classroom, Member
from quizsite.classes.owners import membership, taught
from quizsite.drills.public import qr_code

from .roster import member_of, show_pins_once

BACKEND = "django.contrib.auth.backends.ModelBackend"
WRONG_PIN = gettext_lazy("That PIN is not the one for this name. Check it with your instructor.")
PIN_LIMITED = gettext_lazy(
    "Too many sign-in attempts for this name or from here in a short time. Please wait a few "
    "minutes, or ask your instructor for your personal link."
)
PINS_PAUSED = gettext_lazy(
    "Signing in with a PIN is paused for this class for now: too many wrong PINs were typed "
    "today. Use your personal link or the QR code on your card, or ask your instructor."
)


@require_http_methods(["GET", "POST"])
def add(request: HttpRequest, pk: int) -> HttpResponse:
    """Type names, one per line: each becomes a student with an account, a PIN (shown once,
    on the roster) and a personal link."""
    classroom = taught(request, pk)
    form = NamesForm(request.POST or None, classroom=classroom)
    if form.is_valid():
        made = students.add(classroom, form.cleaned_data["names"])
        show_pins_once(request, classroom, [(m.pk, pin) for m, pin in made])
        return redirect(reverse("classes:roster", args=[classroom.pk]) + "#new-pins")
    return render(request, "classes/add.html", {"classroom": classroom, "form": form})


def added_member(request: HttpRequest, pk: int, member_pk: int) -> tuple[Classroom, Member]:
    classroom = taught(request, pk)
    member = member_of(classroom, member_pk)
    if not member.added:
        raise Http404
    return classroom, member


@require_POST
def reset_pin(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    classroom, member = added_member(request, pk, member_pk)
    show_pins_once(request, classroom, [(member.pk, students.reset_pin(member))])
    return redirect(reverse("classes:roster", args=[classroom.pk]) + "#new-pins")


@require_POST
def renew_link(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    classroom, member = added_member(request, pk, member_pk)
    students.renew_link(member)
    messages.success(
        request,
        _("%(name)s has a new personal link: the old one no longer works. Print a new card.")
        % {"name": member.name},
    )
    return redirect("classes:roster", classroom.pk)


@require_GET
def sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """One card per added student to print and cut: name, class code, personal link, QR."""
    classroom = taught(request, pk)
    cards = []
    for member in classroom.members.filter(added=True):
        link = request.build_absolute_uri(reverse("classes:link", args=[member.sign_in_token]))
        cards.append({"member": member, "link": link, "qr": qr_code(link)})
    context = {
        "classroom": classroom,
        "cards": cards,
        "sign_in_address": request.get_host() + reverse("classes:sign_in"),
    }
    return render(request, "classes/sheet.html", context)


def signed_in(request: HttpRequest, member: Member) -> HttpResponse:
    """Sign in as the student, in a new session (whoever was signed in before is signed out,
    and what a visitor kept stays with the visitor's old session)."""
    request.session.flush()
    login(request, member.user, backend=BACKEND)
    return redirect("classes:student", member.classroom_id)


@never_cache
@require_http_methods(["GET", "POST"])
def link(request: HttpRequest, token: str) -> HttpResponse:
    """A student's personal link: a page naming the student and the class, that signs in on
    its button (a POST); a signed-in user is told they will be signed out first."""
    member = students.by_token(token)
    if member is None:
        raise Http404
    if request.method == "POST":
        return signed_in(request, member)
    user = request.user
    context = {
        "member": member,
        "classroom": member.classroom,
        "already": user.is_authenticated and user.pk == member.user_id,
        "other": user.get_username() if user.is_authenticated else "",
    }
    return render(request, "classes/link.html", context)


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    """The class code first, then the student's name (a list of the class's added students)
    and PIN."""
    code_form = CodeForm(request.POST or request.GET or None, request=request)
    if not code_form.is_valid():
        status = 429 if code_form.limited else 200
        return render(request, "classes/sign_in.html", {"code_form": code_form}, status=status)
    classroom = code_form.classroom
    assert classroom is not None
    form = SignInForm(request.POST if request.method == "POST" else None, classroom=classroom)
    context = {"code_form": code_form, "classroom": classroom, "form": form}
    if form.is_valid():
        outcome = pins.attempt(request, form.cleaned_data["member"], form.cleaned_data["pin"])
        if outcome is pins.Outcome.RIGHT:
            return signed_in(request, form.cleaned_data["member"])
        if outcome is pins.Outcome.WRONG:
            form.add_error("pin", WRONG_PIN)
        else:
            paused = outcome is pins.Outcome.PAUSED
            form.add_error(None, PINS_PAUSED if paused else PIN_LIMITED)
            return render(request, "classes/sign_in.html", context, status=429)
    return render(request, "classes/sign_in.html", context)


@require_POST
def switch(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Not you? Switch student": log out, back to the class's sign-in page."""
    classroom = membership(request, pk).classroom
    logout(request)
    return redirect(reverse("classes:sign_in") + f"?code={classroom.code}")
