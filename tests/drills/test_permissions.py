"""Every instructor URL of a drill: the owner and a superuser see it; another user, an
anonymous visitor and a student who answered it get 404."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factory import make_answer, make_attempt, make_drill, make_user, right_post

pytestmark = pytest.mark.django_db

PAGES = [
    "",
    "preview/",
    "sheet/",
    "key/",
    "results/",
    "results.csv",
    "projector/",
    "edit/",
    "delete/",
]
ACTIONS = ["preview/1/redraw/", "open/", "copy/", "delete/"]


@pytest.fixture
def drill():
    return make_drill(owner=make_user("owner"), count=2)


def visitor(kind: str, drill) -> Client:
    client = Client()
    if kind == "other":
        client.force_login(make_user("other"))
    elif kind == "student":
        client.post(f"/d/{drill.code}/", {"name": "Student"})
        client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    elif kind == "owner":
        client.force_login(drill.owner)
    elif kind == "superuser":
        client.force_login(make_user("root", is_superuser=True, is_staff=True))
    return client


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("kind", ["owner", "superuser"])
def test_it_shows_the_owner_and_a_superuser(drill, kind, page):
    assert visitor(kind, drill).get(f"/drills/{drill.code}/{page}").status_code == 200


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("kind", ["other", "anonymous", "student"])
def test_it_hides_every_page_from_everyone_else(drill, kind, page):
    assert visitor(kind, drill).get(f"/drills/{drill.code}/{page}").status_code == 404


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("kind", ["other", "anonymous", "student"])
def test_it_refuses_every_action_to_everyone_else(drill, kind, action):
    seed = drill.questions.get(number=1).seed
    assert visitor(kind, drill).post(f"/drills/{drill.code}/{action}").status_code == 404
    drill.refresh_from_db()
    assert drill.is_open and drill.questions.get(number=1).seed == seed
    assert drill.owner.drills.count() == 1


@pytest.mark.parametrize("kind", ["other", "anonymous", "student"])
def test_nobody_else_may_edit(drill, kind):
    data = {"title": "Hijacked", "explain": "each"}
    assert visitor(kind, drill).post(f"/drills/{drill.code}/edit/", data).status_code == 404
    drill.refresh_from_db()
    assert drill.title == "Fu practice"


@pytest.mark.parametrize("action", ACTIONS)
def test_the_owner_may_act(drill, action):
    response = visitor("owner", drill).post(f"/drills/{drill.code}/{action}")
    assert response.status_code == 302


def test_the_lists_need_an_account(client):
    for url in ("/drills/", "/drills/new/", "/accounts/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_list_shows_only_ones_own_drills(drill):
    make_drill(owner=make_user("rival"), title="Rival's drill")
    page = visitor("owner", drill).get("/drills/").content.decode()
    assert drill.title in page and "Rival's drill" not in page


def test_a_student_sees_only_their_own_answers(drill):
    first = visitor("student", drill)
    other = make_attempt(drill, name="Someone else")
    make_answer(other, 2)
    page = first.get(f"/d/{drill.code}/done/").content.decode()
    assert "Student" in page and "Someone else" not in page
    assert "not answered" in page  # question 2: answered by the other attempt only
