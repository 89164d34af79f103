"""The site's session engines: Django's database backend (`sessions.db`), or its cache
backend (`sessions.cache`, with REDIS_URL), each able to read a session cookie written by the
signed-cookie backend the site used before.

Such a cookie is carried over on the first visit that reads the session: its contents, when the
signature holds and it has not expired, move to a new server-side session, and the games,
clubs, drill attempts and practice history it listed move to the visitor's server-side record
(`visitors.public`). The browser then gets the new session's key in place of the old cookie.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils.module_loading import import_string

from quizsite.visitors import public

logger = logging.getLogger("quizsite.visitors")

SIGNED_COOKIE_SALT = "django.contrib.sessions.backends.signed_cookies"
# The old cookie's lists: session key → what the visitor record keeps them as.
LISTS = {"games": public.GAME, "clubs": public.CLUB, "drills": public.DRILL}
PRACTICE_TOKEN = "practice"


def read_signed_cookie(value: str) -> dict[str, Any] | None:
    """The contents of a signed-cookie session, or None when it is not one (forged, expired
    or not a signed value at all)."""
    try:
        data = signing.loads(
            value,
            salt=SIGNED_COOKIE_SALT,
            serializer=import_string(settings.SESSION_SERIALIZER),
            max_age=settings.SESSION_COOKIE_AGE,
        )
    except (signing.BadSignature, ValueError):
        return None
    return data if isinstance(data, dict) else None


def carry_over(data: dict[str, Any]) -> dict[str, Any]:
    """A new session's contents from an old cookie's: the lists of what the visitor kept go to
    the visitor record (whose token the new session holds); everything else (a signed-in
    user, the quiz's options, ...) stays in the session."""
    session = {k: v for k, v in data.items() if k not in LISTS and k != PRACTICE_TOKEN}
    with transaction.atomic():
        for name, kind in LISTS.items():
            listed = data.get(name)
            if isinstance(listed, dict):
                items = {str(k)[:40]: str(v)[:64] for k, v in listed.items() if k and v}
                if items:
                    public.keep_all(session, kind, items)
        token = data.get(PRACTICE_TOKEN)
        if token and isinstance(token, str):
            public.keep(session, public.PRACTICE, "", token[:64])
    return session


class CarryOver:
    """Loads an old signed-cookie session into a new server-side one (mixed into a backend)."""

    session_key: str | None
    modified: bool

    def load(self) -> dict[str, Any]:
        key = self.session_key
        if key and ":" in key:  # a signed value; server-side keys are letters and digits
            self._session_key = None
            data = read_signed_cookie(key)
            if not data:
                return {}
            self.modified = True  # saved at the end of the request, under a new key
            return carry_over(data)
        return super().load()  # type: ignore[misc]


def visitor_of(data: Any) -> str:
    """The visitor token a session's contents hold ("" for none)."""
    token = data.get(public.SESSION_KEY) if isinstance(data, dict) else None
    return token if isinstance(token, str) else ""


class ClearsKept:
    """`clear_expired` (what `manage.py clearsessions` runs) also deletes what visitors kept
    whose session is gone: the tokens of every live session are read, and every other token's
    rows go (`public.forget_visitors_but`)."""

    @classmethod
    def live_visitors(cls) -> set[str] | None:
        """The visitor tokens of the live sessions (None when they cannot all be read)."""
        raise NotImplementedError

    @classmethod
    def clear_expired(cls) -> None:
        super().clear_expired()  # type: ignore[misc]
        live = cls.live_visitors()
        if live is None:
            logger.warning("the live sessions cannot be listed: visitors' kept rows are left")
            return
        public.forget_visitors_but(live)
