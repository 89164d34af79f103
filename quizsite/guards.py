"""What no page of the site takes, refused at the door, before anything reads the database.

- **NUL.** A NUL character (U+0000) in a request's path, its query or a form value: no page
  needs one, and PostgreSQL cannot store or even compare one (`ValueError`, a 500 in whatever
  view met it first). Such a request gets a 400 that says why (JSON under `/api/`), the same
  on every database. A cookie holding one is dropped, as if it had not been sent (the
  browser then gets a new session, not an error on every page). The views that read their own
  body (the JSON API, the game import: `csrf_exempt`, each checking its size first) are left
  to check it; their form fields refuse NUL as every Django text field does.
- **Methods.** `PUT`, `PATCH`, `DELETE` (any method but GET, HEAD, POST and OPTIONS) on a
  page: 405 with the methods it takes (`Allow`), instead of the CSRF check's 403 that would
  blame a missing token. The API answers its own 405s in JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

NUL = "\x00"
PAGE_METHODS = ("GET", "HEAD", "POST", "OPTIONS")
DEFAULT_ALLOW = ("GET", "HEAD", "POST")
API_PREFIX = "/api/"


def holds_nul(values: Iterable[str]) -> bool:
    return any(NUL in v for v in values)


def query_holds_nul(request: HttpRequest) -> bool:
    return holds_nul(k for k in request.GET) or holds_nul(
        v for values in request.GET.lists() for v in values[1]
    )


def form_holds_nul(request: HttpRequest) -> bool:
    """A posted form value (or name) with a NUL. A body larger than Django reads into memory
    is left alone (Django refuses it itself, or the view does)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    if request.method != "POST" or length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        return False
    try:
        data = request.POST
    except Exception:  # a malformed body: the view meets the same error and answers it
        return False
    return holds_nul(k for k in data) or holds_nul(v for values in data.lists() for v in values[1])


def refuse_nul(request: HttpRequest) -> HttpResponse:
    """400: the request holds a NUL character. In the page's language (its path's prefix),
    rendered without the request's context (no session, no user, no database)."""
    language = translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
    with translation.override(language):
        message = gettext(
            "This address or form holds a NUL character (U+0000), which no page takes. "
            "Check the link, or type the text again."
        )
        if request.path_info.startswith(API_PREFIX):
            return JsonResponse({"error": message}, status=400)
        html = render_to_string("400.html", {"message": message})
    return HttpResponse(html, status=400)


def allowed_methods(view: Callable[..., Any]) -> tuple[str, ...]:
    """The methods a view takes, as Django's `require_http_methods` (or `require_GET`, ...)
    was told: read from the decorator's closure, through any other decorators (`__wrapped__`);
    GET, HEAD and POST when no such decorator is found."""
    seen: Callable[..., Any] | None = view
    while seen is not None:
        for cell in getattr(seen, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if (
                isinstance(value, list | tuple)
                and value
                and all(isinstance(m, str) and m.isupper() for m in value)
            ):
                methods = list(value)
                if "GET" in methods and "HEAD" not in methods:
                    methods.append("HEAD")  # quizsite.head answers HEAD as GET
                return tuple(methods)
        seen = getattr(seen, "__wrapped__", None)
    return DEFAULT_ALLOW


def refuse_method(view: Callable[..., Any]) -> HttpResponse:
    allow = allowed_methods(view)
    html = render_to_string("400.html", {"message": gettext("This page does not take that.")})
    response = HttpResponse(html, status=405)
    response["Allow"] = ", ".join(allow)
    return response


class RequestGuardMiddleware:
    """NUL in the path, query, form or cookies, and methods no page takes (see the module).
    Placed before the sessions (a cookie is dropped before it is looked up) and, for its
    `process_view`, before the CSRF check."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        for name in [n for n, v in request.COOKIES.items() if NUL in n or NUL in v]:
            del request.COOKIES[name]
        if NUL in request.path_info or query_holds_nul(request):
            return refuse_nul(request)
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponseBase | None:
        if getattr(view, "csrf_exempt", False):
            return None  # the API and the import read and check their own bodies
        if request.method not in PAGE_METHODS:
            return refuse_method(view)
        if form_holds_nul(request):
            return refuse_nul(request)
        return None
