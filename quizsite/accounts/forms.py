"""Sign-up: a user name, an optional e-mail address (for password resets) and a password; the
log-in forms (the site's and the admin's), which count each try before checking a password."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from scoring.form_words import SiteWords

from .limits import LOGIN_LIMITED, login_refused


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"email": gettext_lazy("Optional: where a password reset link is sent.")}


class LimitedLogin(SiteWords, AuthenticationForm):
    """A log-in form that counts the try against the limits first and, past them, refuses
    without checking the password at all (so a refusal tells nothing about it). A refused form
    marks its request `limited`, for the view to answer 429."""

    def clean(self) -> dict[str, Any]:
        if login_refused(self.request, self.data.get("username") or ""):
            self.request.limited = True  # type: ignore[union-attr]
            raise ValidationError(LOGIN_LIMITED, code="limited")
        return super().clean()


class LimitedAdminLogin(LimitedLogin, AdminAuthenticationForm):
    """The admin's log-in form (staff only), limited as the site's."""
