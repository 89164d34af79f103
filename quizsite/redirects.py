"""Where a page may send the visitor next when the request names the place (`?next=` after
sign-up, log-in and log-out): only a path on this site, never another site.

A `next` that is not a path of this site (`https://elsewhere.example/`, `//elsewhere.example`,
`/\\elsewhere`, `javascript:…`, or a bare word such as `thanks`) is ignored and the page's own
default is used, so no link can turn the site into a springboard to another one.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import resolve_url
from django.utils.http import url_has_allowed_host_and_scheme

FIELD = "next"


def local_path(url: str | None) -> str | None:
    """`url` when it is a path on this site (it starts with one `/` and names no host or
    scheme), else None.

    >>> local_path("/drills/?page=2"), local_path("//elsewhere.example"), local_path("thanks")
    ('/drills/?page=2', None, None)
    """
    if not url or not url.startswith("/"):
        return None
    # Refuses a host or scheme however written: `//host`, `/\\host`, control characters...
    return url if url_has_allowed_host_and_scheme(url, allowed_hosts=None) else None


def asked_path(request: HttpRequest) -> str | None:
    """The `next` a form posted or the address carries, when it is a path on this site."""
    return local_path(request.POST.get(FIELD) or request.GET.get(FIELD))


def next_url(request: HttpRequest, default: str) -> str:
    """Where to go after the request: its `next` when safe, else `default` (a URL name or a
    path)."""
    return asked_path(request) or resolve_url(default)


def keep_next_here(request: HttpRequest, default: str) -> None:
    """For a view of Django's own that reads `next` itself (the admin's log-in): a `next` that
    is not a path on this site is replaced by `default` before the view sees it."""
    for name in ("GET", "POST"):
        params = getattr(request, name)
        if FIELD in params and local_path(params[FIELD]) is None:
            params = params.copy()
            params[FIELD] = resolve_url(default)
            setattr(request, name, params)
