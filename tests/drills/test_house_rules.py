"""A drill's set-up offers every switch of the engine's registry; the switches chosen are kept
with the drill and every question is drawn, linked and judged with them, as the engine scores
it with the switch either way."""

from __future__ import annotations

import re

import pytest

from quizsite.drills.models import Drill
from quizsite.quiz.public import solve
from scoring.engine import settle
from scoring.engine.final import final_json
from scoring.engine.rules import SWITCHES, TABLE_SWITCHES, parse_rules
from scoring.switch_controls import field_name
from tests.factory import NEW_DRILL, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(client):
    user = make_user("owner")
    client.force_login(user)
    return user


# the four-player switches: three-player drills come with issue 36's second phase
FOUR_PLAYER = [n for n, s in SWITCHES.items() if not s.sanma]


@pytest.mark.parametrize("name", [*FOUR_PLAYER, *(field_name(n) for n in TABLE_SWITCHES)])
def test_every_switch_has_a_control_on_a_drills_set_up(client, owner, name):
    html = client.get("/drills/new/").content.decode()
    assert re.search(rf'<(select|input)[^>]*name="{name}"', html), name


@pytest.mark.parametrize("key, value", [("1", True), ("0", False)])
def test_a_drills_questions_are_scored_with_its_switches(client, owner, key, value):
    post = NEW_DRILL | {"mode": "payment", "count": "6", "kiriage": key}
    assert client.post("/drills/new/", post).status_code == 302
    drill = Drill.objects.get()
    assert drill.house == [["kiriage", key]] and drill.options["kiriage"] == key
    for dq in drill.questions.all():
        q = dq.as_question()
        r = q.request
        assert parse_rules(r["rules"]).kiriage is value and f"kiriage={key}" in q.url
        want = settle(r["han"], r["fu"], dealer=r["dealer"], tsumo=r["tsumo"],
                      honba=r["honba"], sticks=r["sticks"], yakuman=r.get("yakuman", 0),
                      rules=parse_rules({"preset": "mahjongsoul", "kiriage": value}))  # fmt: skip
        assert solve(q).payments == want.payments


def test_a_table_drill_takes_the_table_switches(client, owner):
    post = NEW_DRILL | {"mode": "final", "count": "3", "uma": "10-30", "leftover": "lost"}
    assert client.post("/drills/new/", post).status_code == 302
    drill = Drill.objects.get()
    for dq in drill.questions.all():
        q = dq.as_question()
        rules = q.request["rules"]
        assert rules["uma"] == [30, 10, -10, -30] and rules["leftover"] == "lost"
        want = final_json({"rules": rules, "scores": q.request["scores"],
                           "sticks": q.request.get("sticks", 0)})  # fmt: skip
        assert [t / 10 for t in solve(q).tenths] == want["points"]


def test_a_bad_switch_is_said_in_the_builder(client, owner):
    response = client.post("/drills/new/", NEW_DRILL | {"uma": "lots"})
    assert response.status_code == 200 and "Uma takes four whole numbers" in (
        response.content.decode()
    )
    assert not Drill.objects.exists()
