"""The class page: members × work (done, score, late, not started, the due date), members ×
topics (mastery as `/progress/` reads it), sorted by any column, the weakest topics with a
drill on each; instructors only; and a fixed number of queries whatever the class's size."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from quizsite.classes.models import MemberTopic, MemberWork, TopicAssignment
from tests.factory import add_member, assign, make_classroom, make_drill, make_user

pytestmark = pytest.mark.django_db


def names_in(html: str, section: str) -> list[str]:
    part = html.split(f'id="{section}-title"')[1].split("</table>")[0]
    return re.findall(r'<th scope="row" class="name-col"><a [^>]*>([^<]*)</a>', part)


def topic(member, key: str, *, seen: int, right: int) -> MemberTopic:
    """A member's kept topic as if `right` of `seen` answers, oldest first, were right."""
    weight = score = 0.0
    for n in range(seen):
        weight, score = weight * 0.8 + 1, score * 0.8 + (n < right)
    return MemberTopic.objects.create(
        member=member, topic=key, seen=seen, right=right, weight=weight, score=score,
        last=timezone.now(),
    )  # fmt: skip


@pytest.fixture
def classroom():
    sensei = make_user("sensei")
    c = make_classroom(sensei, name="Thursday")
    late = assign(
        c, make_drill(sensei, title="Fu week", count=4), due=timezone.now() - timedelta(days=1)
    )
    soon = assign(
        c, make_drill(sensei, title="Han week", count=2), due=timezone.now() + timedelta(days=3)
    )
    aiko, ben, chi = (add_member(c, name=n) for n in ("Aiko", "Ben", "Chi <b>"))
    MemberWork.objects.create(
        member=aiko,
        assignment=late,
        answered=4,
        right=3,
        finished=timezone.now() - timedelta(days=2),
    )
    MemberWork.objects.create(
        member=ben, assignment=late, answered=4, right=1, finished=timezone.now()
    )
    MemberWork.objects.create(member=chi, assignment=soon, answered=1, right=1)
    for m, right in ((aiko, 1), (ben, 4), (chi, 2)):
        topic(m, "wait:kanchan", seen=5, right=right)
    topic(aiko, "yaku:pinfu", seen=5, right=5)
    topic(ben, "yaku:pinfu", seen=4, right=3)
    TopicAssignment.objects.create(classroom=c, topic="fu:tsumo")
    return c


def test_the_page_shows_work_and_topics(client, classroom):
    client.force_login(classroom.owner)
    html = client.get(f"/classes/{classroom.pk}/").content.decode()
    work = html.split('id="work-title"')[1].split("</table>")[0]
    assert "Fu week" in work and "Han week" in work and "due " in work
    rows = dict(re.findall(r">([A-Za-z&;<> ]+?)</a></th>(.*?)</tr>", work, re.S))
    assert "3/4 <small>done</small>" in rows["Aiko"]  # finished before the due time
    assert "1/4 <small>late</small>" in rows["Ben"]  # finished after it
    assert (
        "–" in rows["Chi &lt;b&gt;"] and "late" in rows["Chi &lt;b&gt;"]
    )  # never started, past due
    assert "1/2 <small>started</small>" in rows["Chi &lt;b&gt;"]
    topics = html.split('id="topics-title"')[1]
    assert "Kanchan wait" in topics and "★" in topics  # the set topic's column, not met yet
    assert "Chi &lt;b&gt;" in html and "Chi <b>" not in html


def test_sorting_by_a_column(client, classroom):
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/"
    assert names_in(client.get(url).content.decode(), "work") == ["Aiko", "Ben", "Chi &lt;b&gt;"]
    html = client.get(url, {"sort": "-name"}).content.decode()
    assert names_in(html, "work") == ["Chi &lt;b&gt;", "Ben", "Aiko"]
    html = client.get(url, {"sort": "topic:wait:kanchan"}).content.decode()
    assert names_in(html, "topics") == ["Aiko", "Chi &lt;b&gt;", "Ben"]  # the weakest first
    assert 'aria-sort="ascending"' in html and "?sort=-topic%3Await%3Akanchan" in html
    html = client.get(url, {"sort": "-topic:wait:kanchan"}).content.decode()
    assert names_in(html, "topics") == ["Ben", "Chi &lt;b&gt;", "Aiko"]
    work = classroom.assignments.get(drill__title="Fu week")
    html = client.get(url, {"sort": f"work:{work.pk}"}).content.decode()
    assert names_in(html, "work") == ["Chi &lt;b&gt;", "Ben", "Aiko"]
    assert client.get(url, {"sort": "nonsense"}).status_code == 200


