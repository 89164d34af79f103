"""The work set for a class: the instructor's own drills (another's refused), a new drill from
the builder coming back to be set, due times, unassigning, practice topics; the member's page
with the work and their class name in the drill."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.test import Client

from quizsite.classes.models import Assignment, Member, TopicAssignment
from quizsite.drills.models import Drill
from tests.factory import NEW_DRILL, make_drill, make_user

from .helpers import make_class, make_member

pytestmark = pytest.mark.django_db


def test_an_instructor_sets_one_of_their_own_drills_with_a_due_time(client):
    classroom = make_class()
    mine = make_drill(classroom.owner, title="Fu of closed hands")
    theirs = make_drill(make_user("other"), title="Someone else's")
    client.force_login(classroom.owner)
    page = client.get(f"/classes/{classroom.pk}/work/").content.decode()
    assert "Fu of closed hands" in page and "Someone else" not in page
    url = f"/classes/{classroom.pk}/work/assign/"
    refused = client.post(url, {"drill": theirs.code})
    assert (
        refused.status_code == 400 and "That is not one of your drills." in refused.content.decode()
    )
    bad_due = client.post(url, {"drill": mine.code, "due": "next week"})
    assert "Give the due time as a date and a time." in bad_due.content.decode()
    assert not Assignment.objects.exists()
    assert client.post(url, {"drill": mine.code, "due": "2026-12-01T18:30"}).status_code == 302
    assignment = Assignment.objects.get()
    assert assignment.drill == mine and assignment.due == datetime(2026, 12, 1, 18, 30, tzinfo=UTC)
    page = client.get(f"/classes/{classroom.pk}/work/").content.decode()
    assert f"/drills/{mine.code}/" in page  # set, so no longer offered in the select
    assert f'<option value="{mine.code}"' not in page


def test_a_co_instructor_sets_their_own_drills_only(client):
    classroom = make_class()
    co = make_user("Dana")
    classroom.instructors.add(co)
    owners = make_drill(classroom.owner)
    cos = make_drill(co)
    client.force_login(co)
    url = f"/classes/{classroom.pk}/work/assign/"
    assert client.post(url, {"drill": owners.code}).status_code == 400
    assert client.post(url, {"drill": cos.code}).status_code == 302
    assert list(Assignment.objects.values_list("drill", flat=True)) == [cos.pk]


def test_a_new_drill_from_the_builder_comes_back_to_be_set(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    work = client.get(f"/classes/{classroom.pk}/work/").content.decode()
    back = f"/classes/{classroom.pk}/work/assign/"
    assert f"/drills/new/?next={back}" in work
    builder = client.get(f"/drills/new/?next={back}").content.decode()
    assert f'name="next" value="{back}"' in builder
    form = NEW_DRILL | {"title": "For the class", "next": back}
    response = client.post("/drills/new/", form)
    drill = Drill.objects.get(title="For the class")
    assert response.status_code == 302 and response["Location"] == f"{back}?drill={drill.code}"
    confirm = client.get(response["Location"]).content.decode()
    assert "Set this drill for the class?" in confirm and "For the class" in confirm
    assert not Assignment.objects.exists()
    client.post(back, {"drill": drill.code, "from": "builder", "due": ""})
    assert Assignment.objects.get().drill == drill and Assignment.objects.get().due is None


def test_the_builder_goes_nowhere_off_site(client):
    client.force_login(make_user("sensei"))
    form = NEW_DRILL | {"next": "https://elsewhere.example/"}
    response = client.post("/drills/new/", form)
    assert response["Location"].startswith("/drills/") and "elsewhere" not in response["Location"]


def test_the_confirm_page_is_for_ones_own_drill_only(client):
    classroom = make_class()
    theirs = make_drill(make_user("other"))
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/work/assign/?drill={theirs.code}"
    assert client.get(url).status_code == 404


def test_unassign_keeps_the_drill(client):
    classroom = make_class()
    drill = make_drill(classroom.owner)
    assignment = Assignment.objects.create(classroom=classroom, drill=drill)
    client.force_login(classroom.owner)
    client.post(f"/classes/{classroom.pk}/work/{assignment.pk}/unassign/")
    assert not Assignment.objects.exists() and Drill.objects.filter(pk=drill.pk).exists()
    other = make_class(make_user("other"))
    theirs = Assignment.objects.create(classroom=other, drill=make_drill(other.owner))
    assert client.post(f"/classes/{classroom.pk}/work/{theirs.pk}/unassign/").status_code == 404
    assert client.post(f"/classes/{other.pk}/work/{theirs.pk}/unassign/").status_code == 404


def test_practice_topics_are_the_progress_pages(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    page = client.get(f"/classes/{classroom.pk}/work/").content.decode()
    assert 'value="yaku:pinfu"' in page and 'value="wait:kanchan"' in page
    url = f"/classes/{classroom.pk}/topics/"
    assert (
        "Choose a topic from the list."
        in client.post(url, {"topic": "made:up", "starts": "2026-11-01"}).content.decode()
    )
    backwards = client.post(
        url, {"topic": "yaku:pinfu", "starts": "2026-11-10", "until": "2026-11-01"}
    )
    assert "The last day comes on or after the first." in backwards.content.decode()
    assert not TopicAssignment.objects.exists()
    client.post(url, {"topic": "wait:kanchan", "starts": "2026-11-01", "until": "2026-11-30"})
    topic = TopicAssignment.objects.get()
    assert (topic.topic, topic.starts, topic.until) == (
        "wait:kanchan",
        date(2026, 11, 1),
        date(2026, 11, 30),
    )
    assert "Kanchan wait" in client.get(f"/classes/{classroom.pk}/work/").content.decode()
    client.post(f"/classes/{classroom.pk}/topics/{topic.pk}/remove/")
    assert not TopicAssignment.objects.exists()


def test_a_member_sees_the_work_and_only_their_own_class(client):
    classroom = make_class()
    drill = make_drill(classroom.owner, title="Week 1 <i>")
    Assignment.objects.create(
        classroom=classroom, drill=drill, due=datetime(2026, 12, 1, tzinfo=UTC)
    )
    TopicAssignment.objects.create(classroom=classroom, topic="yaku:pinfu", starts=date(2020, 1, 1))
    TopicAssignment.objects.create(
        classroom=classroom, topic="wait:kanchan", starts=date(2099, 1, 1)
    )
    aiko = make_member(classroom, "Aiko")
    other = make_class(make_user("other"), name="Other class")
    client.force_login(aiko.user)
    page = client.get(f"/classes/{classroom.pk}/student/").content.decode()
    assert "Week 1 &lt;i&gt;" in page and f"/d/{drill.code}/" in page
    assert "Pinfu" in page and "Kanchan" not in page  # not started yet
    assert f"/practice/?class={classroom.pk}" in page
    assert f'href="/classes/{classroom.pk}/me/"' in page  # their work and results so far
    assert client.get(f"/classes/{other.pk}/student/").status_code == 404
    for url in (f"/classes/{classroom.pk}/work/", f"/classes/{classroom.pk}/"):
        assert client.get(url).status_code == 404
    assert Client().get(f"/classes/{classroom.pk}/student/").status_code == 404


def test_a_member_starts_a_set_drill_under_their_class_name(client):
    classroom = make_class()
    drill = make_drill(classroom.owner)
    other = make_drill(classroom.owner)
    Assignment.objects.create(classroom=classroom, drill=drill)
    member = make_member(classroom, "Aiko T.", user=make_user("aiko_t_2009"))
    client.force_login(member.user)
    assert 'value="Aiko T."' in client.get(f"/d/{drill.code}/").content.decode()
    assert 'value="aiko_t_2009"' in client.get(f"/d/{other.code}/").content.decode()
    Member.objects.filter(pk=member.pk).update(name="Aiko Tanaka")
    assert 'value="Aiko Tanaka"' in client.get(f"/d/{drill.code}/").content.decode()
