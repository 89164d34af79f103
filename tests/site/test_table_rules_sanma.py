"""/table-rules/ between three: a three-player preset settles a hand between seats 0 to 2 as
the engine does (tsumo loss or the North's share split, honba 200 a ron, the three-player
noten payments, a North set aside with the hand typed in), the final scores get three places;
seat 3 and a wrong count of Norths are refused in place, never a 500; four-player pages keep
seat 3."""

from __future__ import annotations

import re

import pytest

from scoring.engine import final_json, settle_json
from tests.helpers import HX, text_of
from tests.i18n.english import assert_japanese


def settled_rows(response) -> list[str]:
    """The seat rows of the settled hand: 'Seat 1 South 34000 +4200 38200'."""
    text = text_of(response)
    return re.findall(r"Seat \d (?:East|South|West|North) -?\d+ (?:[+-]\d+|0) -?\d+", text)


def expected_rows(answer: dict, before: list[int], dealer: int) -> list[str]:
    winds = ("East", "South", "West")
    return [
        f"Seat {s} {winds[(s - dealer) % 3]} {before[s]} "
        f"{f'{d:+d}' if d else '0'} {answer['scores'][s]}"
        for s, d in enumerate(answer["deltas"])
    ]


def test_it_settles_a_three_player_tsumo_with_tsumo_loss_as_the_engine_does(client):
    query = "rules=tenhou_sanma&end=tsumo&winner=1&han=3&fu=30&honba=1&sticks=1&s1=34000"
    response = client.get(f"/table-rules/?{query}")
    assert response.status_code == 200
    before = [35000, 34000, 35000]
    answer = settle_json(
        {"rules": "tenhou_sanma", "scores": before, "dealer": 0, "round": "E", "honba": 1,
         "sticks": 1, "end": {"kind": "tsumo", "win": {"seat": 1, "han": 3, "fu": 30}}}
    )  # fmt: skip
    # 3 han 30 fu: 1000/2000 at four, the North's 1000 lost: 2000 + 1000, +100 each honba
    assert answer["deltas"] == [-2100, 4200, -1100]
    assert settled_rows(response) == expected_rows(answer, before, 0)
    text = text_of(response)
    assert "no North seat pays" in text and "tsumo loss" in text
    assert "Seat 3" not in text.split("The hand settled")[1].split("Final scores")[0]


def test_the_norths_share_split_is_settled_as_the_engine_does(client):
    query = "rules=mahjongsoul_sanma&tsumo_loss=0&end=tsumo&winner=2&han=4&fu=30&dealer=1"
    response = client.get(f"/table-rules/?{query}")
    answer = settle_json(
        {"rules": {"preset": "mahjongsoul_sanma", "tsumo_loss": False}, "scores": [35000] * 3,
         "dealer": 1, "end": {"kind": "tsumo", "win": {"seat": 2, "han": 4, "fu": 30}}}
    )  # fmt: skip
    # 4 han 30 fu: 2000/3900 at four; the North's 2000 split, 1000 more from each payer
    assert answer["deltas"] == [-3000, -4900, 7900]
    assert settled_rows(response) == expected_rows(answer, [35000] * 3, 1)
    assert "split between the two payers" in text_of(response)


@pytest.mark.parametrize(
    "end, request_end",
    [
        ("end=ron&winner=1&discarder=2&han=2&fu=40&honba=2",
         {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 2, "fu": 40}]}),
        ("end=draw&tenpai=0", {"kind": "draw", "tenpai": [0]}),
        ("end=draw&tenpai=0&tenpai=2", {"kind": "draw", "tenpai": [0, 2]}),
        ("end=ron&winner=0&discarder=1&han=3&fu=30&winner2=2&han2=1&fu2=30",
         {"kind": "ron", "from": 1, "wins": [{"seat": 0, "han": 3, "fu": 30},
                                              {"seat": 2, "han": 1, "fu": 30}]}),
        ("end=tsumo&winner=1&yakuman=1&pao=2",
         {"kind": "tsumo", "win": {"seat": 1, "yakuman": 1}, "pao": {"seat": 2}}),
        ("end=chombo&offender=2", {"kind": "chombo", "seat": 2}),
        ("end=abortive&reason=nine_terminals", {"kind": "abortive", "reason": "nine_terminals"}),
    ],
)  # fmt: skip
def test_every_end_between_three_is_the_engines(client, end, request_end):
    honba = int(re.search(r"honba=(\d)", end).group(1)) if "honba=" in end else 0
    response = client.get(f"/table-rules/?rules=tenhou_sanma&{end}")
    answer = settle_json(
        {"rules": "tenhou_sanma", "scores": [35000] * 3, "dealer": 0, "honba": honba,
         "end": request_end}
    )  # fmt: skip
    assert "error" not in answer
    assert settled_rows(response) == expected_rows(answer, [35000] * 3, 0)


def test_the_noten_payments_between_three_are_2000(client):
    one = settle_json({"rules": "tenhou_sanma", "scores": [35000] * 3, "dealer": 0,
                       "end": {"kind": "draw", "tenpai": [0]}})  # fmt: skip
    assert one["deltas"] == [2000, -1000, -1000]
    text = text_of(client.get("/table-rules/?rules=tenhou_sanma&end=draw&tenpai=0"))
    assert "Seat 0 East 35000 +2000 37000" in text


