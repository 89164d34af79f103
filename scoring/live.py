"""Whether an htmx request was sent while a field is still being typed in.

static/js/site.js adds the `Tenbo-Typing` header to requests an `input` event triggers. A
form answers such a request with 204 (htmx swaps nothing) when it holds a mistake, so a
half-typed number ("2" on the way to "25") gets no message; the message comes when the
field is left or the form is sent.
"""

from __future__ import annotations

from django.http import HttpRequest

HEADER = "Tenbo-Typing"


def is_typing(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False)) and request.headers.get(HEADER) == "1"
