"""Accounts: sign up, log in (rate-limited), and the signed-in user's page.

Log out, password change and reset are Django's own views with the site's templates
(`urls.py`); sign-up and log-in are limited per address and per user name so a script cannot
flood them.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from quizsite.drills.public import attempts_of
from quizsite.games.public import clubs_of, games_of
from quizsite.redirects import asked_path, next_url

from .forms import SignupForm

LIMITED = "Too many attempts from here in a short time. Please wait a few minutes and try again."


@require_http_methods(["GET", "POST"])
@ratelimit(key="ip", rate=lambda g, r: settings.RATE_SIGNUPS, method="POST", block=False)
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST if request.method == "POST" else None)
    if getattr(request, "limited", False):
        return render(
            request, "accounts/signup.html", {"form": form, "limited": LIMITED}, status=429
        )
    if form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url(request, settings.LOGIN_REDIRECT_URL))
    return render(request, "accounts/signup.html", {"form": form})


def login_rate(group: str, request: HttpRequest) -> str:
    return settings.RATE_LOGINS


@method_decorator(
    ratelimit(key="post:username", rate=login_rate, method="POST", block=False), name="post"
)
@method_decorator(ratelimit(key="ip", rate="100/h", method="POST", block=False), name="post")
class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_redirect_url(self) -> str:
        return asked_path(self.request) or ""


class LogoutView(auth_views.LogoutView):
    def get_redirect_url(self) -> str:
        return asked_path(self.request) or ""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if getattr(request, "limited", False):
            context = self.get_context_data(form=self.get_form(), limited=LIMITED)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)


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
