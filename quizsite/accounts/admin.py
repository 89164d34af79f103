"""The admin's log-in counts against the same limits as the site's (`forms.LimitedAdminLogin`;
`views.admin_login` answers 429 past them)."""

from django.contrib import admin

from .forms import LimitedAdminLogin

admin.site.login_form = LimitedAdminLogin
