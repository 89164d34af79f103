"""The site's own pages for an unknown address and a server error."""

from django.template.loader import render_to_string

from .helpers import is_full_page, text_of


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
