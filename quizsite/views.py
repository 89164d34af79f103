"""Site-wide pages that belong to no app: the answer to a form refused by the CSRF check."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its security token (a page left open too long, cookies blocked):
    the site's own 403 page, with the page to go back to. Settings: CSRF_FAILURE_VIEW."""
    return render(request, "403_csrf.html", {"back": request.get_full_path()}, status=403)