def weakest_part(html: str) -> str:
    return html.split('id="weakest-title"')[1].split("</section>")[0]


def test_the_weakest_topics_link_to_a_drill_made_for_the_class(client, classroom):
    client.force_login(classroom.owner)
    weakest = weakest_part(client.get(f"/classes/{classroom.pk}/").content.decode())
    assert weakest.index("Kanchan wait") < weakest.index("Pinfu")  # the weaker first
    assert "/drills/new/?" in weakest and "waits=kanchan" in weakest
    links = re.findall(r'href="(/drills/new/\?[^"]+)"', weakest)
    assert links and all(f"for=class:{classroom.pk}" in link.replace("%3A", ":") for link in links)


def test_a_weak_topic_no_drill_aims_at_says_so_and_can_be_set_for_practice(client, classroom):
    for member in classroom.members.all():
        topic(member, "fu:rounding", seen=5, right=0)  # the weakest, and no drill focus names it
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/"
    weakest = weakest_part(client.get(url).content.decode())
    rounding = weakest.split("Fu rounding")[1].split("</li>")[0]
    assert "No drill aims at this alone" in rounding and "/drills/new/" not in rounding
    assert 'name="topic" value="fu:rounding"' in rounding
    response = client.post(
        f"/classes/{classroom.pk}/topics/",
        {"topic": "fu:rounding", "starts": timezone.localdate().isoformat(), "next": url},
    )
    assert response.status_code == 302 and response["Location"] == url
    assert TopicAssignment.objects.filter(classroom=classroom, topic="fu:rounding").exists()
    rounding = weakest_part(client.get(url).content.decode()).split("Fu rounding")[1]
    assert "set for the class's practice" in rounding.split("</li>")[0]


def test_an_empty_class_shows_the_ways_to_bring_students_in(client):
    sensei = make_user("sensei")
    empty = make_classroom(sensei, name="Saturday", code="SAT4P9")
    client.force_login(sensei)
    html = client.get(f"/classes/{empty.pk}/").content.decode()
    assert "No members yet" in html
    assert f'href="/classes/{empty.pk}/add/"' in html and "Add students by name" in html
    assert "SAT4P9" in html and f'href="/classes/{empty.pk}/share/"' in html


def test_only_its_instructors_see_the_class(client, classroom):
    member = classroom.members.first()
    urls = [
        f"/classes/{classroom.pk}/",
        f"/classes/{classroom.pk}/class.csv",
        f"/classes/{classroom.pk}/members/{member.pk}/",
        f"/classes/{classroom.pk}/members/{member.pk}/merge/",
        f"/classes/{classroom.pk}/members/{member.pk}/forget/",
    ]
    for who in (None, make_user("stranger"), member.user):
        if who:
            client.force_login(who)
        assert [client.get(u).status_code for u in urls] == [404] * len(urls)
    co = make_user("co")
    classroom.instructors.add(co)
    client.force_login(co)
    assert [client.get(u).status_code for u in urls] == [200] * len(urls)
    # a member of another class is not this class's member
    other = make_classroom(classroom.owner, name="Other")
    client.force_login(classroom.owner)
    assert client.get(f"/classes/{other.pk}/members/{member.pk}/").status_code == 404


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


def test_the_queries_do_not_grow_with_the_class(client, classroom):
    client.force_login(classroom.owner)
    url = f"/classes/{classroom.pk}/"
    small = queries(client, url)
    work = list(classroom.assignments.all())
    for i in range(30):
        m = add_member(classroom, name=f"Extra {i}")
        for a in work:
            MemberWork.objects.create(member=m, assignment=a, answered=1, right=i % 2)
        for key in ("wait:kanchan", "yaku:pinfu", "fu:tsumo", "yaku:tanyao"):
            topic(m, key, seen=3 + i % 4, right=i % 3)
    assert queries(client, url) == small
    assert queries(client, url + "?sort=topic:yaku:pinfu&topics=all") == small
    assert small <= 12
