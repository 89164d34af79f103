"""Names people type: every name form refuses invisible format characters (zero-width ones, bidi
controls, the byte-order mark: Unicode category Cf) and compares names NFKC-folded
(quizsite/names.py, the one helper)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from quizsite import names
from quizsite.classes.models import Member
from quizsite.drills.forms import DrillForm, NameForm
from quizsite.games.forms import ClubForm, SavedRulesForm
from quizsite.games.models import Club, Game
from tests.factory import NEW_GAME, make_classroom, make_user

pytestmark = pytest.mark.django_db

FORMAT = [
    "Bob\u200b",  # zero-width space
    "Bo\u200db",  # zero-width joiner
    "\u202eboB",  # right-to-left override: shows "Bob" backwards
    "\u2066Bob\u2069",  # isolate
    "\ufeffBob",  # byte-order mark
    "Bob\U000e0041",  # a tag character
]
SAYS = "invisible formatting characters"


@pytest.mark.parametrize("typed", FORMAT)
def test_the_helper_refuses_format_characters(typed):
    assert names.problem(typed) == "format"
    with pytest.raises(ValidationError) as refused:
        names.check(typed)
    assert refused.value.code == "format"


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("Aiko", "aiko", True),
        ("ＡＩＫＯ", "Aiko", True),  # full width
        ("ｱｲｺ", "アイコ", True),  # half-width katakana
        ("Aiko  Tanaka", " aiko tanaka", True),
        ("Aiko", "Aika", False),
        ("さくら", "サクラ", False),
    ],
)
def test_names_are_compared_nfkc_folded(one, other, same):
    assert (names.name_key(one) == names.name_key(other)) is same


@pytest.mark.parametrize(
    ("one", "other"),
    [("Аiko", "Aiko"), ("Bоb", "Bob"), ("B0b", "Bob"), ("rnary", "mary"), ("ＡＩＫＯ", "aiko")],
)
def test_look_alikes_read_as_one_name(one, other):
    assert one != other and names.look_key(one) == names.look_key(other)


def refused(form) -> str:
    assert not form.is_valid()
    return " ".join(str(e) for errors in form.errors.values() for e in errors)


@pytest.mark.parametrize("typed", FORMAT[:3])
def test_every_name_form_refuses_them(typed):
    assert SAYS in refused(ClubForm({"name": typed}))
    assert SAYS in refused(SavedRulesForm({"name": typed, "preset": "tenhou"}))
    assert SAYS in refused(NameForm({"name": typed}))
    drill = DrillForm({"title": typed, "count": 5, "mode": "fu", "level": "beginner"})
    assert SAYS in refused(drill)
    assert ClubForm({"name": " Bob  Chen "}).is_valid()


def test_a_new_game_club_and_class_refuse_them_on_the_page(client: Client):
    response = client.post("/games/new/", {**NEW_GAME, "east": "Bob\u200b"})
    assert response.status_code == 200 and SAYS in response.content.decode()
    assert not Game.objects.exists()
    response = client.post("/games/clubs/new/", {"name": "\u202ebulc"})
    assert response.status_code == 200 and SAYS in response.content.decode()
    assert not Club.objects.exists()
    teacher = make_user("teacher")
    client.force_login(teacher)
    response = client.post("/classes/new/", {"name": "Thursday\u200b"})
    assert SAYS in response.content.decode()
    classroom = make_classroom(owner=teacher)
    response = client.post(f"/classes/{classroom.pk}/add/", {"names": "Aiko\nBob\u200b"})
    assert "Line 2" in response.content.decode() and SAYS in response.content.decode()
    assert not Member.objects.exists()


def test_a_class_refuses_a_look_alike_of_a_name_it_has(client: Client):
    teacher = make_user("teacher")
    client.force_login(teacher)
    classroom = make_classroom(owner=teacher)
    client.post(f"/classes/{classroom.pk}/add/", {"names": "Aiko"})
    for twin in ("Аiko", "ＡＩＫＯ", " aiko "):  # Cyrillic А, full width, case and spaces
        response = client.post(f"/classes/{classroom.pk}/add/", {"names": twin})
        assert "already" in response.content.decode(), twin
    assert Member.objects.count() == 1
