"""Sessions in the database (`django_session`), carrying an old signed cookie over; expired ones
cleared with what their visitors kept."""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.utils import timezone

from . import CarryOver, ClearsKept, visitor_of


class SessionStore(CarryOver, ClearsKept, db.SessionStore):
    @classmethod
    def live_visitors(cls) -> set[str]:
        store = cls()
        rows = cls.get_model_class().objects.filter(expire_date__gt=timezone.now())
        tokens = (
            visitor_of(store.decode(data))
            for data in rows.values_list("session_data", flat=True).iterator()
        )
        return {t for t in tokens if t}
