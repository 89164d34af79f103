"""The limit on what one visitor can make the site read: game logs imported, counted per client
address in the shared cache (settings.RATE_LOG_IMPORTS, "N/period"). A log read costs a worker
a tenth of a second or so (read, replay every hand, save), and a zip brings up to `batch.MOST`
of them in one post: past the limit, a log is refused, saying why. "Address" is
`quizsite.client`'s, behind the trusted proxies."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from django_ratelimit.core import is_ratelimited

from quizsite.client import client_network

IMPORTS_LIMITED = gettext_lazy(
    "Too many logs were imported from here in a short time: this one is not read. Please try "
    "again later."
)


def import_refused(request: HttpRequest) -> bool:
    """Count one log to read from this client's address; True when it goes past the rate."""
    address = client_network(request)
    return is_ratelimited(
        request,
        group="games:log_imports",
        key=lambda g, r: address,
        rate=settings.RATE_LOG_IMPORTS,
        increment=True,
    )
