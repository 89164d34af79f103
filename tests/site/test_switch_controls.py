"""Every hand switch of the engine's registry has a control, made from the registry, on each
page whose answers it changes — every switch on the hand calculator; the ones that change a
payment (kiriage, kazoe) also on the payment calculator, the han/fu table and /table-rules/ —
and each page's answer equals the engine's with the switch either way. A switch added to the
registry without what a control needs (a label, a word for each value) fails here."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from scoring.engine import score_json
from scoring.engine.hand_end import settle_json as settle
from scoring.engine.rules import SWITCHES
from scoring.switch_controls import key_of
from tests.helpers import text_of

PAYMENT_PAGES = ("/points/?han=4&fu=30", "/table/", "/table-rules/")

# A hand whose score each switch changes (seat South, round East, ron unless said).
SENSITIVE = {
    "red_fives": {"hand": "234m406p234s567s55m", "win": "7s", "flags": "riichi"},
    "open_tanyao": {"hand": "567p234s66s678s", "win": "8s", "melds": "chi 234m"},
    "kiriage": {"hand": "234m456p23455s678s", "win": "2s", "flags": "riichi", "dora": "1m"},
    "kazoe": {"hand": "112233456789m99m", "win": "9m", "flags": "riichi", "dora": "1m",
              "ura": "8m"},
    "double_yakuman": {"hand": "119m19p19s1234567z", "win": "1m"},
    "yakuman_stacking": {"hand": "55566677711122z", "win": "2z"},
    "double_wind_fu": {"hand": "111m567p234s789s11z", "win": "9s", "flags": "riichi",
                       "seat": "E"},
    "seven_pairs": {"hand": "1133557799m2244p", "win": "4p", "flags": "riichi"},
    "pinfu_tsumo_fu": {"hand": "123456m234p67899s", "win": "6s", "tsumo": "1"},
    # the three-player switches, under a three-player preset
    "tsumo_loss": {"hand": "111m999p123456s77z", "win": "7z", "flags": "riichi", "tsumo": "1",
                   "rules": "tenhou_sanma"},
    "nukidora": {"hand": "111m999p123456s77z", "win": "7z", "flags": "riichi", "kita": "1",
                 "rules": "tenhou_sanma"},
    "north_value": {"hand": "111m999p123s444z77z", "win": "7z", "flags": "riichi",
                    "rules": "tenhou_sanma"},
}  # fmt: skip


def select_of(html: str, name: str) -> list[str]:
    """The option values of the select called `name` ([] when there is none)."""
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    return re.findall(r'<option value="([^"]*)"', found.group(1)) if found else []


def test_every_switch_has_what_a_control_needs():
    for switch in SWITCHES.values():
        assert switch.label and len(switch.short) == len(switch.values), switch.name
        assert len(set(switch.short)) == len(switch.short), switch.name


@pytest.mark.parametrize("name", list(SWITCHES))
def test_every_switch_has_a_control_on_the_hand_calculator(client, name):
    html = client.get("/hand/?hand=123456m234p67899s&win=6s").content.decode()
    assert select_of(html, name) == ["", *map(key_of, SWITCHES[name].values)]


@pytest.mark.parametrize("page", PAYMENT_PAGES)
def test_every_payment_switch_has_a_control_on_the_payment_pages(client, page):
    html = client.get(page).content.decode()
    for switch in SWITCHES.values():
        options = select_of(html, switch.name)
        if switch.scope == "payment":  # a three-player one too: drawn hidden at four
            assert options == ["", *map(key_of, switch.values)], (page, switch.name)
        else:
            assert options == [], (page, switch.name)  # it would change nothing here


def engine(name: str, value, **hand) -> dict:
    request = {"seat": "S", "round": "E", **hand}
    request["flags"] = [f for f in request.get("flags", "").split(",") if f]
    request["melds"] = [m for m in request.get("melds", "").split(",") if m]
    request["tsumo"] = request.get("tsumo") == "1"
    if "kita" in request:
        request["kita"] = int(request["kita"])
    preset = request.pop("rules", "mahjongsoul")
    return score_json({**request, "rules": {"preset": preset, name: value}})


@pytest.mark.parametrize("name", list(SWITCHES))
def test_the_hand_calculator_answers_as_the_engine_with_the_switch_either_way(client, name):
    switch = SWITCHES[name]
    answers = [engine(name, v, **SENSITIVE[name]) for v in switch.values]
    assert answers[0] != answers[1]  # the hand is one the switch changes
    for value, answer in zip(switch.values, answers, strict=True):
        query = urlencode({**SENSITIVE[name], name: key_of(value)})
        text = text_of(client.get(f"/hand/?{query}", follow=True))
        if "error" in answer:
            assert answer["error"] in text
            continue
        assert f"{answer['total']} points" in text, (name, value)
        if not answer["yakuman"] and answer["han"] < 5:
            assert f"{answer['han']} han {answer['fu']} fu" in text, (name, value)


@pytest.mark.parametrize(
    "han, name, value, total",
    [
        (4, "kiriage", True, 8000),
        (4, "kiriage", False, 7700),
        (13, "kazoe", "yakuman", 32000),
        (13, "kazoe", "sanbaiman", 24000),
    ],
)
def test_the_payment_pages_answer_as_the_engine(client, han, name, value, total):
    query = f"han={han}&fu=30&{name}={key_of(value)}"
    answer = client.get(f"/api/v1/points?{query}").json()
    assert answer["total"] == total and answer["rules"][name] == value
    assert f"+{total}" in text_of(client.get(f"/points/?{query}"))
    # /table-rules/: seat 1 wins it off seat 2, as the engine settles it
    end = {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": han, "fu": 30}]}
    rules = {"preset": "mahjongsoul", name: value}
    settled = settle({"rules": rules, "scores": [25000] * 4, "dealer": 0, "end": end})
    assert settled["deltas"][1] == total
    page = text_of(client.get(f"/table-rules/?end=ron&winner=1&discarder=2&{query}"))
    assert f"+{total}" in page


def test_a_bad_switch_value_is_said_in_place(client):
    assert "Kiriage mangan must be 1 or 0, not 'maybe'" in text_of(
        client.get("/points/?han=4&fu=30&kiriage=maybe")
    )
    text = text_of(client.get("/hand/?hand=123456m234p67899s&win=6s&kazoe=lots", follow=True))
    assert "13+ han must be yakuman or sanbaiman, not 'lots'" in text
