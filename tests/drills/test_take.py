"""Taking a drill: name, questions with the quiz's forms and verdicts, summary; nothing lost."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from quizsite.drills.models import Answer, Attempt
from tests.factory import all_answers, join, make_drill, make_user, right_post, wrong_post

pytestmark = pytest.mark.django_db


def data_request(page: str) -> dict:
    return json.loads(html.unescape(re.search(r"data-request='([^']*)'", page).group(1)))


def test_it_asks_the_name_first(client):
    drill = make_drill()
    page = client.get(f"/d/{drill.code}/").content.decode()
    assert "Your name" in page and drill.title in page
    assert client.get(f"/d/{drill.code}/1/")["Location"] == f"/d/{drill.code}/"


def test_it_refuses_an_empty_name_with_a_message(client):
    drill = make_drill()
    response = client.post(f"/d/{drill.code}/", {"name": "   "})
    assert response.status_code == 200 and "Type your name" in response.content.decode()
    assert not Attempt.objects.exists()


def test_it_prefills_the_name_of_a_signed_in_learner(client):
    client.force_login(make_user("kenji"))
    assert 'value="kenji"' in client.get(f"/d/{make_drill().code}/").content.decode()


def test_it_reads_a_code_typed_in_lower_case(client):
    drill = make_drill()
    assert client.get("/d/", {"code": drill.code.lower()})["Location"] == f"/d/{drill.code}/"
    assert "No drill has the code" in client.get("/d/", {"code": "XXXXXX"}).content.decode()


def test_a_question_carries_the_request_and_the_progress(client):
    drill = make_drill(count=3)
    join(client, drill)
    page = client.get(f"/d/{drill.code}/2/").content.decode()
    request = data_request(page)
    assert request == drill.questions.get(number=2).request
    assert "Question 2 of 3" in page
    assert f'action="/d/{drill.code}/2/"' in page


def test_a_drill_question_offers_no_show_the_answer_or_skip(client):
    drill = make_drill(count=2)
    join(client, drill)
    page = client.get(f"/d/{drill.code}/1/").content.decode()
    assert "Check" in page
    assert "Show the answer" not in page and "Skip this question" not in page
    # ... which the quiz's own question still offers.
    quiz = client.get("/quiz/next/", follow=True).content.decode()
    assert "Show the answer" in quiz and "Skip this question" in quiz


def test_it_stores_a_right_answer_and_shows_the_quiz_verdict(client):
    drill = make_drill(count=2)
    attempt = join(client, drill)
    page = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Right!" in page and "How it is worked out" in page
    assert f'href="/d/{drill.code}/2/"' in page  # Next leads on in the drill
    (answer,) = all_answers(drill)
    assert answer.attempt == attempt and answer.number == 1 and answer.right


def test_a_wrong_answer_is_stored_with_its_diagnosis(client):
    drill = make_drill(count=1, mode="fu")
    join(client, drill)
    page = client.post(f"/d/{drill.code}/1/", wrong_post(drill, 1)).content.decode()
    assert "Not quite" in page
    (answer,) = all_answers(drill)
    assert not answer.right and answer.category and answer.given.endswith("fu")


def test_a_malformed_answer_is_not_stored_and_says_why(client):
    drill = make_drill(count=1, mode="fu")
    join(client, drill)
    response = client.post(f"/d/{drill.code}/1/", {"fu": "lots"})
    assert response.status_code == 200 and "whole number" in response.content.decode()
    assert not Answer.objects.exists()


def test_a_double_submit_counts_once_and_says_so(client):
    drill = make_drill(count=2)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", wrong_post(drill, 1))
    second = client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    assert second.status_code == 200
    page = second.content.decode()
    (answer,) = all_answers(drill)
    assert not answer.right
    # The page shows the answer that counts (the first), not the one just refused.
    assert "not counted again" in page and "Not quite" in page and answer.given in page


def test_a_reload_shows_the_stored_verdict(client):
    drill = make_drill(count=2)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    page = client.get(f"/d/{drill.code}/1/").content.decode()
    assert "Right!" in page and '<form class="answer-form' not in page


def test_a_second_tab_continues_the_same_attempt(client):
    drill = make_drill(count=3)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    assert client.get(f"/d/{drill.code}/")["Location"] == f"/d/{drill.code}/2/"
    assert Attempt.objects.count() == 1


def test_a_signed_in_learner_continues_on_another_device():
    drill, user = make_drill(count=2), make_user("mika")
    first, second = Client(), Client()
    first.force_login(user)
    join(first, drill, "Mika")
    first.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    second.force_login(user)
    assert second.get(f"/d/{drill.code}/")["Location"] == f"/d/{drill.code}/2/"
    page = Client()
    page.force_login(user)
    assert drill.title in page.get("/accounts/").content.decode()


def test_retries_let_a_wrong_answer_be_tried_again(client):
    drill = make_drill(count=1, retries=True)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", wrong_post(drill, 1))
    again = client.get(f"/d/{drill.code}/1/?again=1").content.decode()
    assert "was not right: try again" in again
    assert "Right!" in client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    (answer,) = all_answers(drill)
    assert answer.right and answer.tries == 2


def test_explanations_wait_for_the_end_when_asked(client):
    drill = make_drill(count=2, explain="end")
    join(client, drill)
    page = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Answer saved" in page and "How it is worked out" not in page
    summary = client.get(f"/d/{drill.code}/done/").content.decode()
    assert "still to answer" in summary and "✓" not in summary
    client.post(f"/d/{drill.code}/2/", wrong_post(drill, 2))
    assert "How it is worked out" in client.get(f"/d/{drill.code}/1/").content.decode()
    summary = client.get(f"/d/{drill.code}/done/").content.decode()
    assert "1 of 2" in summary


def test_the_summary_lists_every_question(client):
    drill = make_drill(count=3)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    client.post(f"/d/{drill.code}/2/", wrong_post(drill, 2))
    page = client.get(f"/d/{drill.code}/done/").content.decode()
    assert "1 of 3" in page and "not answered" in page
    for n in (1, 2, 3):
        assert f'href="/d/{drill.code}/{n}/"' in page


def test_a_closed_drill_says_closed_and_takes_no_answer(client):
    drill = make_drill(count=2)
    join(client, drill)
    drill.is_open = False
    drill.save()
    page = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "closed" in page and not Answer.objects.exists()
    newcomer = Client().get(f"/d/{drill.code}/").content.decode()
    assert "This drill is closed" in newcomer


def test_a_student_half_way_sees_the_drill_closed_before_typing(client):
    drill = make_drill(count=2)
    join(client, drill)
    client.post(f"/d/{drill.code}/1/", right_post(drill, 1))
    drill.is_open = False
    drill.save()
    page = client.get(f"/d/{drill.code}/2/").content.decode()
    assert "This drill is closed: it accepts no more answers." in page
    assert 'name="' + next(iter(right_post(drill, 2))) + '"' not in page  # no answer form
    answered = client.get(f"/d/{drill.code}/1/").content.decode()
    assert "This drill is closed" not in answered  # an answered question shows its verdict


def test_no_answer_after_the_time_limit(client):
    drill = make_drill(count=2, time_limit=5)
    attempt = join(client, drill)
    Attempt.objects.filter(pk=attempt.pk).update(started=timezone.now() - timedelta(minutes=6))
    page = client.post(f"/d/{drill.code}/1/", right_post(drill, 1)).content.decode()
    assert "Time is up" in page and not Answer.objects.exists()


def test_htmx_gets_the_answer_and_the_progress(client):
    drill = make_drill(count=2)
    join(client, drill)
    response = client.post(f"/d/{drill.code}/1/", right_post(drill, 1), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and '<div id="answer"' in page
    assert 'hx-swap-oob="true"' in page and "1 of 2 answered" in page
    assert "<html" not in page


def test_a_shuffled_drill_asks_in_the_attempt_order(client):
    drill = make_drill(count=6, shuffle=True)
    attempt = join(client, drill)
    page = client.get(f"/d/{drill.code}/1/").content.decode()
    request = data_request(page)
    assert request == drill.questions.get(number=attempt.number_at(1)).request


def test_a_name_is_escaped(client):
    drill = make_drill(count=1)
    join(client, drill, "<script>alert(1)</script>")
    page = client.get(f"/d/{drill.code}/1/").content.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;" in page


def test_the_page_says_how_many_minutes_are_left(client):
    drill = make_drill(count=2, time_limit=10)
    attempt = join(client, drill)
    assert "10 minutes left" in client.get(f"/d/{drill.code}/1/").content.decode()
    Attempt.objects.filter(pk=attempt.pk).update(started=timezone.now() - timedelta(minutes=9.5))
    assert "1 minute left" in client.get(f"/d/{drill.code}/1/").content.decode()


def test_retries_say_right_or_wrong_even_when_explanations_wait(client):
    drill = make_drill(count=2, explain="end", retries=True)
    join(client, drill)
    page = client.post(f"/d/{drill.code}/1/", wrong_post(drill, 1)).content.decode()
    assert "not right" in page and "try again" in page and "How it is worked out" not in page


def test_with_shuffle_the_student_sees_the_drills_numbering_beside_their_own(client):
    drill = make_drill(count=4, shuffle=True)
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})
    attempt = Attempt.objects.get(drill=drill)
    attempt.order = [3, 1, 4, 2]
    attempt.save()
    question = client.get(f"/d/{drill.code}/1/").content.decode()
    assert "Question 1 of 4" in question and "(the drill's Q3)" in question
    client.post(f"/d/{drill.code}/1/", right_post(drill, 3))
    summary = client.get(f"/d/{drill.code}/done/").content.decode()
    cells = re.findall(r">Question (\d)</a> <span class=\"muted\">\(Q(\d)\)</span>", summary)
    assert cells == [("1", "3"), ("2", "1"), ("3", "4"), ("4", "2")]
    assert "(drill's Q)" in summary
    # The results board and the CSV count the answer under the drill's number, Q3.
    assert Answer.objects.get(attempt=attempt).number == 3


def test_without_shuffle_one_numbering_is_shown(client):
    drill = make_drill(count=2)
    client.post(f"/d/{drill.code}/", {"name": "Aiko"})
    assert "the drill's Q" not in client.get(f"/d/{drill.code}/1/").content.decode()
    assert "(drill's Q)" not in client.get(f"/d/{drill.code}/done/").content.decode()
