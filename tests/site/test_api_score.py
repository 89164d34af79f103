"""POST /api/v1/score: the engine's answer, 400s, and no CSRF token needed (a page's form does)."""

import json
import re

import pytest
from django.http import JsonResponse
from django.test import Client

from scoring.api import JSON_OPTIONS
from scoring.engine import score_json

# Riichi, won by ron on the South pair (tanki), East triplet in an East round, South seat.
# Han: riichi 1 + round wind (East triplet) 1 = 2.
# Fu: 20 + closed ron 10 + concealed honour triplet 8 + pair wait 2 + seat-wind pair 2 = 42 → 50.
# A non-dealer ron of 2 han 50 fu: 50 × 2^4 = 800; × 4 = 3200.
REQUEST = {
    "hand": "123m456p789s11122z",
    "win": "2z",
    "tsumo": False,
    "seat": "S",
    "round": "E",
    "flags": ["riichi"],
}


def post(client, body, **extra):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post("/api/v1/score", data, content_type="application/json", **extra)


def test_it_scores_a_hand(client):
    response = post(client, REQUEST)
    assert response.status_code == 200
    answer = response.json()
    assert answer["han"] == 2 and answer["fu"] == 50
    assert {y["id"] for y in answer["yaku"]} >= {"riichi"}
    assert sum(y["han"] for y in answer["yaku"]) == 2
    assert answer["limit"] is None
    assert answer["payments"] == {"ron": 3200}
    assert answer["total"] == 3200
    assert answer["steps"]


def test_it_needs_no_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert post(client, REQUEST).status_code == 200


QUESTION = "/quiz/q/123457/?mode=fu&level=beginner&rules=mahjongsoul"


@pytest.mark.django_db
def test_a_page_form_is_refused_without_its_token_and_taken_with_it():
    # The exemption is the API's alone: a form on a page (the quiz's answer) needs the token.
    client = Client(enforce_csrf_checks=True)
    page = client.get(QUESTION).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, "the answer form carries no CSRF token"
    refused = client.post(QUESTION, {"fu": "30"})
    assert refused.status_code == 403
    taken = client.post(QUESTION, {"fu": "30", "csrfmiddlewaretoken": token.group(1)})
    assert taken.status_code == 200
    assert 'id="verdict-title"' in taken.content.decode()
    by_header = client.post(QUESTION, {"fu": "40"}, headers={"X-CSRFToken": token.group(1)})
    assert by_header.status_code == 200  # htmx sends it as a header (hx-headers on <body>)


def test_it_answers_400_for_malformed_json(client):
    response = post(client, '{"hand": "123m"')
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("[" * 100_000, "nested too deeply"),
        (b"\xff\xfe", "not valid JSON"),
        ('{"hand": "123m", "honba": ' + "9" * 5000 + "}", "not valid JSON"),
        ({**REQUEST, "honba": int("9" * 4299)}, '"honba" must be a whole number from 0 to 99'),
    ],
    ids=["nested", "not utf-8", "5,000-digit number", "4,299-digit honba"],
)
@pytest.mark.parametrize("explain", ["", "?explain=0"])
def test_it_answers_400_for_bodies_that_break_parsers(client, body, says, explain):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    response = client.post("/api/v1/score" + explain, data, content_type="application/json")
    assert response.status_code == 400
    assert says in response.json()["error"]


def test_it_answers_400_for_a_body_that_is_not_an_object(client):
    response = post(client, "[1, 2, 3]")
    assert response.status_code == 400
    assert "JSON object" in response.json()["error"]


def test_it_answers_400_for_a_hand_it_cannot_score(client):
    response = post(client, {**REQUEST, "win": "5s"})
    assert response.status_code == 400
    assert response.json()["error"]


def test_it_only_answers_post(client):
    response = client.get("/api/v1/score")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert response.json() == {"error": "use POST here, not GET"}


def test_it_answers_briefly_with_explain_0(client):
    response = client.post(
        "/api/v1/score?explain=0", json.dumps(REQUEST), content_type="application/json"
    )
    assert response.status_code == 200
    brief = response.json()
    full = post(client, REQUEST).json()
    # The facts, exactly as in the full answer; none of the explanation.
    assert brief == {key: full[key] for key in brief}
    assert brief["total"] == 3200 and brief["rules"]["preset"] == "mahjongsoul"
    assert not {"steps", "reading", "readings", "fu_items", "dora"} & brief.keys()


def test_the_brief_answer_is_what_json_response_would_send(client):
    response = client.post(
        "/api/v1/score?explain=0", json.dumps(REQUEST), content_type="application/json"
    )
    assert response["Content-Type"] == "application/json"
    expected = JsonResponse(score_json(REQUEST, explain=False), json_dumps_params=JSON_OPTIONS)
    assert response.content == expected.content


def test_a_brief_error_answers_400_with_the_engines_message(client):
    bad = {**REQUEST, "seat": "東"}
    response = client.post(
        "/api/v1/score?explain=0", json.dumps(bad), content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json() == score_json(bad, explain=False)
    assert "東" in response.content.decode()  # written as the other errors are: not escaped


def test_the_explained_answer_is_what_json_response_would_send(client):
    # Written by the engine straight to JSON text: the bytes JsonResponse would send, the
    # explanation's signs (×) unescaped as before.
    response = post(client, REQUEST)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    expected = JsonResponse(score_json(REQUEST), json_dumps_params=JSON_OPTIONS)
    assert response.content == expected.content
    assert "×" in response.content.decode()


def test_an_explained_error_answers_400_with_the_engines_message(client):
    bad = {**REQUEST, "seat": "東"}
    response = post(client, bad)
    assert response.status_code == 400
    assert response.json() == score_json(bad)
    assert "東" in response.content.decode()
