"""What visitors kept goes with their sessions: `manage.py clearsessions` deletes the expired
sessions and the rows no live session's visitor token names (a row made in the last hour
stays: its session may not be saved yet)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from quizsite.visitors.models import Kept
from tests.factory import keep_in_session

pytestmark = pytest.mark.django_db


def visitor_with(slug: str) -> Client:
    client = Client()
    keep_in_session(client, "game", slug, "edit-token")
    return client


def test_clearsessions_removes_what_expired_and_logged_out_visitors_kept():
    live = visitor_with("live-game")
    expired = visitor_with("old-game")
    logged_out = visitor_with("left-game")
    logged_out.session.flush()  # a log-out: the session and its token gone
    Session.objects.filter(session_key=expired.session.session_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    Kept.objects.update(added=timezone.now() - timedelta(days=3))
    just_now = visitor_with("new-game")
    Session.objects.filter(session_key=just_now.session.session_key).delete()  # not saved yet
    call_command("clearsessions")
    assert sorted(Kept.objects.values_list("key", flat=True)) == ["live-game", "new-game"]
    assert not Session.objects.filter(session_key=expired.session.session_key).exists()
    assert live.session.get("visitor")
