"""GET /api/v1/points: the answer's fields, worked out by hand, and the 400s."""

import pytest


def test_it_answers_a_dealer_ron(client):
    answer = client.get("/api/v1/points?han=3&fu=25&dealer=1&tsumo=0").json()
    assert answer["deltas"] == [4800, -4800, 0, 0]  # 25 × 2^5 = 800; × 6
    assert answer["payments"] == {"ron": 4800}
    assert answer["basic_points"] == 800
    assert answer["limit"] is None
    assert [s["kind"] for s in answer["steps"]] == [
        "fu_rounding",
        "basic_points",
        "payment",
        "total",
    ]


def test_it_answers_a_non_dealer_tsumo_mangan(client):
    answer = client.get("/api/v1/points?han=4&fu=40&dealer=false&tsumo=true").json()
    assert answer["payments"] == {"dealer": 4000, "non_dealer": 2000}
    assert answer["deltas"] == [8000, -4000, -2000, -2000]
    assert answer["limit"] == "mangan" and answer["basic_points"] == 2000


def test_it_takes_honba_sticks_and_rules(client):
    answer = client.get("/api/v1/points?han=4&fu=30&honba=1&sticks=2&rules=mleague").json()
    # kiriage (M-League): a mangan, 8000 + 300 honba from the discarder, + 2000 in deposits
    assert answer["payments"] == {"ron": 8300}
    assert answer["total"] == 10300
    assert answer["rules"]["preset"] == "mleague" and answer["rules"]["kiriage"] is True


def test_it_needs_no_fu_from_5_han(client):
    answer = client.get("/api/v1/points?han=6&dealer=1&tsumo=1").json()
    assert answer["deltas"] == [18000, -6000, -6000, -6000]  # haneman: 3000 × 2 each
    assert answer["limit"] == "haneman"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("fu=30", "han must be a whole number"),
        ("han=0&fu=30", "han must be at least 1"),
        ("han=2", "fu is needed below 5 han"),
        ("han=2&fu=21", "fu must be 25 or an even number"),
        ("han=2&fu=30&rules=house", "unknown rules preset 'house'"),
        ("han=2&fu=30&sticks=-1", "Riichi deposits cannot be negative"),
        ("han=2&fu=30&tsumo=sometimes", "Tsumo must be 1 or 0"),
        ("han=2&fu=30&rules=", "rules needs a preset: choose one of mahjongsoul"),
    ],
)
def test_it_answers_400_with_an_error(client, query, message):
    response = client.get(f"/api/v1/points?{query}")
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_it_only_answers_get(client):
    response = client.post("/api/v1/points?han=2&fu=30")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert response.json() == {"error": "use GET here, not POST"}


def test_a_post_without_a_csrf_token_gets_the_json_405_not_a_403_page():
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post("/api/v1/points?han=2&fu=30")
    assert response.status_code == 405
    assert response.json()["error"] == "use GET here, not POST"


@pytest.mark.parametrize("path", ["/api/v1/", "/api/v1/point", "/api/v1/points/"])
def test_an_unknown_endpoint_answers_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    message = response.json()["error"]
    assert (
        "use GET /api/v1/points, or POST /api/v1/score, /api/v1/settle or /api/v1/final" in message
    )


@pytest.mark.parametrize(
    "seat, dealer", [("E", "1"), ("S", "0"), ("W", "0"), ("N", "0"), ("e", "1")]
)
def test_the_seat_wind_in_place_of_the_dealer_flag(client, seat, dealer):
    by_seat = client.get(f"/api/v1/points?han=4&fu=24&tsumo=1&seat={seat}").json()
    by_flag = client.get(f"/api/v1/points?han=4&fu=24&tsumo=1&dealer={dealer}").json()
    assert by_seat["deltas"] == by_flag["deltas"] and by_seat["dealer"] is (dealer == "1")
    # a dealer flag beside it that agrees is fine
    assert client.get(f"/api/v1/points?han=4&fu=24&seat={seat}&dealer={dealer}").status_code == 200


@pytest.mark.parametrize(
    "query, message",
    [
        ("seat=S&dealer=1", "the seat wind S is not the dealer's (East)"),
        ("seat=E&dealer=0", "the seat wind E is the dealer's (East)"),
        ("seat=Q", "the seat wind is E, S, W or N, not 'Q'"),
    ],
)
def test_a_bad_or_contradicting_seat_is_a_400(client, query, message):
    response = client.get(f"/api/v1/points?han=4&fu=30&{query}")
    assert response.status_code == 400 and message in response.json()["error"]


def test_the_calculator_page_reads_the_seat_wind_from_a_link(client):
    page = client.get("/points/?han=4&fu=30&seat=E&tsumo=1").content.decode()
    # the dealer's 4 han 30 fu tsumo: 3900 from each (a non-dealer's would be 7900)
    assert "11700" in page and "7900" not in page
