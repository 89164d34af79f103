import html
import json
import re
from pathlib import Path

from tests.helpers import text_of


def test_it_documents_both_endpoints_with_curl(client):
    text = text_of(client.get("/api/"))
    assert "GET /api/v1/points" in text and "POST /api/v1/score" in text
    assert "curl 'http://testserver/api/v1/points?han=3&fu=25&dealer=1&tsumo=0'" in text
    assert "curl -X POST http://testserver/api/v1/score" in text
    assert "POST /api/v1/score?explain=0" in text


def test_its_curl_commands_use_the_address_the_page_is_served_at(client, settings):
    settings.ALLOWED_HOSTS = ["mahjong.example.org"]
    page = client.get("/api/", HTTP_HOST="mahjong.example.org", secure=True)
    text = text_of(page)
    assert "curl 'https://mahjong.example.org/api/v1/points?han=3" in text
    assert "curl -X POST https://mahjong.example.org/api/v1/score" in text
    assert "curl -i 'https://mahjong.example.org/api/v1/points?han=0&fu=30'" in text
    assert "127.0.0.1" not in text


def test_its_examples_are_what_the_api_answers(client):
    page = client.get("/api/").content.decode()
    blocks = [
        html.unescape(b)
        for b in re.findall(r"<pre class=\"code\"[^>]*><code>(.*?)</code>", page, re.S)
    ]
    points = json.loads(blocks[1])
    assert points == client.get("/api/v1/points?han=3&fu=25&dealer=1&tsumo=0").json()
    assert points["deltas"] == [4800, -4800, 0, 0]
    score = json.loads(blocks[3])
    body = blocks[2].split("-d '")[1].rstrip("'")
    answer = client.post("/api/v1/score", body, content_type="application/json").json()
    assert score == answer
    error = json.loads(blocks[-1].splitlines()[-1])
    assert error == client.get("/api/v1/points?han=0&fu=30").json()


def test_it_documents_every_parameter_the_form_reads(client):
    from scoring.forms import PointsForm

    page = client.get("/api/").content.decode()
    for name in PointsForm.base_fields:
        assert f"<code>{name}</code>" in page


API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_the_api_doc_documents_the_api_as_it_answers(client):
    doc = API_DOC.read_text()
    assert "curl 'http://127.0.0.1:8000/api/v1/points?han=3&fu=25&dealer=1&tsumo=0'" in doc
    assert "curl -X POST http://127.0.0.1:8000/api/v1/score" in doc
    answer = client.get("/api/v1/points?han=3&fu=25&dealer=1&tsumo=0").json()
    for key in answer:
        assert f'"{key}"' in doc, f"docs/api.md does not show {key!r}"
    assert '"deltas": [4800, -4800, 0, 0]' in doc
    bad = client.get("/api/v1/points?han=2&fu=21").json()
    assert json.dumps(bad) in doc


def test_the_api_doc_shows_the_405_as_the_api_answers_it(client):
    answer = client.post("/api/v1/points?han=2&fu=30")
    assert answer.status_code == 405
    assert f"405 (`{json.dumps(answer.json())}`)" in API_DOC.read_text()
