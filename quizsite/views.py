"""Site-wide pages that belong to no app: the answer to a form refused by the CSRF check."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its security token (a page left open too long, cookies blocked):
    the site's own 403 page, with the page to go back to. Settings: CSRF_FAILURE_VIEW.

    htmx swaps no 4xx answer, so an htmx form hears it as a 200 message put inside the part
    of the page it meant to replace."""
    context = {"back": request.get_full_path()}
    if getattr(request, "htmx", False):
        response = render(request, "403_csrf.html#refused", context)
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "403_csrf.html", context, status=403)
