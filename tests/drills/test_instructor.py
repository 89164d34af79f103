"""The instructor's pages: builder, preview and re-draw, share page, sheet and key, list, copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizsite.drills.models import Drill
from tests.factory import NEW_DRILL, make_answer, make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(client):
    user = make_user("owner")
    client.force_login(user)
    return user


def test_the_builder_draws_the_questions_and_opens_the_preview(client, owner):
    response = client.post("/drills/new/", NEW_DRILL)
    drill = Drill.objects.get()
    assert response["Location"] == f"/drills/{drill.code}/preview/"
    assert drill.owner == owner and drill.count == 4 and drill.questions.count() == 4
    page = client.get(response["Location"]).content.decode()
    assert page.count('class="dq"') == 4 and page.count("Answer: <strong>") == 4
    assert page.count("Draw again") == 4


@pytest.mark.parametrize(
    "count, words", [("0", "1 to 50"), ("51", "1 to 50"), ("ten", "whole number")]
)
def test_the_builder_says_what_is_wrong(client, owner, count, words):
    response = client.post("/drills/new/", NEW_DRILL | {"count": count})
    assert response.status_code == 200 and words in response.content.decode()
    assert not Drill.objects.exists()


def test_a_redraw_by_htmx_returns_the_one_question(client, owner):
    drill = make_drill(owner=owner, count=3)
    response = client.post(f"/drills/{drill.code}/preview/2/redraw/", HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert page.lstrip().startswith('<li class="dq" id="q2"') and "<html" not in page
    assert client.post(f"/drills/{drill.code}/preview/9/redraw/").status_code == 404


def test_no_redraw_once_a_student_answered(client, owner):
    drill = make_drill(owner=owner, count=2)
    make_answer(make_attempt(drill), 1)
    page = client.get(f"/drills/{drill.code}/preview/").content.decode()
    assert "Draw again" not in page and "Students have answered" in page
    response = client.post(f"/drills/{drill.code}/preview/1/redraw/", HTTP_HX_REQUEST="true")
    assert "the question stays" in response.content.decode()


def test_the_share_page_has_the_code_the_link_and_a_qr_code(client, owner):
    drill = make_drill(owner=owner)
    page = client.get(f"/drills/{drill.code}/").content.decode()
    assert f">{drill.code}</p>" in page
    assert f"http://testserver/d/{drill.code}/" in page
    assert "<svg" in page and f"QR code: http://testserver/d/{drill.code}/" in page


def test_closing_and_opening_a_drill(client, owner):
    drill = make_drill(owner=owner)
    client.post(f"/drills/{drill.code}/open/", {"open": "0"})
    drill.refresh_from_db()
    assert not drill.is_open
    assert "Open the drill again" in client.get(f"/drills/{drill.code}/").content.decode()
    client.post(f"/drills/{drill.code}/open/", {"open": "1"})
    drill.refresh_from_db()
    assert drill.is_open


def test_the_sheet_has_tiles_and_no_answers_and_the_key_has_both(client, owner):
    drill = make_drill(owner=owner, count=2)
    sheet = client.get(f"/drills/{drill.code}/sheet/").content.decode()
    key = client.get(f"/drills/{drill.code}/key/").content.decode()
    assert sheet.count('class="dq"') == 2 and "/static/img/tiles.svg#t" in sheet
    assert "How it is worked out" not in sheet and "key-answer" not in sheet
    assert key.count("key-answer") == 2 and key.count("How it is worked out") == 2
    assert "@media print" in Path("static/css/drills.css").read_text()


def test_the_list_counts_students_and_answers(client, owner):
    drill = make_drill(owner=owner, count=2)
    for name in ("A", "B"):
        attempt = make_attempt(drill, name=name)
        make_answer(attempt, 1)
    make_answer(drill.attempts.get(name="A"), 2)
    page = client.get("/drills/").content.decode()
    assert drill.title in page
    row = page.split(f'<code class="code">{drill.code}</code>')[1]
    assert '<td class="num">2</td>\n    <td class="num">2</td>\n    <td class="num">3</td>' in row


def test_a_copy_opens_its_preview(client, owner):
    drill = make_drill(owner=owner)
    response = client.post(f"/drills/{drill.code}/copy/")
    twin = Drill.objects.exclude(pk=drill.pk).get()
    assert response["Location"] == f"/drills/{twin.code}/preview/"
    assert twin.title == f"{drill.title} (copy)"


def test_the_keys_steps_draw_tiles_not_codes(client, owner):
    import re

    drill = make_drill(owner=owner, count=2)
    key = client.get(f"/drills/{drill.code}/key/").content.decode()
    steps = re.findall(r'<li class="step step-reading">(.*?)</li>', key, re.S)
    assert steps
    for step in steps:
        words = re.sub(r"<[^>]+>", " ", step)
        assert "Read as" in words and not re.search(r"\b\d+[mpsz]\b", words), words
        assert "/static/img/tiles.svg#" in step
