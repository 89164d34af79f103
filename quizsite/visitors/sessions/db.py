"""Sessions in the database (`django_session`), carrying an old signed cookie over."""

from django.contrib.sessions.backends import db

from . import CarryOver


class SessionStore(CarryOver, db.SessionStore):
    pass
