from .helpers import text_of


def test_it_explains_the_site_and_links_every_starting_point(client):
    response = client.get("/")
    assert response.status_code == 200
    text = text_of(response)
    assert "han" in text and "fu" in text
    for href in ("/table/", "/points/", "/hand/", "/quiz/", "/tiles/", "/rules/", "/api/"):
        assert f'href="{href}"'.encode() in response.content


def test_it_refuses_a_post(client):
    assert client.post("/").status_code == 405
