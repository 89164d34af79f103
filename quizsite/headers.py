"""The browser-side security headers every response carries.

`Content-Security-Policy` lets a page run only the site's own script files and style sheets:
no inline `<script>`, no `on…=` handler, no `style=` attribute, no `eval`. A script someone
managed to slip into a page (a name, an imported game) is then not run. `Permissions-Policy`
turns off the browser features the site never uses (camera, microphone, location, payment…),
for its pages and anything framed in them. `Referrer-Policy` comes from Django's own
`SECURE_REFERRER_POLICY`.

The policies are the settings `CONTENT_SECURITY_POLICY` and `PERMISSIONS_POLICY` (directive
-> sources); a view that sets a header itself keeps its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse


def csp_header(directives: Mapping[str, Sequence[str]]) -> str:
    """`{"default-src": ["'self'"], "object-src": ["'none'"]}` -> the header's text."""
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


def permissions_header(features: Mapping[str, Sequence[str]]) -> str:
    """`{"camera": [], "fullscreen": ["self"]}` -> `camera=(), fullscreen=(self)`."""
    return ", ".join(f"{name}=({' '.join(allowed)})" for name, allowed in features.items())


# Responses a browser never runs as a document (a style sheet, a script, a font): the two
# policies mean nothing there, and leaving them off keeps each page's many files lighter. An
# SVG keeps them: opened on its own it is a document that could run script.
INERT = ("text/css", "text/javascript", "application/javascript", "font/")


class SecurityHeadersMiddleware:
    """Adds the CSP and Permissions-Policy headers to every response a browser may treat as a
    document (everything but style sheets, scripts and fonts).

    In debug mode Django's own error pages (a traceback, a URL list) are built with inline
    script and style, so a 404 or 500 there goes without the CSP; with debug off (as deployed,
    and in the tests) every response has it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.csp = csp_header(settings.CONTENT_SECURITY_POLICY)
        self.permissions = permissions_header(settings.PERMISSIONS_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.headers.get("Content-Type", "").startswith(INERT):
            return response
        debug_page = settings.DEBUG and response.status_code in (404, 500)
        if self.csp and not debug_page:
            response.headers.setdefault("Content-Security-Policy", self.csp)
        if self.permissions:
            response.headers.setdefault("Permissions-Policy", self.permissions)
        return response
