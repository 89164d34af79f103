"""POST /api/v1/settle and POST /api/v1/final: the engine's answers, 400s and 405s."""

import json

import pytest

from scoring.engine import final_json, settle_json

SETTLE = {
    "rules": "tenhou",
    "scores": [25000, 25000, 25000, 25000],
    "dealer": 3,
    "round": "E",
    "honba": 1,
    "sticks": 0,
    "riichi": [1],
    "end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30}]},
}
FINAL = {"rules": "mleague", "scores": [41200, 30500, 17100, 11200], "sticks": 0}


def post(client, url, body):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


def test_it_settles_a_hand(client):
    response = post(client, "/api/v1/settle", SETTLE)
    assert response.status_code == 200
    answer = response.json()
    # 3 han 30 fu non-dealer ron 3900, 1 honba +300, seat 1's own riichi deposit back.
    assert answer["deltas"] == [0, 3900 + 300 - 1000 + 1000, -4200, 0]
    assert answer["next"] == answer["next"] | {"dealer": 0, "round": "S", "honba": 0}
    assert answer == settle_json(SETTLE)


def test_it_scores_a_final(client):
    answer = post(client, "/api/v1/final", FINAL).json()
    assert answer["points"] == [61.2, 10.5, -22.9, -48.8]
    assert answer["ranks"] == [1, 2, 3, 4]
    assert answer == final_json(FINAL)


@pytest.mark.parametrize(
    "url, body, says",
    [
        ("/api/v1/settle", SETTLE | {"dealer": 7}, '"dealer" must be a seat from 0 to 3'),
        ("/api/v1/settle", SETTLE | {"scores": [25000] * 3 + [24000]}, "add up to 99000"),
        ("/api/v1/settle", '{"scores": [', "not valid JSON"),
        ("/api/v1/settle", "[1, 2]", "must be a JSON object"),
        ("/api/v1/settle", "[" * 100_000, "nested too deeply"),
        ("/api/v1/final", FINAL | {"seat_order": [0, 0, 1, 2]}, "names a seat twice"),
        ("/api/v1/final", "{}", 'needs "scores"'),
    ],
)
def test_it_answers_400_with_a_message(client, url, body, says):
    response = post(client, url, body)
    assert response.status_code == 400
    assert says in response.json()["error"]


@pytest.mark.parametrize("url", ["/api/v1/settle", "/api/v1/final"])
def test_it_answers_405_as_json_for_get(client, url):
    response = client.get(url)
    assert response.status_code == 405
    assert response.json() == {"error": "use POST here, not GET"}
    assert response["Allow"] == "POST"


def test_the_api_doc_and_api_page_show_every_field_of_the_answers(client):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    page = client.get("/api/").content.decode()
    settled = settle_json(SETTLE)
    for key in [*settled, *settled["next"], *final_json(FINAL)]:
        assert f'"{key}"' in doc, f"docs/api.md does not show {key!r}"
    assert "POST /api/v1/settle" in page and "POST /api/v1/final" in page
    assert "curl -X POST http://testserver/api/v1/settle" in page
