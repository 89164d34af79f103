"""Every table switch of the engine's registry (TABLE_SWITCHES) has a control on
/table-rules/, made from one list (TABLE_CONTROLS); the page's answer equals the engine's with
a switch either way, through the link; the page says the rule set in words ("Tenhou, with uma
10-30 …") and links to it; a bad value is said in place."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from scoring.engine import final_json, settle_json
from scoring.engine.rules import TABLE_SWITCHES
from scoring.switch_controls import TABLE_CONTROLS, field_name, table_key_of, table_value_of
from tests.helpers import text_of


def control_of(html: str, name: str) -> str | None:
    """The select or input called `name` (None when there is none)."""
    found = re.search(rf'<(select|input)[^>]*name="{name}"[^>]*>', html)
    return found.group(1) if found else None


def test_every_table_switch_has_a_control_in_the_list():
    for name in TABLE_SWITCHES:
        control = TABLE_CONTROLS.get(name)
        assert control is not None and control.label, name
        if control.kind == "choice":  # every value the engine reads has a word
            for key, _ in control.choices:
                assert TABLE_SWITCHES[name].read(table_value_of(name, key)) is not None


@pytest.mark.parametrize("name", list(TABLE_SWITCHES))
def test_every_table_switch_has_a_control_on_table_rules(client, name):
    html = client.get("/table-rules/").content.decode()
    assert control_of(html, field_name(name)) is not None


# A hand (the query's fields, and the engine's request) whose end the switch changes.
HANDS = {
    "chombo": ("end=chombo&offender=1", {"kind": "chombo", "seat": 1}, "mangan", "deduction"),
    "nagashi": ("end=draw&nagashi=1", {"kind": "draw", "nagashi": [1], "tenpai": []},
                "draw", "win"),
    "multiple_ron": ("end=ron&winner=1&discarder=2&han=3&fu=30&winner2=3&han2=2&fu2=30",
                     {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30},
                                                          {"seat": 3, "han": 2, "fu": 30}]},
                     "triple", "head_bump"),
    "multiple_ron_honba": ("end=ron&winner=1&discarder=2&han=3&fu=30&winner2=3&han2=2&fu2=30",
                           {"kind": "ron", "from": 2,
                            "wins": [{"seat": 1, "han": 3, "fu": 30},
                                     {"seat": 3, "han": 2, "fu": 30}]}, "head", "each"),
    "pao_honba": ("end=ron&winner=1&discarder=2&yakuman=1&pao=3",
                  {"kind": "ron", "from": 2, "wins": [{"seat": 1, "yakuman": 1}],
                   "pao": {"seat": 3, "for": 1}}, "liable", "discarder"),
    "abortive_honba": ("end=abortive&reason=four_winds",
                       {"kind": "abortive", "reason": "four_winds"}, True, False),
    "chombo_honba": ("end=chombo&offender=1", {"kind": "chombo", "seat": 1}, True, False),
}  # fmt: skip


@pytest.mark.parametrize("name", list(HANDS))
def test_a_hands_end_follows_the_switch_as_the_engine_does(client, name):
    query, end, *values = HANDS[name]
    answers = []
    for value in values:
        rules = {"preset": "mahjongsoul", name: value}
        want = settle_json({"rules": rules, "scores": [25000] * 4, "dealer": 0, "honba": 2,
                            "end": end})  # fmt: skip
        assert "error" not in want, want
        answers.append(want)
        link = f"/table-rules/?{query}&honba=2&{field_name(name)}={table_key_of(name, value)}"
        html = client.get(link).content.decode()
        changes = re.findall(r'<td class="change">([^<]*)</td>', html)
        assert changes == [f"{d:+d}" if d else "0" for d in want["deltas"]], (name, value)
        assert f"Next: {want['next']['name']}" in text_of(client.get(link))
    assert answers[0] != answers[1]  # the hand is one the switch changes


def test_busting_follows_the_switch(client):
    base = "end=ron&winner=1&discarder=2&han=3&fu=30&s0=49000&s2=1000"
    for key, over in (("1", True), ("0", False)):
        text = text_of(client.get(f"/table-rules/?{base}&busting={key}"))
        want = settle_json({"rules": {"preset": "mahjongsoul", "busting": key == "1"},
                            "scores": [49000, 25000, 1000, 25000], "dealer": 0,
                            "end": {"kind": "ron", "from": 2,
                                    "wins": [{"seat": 1, "han": 3, "fu": 30}]}})  # fmt: skip
        assert want["next"]["game_over"] is over
        assert ("The game is over" in text) is over


FINAL = [43200, -200, 31500, 24500]
FINALS = {
    "uma": ("10-30", [30, 10, -10, -30]),
    "rounding": ("floor", "floor"),
    "leftover": ("lost", "lost"),
    "target": ("40000", 40000),
}


@pytest.mark.parametrize("name", list(FINALS))
def test_final_scores_follow_the_switch_as_the_engine_does(client, name):
    key, value = FINALS[name]
    query = urlencode(
        {f"p{s}": p for s, p in enumerate(FINAL)} | {"final_rules": "tenhou", "left": 1}
    )
    results = []
    for extra, rules in (("", "tenhou"), (f"&{name}={key}", {"preset": "tenhou", name: value})):
        want = final_json({"rules": rules, "scores": FINAL, "sticks": 1})
        html = client.get(f"/table-rules/?{query}{extra}").content.decode()
        shown = re.findall(r'<strong class="points">([^<]*)</strong>', html)
        assert shown == [f"{want['points'][s]:+.1f}" for s in want["order"]], (name, key)
        results.append(want["points"])
    assert results[0] != results[1]


def test_the_page_says_the_rule_set_and_its_link_restores_it(client):
    text = text_of(client.get("/table-rules/?rules=tenhou&uma=10-30&kiriage=1&han=4&fu=30"))
    said = re.search(r"Rules: (.*?) \( ?link to these rules ?\)", text)
    assert said and "uma 10-30" in said.group(1) and "kiriage mangan on" in said.group(1)
    html = client.get("/table-rules/?rules=tenhou&uma=10-30&kiriage=1").content.decode()
    link = re.search(r'href="/table-rules/\?([^"]*)">link to these rules', html).group(1)
    again = client.get("/table-rules/?" + link.replace("&amp;", "&")).content.decode()
    assert re.search(r'name="uma" value="10-30"', again)
    assert re.search(r'<option value="1" selected>on</option>', again)


def test_a_bad_table_switch_is_said_in_place(client):
    text = text_of(client.get("/table-rules/?uma=10-20-30"))
    assert "Uma takes four whole numbers, largest first, adding up to 0, not '10-20-30'" in text
    text = text_of(client.get("/table-rules/?start=30000&target=25000"))
    assert "below the start" in text
