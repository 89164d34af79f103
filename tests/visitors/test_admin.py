"""The admin lists what visitors keep, searchable by slug or code, without the secrets."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from quizsite.visitors.models import Kept

pytestmark = pytest.mark.django_db


def test_the_admin_shows_who_keeps_a_game_but_not_its_edit_token():
    kept = Kept.objects.create(visitor="v" * 32, kind="game", key="g4m3slug", secret="s3cr3t" * 5)
    Kept.objects.create(visitor="w" * 32, kind="club", key="clubslug", secret="other" * 5)
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", password="x-long-password-1"))
    page = admin.get("/admin/visitors/kept/", {"q": "g4m3"}).content.decode()
    assert "g4m3slug" in page and "clubslug" not in page and "s3cr3t" not in page
    detail = admin.get(f"/admin/visitors/kept/{kept.pk}/change/")
    assert detail.status_code == 200 and "s3cr3t" not in detail.content.decode()
    assert admin.get("/admin/visitors/kept/add/").status_code == 403
