"""The classes one teaches and is in, a new class, the roster: rename, remove, open/close,
co-instructors (the owner's alone to add and remove), and 404 for everyone else."""

from __future__ import annotations

import pytest

from quizsite.classes.models import Classroom, Member
from tests.factory import make_user

from .helpers import make_class, make_member

pytestmark = pytest.mark.django_db


def test_a_visitor_is_sent_to_log_in(client):
    for url in ("/classes/", "/classes/new/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.post("/classes/new/", {"name": "X"}).status_code == 302
    assert not Classroom.objects.exists()


def test_a_new_class_goes_to_its_page(client):
    sensei = make_user("sensei")
    client.force_login(sensei)
    response = client.post("/classes/new/", {"name": "  Thursday   beginners ", "description": ""})
    classroom = Classroom.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/classes/{classroom.pk}/"
    assert classroom.owner == sensei and classroom.name == "Thursday beginners"
    assert len(classroom.code) == 6 and classroom.is_open


def test_a_class_needs_a_name(client):
    client.force_login(make_user("sensei"))
    response = client.post("/classes/new/", {"name": "   "})
    assert response.status_code == 200 and "Give the class a name." in response.content.decode()
    assert not Classroom.objects.exists()


def test_the_list_has_the_classes_i_teach_and_the_ones_i_am_in(client):
    sensei, student = make_user("sensei"), make_user("student")
    mine = make_class(sensei, name="Mine <b>")
    co = make_class(make_user("other"), name="Co-taught")
    co.instructors.add(sensei)
    joined = make_class(make_user("third"), name="Joined")
    make_member(joined, "Kenji", user=sensei)
    make_class(student, name="Not mine")
    client.force_login(sensei)
    html = client.get("/classes/").content.decode()
    assert "Mine &lt;b&gt;" in html and "Co-taught" in html and "Not mine" not in html
    assert f"/classes/{joined.pk}/student/" in html and f"/classes/{mine.pk}/" in html
    assert html.index("Classes you teach") < html.index("Classes you are in")


def test_a_student_sees_their_classes_first_and_starting_one_at_the_foot(client):
    student = make_user("student")
    joined = make_class(make_user("sensei"), name="Joined")
    make_member(joined, "Kenji", user=student)
    client.force_login(student)
    html = client.get("/classes/").content.decode()
    assert "Classes you teach" not in html and "None yet" not in html
    assert html.index(f"/classes/{joined.pk}/student/") < html.index('href="/classes/new/"')
    assert "Teaching a group yourself?" in html
    client.force_login(make_user("newcomer"))  # neither: both ways in
    html = client.get("/classes/").content.decode()
    assert "Classes you teach" in html and 'href="/classes/join/"' in html


def test_the_roster_lists_members_and_how_they_joined(client):
    classroom = make_class()
    make_member(classroom, "Aiko <script>")
    Member.objects.create(classroom=classroom, user=make_user("u2"), name="Bruno", added=True)
    client.force_login(classroom.owner)
    html = client.get(f"/classes/{classroom.pk}/roster/").content.decode()
    assert "Aiko &lt;script&gt;" in html and "<script>" not in html.split("<main")[1]
    assert "with their account" in html and "added by name" in html and "2 students" in html


def test_rename_checks_the_name(client):
    classroom = make_class()
    aiko, bruno = make_member(classroom, "Aiko"), make_member(classroom, "Bruno")
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{aiko.pk}/rename/"
    for bad, says in [
        ("  ", "cannot be blank"),
        ("x" * 41, "at most 40 characters"),
        (" bruno ", "called “bruno” already"),
        ("Ai\x1bko", "control characters"),
    ]:
        response = client.post(url, {"name": bad})
        assert response.status_code == 200 and says in response.content.decode(), bad
    assert Member.objects.get(pk=aiko.pk).name == "Aiko"
    assert client.post(url, {"name": "Aiko  Tanaka"}).status_code == 302
    assert Member.objects.get(pk=aiko.pk).name == "Aiko Tanaka"
    assert Member.objects.get(pk=bruno.pk).name == "Bruno"


def test_remove_takes_the_membership_away_after_confirming(client):
    classroom = make_class()
    aiko = make_member(classroom, "Aiko")
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{aiko.pk}/remove/"
    assert "Remove Aiko from the class?" in client.get(url).content.decode()
    assert Member.objects.filter(pk=aiko.pk).exists()
    assert client.post(url).status_code == 302
    assert not Member.objects.filter(pk=aiko.pk).exists()
    assert aiko.user.__class__.objects.filter(pk=aiko.user_id).exists()  # the account stays


def test_close_and_open_the_class(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    client.post(f"/classes/{classroom.pk}/open/", {"open": "0"})
    assert not Classroom.objects.get().is_open
    client.post(f"/classes/{classroom.pk}/open/", {"open": "1"})
    assert Classroom.objects.get().is_open


def test_only_the_owner_adds_and_removes_co_instructors(client):
    classroom = make_class()
    co, other = make_user("Dana"), make_user("Emi")
    client.force_login(classroom.owner)
    unknown = client.post(f"/classes/{classroom.pk}/instructors/", {"username": "nobody"})
    assert (
        unknown.status_code == 400 and "No account is called “nobody”" in unknown.content.decode()
    )
    assert (
        client.post(f"/classes/{classroom.pk}/instructors/", {"username": "dana"}).status_code
        == 302
    )
    assert list(classroom.instructors.all()) == [co]
    again = client.post(f"/classes/{classroom.pk}/instructors/", {"username": "Dana"})
    assert "teaches this class already" in again.content.decode()
    # The co-instructor manages the class but not its instructors.
    client.force_login(co)
    assert client.get(f"/classes/{classroom.pk}/roster/").status_code == 200
    assert (
        client.post(f"/classes/{classroom.pk}/instructors/", {"username": "Emi"}).status_code == 404
    )
    assert client.post(f"/classes/{classroom.pk}/instructors/{co.pk}/remove/").status_code == 404
    client.post(f"/classes/{classroom.pk}/open/", {"open": "0"})
    assert not Classroom.objects.get().is_open
    assert other not in classroom.instructors.all()
    client.force_login(classroom.owner)
    assert client.post(f"/classes/{classroom.pk}/instructors/{co.pk}/remove/").status_code == 302
    assert not classroom.instructors.exists()
    client.force_login(co)
    assert client.get(f"/classes/{classroom.pk}/roster/").status_code == 404


def test_an_added_students_account_cannot_be_a_co_instructor(client):
    classroom = make_class()
    client.force_login(classroom.owner)
    client.post(f"/classes/{classroom.pk}/add/", {"names": "Yuki"})
    added = Member.objects.get().user.username
    response = client.post(f"/classes/{classroom.pk}/instructors/", {"username": added})
    assert response.status_code == 400 and not classroom.instructors.exists()


def test_every_instructor_page_is_404_to_strangers_and_members(client):
    classroom = make_class()
    member = make_member(classroom, "Aiko")
    stranger = make_user("stranger")
    pk, m = classroom.pk, member.pk
    gets = [f"/classes/{pk}/{p}/" for p in ("roster", "share", "card", "add", "sheet", "work")]
    gets += [f"/classes/{pk}/members/{m}/rename/", f"/classes/{pk}/members/{m}/remove/"]
    posts = [f"/classes/{pk}/open/", f"/classes/{pk}/instructors/", f"/classes/{pk}/topics/",
             f"/classes/{pk}/members/{m}/remove/", f"/classes/{pk}/members/{m}/rename/",
             f"/classes/{pk}/members/{m}/pin/", f"/classes/{pk}/members/{m}/link/",
             f"/classes/{pk}/work/assign/", f"/classes/{pk}/add/"]  # fmt: skip
    for who in (None, stranger, member.user):
        if who is None:
            client.logout()
        else:
            client.force_login(who)
        for url in gets:
            assert client.get(url).status_code == 404, (who, url)
        for url in posts:
            assert client.post(url, {"open": "0", "name": "X", "names": "X"}).status_code == 404, (
                who,
                url,
            )
    assert Member.objects.get(pk=m).name == "Aiko" and Classroom.objects.get().is_open
