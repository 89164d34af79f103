"""The site's own pages for an unknown address and a server error."""

import pytest
from django.template.loader import render_to_string

from tests.helpers import is_full_page, text_of


def test_an_unknown_address_gets_the_sites_404_page(client):
    response = client.get("/tabel/")
    assert response.status_code == 404
    assert is_full_page(response)
    text = text_of(response)
    assert "Page not found" in text and "There is no page at /tabel/" in text
    assert 'href="/table/"' in response.content.decode()


def test_the_500_page_needs_no_request():
    # Django renders 500.html without a request context: it must not depend on one.
    page = render_to_string("500.html")
    assert "Something went wrong" in page and 'href="/"' in page


def question_url(client) -> str:
    response = client.get("/quiz/next/?mode=payment")
    assert response.status_code == 302
    return response["Location"]


def test_a_form_sent_without_its_token_gets_the_sites_403_page():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    url = question_url(client)
    response = client.post(url, {"amount": "1000"})
    assert response.status_code == 403
    assert is_full_page(response)
    text = text_of(response)
    assert "This form was not accepted" in text and "Nothing was saved" in text
    assert f'href="{url.replace("&", "&amp;")}"' in response.content.decode()  # the way back
    assert "CSRF verification failed" not in text  # not Django's page


@pytest.mark.django_db  # the answer is stored for the learner's progress
def test_the_same_form_with_its_token_is_accepted():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    url = question_url(client)
    page = client.get(url)
    token = page.cookies["csrftoken"].value
    answer = {"amount": "1000", "non_dealer": "1000", "dealer": "2000"}
    response = client.post(url, {**answer, "csrfmiddlewaretoken": token})
    assert response.status_code == 200
    assert "verdict" in response.content.decode()


def test_a_long_address_is_quoted_cut_short(client):
    response = client.get("/" + "x" * 5000 + "/")
    assert response.status_code == 404
    assert "x" * 100 not in response.content.decode()


def test_an_htmx_form_without_its_token_hears_it_where_its_answer_goes():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    url = question_url(client)
    response = client.post(url, {"amount": "1000"}, headers={"HX-Request": "true"})
    assert response.status_code == 200  # htmx swaps no 4xx
    assert response["HX-Reswap"] == "innerHTML"
    assert not is_full_page(response)
    assert "Nothing was saved" in text_of(response)
