"""The classes' roster pages in Japanese: the lists, a new class, joining, the added
students' sign-in and cards, the roster, the work set and a member's page, in every state,
read Japanese at their /ja/ address; the right Japanese appears and the English pages stay."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from django.test import Client

from quizsite.classes.models import Assignment, Classroom, Member, TopicAssignment
from tests.factory import make_drill, make_user
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db

# An address or a code is no English (the QR code's title names the link, /ja/ and all).
ADDRESSES = frozenset({"http", "https", "testserver", "ja", "classes", "join", "sign-in"})
# The dora's names in the topic picker are the engine's words (scoring/engine/words.py),
# translated there: removed once merged.
PENDING_ENGINE = frozenset({"Dora", "Red", "fives", "aka", "dora", "Ura"})
CODE = "K7MW3X"  # a class code as a code reads: with digits


def japanese(response: Any, where: str, status: int = 200) -> str:
    assert response.status_code == status, (where, response.status_code)
    page = response.content.decode()
    assert '<html lang="ja"' in page, f"{where}: not a Japanese page"
    left = [w for w in english_words(page) if w not in ADDRESSES | PENDING_ENGINE]
    assert not left, f"{where}: English left on the Japanese page: {sorted(set(left))}"
    return page


@pytest.fixture
def classroom() -> Classroom:
    owner = make_user("sensei")
    return Classroom.objects.create(owner=owner, name="木曜の初心者クラス", code=CODE)


def full(classroom: Classroom) -> tuple[Member, Member]:
    """The class with a member who joined, one added by name, a co-instructor, a drill set
    and a topic running."""
    kenji = Member.objects.create(classroom=classroom, user=make_user("Kenji"), name="Kenji")
    client = Client()
    client.force_login(classroom.owner)
    client.post(f"/classes/{classroom.pk}/add/", {"names": "さくら"})
    classroom.instructors.add(make_user("Hanako"))
    drill = make_drill(classroom.owner, title="符の練習")
    due = datetime(2026, 12, 1, 9, tzinfo=UTC)
    Assignment.objects.create(classroom=classroom, drill=drill, due=due)
    TopicAssignment.objects.create(
        classroom=classroom, topic="wait:kanchan", starts=date(2020, 1, 1)
    )
    return kenji, Member.objects.get(name="さくら")


def test_the_lists_and_a_new_class(client, classroom):
    client.force_login(classroom.owner)
    page = japanese(client.get("/ja/classes/"), "classes, none in")
    assert "教えているクラス" in page and "木曜の初心者クラス" in page
    japanese(client.get("/ja/classes/new/"), "new class")
    error = japanese(client.post("/ja/classes/new/", {"name": " "}), "new class, no name")
    assert "クラス名を入力してください。" in error
    made = client.post("/ja/classes/new/", {"name": "金曜クラス"})
    assert made["Location"].startswith("/ja/classes/")
    kenji, _ = full(classroom)
    client.force_login(kenji.user)
    assert "参加しているクラス" in japanese(client.get("/ja/classes/"), "classes, one joined")


def test_joining(client, classroom):
    japanese(client.get("/ja/classes/join/"), "join: the code")
    wrong = japanese(client.get("/ja/classes/join/", {"code": "zz"}), "join: unknown code")
    assert "のクラスはありません" in wrong
    assert (
        client.get("/ja/classes/join/", {"code": CODE.lower()})["Location"]
        == f"/ja/classes/join/{CODE}/"
    )
    url = f"/ja/classes/join/{CODE}/"
    visitor = japanese(client.get(url), "join: a visitor")
    assert f"/ja/accounts/signup/?next=/ja/classes/join/{CODE}/" in visitor
    client.force_login(make_user("Yuki"))
    japanese(client.get(url), "join: signed in")
    twin = Member.objects.create(classroom=classroom, user=make_user("Yuki2"), name="Yuki")
    taken = japanese(client.post(url, {"name": "ＹＵＫＩ"}), "join: a name the class has")
    assert "すでにいます" in taken
    twin.delete()
    assert client.post(url, {"name": "Yuki"})["Location"] == f"/ja/classes/{classroom.pk}/student/"
    assert "すでに" in japanese(client.get(url), "join: already in")
    client.force_login(classroom.owner)
    japanese(client.get(url), "join: the instructor")
    Classroom.objects.update(is_open=False)
    client.force_login(make_user("Taro"))
    assert "受付を終了" in japanese(client.post(url), "join: closed", status=403)
    client.logout()
    japanese(client.get(url), "join: closed, a visitor")


def test_the_instructors_pages(client, classroom):
    client.force_login(classroom.owner)
    pk = classroom.pk
    japanese(client.get(f"/ja/classes/{pk}/roster/"), "roster, empty")
    japanese(client.get(f"/ja/classes/{pk}/sheet/"), "sheet, empty")
    japanese(client.get(f"/ja/classes/{pk}/work/"), "work, empty")
    japanese(client.get(f"/ja/classes/{pk}/add/"), "add")
    error = japanese(client.post(f"/ja/classes/{pk}/add/", {"names": "あ" * 41}), "add, too long")
    assert "1行目：生徒の名前は40文字までです" in error
    kenji, sakura = full(classroom)
    client.post(f"/ja/classes/{pk}/members/{sakura.pk}/pin/")
    roster = japanese(client.get(f"/ja/classes/{pk}/roster/"), "roster, new PIN shown")
    assert "新しい暗証番号" in roster and "自分のアカウントで" in roster and "名前で追加" in roster
    client.post(f"/ja/classes/{pk}/members/{sakura.pk}/link/")
    assert "新しい専用リンク" in japanese(
        client.get(f"/ja/classes/{pk}/roster/"), "roster, message"
    )
    bad = client.post(f"/ja/classes/{pk}/instructors/", {"username": "Taro"})
    assert "というアカウントはありません" in japanese(bad, "roster, unknown instructor", status=400)
    rename = f"/ja/classes/{pk}/members/{kenji.pk}/rename/"
    japanese(client.get(rename), "rename")
    assert "すでにいます" in japanese(client.post(rename, {"name": "さくら"}), "rename, taken")
    japanese(client.get(f"/ja/classes/{pk}/members/{kenji.pk}/remove/"), "remove")
    japanese(client.get(f"/ja/classes/{pk}/share/"), "share")
    Classroom.objects.update(is_open=False)
    assert "受付を終了" in japanese(client.get(f"/ja/classes/{pk}/share/"), "share, closed")
    japanese(client.get(f"/ja/classes/{pk}/card/"), "card")
    assert "サインインカード" in japanese(client.get(f"/ja/classes/{pk}/sheet/"), "sheet")
    work = japanese(client.get(f"/ja/classes/{pk}/work/"), "work, full")
    assert "符の練習" in work and "課題から外す" in work
    bad_topic = client.post(f"/ja/classes/{pk}/topics/", {"topic": "", "starts": "x"})
    japanese(bad_topic, "work, topic errors", status=400)
    bad_drill = client.post(f"/ja/classes/{pk}/work/assign/", {"drill": "NOPE99"})
    assert "あなたのドリルではありません" in japanese(bad_drill, "work, drill refused", status=400)
    drill = make_drill(classroom.owner, title="新しいドリル")
    japanese(client.get(f"/ja/classes/{pk}/work/assign/?drill={drill.code}"), "assign, confirm")


def test_the_students_pages(client, classroom):
    kenji, sakura = full(classroom)
    japanese(client.get("/ja/classes/sign-in/"), "sign-in: the code")
    japanese(client.get("/ja/classes/sign-in/", {"code": "nope"}), "sign-in: unknown code")
    page = japanese(client.get("/ja/classes/sign-in/", {"code": CODE}), "sign-in: name and PIN")
    assert "さくら" in page
    post = {"code": CODE, "member": sakura.pk, "pin": "99999999"}
    wrong = japanese(client.post("/ja/classes/sign-in/", post), "sign-in: wrong PIN")
    assert "暗証番号と違います" in wrong
    japanese(client.post("/ja/classes/sign-in/", {"code": CODE}), "sign-in: nothing chosen")
    asked = japanese(client.get(f"/ja/classes/s/{sakura.sign_in_token}/"), "the personal link")
    assert "さくら" in asked
    response = client.post(f"/ja/classes/s/{sakura.sign_in_token}/")
    assert response["Location"] == f"/ja/classes/{classroom.pk}/student/"
    student = japanese(client.get(response["Location"]), "a student's page")
    assert (
        "さくらさんではありませんか？" in student
        and "符の練習" in student
        and "これを練習" in student
    )
    switched = client.post(f"/ja/classes/{classroom.pk}/switch/")
    assert switched["Location"] == f"/ja/classes/sign-in/?code={CODE}"
    Assignment.objects.all().delete()
    TopicAssignment.objects.all().delete()
    client.force_login(kenji.user)
    japanese(client.get(f"/ja/classes/{classroom.pk}/student/"), "a student's page, no work")


def test_pin_limit_in_japanese(client, classroom, settings):
    settings.RATE_LOGINS = "1/h"
    _, sakura = full(classroom)
    post = {"code": CODE, "member": sakura.pk, "pin": "99999999"}
    client.post("/ja/classes/sign-in/", post)
    limited = japanese(client.post("/ja/classes/sign-in/", post), "sign-in: limited", status=429)
    assert "試行が短時間に多すぎます" in limited


def test_the_english_pages_stay_english(client, classroom):
    full(classroom)
    client.force_login(classroom.owner)
    page = client.get(f"/classes/{classroom.pk}/roster/").content.decode()
    assert '<html lang="en"' in page and "Add students by name" in page and "Instructors" in page
    assert "Drills set" in client.get(f"/classes/{classroom.pk}/work/").content.decode()