def test_a_north_set_aside_is_counted_with_the_hand_typed_in(client):
    hand = "whand=111m999p123456s77z&wtile=7z&end=tsumo&winner=1"
    without = text_of(client.get(f"/table-rules/?rules=tenhou_sanma&{hand}"))
    with_two = text_of(client.get(f"/table-rules/?rules=tenhou_sanma&{hand}&kita=2"))
    assert "nukidora" not in without
    assert "North set aside (nukidora)" in with_two
    won = [re.search(r"Seat 1 South 35000 \+(\d+)", t).group(1) for t in (without, with_two)]
    assert int(won[1]) > int(won[0])


def test_three_player_final_scores_have_three_places(client):
    query = "final_rules=tenhou_sanma&p0=50000&p1=30000&p2=25000"
    text = text_of(client.get(f"/table-rules/?{query}"))
    points = final_json({"rules": "tenhou_sanma", "scores": [50000, 30000, 25000]})["points"]
    assert points == [45.0, -10.0, -35.0]  # 50 − 40 + 15 oka + 20 uma; uma +20/0/−20
    assert "1st Seat 0 50000 +45.0 2nd Seat 1 30000 -10.0 3rd Seat 2 25000 -35.0" in text
    assert "4th" not in text


@pytest.mark.parametrize(
    "query, message",
    [
        ("discarder=3", "Discarder: a three-player table has seats 0, 1 and 2 only, not seat 3"),
        ("dealer=3", "Dealer: a three-player table has seats 0, 1 and 2 only"),
        ("s3=25000", "Seat 3: a three-player table has seats 0, 1 and 2 only"),
        ("end=draw&tenpai=3", "Tenpai: a three-player table has seats 0, 1 and 2 only"),
        ("riichi=3", "Riichi this hand: a three-player table has seats 0, 1 and 2 only"),
        ("whand=111m999p123456s77z&wtile=7z&kita=5",
         "Norths set aside (kita) must be a whole number from 0 to 4"),
        ("kita=-1", "Norths set aside (kita) must be a whole number from 0 to 4"),
        ("kita=two", "Norths set aside (kita) must be a whole number from 0 to 4"),
        ("kita=1", "type the winner's hand to count them"),
        ("round=N", "a three-player game has no North round"),
        ("s0=20000", "three players starting with 35000 hold 105000"),
        ("whand=123m999p123456s7z&wtile=7z", "not in a three-player set"),
    ],
)  # fmt: skip
def test_bad_three_player_input_is_said_in_place(client, query, message):
    response = client.get(f"/table-rules/?rules=tenhou_sanma&{query}")
    assert response.status_code == 200
    text = text_of(response)
    assert message in text, text[text.find("Settle the hand") :][:600]
    assert "The hand settled" not in text


def test_seat_3_of_the_final_scores_is_refused_at_three(client):
    response = client.get("/table-rules/?final_rules=tenhou_sanma&p3=1000&no_win=3")
    text = text_of(response)
    assert "Seat 3: a three-player table has seats 0, 1 and 2 only" in text
    assert "Won no hand (yakitori): a three-player table" in text


def test_a_three_player_switch_under_four_player_rules_is_refused_in_place(client):
    text = text_of(client.get("/table-rules/?rules=tenhou&tsumo_loss=0"))
    assert "is for three players: choose a three-player preset" in text


def test_seat_3_is_drawn_hidden_only_at_three(client):
    three = client.get("/table-rules/?rules=tenhou_sanma").content.decode()
    four = client.get("/table-rules/").content.decode()
    score_3 = re.compile(r'<div class="field" data-four( hidden)?><label for="id_s3"')
    assert score_3.search(three).group(1) == " hidden" and score_3.search(four).group(1) is None
    option_3 = re.compile(r'<select name="discarder"[^>]*>.*?<option value="3"( hidden)?', re.S)
    assert option_3.search(three).group(1) == " hidden" and option_3.search(four).group(1) is None
    kita = re.compile(r'<div class="field field-narrow" data-sanma( hidden)?><label for="id_kita"')
    assert kita.search(three).group(1) is None and kita.search(four).group(1) == " hidden"
    # the final scores' seat 3 follows their own rules
    mixed = client.get("/table-rules/?final_rules=tenhou_sanma").content.decode()
    final_3 = re.compile(r'<div class="field" data-four( hidden)?><label for="id_p3"')
    assert final_3.search(mixed).group(1) == " hidden"
    assert score_3.search(mixed).group(1) is None


def test_four_player_rules_keep_seat_3(client):
    text = text_of(client.get("/table-rules/?end=tsumo&winner=3&han=3&fu=30"))
    assert re.search(r"Seat 3 North 25000 \+\d+", text)


def test_htmx_gets_the_three_player_result(client):
    response = client.get("/table-rules/?rules=tenhou_sanma&end=draw&tenpai=1", **HX)
    assert b"<html" not in response.content
    assert "Seat 1 South 35000 +2000 37000" in text_of(response)


def test_the_three_player_calculator_in_japanese(client):
    query = "rules=tenhou_sanma&end=tsumo&winner=1&han=3&fu=30&final_rules=tenhou_sanma"
    response = client.get(f"/ja/table-rules/?{query}")
    assert response.status_code == 200
    assert_japanese(response.content, "/ja/table-rules/ three-player")
    assert "ツモ損" in text_of(response)
