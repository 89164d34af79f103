"""Accounts: sign up, log in and out, password reset (rate-limited), and the signed-in user's
page.

Password change and the rest of the reset are Django's own views with the site's templates
(`urls.py`). Sign-ups are limited per address, log-ins per address and per address + user
name (`limits`), reset e-mails per address and per account, so a script can neither flood
them nor lock an owner out.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from quizsite.drills.public import attempts_of
from quizsite.games.public import clubs_of, games_of
from quizsite.redirects import asked_path, keep_next_here, next_url

from .forms import LimitedLogin, SignupForm
from .limits import RESET_LIMITED, reset_refused, signup_refused

LIMITED = gettext_lazy(
    "Too many attempts from here in a short time. Please wait a few minutes and try again."
)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and signup_refused(request):
        return render(
            request, "accounts/signup.html", {"form": form, "limited": LIMITED}, status=429
        )
    if form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url(request, settings.LOGIN_REDIRECT_URL))
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Log in, then to `next` when it is a path on this site; past a limit
    (`limits.login_refused`) the form says to wait, with status 429."""

    template_name = "accounts/login.html"
    authentication_form = LimitedLogin
    redirect_authenticated_user = True

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        return limited_status(self.request, super().form_invalid(form))

    def get_redirect_url(self) -> str:
        return asked_path(self.request) or ""


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin's log-in page (its form is `LimitedAdminLogin`, set in `admin.py`), with
    status 429 past a limit as the site's, and a `next` kept on this site (else the admin's
    index)."""
    keep_next_here(request, "admin:index")
    return limited_status(request, admin.site.login(request))


def limited_status(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if getattr(request, "limited", False):
        response.status_code = 429
    return response


class PasswordResetView(auth_views.PasswordResetView):
    """Send a reset link, unless this address or this account asked for too many lately
    (`limits.reset_refused`): then no e-mail goes and the form says why, with status 429."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        if reset_refused(self.request, form.cleaned_data["email"]):
            form.add_error(None, RESET_LIMITED)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


class LogoutView(auth_views.LogoutView):
    """Log out (by POST), then to `next` when it is a path on this site, else home."""

    def get_redirect_url(self) -> str:
        return asked_path(self.request) or ""


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """The signed-in user's page: their drill attempts, links to their drills, and the games
    and clubs they keep the score of."""
    context = {
        "attempts": attempts_of(request.user),
        "games": games_of(request.user),
        "clubs": clubs_of(request.user),
    }
    return render(request, "accounts/profile.html", context)
