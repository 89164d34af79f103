"""HEAD answers like GET, without the body (RFC 9110 §9.3.2), on every page.

Views accept GET through `require_GET` or `require_http_methods(["GET", ...])`, which refuse
HEAD with 405; monitors, link checkers and proxies ask with HEAD. This middleware lets each
view answer a HEAD as the GET it stands for (it sees `request.method == "GET"`), then sends
the same status and headers, Content-Length included, with an empty body. A view that takes
no GET still answers 405.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase


class HeadAsGetMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        return without_body(response)


def without_body(response: HttpResponseBase) -> HttpResponseBase:
    """The response's headers as they are (the length its body would have), with no body, for
    any server: one that strips HEAD bodies itself finds nothing left to strip."""
    if response.streaming:  # its closers (an open file) still run when the server is done
        response.streaming_content = []  # type: ignore[attr-defined]
        return response
    if "Content-Length" not in response:
        response["Content-Length"] = str(len(response.content))  # type: ignore[attr-defined]
    response.content = b""  # type: ignore[attr-defined]
    return response
