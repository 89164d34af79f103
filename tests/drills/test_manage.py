"""The owner edits a drill's title and options, deletes a drill, and shows its code on a
projector."""

from __future__ import annotations

import re

import pytest

from quizsite.drills.models import Answer, Attempt, Drill, DrillQuestion
from tests.factory import make_answer, make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def drill():
    return make_drill(owner=make_user("owner"), count=2)


@pytest.fixture
def owner(client, drill):
    client.force_login(drill.owner)
    return client


def test_the_owner_edits_the_title_and_options_and_the_questions_stay(owner, drill):
    seeds = list(drill.questions.values_list("seed", flat=True))
    form = owner.get(f"/drills/{drill.code}/edit/").content.decode()
    assert 'value="Fu practice"' in form and "stay as drawn" in form
    data = {
        "title": "Thursday: <fu>",
        "shuffle": "on",
        "retries": "on",
        "explain": "end",
        "time_limit": "15",
        "max_students": "30",
    }
    response = owner.post(f"/drills/{drill.code}/edit/", data)
    assert response.status_code == 302 and response["Location"] == f"/drills/{drill.code}/"
    drill.refresh_from_db()
    assert (drill.title, drill.shuffle, drill.retries, drill.explain) == (
        "Thursday: <fu>",
        True,
        True,
        "end",
    )
    assert (drill.time_limit, drill.max_students) == (15, 30)
    assert list(drill.questions.values_list("seed", flat=True)) == seeds
    page = owner.get(f"/drills/{drill.code}/").content.decode()
    assert "Thursday: &lt;fu&gt;" in page and "at most 30" in page


def test_an_edit_with_bad_values_says_why_and_changes_nothing(owner, drill):
    data = {"title": "", "explain": "each", "time_limit": "0", "max_students": "abc"}
    page = owner.post(f"/drills/{drill.code}/edit/", data).content.decode()
    assert "Please check the drill." in page
    assert "Type a whole number of students" in page
    drill.refresh_from_db()
    assert drill.title == "Fu practice" and drill.max_students is None


def test_the_owner_deletes_a_drill_after_confirming(owner, drill):
    attempt = make_attempt(drill, "Aiko")
    make_answer(attempt, 1)
    confirm = owner.get(f"/drills/{drill.code}/delete/").content.decode()
    assert "Delete Fu practice?" in confirm and "1 student" in confirm and "1 answer" in confirm
    assert Drill.objects.filter(pk=drill.pk).exists()
    done = owner.post(f"/drills/{drill.code}/delete/")
    assert done.status_code == 302 and done["Location"] == "/drills/"
    assert not Drill.objects.filter(pk=drill.pk).exists()
    assert not Attempt.objects.exists() and not Answer.objects.exists()
    assert not DrillQuestion.objects.filter(drill_id=drill.pk).exists()
    listing = owner.get("/drills/").content.decode()
    assert "is deleted" in listing and drill.code in listing
    assert owner.get(f"/drills/{drill.code}/").status_code == 404
    assert owner.get(f"/d/{drill.code}/").status_code == 404


def test_the_projector_view_has_the_code_in_big_letters_and_a_large_qr_code(owner, drill):
    page = owner.get(f"/drills/{drill.code}/projector/").content.decode()
    assert (
        f'<p class="projector-big" aria-label="Code {" ".join(drill.code)}">{drill.code}</p>'
        in (page)
    )
    assert f"/d/{drill.code}/" in page
    svg = re.search(r"<svg[^>]*>", page).group(0)
    assert "viewBox" in svg and "width=" not in svg  # sized by the page, not fixed
    assert "site-header" not in page and "<script" not in page
    share = owner.get(f"/drills/{drill.code}/").content.decode()
    assert f"/drills/{drill.code}/projector/" in share
