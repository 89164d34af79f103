"""Sessions in the cache (Redis, with REDIS_URL), carrying an old signed cookie over."""

from django.contrib.sessions.backends import cache

from . import CarryOver


class SessionStore(CarryOver, cache.SessionStore):
    pass
