"""A class is its instructors' alone: everyone else, signed in or not, gets 404."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from quizsite.classes.models import Classroom

pytestmark = pytest.mark.django_db


def test_class_page_is_the_instructors_only(client):
    users = get_user_model().objects
    owner, co, other = (users.create_user(n, password="pw-123456789") for n in ("o", "c", "x"))
    classroom = Classroom.objects.create(owner=owner, name="Thursday <b>beginners</b>")
    classroom.instructors.add(co)
    url = f"/classes/{classroom.pk}/"
    assert client.get(url).status_code == 404
    client.force_login(other)
    assert client.get(url).status_code == 404
    for teacher in (owner, co):
        client.force_login(teacher)
        page = client.get(url)
        assert page.status_code == 200
        assert b"Thursday &lt;b&gt;beginners&lt;/b&gt;" in page.content
