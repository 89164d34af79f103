"""What other apps use of visitors: what a browser without an account keeps (the games and
clubs it scores, the drills it takes, its practice history), stored server-side and found
through the random visitor token its session holds; and `stateless`, for the pages that need
to know nothing of the visitor.

Every keeping function takes the session (`request.session`). The token is made on the first
`keep`, so a visitor who keeps nothing has none; it lives and dies with the session (a log-in
keeps it, a log-out starts a new session without it), and what it kept goes with it: Django's
`clearsessions` (daily, as deployed) deletes the rows no live session's token names
(`forget_visitors_but`, called by the session engines' `clear_expired`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, MutableMapping
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers

SESSION_KEY = "visitor"
KEPT_GRACE = timedelta(hours=1)  # a visitor's new row, before its session is saved
GAME, CLUB, DRILL, PRACTICE = "game", "club", "drill", "practice"

__all__ = [
    "CLUB", "DRILL", "GAME", "PRACTICE",
    "forget", "forget_visitors_but", "keep", "keep_all", "kept", "secret", "secret_query",
    "stateless", "visitor",
]  # fmt: skip

Session = MutableMapping[str, Any]


def visitor(session: Session, *, create: bool = False) -> str:
    """The session's visitor token ("" when there is none and none is asked for)."""
    token = str(session.get(SESSION_KEY) or "")
    if not token and create:
        token = secrets.token_urlsafe(24)
        session[SESSION_KEY] = token
    return token


def keep(session: Session, kind: str, key: str, secret_: str) -> None:
    """Keep `key` of `kind` (a game's slug, a drill's code, "" for the practice history) with
    the secret that proves it is this visitor's (an edit token, an attempt key)."""
    from .models import Kept

    Kept.objects.update_or_create(
        visitor=visitor(session, create=True), kind=kind, key=key, defaults={"secret": secret_}
    )


def keep_all(session: Session, kind: str, secrets_by_key: dict[str, str]) -> None:
    """Keep many of one kind at once (a new visitor's: keys kept already stay as they are)."""
    from .models import Kept

    token = visitor(session, create=True)
    rows = [Kept(visitor=token, kind=kind, key=k, secret=s) for k, s in secrets_by_key.items()]
    Kept.objects.bulk_create(rows, ignore_conflicts=True)


def kept(session: Session, kind: str) -> dict[str, str]:
    """Everything of `kind` this visitor keeps, key → secret, oldest first."""
    from .models import Kept

    token = visitor(session)
    if not token:
        return {}
    rows = Kept.objects.filter(visitor=token, kind=kind).order_by("added", "pk")
    return dict(rows.values_list("key", "secret"))


def secret(session: Session, kind: str, key: str = "") -> str:
    """The secret this visitor keeps for `key` of `kind`, or ""."""
    from .models import Kept

    token = visitor(session)
    if not token:
        return ""
    row = Kept.objects.filter(visitor=token, kind=kind, key=key).values_list("secret").first()
    return row[0] if row else ""


def secret_query(session: Session, kind: str, key: str = "") -> Any:
    """`secret` as a subquery, for a query that only filters by it (no query of its own);
    None when the session has no visitor (then nothing is kept)."""
    from django.db.models import Subquery

    from .models import Kept

    token = visitor(session)
    if not token:
        return None
    return Subquery(Kept.objects.filter(visitor=token, kind=kind, key=key).values("secret")[:1])


def forget(session: Session, kind: str, key: str | None = None) -> None:
    """Stop keeping `key` of `kind` (every one of that kind when `key` is None)."""
    from .models import Kept

    token = visitor(session)
    if token:
        rows = Kept.objects.filter(visitor=token, kind=kind)
        (rows if key is None else rows.filter(key=key)).delete()


def forget_visitors_but(live: set[str], *, older_than: timedelta = KEPT_GRACE) -> int:
    """Delete what visitors kept whose token no live session holds (their session expired, was
    flushed by a log-out, or was never saved), except rows made in the last `older_than` (a
    request that made one may not have saved its session yet). How many rows went."""
    from .models import Kept

    cutoff = timezone.now() - older_than
    tokens = set(Kept.objects.filter(added__lt=cutoff).values_list("visitor", flat=True))
    gone = sorted(tokens - live)
    deleted = 0
    for start in range(0, len(gone), 500):  # a bounded number of parameters per statement
        chunk = gone[start : start + 500]
        deleted += Kept.objects.filter(visitor__in=chunk, added__lt=cutoff).delete()[0]
    return deleted


View = Callable[..., HttpResponse]


def stateless(view: View) -> View:
    """A page that reads nothing stored (the table, the calculators, the reference, the API):
    it never loads the session or the user, so it runs no query and a database busy with a
    writer cannot hold it up. Its nav shows a generic account link (`request.stateless`): "Log
    in" to a browser without a session, "Account" to one with a session, signed in or not."""

    @wraps(view)
    def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        request.stateless = "account" if has_session else "login"  # type: ignore[attr-defined]
        response = view(request, *args, **kwargs)
        if response.get("Content-Type", "").startswith("text/html"):
            patch_vary_headers(response, ("Cookie",))  # the header's link depends on it
        return response

    return page
