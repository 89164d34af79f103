"""Sessions in the cache (Redis, with REDIS_URL), carrying an old signed cookie over; what
visitors kept cleared once their session has expired from the cache."""

from __future__ import annotations

from django.contrib.sessions.backends import cache

from . import CarryOver, ClearsKept, visitor_of


class SessionStore(CarryOver, ClearsKept, cache.SessionStore):
    @classmethod
    def live_visitors(cls) -> set[str] | None:
        store = cls()
        iter_keys = getattr(store._cache, "iter_keys", None)  # django-redis
        if iter_keys is None:
            return None
        tokens = set()
        for key in iter_keys(f"{cache.KEY_PREFIX}*"):
            token = visitor_of(store._cache.get(key))
            if token:
                tokens.add(token)
        return tokens
