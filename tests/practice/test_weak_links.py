"""The weak spots on /practice/ are links that practise that topic."""

from __future__ import annotations

import html
import re

import pytest

from quizsite.practice.models import Response
from tests.factory import linked_question, post_answer, question

pytestmark = pytest.mark.django_db


def test_each_weak_spot_links_to_practise_its_topic(client):
    post_answer(client, question(3, "fu"), right=False)
    charged = Response.objects.get().charged
    assert charged
    page = client.get("/practice/").content.decode()
    links = re.findall(r'<a href="([^"]+)" class="weak-link"><strong>([^<]+)</strong></a>', page)
    assert links, page
    topics = {html.unescape(href).split("topic=", 1)[1].replace("%3A", ":") for href, _ in links}
    assert topics == set(charged)
    href = html.unescape(links[0][0])
    response = client.get(href)
    assert response.status_code == 302
    url = response["Location"]
    topic = href.split("topic=", 1)[1]
    assert f"topic={topic}" in url  # the question is built around that topic
    q = linked_question(url)
    assert client.get(url).status_code == 200 and q is not None
