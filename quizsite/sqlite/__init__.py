"""SQLite as the site serves it: Django's backend, a write that finds the lock taken stepping
aside (`base`), and the WSGI application run in turns over it (`served`)."""

from __future__ import annotations

from typing import Any

ENGINE = "quizsite.sqlite"


def served(application: Any, engine: str) -> Any:
    """The WSGI application as the site serves it: a worker's requests take turns when the
    database is SQLite (quizsite.turns says why), as they come on PostgreSQL."""
    if engine != ENGINE:
        return application
    from quizsite.turns import one_at_a_time

    return one_at_a_time(application)
