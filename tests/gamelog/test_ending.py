"""The uma a log's own end record shows (`scoring.gamelog.ending`): Tenhou's 2009 East-only
Phoenix games paid uma 5-10 where its rules say 10-20 today; a log's record is the rule it was
played by, read only when a symmetric uma gives exactly the recorded points."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scoring.gamelog import read
from scoring.gamelog.ending import uma_of
from tests.helpers import real_games

TENHOU = {"preset": "tenhou"}


@pytest.mark.parametrize(
    "scores, points, uma",
    [
        # Real end records (owari): a 2009 East-only Phoenix game, then a 2022 hanchan.
        ((32400, 14600, 24700, 28300), (32.0, -25.0, -10.0, 3.0), (10, 5, -5, -10)),
        ((40400, 11400, 25800, 22400), (51.0, -39.0, 6.0, -18.0), None),  # the rules' own
        # Points no symmetric uma gives (+22/+9/−10/−21 would): not read.
        ((37600, 17300, 24400, 20700), (47.6, -32.7, 4.4, -19.3), None),
        ((37600, 17300, 24400, 20700), (48.0, -33.0, 4.0, -19.0), None),
    ],
)
def test_the_uma_an_end_record_shows(scores, points, uma):
    assert uma_of(TENHOU, scores, points) == uma


def test_the_uma_read_becomes_the_games_rule_and_an_unknown_rule_set_reads_none():
    assert uma_of({"preset": "nowhere"}, (32400, 14600, 24700, 28300), (32, -25, -10, 3)) is None
    xml = (Path(__file__).parent / "logs" / "short_game.xml").read_text()
    owari = re.search(r'owari="([^"]+)"', xml).group(1)
    # the same end with uma 5-10: 25,300 → 25 → −5 − 5; 14,400 → 14 → −16 − 10; 26,100 → 26
    # → −4 + 5; first the rest
    five_ten = xml.replace(owari, "253,-10.0,342,35.0,144,-26.0,261,1.0")
    assert read(five_ten).rules == {"preset": "tenhou", "uma": [10, 5, -5, -10]}
    assert read(xml).rules == {"preset": "tenhou"}


def test_every_real_game_s_uma_is_read_as_its_record_shows():
    found: dict[tuple[str, str], set[str]] = {}
    for record in real_games():
        game = read(record["xml"])
        key = (record["id"][:4], game.rules_text)
        found.setdefault(key, set()).add(json.dumps(game.rules.get("uma")))
    assert found[("2009", "鳳東喰赤速")] == {"[10, 5, -5, -10]"}
    assert found[("2022", "鳳南喰赤")] == found[("2022", "鳳東喰赤速")] == {"null"}
