"""The classes' addresses, under /classes/: the roster's and the reports' (kept in two lists
so that each concern adds its own)."""

from . import urls_reports, urls_roster

app_name = "classes"
urlpatterns = urls_roster.urlpatterns + urls_reports.urlpatterns
