"""The practice question answers htmx with the `#answer` partial, and the progress page's
queries do not grow with the number of answers."""

from __future__ import annotations

import pytest

from tests.factory import answer_question, fake_request, practice_wrong_post, question
from tests.helpers import HX

pytestmark = pytest.mark.django_db


def test_it_answers_htmx_with_the_answer_partial(client):
    q = question(81, "fu")
    url = f"/practice/q/{q.seed}/?{q.query}"
    response = client.post(url, practice_wrong_post(q), **HX)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="answer"') and "Not quite" in page
    assert "<html" not in page


def test_a_bad_answer_is_shown_in_the_form(client):
    q = question(82, "fu")
    response = client.post(f"/practice/q/{q.seed}/?{q.query}", {"fu": "abc"}, **HX)
    assert response.status_code == 200 and "Please check your answer" in response.content.decode()


def test_the_progress_page_takes_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    user = make_learner(client)
    request = fake_request(user)
    for n in range(12):
        answer_question(request, question(900 + n, ("fu", "payment", "han")[n % 3]), right=n % 2)
    with django_assert_max_num_queries(8):
        assert client.get("/progress/").status_code == 200


def make_learner(client):
    from tests.factory import make_user

    user = make_user("aiko")
    client.force_login(user)
    return user
