import re

from tests.helpers import text_of


def test_it_explains_the_site_and_links_every_starting_point(client):
    response = client.get("/")
    assert response.status_code == 200
    text = text_of(response)
    assert "han" in text and "fu" in text
    for href in ("/table/", "/points/", "/hand/", "/quiz/", "/tiles/", "/rules/", "/api/"):
        assert f'href="{href}"'.encode() in response.content


def test_it_refuses_a_post(client):
    assert client.post("/").status_code == 405


def test_it_offers_a_newcomer_a_route_learn_easy_quiz_practice(client):
    page = client.get("/").content.decode()
    route = page[
        page.index('<section class="path"') : page.index(
            "</section>", page.index('<section class="path"')
        )
    ]
    steps = re.findall(r'<a class="path-link" href="([^"]+)">', route)
    assert steps[0] == "/learn/scoring/" and 'id="basics"' in page  # learn: the first lesson
    assert steps[1].startswith("/quiz/next/?mode=payment&amp;level=beginner")  # the easiest quiz
    assert steps[2] == "/practice/"
    assert 'href="/progress/"' in route and 'href="/learn/yaku/"' in route
    follow = client.get(steps[1].replace("&amp;", "&"))
    assert follow.status_code == 302 and "mode=payment" in follow["Location"]
    assert page.index('class="path"') < page.index('class="cards start"')  # before the cards
