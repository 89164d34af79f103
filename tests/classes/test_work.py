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


def test_a_new_drill_made_for_the_class_is_set_as_it_is_drawn_and_its_due_time_asked(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    work = client.get(f"/classes/{classroom.pk}/work/").content.decode()
    builder_url = f"/drills/new/?for=class:{classroom.pk}"
    assert builder_url in work
    builder = client.get(builder_url).content.decode()
    assert f'name="for" value="class:{classroom.pk}"' in builder
    assert "For Thursday beginners:" in builder
    form = NEW_DRILL | {"title": "For the class", "for": f"class:{classroom.pk}"}
    response = client.post("/drills/new/", form)
    drill = Drill.objects.get(title="For the class")
    assignment = Assignment.objects.get()
    assert assignment.drill == drill and assignment.due is None  # set in the same step
    assert response.status_code == 302
    assert response["Location"] == f"/classes/{classroom.pk}/work/?due={assignment.pk}"
    page = client.get(response["Location"]).content.decode()
    assert "is drawn and set for the class" in page and "When is “For the class” due?" in page
    due_url = f"/classes/{classroom.pk}/work/{assignment.pk}/due/"
    bad = client.post(due_url, {"due": "soon"})
    assert bad.status_code == 400
    assert "Give the due time as a date and a time." in bad.content.decode()
    assert client.post(due_url, {"due": "2026-12-01T18:30"}).status_code == 302
    assignment.refresh_from_db()
    assert assignment.due == datetime(2026, 12, 1, 18, 30, tzinfo=UTC)
    client.post(due_url, {"due": ""})  # no due date after all
    assignment.refresh_from_db()
    assert assignment.due is None


def test_a_drill_for_a_class_one_does_not_teach_is_made_alone(client):
    theirs = make_class(make_user("other"), name="Not yours")
    client.force_login(make_user("sensei2"))
    builder = client.get(f"/drills/new/?for=class:{theirs.pk}").content.decode()
    assert "Not yours" not in builder and 'name="for"' not in builder
    response = client.post("/drills/new/", NEW_DRILL | {"for": f"class:{theirs.pk}"})
    drill = Drill.objects.get()
    assert response["Location"] == f"/drills/{drill.code}/preview/"
    assert not Assignment.objects.exists()


def test_another_instructors_due_time_is_a_404(client):
    classroom = make_class()
    assignment = Assignment.objects.create(classroom=classroom, drill=make_drill(classroom.owner))
    client.force_login(make_user("stranger"))
    url = f"/classes/{classroom.pk}/work/{assignment.pk}/due/"
    assert client.post(url, {"due": "2026-12-01T18:30"}).status_code == 404
    assert client.get(url).status_code == 404


def test_a_drill_set_for_a_class_leads_back_to_it_from_its_pages(client):
    classroom = make_class(name="Club <nights>")
    drill = make_drill(classroom.owner, title="Week 1")
    Assignment.objects.create(classroom=classroom, drill=drill)
    loose = make_drill(classroom.owner, title="Loose")
    client.force_login(classroom.owner)
    for page in ("", "preview/", "results/", "edit/"):
        html = client.get(f"/drills/{drill.code}/{page}").content.decode()
        assert f'set for <a href="/classes/{classroom.pk}/">Club &lt;nights&gt;</a>' in html, page
    assert "set for" not in client.get(f"/drills/{loose.code}/results/").content.decode()


def test_the_builder_asked_by_the_old_confirm_path_still_comes_back_to_be_set(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    back = f"/classes/{classroom.pk}/work/assign/"
    form = NEW_DRILL | {"title": "For the class", "next": back}
    response = client.post("/drills/new/", form)
    drill = Drill.objects.get(title="For the class")
    assert response.status_code == 302 and response["Location"] == f"{back}?drill={drill.code}"
    confirm = client.get(response["Location"]).content.decode()
    assert "Set this drill for the class?" in confirm and "For the class" in confirm
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
