"""The class pages in Japanese: the class page (empty and full, sorted), a member's page (the
instructors' and their own), merging and forgetting (with their errors), practice opened from
the class, and the CSV's headings; no English left, and the English pages unchanged."""

from __future__ import annotations

import csv
import io

import pytest

from quizsite.classes.models import TopicAssignment
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
from tests.i18n.english import assert_japanese

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    sensei = make_user("sensei")
    classroom = make_classroom(sensei, name="木曜クラス")
    drill = make_drill(sensei, title="符の週", count=2, mode="fu")
    assign(classroom, drill)
    TopicAssignment.objects.create(classroom=classroom, topic="wait:kanchan")
    aiko = make_user("Aiko")
    member = add_member(classroom, aiko, name="Aiko")
    add_member(classroom, name="Sakura", added=True)
    class_drill_answer(aiko, drill, 1, right=False)
    class_drill_answer(aiko, drill, 2, right=True)
    class_practice(aiko, f"class:{classroom.pk}", question(4501, "fu"), right=False)
    client.force_login(sensei)
    return classroom, member


def page(client, path: str, data=None, *, post: bool = False) -> str:
    response = client.post(path, data or {}) if post else client.get(path, data or {})
    assert response.status_code == 200, (path, response.status_code)
    assert_japanese(response.content, path)
    return response.content.decode()


def test_the_class_page_in_japanese(client, setup):
    classroom, member = setup
    base = f"/ja/classes/{classroom.pk}/"
    html = page(client, base)
    assert "クラスの苦手な項目" in html or "課題" in html
    assert "完了" in html or "途中" in html
    page(client, base, {"sort": "-name"})
    page(client, base, {"topics": "all", "sort": "topic:wait:kanchan"})
    empty = make_classroom(classroom.owner, name="新しいクラス")
    assert "まだメンバーがいません" in page(client, f"/ja/classes/{empty.pk}/")
    english = client.get(f"/classes/{classroom.pk}/").content.decode()
    assert "The class&#x27;s weakest topics" in english or "Work" in english


def test_the_member_pages_in_japanese(client, setup):
    classroom, member = setup
    base = f"/ja/classes/{classroom.pk}/members/{member.pk}/"
    html = page(client, base)
    assert "週ごとの推移" in html and "正解率" in html
    page(client, base + "merge/")
    assert "統合する相手" in page(client, base + "merge/", {"into": ""}, post=True)
    page(client, base + "forget/")
    assert "確認のチェック" in page(client, base + "forget/", {}, post=True)
    client.force_login(member.user)
    html = page(client, f"/ja/classes/{classroom.pk}/me/")
    assert "このクラスの練習をする" in html
    html = page(client, f"/ja/practice/?class={classroom.pk}")
    assert "木曜クラスの練習中です" in html


def test_the_merge_refusal_in_japanese(client, setup):
    classroom, member = setup
    ben = add_member(classroom, make_user("Kenji"), name="Kenji")
    path = f"/ja/classes/{classroom.pk}/members/{member.pk}/merge/"
    assert "別々にログインしている二人" in page(client, path, {"into": ben.pk}, post=True)


def test_the_csv_headings_follow_the_page_language(client, setup):
    classroom, _ = setup
    body = client.get(f"/ja/classes/{classroom.pk}/class.csv").content.decode().lstrip("\ufeff")
    header = next(csv.reader(io.StringIO(body)))
    assert header[:4] == ["メンバー", "符の週：正解数", "符の週：問題数", "符の週：状況"]
    body = client.get(f"/classes/{classroom.pk}/class.csv").content.decode().lstrip("\ufeff")
    assert next(csv.reader(io.StringIO(body)))[0] == "member"
