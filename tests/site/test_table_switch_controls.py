"""Every table switch of the engine's registry (TABLE_SWITCHES) has a control on
/table-rules/, made from one list (TABLE_CONTROLS); the page's answer equals the engine's with
a switch either way, through the link; the page says the rule set in words ("Tenhou, with uma
10-30 …") and links to it; a bad value is said in place."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from scoring.engine import final_json, settle_json
from scoring.engine.rules import PRESETS, TABLE_SWITCHES, json_value
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


# Every table switch, with a calculation of /table-rules/ whose answer it changes: the query's
# fields, the engine's request (rules aside) and two values of the switch. One hand's end
# (HANDS: the score changes and who deals next, or the engine's refusal) or final scores
# (FINALS: the final points); a switch whose effect shows only in a game (ELSEWHERE) is tested
# on the game keeper below.
DOUBLE_YAKUMAN = {"hand": "11122z", "win": "2z", "melds": ["pon 555z", "pon 666z", "pon 777z"]}
WHOLE_HAND = urlencode({"whand": "11122z, pon 555z, pon 666z, pon 777z", "wtile": "2z"})
HANDS = {
    "chombo": ("end=chombo&offender=1", {"end": {"kind": "chombo", "seat": 1}},
               "mangan", "deduction"),
    "nagashi": ("end=draw&nagashi=1", {"end": {"kind": "draw", "nagashi": [1], "tenpai": []}},
                "draw", "win"),
    "multiple_ron": ("end=ron&winner=1&discarder=2&han=3&fu=30&winner2=3&han2=2&fu2=30",
                     {"end": {"kind": "ron", "from": 2,
                              "wins": [{"seat": 1, "han": 3, "fu": 30},
                                       {"seat": 3, "han": 2, "fu": 30}]}},
                     "triple", "head_bump"),
    "multiple_ron_honba": ("end=ron&winner=1&discarder=2&han=3&fu=30&winner2=3&han2=2&fu2=30",
                           {"end": {"kind": "ron", "from": 2,
                                    "wins": [{"seat": 1, "han": 3, "fu": 30},
                                             {"seat": 3, "han": 2, "fu": 30}]}}, "head", "each"),
    "pao_honba": ("end=ron&winner=1&discarder=2&yakuman=1&pao=3",
                  {"end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "yakuman": 1}],
                           "pao": {"seat": 3, "for": 1}}}, "liable", "discarder"),
    "abortive_honba": ("end=abortive&reason=four_winds",
                       {"end": {"kind": "abortive", "reason": "four_winds"}}, True, False),
    "chombo_honba": ("end=chombo&offender=1", {"end": {"kind": "chombo", "seat": 1}},
                     True, False),
    "abortive": ("end=abortive&reason=four_winds",
                 {"end": {"kind": "abortive", "reason": "four_winds"}}, ["four_winds"], []),
    "busting": ("end=ron&winner=1&discarder=2&han=3&fu=30&s0=49000&s2=1000",
                {"scores": [49000, 25000, 1000, 25000],
                 "end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30}]}},
                True, False),
    # the wareme seat (2) deals in: the ron is paid double
    "wareme": ("end=ron&winner=1&discarder=2&han=3&fu=30&wareme_seat=2",
               {"wareme": 2,
                "end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30}]}},
               True, False),
    # a tsumo on the replacement tile of an open kan seat 2 fed
    "kan_feeder_pays": ("end=tsumo&winner=1&han=3&fu=30&kan_from=2",
                        {"end": {"kind": "tsumo", "win": {"seat": 1, "han": 3, "fu": 30},
                                 "kan_from": 2}}, True, False),
    # a 1-han win at 5 honba: refused under ryanhan shibari
    "ryanhan_shibari": ("end=ron&winner=1&discarder=2&han=1&fu=30&honba=5",
                        {"honba": 5, "end": {"kind": "ron", "from": 2,
                                             "wins": [{"seat": 1, "han": 1, "fu": 30}]}},
                        True, False),
    # daisangen and tsuuiisou, the daisangen with pao (the whole hand typed in)
    "pao": (f"end=ron&winner=1&discarder=2&pao=3&{WHOLE_HAND}",
            {"end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "hand": DOUBLE_YAKUMAN}],
                     "pao": {"seat": 3}}}, ["daisangen"], ["suukantsu"]),
    "pao_scope": (f"end=ron&winner=1&discarder=2&pao=3&{WHOLE_HAND}",
                  {"end": {"kind": "ron", "from": 2,
                           "wins": [{"seat": 1, "hand": DOUBLE_YAKUMAN}], "pao": {"seat": 3}}},
                  "yakuman", "whole"),
}  # fmt: skip

FINAL = [43200, -200, 31500, 24500]
FINAL_QUERY = urlencode({f"p{s}": p for s, p in enumerate(FINAL)} | {"left": 1})
FINALS = {
    "uma": (FINAL_QUERY, {}, [20, 10, -10, -20], [30, 10, -10, -30]),
    "rounding": (FINAL_QUERY, {}, "exact", "floor"),
    "leftover": (FINAL_QUERY, {}, "first", "lost"),
    "target": (FINAL_QUERY, {}, 30000, 40000),
    # blank scores are the start: a higher one leaves less oka
    "start": ("left=0", lambda start: {"scores": [start] * 4, "sticks": 0}, 25000, 30000),
    "ties": ("p0=30000&p1=30000&p2=20000&p3=20000&left=0",
             {"scores": [30000, 30000, 20000, 20000], "sticks": 0}, "seat_order", "split"),
    "yakitori": (f"{FINAL_QUERY}&no_win=1&no_win=2", {"yakitori": [1, 2]}, 10, 20),
    "chombo_points": (f"{FINAL_QUERY}&chombo=deduction&chombos=3",
                      {"chombo": [3]}, 10, 30),
}  # fmt: skip
ELSEWHERE = {"tenpai_yame"}  # a game only: tests/games/test_rule_switches.py


def test_every_table_switch_has_a_calculation_it_changes():
    covered = {*HANDS, *FINALS, *ELSEWHERE}
    assert covered >= set(TABLE_SWITCHES), set(TABLE_SWITCHES) - covered


def rules_with(name: str, value: object, extra: str, preset: str = "mahjongsoul") -> dict:
    rules: dict[str, object] = {"preset": preset, name: value}
    if "chombo=deduction" in extra:
        rules["chombo"] = "deduction"
    return rules


def section(html: str, name: str) -> str:
    return html[html.index(f'<section id="{name}"') :].split("</section>", 1)[0]


def hand_answer(html: str) -> object:
    """The hand's end as the page shows it: the score changes and the next hand, or the
    message."""
    part = section(html, "hand-result")
    if 'role="alert"' in part:
        return [" ".join(unescape(m).split()) for m in re.findall(r"<li>(.*?)</li>", part, re.S)]
    changes = re.findall(r'<td class="change">([^<]*)</td>', part)
    nxt = " ".join(re.sub(r"<[^>]+>", " ", part.split('class="next-hand">')[1]).split())
    nxt = re.sub(r" ([,;.])", r"\1", nxt)
    return changes, nxt.startswith("The game is over") or nxt.split(";")[0]


def engine_hand_answer(want: dict) -> object:
    if "error" in want:
        return [want["error"][0].upper() + want["error"][1:]]
    changes = [f"{d:+d}" if d else "0" for d in want["deltas"]]
    n = want["next"]
    return changes, True if n["game_over"] else f"Next: {n['name']}, seat {n['dealer']} deals" + (
        " again (renchan)" if n["renchan"] else ""
    )


@pytest.mark.parametrize("name", list(HANDS))
def test_a_hands_end_follows_the_switch_as_the_engine_does(client, name):
    query, request, *values = HANDS[name]
    answers = []
    for value in values:
        want = settle_json({"rules": rules_with(name, value, query), "scores": [25000] * 4,
                            "dealer": 0, "honba": 2, **request})  # fmt: skip
        answers.append(engine_hand_answer(want))
        link = f"/table-rules/?honba=2&{query}&{field_name(name)}={table_key_of(name, value)}"
        assert hand_answer(client.get(link).content.decode()) == answers[-1], (name, value)
    assert answers[0] != answers[1]  # the hand is one the switch changes


@pytest.mark.parametrize("name", list(FINALS))
def test_final_scores_follow_the_switch_as_the_engine_does(client, name):
    query, request, *values = FINALS[name]
    results = []
    for value in values:
        asked = request(value) if callable(request) else request
        want = final_json({"rules": rules_with(name, value, query, "tenhou"),
                           "scores": FINAL, "sticks": 1, **asked})  # fmt: skip
        assert "error" not in want, want
        link = f"/table-rules/?final_rules=tenhou&{query}&{field_name(name)}="
        html = client.get(link + table_key_of(name, value)).content.decode()
        shown = re.findall(r'<strong class="points">([^<]*)</strong>', html)
        assert shown == [f"{want['points'][s]:+.1f}" for s in want["order"]], (name, value)
        results.append(want["points"])
    assert results[0] != results[1]


@pytest.mark.parametrize("name", [n for n in TABLE_SWITCHES if n not in ELSEWHERE])
def test_the_pages_link_restores_each_switch(client, name):
    """The link a page gives to its rules brings the switch back, either way."""
    cases = HANDS | FINALS
    for value in cases[name][2:]:
        extra = "&chombo=deduction" if "chombo=deduction" in cases[name][0] else ""
        page = client.get(f"/table-rules/?{field_name(name)}={table_key_of(name, value)}{extra}")
        html = page.content.decode()
        said = re.search(r"Rules: <strong>(.*?)</strong>", html).group(1)
        link = re.search(r'href="/table-rules/\?([^"]*)">link to these rules', html).group(1)
        again = client.get("/table-rules/?" + unescape(link)).content.decode()
        assert re.search(r"Rules: <strong>(.*?)</strong>", again).group(1) == said
        preset = json_value(getattr(PRESETS["mahjongsoul"].table, name))
        if value != preset:
            assert table_key_of(name, value) in unescape(link)
            assert control_value(again, field_name(name)) == table_key_of(name, value)


def control_value(html: str, name: str) -> str:
    """The value a select or input called `name` holds."""
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', html, re.S)
    if select:
        chosen = re.search(r'<option value="([^"]*)" selected', select.group(1))
        return chosen.group(1) if chosen else ""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)
    value = re.search(r'value="([^"]*)"', found)
    return unescape(value.group(1)) if value else ""


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


def test_a_winners_hand_is_checked_in_place(client):
    base = "/table-rules/?end=ron&winner=1&discarder=2&"
    text = text_of(client.get(base + urlencode({"whand": "11122z, pon 555z"})))
    assert "say which tile completed it" in text and "Please check the input" in text
    text = text_of(client.get(base + urlencode({"whand": "123m", "wtile": "3m"})))
    assert "seat 1's hand" in text.lower() and "Please check the input" in text
    # the hand, not the han and fu, is what is paid
    hand = urlencode({"whand": "11122z, pon 555z, pon 666z, pon 777z", "wtile": "2z"})
    want = settle_json({"rules": "mahjongsoul", "scores": [25000] * 4, "dealer": 0,
                        "end": {"kind": "ron", "from": 2,
                                "wins": [{"seat": 1, "hand": DOUBLE_YAKUMAN}]}})  # fmt: skip
    assert want["deltas"][1] == 64000
    assert hand_answer(client.get(base + "han=1&fu=30&" + hand).content.decode())[0] == [
        f"{d:+d}" if d else "0" for d in want["deltas"]
    ]
