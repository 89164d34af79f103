"""A member's page in the class (the instructors' and their own): work, answers per week, the
topics missed most, their answers in the class's work (paged) and never their practice outside
it unless they share it; merging two entries of one person; forgetting a member's class data;
the class's CSV."""

from __future__ import annotations

import csv
import io

import pytest

from quizsite.classes import member_page, standing
from quizsite.classes.models import Member, MemberTopic, MemberWork
from quizsite.drills.models import Answer, Attempt, DrillQuestion
from quizsite.practice.models import Response, Tally
from tests.factory import (
    add_member,
    assign,
    class_drill_answer,
    class_practice,
    make_classroom,
    make_drill,
    make_user,
    question,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    sensei = make_user("sensei")
    classroom = make_classroom(sensei, name="Thursday")
    drill = make_drill(sensei, title="Fu week", count=2, mode="fu")
    assign(classroom, drill)
    aiko = make_user("aiko")
    member = add_member(classroom, aiko, name="Aiko")
    class_drill_answer(aiko, drill, 1, right=False)
    class_drill_answer(aiko, drill, 2, right=True)
    class_practice(aiko, f"class:{classroom.pk}", question(4401, "han"), right=False)
    class_practice(aiko, "", question(4402, "fu"), right=True)  # her own practice
    return classroom, drill, member


def test_the_member_page_shows_the_class_work_only(client, setup):
    classroom, drill, member = setup
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{member.pk}/"
    html = client.get(url).content.decode()
    assert "Fu week, question 1" in html and "Practice for the class" in html
    assert "Own practice" not in html
    weeks = html.split('id="weeks-title"')[1].split("</table>")[0]
    assert "<td>3</td>" not in weeks and ">1</td><td>33%</td>" in weeks  # 3 answers, 1 right
    assert "Topics missed most" in html
    member.shares_practice = True
    member.save()
    assert "Own practice" in client.get(url).content.decode()


def test_answers_are_paged(setup, monkeypatch):
    classroom, drill, member = setup
    monkeypatch.setattr(member_page, "PER_PAGE", 2)
    first = member_page.page_of(member, page=1)
    second = member_page.page_of(member, page=2)
    assert len(first["answers"]) == 2 and len(second["answers"]) == 1
    assert {a["row"].pk for a in first["answers"]}.isdisjoint(
        a["row"].pk for a in second["answers"]
    )


def test_a_member_sees_their_own_page_and_chooses_to_share(client, setup):
    classroom, drill, member = setup
    url = f"/classes/{classroom.pk}/me/"
    assert client.get(url).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 404
    client.force_login(member.user)
    html = client.get(url).content.decode()
    assert "Your work in the class" in html and f"/practice/?class={classroom.pk}" in html
    assert "Own practice" not in html
    assert f'action="/classes/{classroom.pk}/me/share/"' in html  # the page's own form
    assert f'href="/classes/{classroom.pk}/student/"' in html  # and the work to do
    client.post(f"/classes/{classroom.pk}/me/share/", {"shares_practice": "on"})
    assert Member.objects.get(pk=member.pk).shares_practice
    client.post(f"/classes/{classroom.pk}/me/share/", {})
    assert not Member.objects.get(pk=member.pk).shares_practice
    client.force_login(make_user("other"))
    assert client.post(f"/classes/{classroom.pk}/me/share/", {}).status_code == 404


def test_merging_an_added_entry_moves_its_answers(client, setup):
    classroom, drill, member = setup
    twin = add_member(classroom, name="Aiko (tablet)", added=True)
    class_drill_answer(twin.user, drill, 1, right=True)  # answered by both: Aiko's is kept
    class_practice(twin.user, f"class:{classroom.pk}", question(4403, "fu"), right=True)
    client.force_login(classroom.owner)
    # asked from Aiko's page: her entry (this one) stays
    post = {"into": twin.pk, "keep": "this"}
    response = client.post(f"/classes/{classroom.pk}/members/{member.pk}/merge/", post)
    assert response.status_code == 302
    assert not Member.objects.filter(pk=twin.pk).exists()
    assert not twin.user.__class__.objects.get(pk=twin.user_id).is_active
    aiko = member.user
    assert Response.objects.filter(user=aiko).count() == 5  # 4 of hers, 1 moved, 1 kept once
    assert not Response.objects.filter(user=twin.user).exists()
    assert Attempt.objects.filter(user=aiko, drill=drill).count() == 2
    assert Tally.objects.get(user=aiko).answered == 5  # her practice state rebuilt
    assert standing.kept(classroom) == standing.compute(classroom)
    work = MemberWork.objects.get(member=member)
    assert (work.answered, work.right) == (2, 2)  # question 1 right in the tablet's attempt


def test_two_people_with_their_own_accounts_are_not_merged(client, setup):
    classroom, drill, member = setup
    ben = add_member(classroom, make_user("ben"), name="Ben")
    client.force_login(classroom.owner)
    response = client.post(f"/classes/{classroom.pk}/members/{member.pk}/merge/", {"into": ben.pk})
    assert response.status_code == 200 and "two people" in response.content.decode()
    assert Member.objects.filter(pk=ben.pk).exists()
    response = client.post(f"/classes/{classroom.pk}/members/{member.pk}/merge/", {"into": "x"})
    assert response.status_code == 200 and 'class="field-error"' in response.content.decode()


def test_forgetting_deletes_the_class_work_and_recounts(client, setup):
    classroom, drill, member = setup
    other = make_classroom(classroom.owner, name="Other")
    assign(other, drill)
    other_member = add_member(other, member.user, name="Aiko")
    assert MemberWork.objects.filter(member=other_member).exists()
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{member.pk}/forget/"
    response = client.post(url, {})
    assert response.status_code == 200 and 'class="field-error"' in response.content.decode()
    assert client.post(url, {"confirm": "on"}).status_code == 302
    aiko = member.user
    left = Response.objects.filter(user=aiko)
    assert list(left.values_list("scope", "source")) == [("", "practice")]  # her own practice
    assert not Answer.objects.filter(attempt__user=aiko).exists()
    assert sum(DrillQuestion.objects.filter(drill=drill).values_list("answered", flat=True)) == 0
    assert not MemberWork.objects.filter(member__user=aiko, answered__gt=0).exists()
    assert not MemberTopic.objects.filter(member__user=aiko).exists()
    assert Tally.objects.get(user=aiko).answered == 1
    assert Member.objects.filter(pk=member.pk).exists()  # still a member


def test_the_csv_is_safe_and_complete(client, setup):
    classroom, drill, member = setup
    add_member(classroom, name="=HYPERLINK()")
    client.force_login(classroom.owner)
    response = client.get(f"/classes/{classroom.pk}/class.csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    header, lines = rows[0], {r[0]: r for r in rows[1:]}
    assert header[:4] == ["member", "Fu week: right", "Fu week: questions", "Fu week: status"]
    assert lines["Aiko"][1:4] == ["1", "2", "done"]
    assert "'=HYPERLINK()" in lines and lines["'=HYPERLINK()"][3] == "not started"
    assert any(h.endswith(": mastery %") for h in header[4:])


def test_the_merge_page_says_how_each_entry_came_and_what_it_holds(client, setup):
    classroom, drill, member = setup  # Aiko joined with her account "aiko": 3 in the class
    stranger = add_member(classroom, make_user("aiko2"), name="Aiko B")
    tablet = add_member(classroom, name="Aiko (tablet)", added=True)
    class_drill_answer(tablet.user, drill, 1, right=True)
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{tablet.pk}/merge/"
    html = client.get(url, {"into": member.pk}).content.decode()
    assert "Added by an instructor on" in html and "1 answer in the class" in html
    assert "Joined with the account «aiko» on" in html and "3 answers in the class" in html
    assert "Choose the entry that stays" not in html  # not before the choice is sent
    assert 'name="keep" value="this"' in html and 'name="keep" value="other"' in html
    refused = client.get(
        f"/classes/{classroom.pk}/members/{stranger.pk}/merge/", {"into": member.pk}
    )
    assert (
        "two people" in refused.content.decode() and 'name="keep"' not in refused.content.decode()
    )
    no_choice = client.post(url, {"into": member.pk})
    assert "Choose the entry that stays" in no_choice.content.decode()
    assert Member.objects.filter(pk=tablet.pk).exists()


def test_the_instructor_may_keep_the_added_entry_and_the_account_keeps_its_own(client, setup):
    """The real student was added by the instructor; someone joined with an account as her:
    the instructor keeps the added entry. Only the joined entry's answers in the class's work
    move; its account keeps the rest, stays active and can still log in."""
    classroom, drill, real = setup
    Member.objects.filter(pk=real.pk).update(added=True)  # the one the instructor added
    real.refresh_from_db()
    joined = add_member(classroom, make_user("joiner"), name="Aiko J")
    class_drill_answer(joined.user, drill, 2, right=False)
    outside = question(4404, "fu")
    class_practice(joined.user, "", outside, right=True)  # their own practice, not the class's
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/members/{joined.pk}/merge/"
    response = client.post(url, {"into": real.pk, "keep": "other"})
    assert response["Location"] == f"/classes/{classroom.pk}/members/{real.pk}/"
    assert not Member.objects.filter(pk=joined.pk).exists()
    joiner = type(joined.user).objects.get(pk=joined.user_id)
    assert joiner.is_active
    assert Response.objects.filter(user=joiner).count() == 1  # the outside practice stays
    assert Response.objects.filter(user=real.user, source="drill").count() == 2
    assert standing.kept(classroom) == standing.compute(classroom)
