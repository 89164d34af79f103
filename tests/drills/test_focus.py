"""A drill's focus: chosen in the builder, met by every question (and every re-draw), and a
focus the other options rule out refused with the generator's reason."""

from __future__ import annotations

import re

import pytest

from quizsite.drills.models import Drill
from quizsite.quiz.public import check_key, solve
from tests.factory import make_user

pytestmark = pytest.mark.django_db

BASE = {
    "title": "Focus",
    "count": 6,
    "level": "intermediate",
    "rules": "mahjongsoul",
    "explain": "each",
}


def build(client, **fields):
    client.force_login(make_user())
    return client.post("/drills/new/", BASE | fields)


def test_every_question_has_the_chosen_yaku(client):
    response = build(client, mode="full", focus_yaku=["pinfu", "tanyao"])
    assert response.status_code == 302
    drill = Drill.objects.get()
    assert drill.focus == {"yaku": ["pinfu", "tanyao"]}
    for q in drill.quiz_questions():
        assert {y["id"] for y in solve(q).yaku} & {"pinfu", "tanyao"}
    page = client.get(f"/drills/{drill.code}/").content.decode()
    assert "Yaku: Pinfu, All simples (tanyao)" in page


def test_a_table_range_holds_for_payment_questions_and_redraws(client):
    build(client, mode="payment", focus_han_low="3", focus_han_high="4", focus_fu_low="40")
    drill = Drill.objects.get()
    assert drill.focus == {"han": [3, 4], "fu": [40, 110]}
    assert drill.redraw(1)
    for q in drill.quiz_questions():
        assert 3 <= q.request["han"] <= 4 and q.request["fu"] >= 40


def test_honba_and_deposits_come_with_the_counters_focus(client):
    build(client, mode="payment", focus_counters="on")
    drill = Drill.objects.get()
    assert all(q.request["honba"] or q.request["sticks"] for q in drill.quiz_questions())


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"mode": "payment", "focus_waits": ["penchan"]}, "payment questions show no hand"),
        ({"mode": "full", "focus_waits": ["penchan"], "focus_yaku": ["pinfu"]}, "one kind"),
        ({"mode": "full", "level": "beginner", "focus_counters": "on"}, "no honba or deposits"),
        ({"mode": "full", "focus_han_low": "4", "focus_han_high": "2"}, "lower bound first"),
    ],
)
def test_a_focus_that_cannot_be_met_is_refused_with_the_reason(client, fields, words):
    response = build(client, **fields)
    assert response.status_code == 200
    page = response.content.decode()
    assert "The focus cannot be met" in page and words in page
    assert not Drill.objects.exists()


def test_a_copy_keeps_the_focus(client):
    build(client, mode="fu", focus_waits=["kanchan"])
    drill = Drill.objects.get()
    assert drill.copy(drill.owner).focus == {"waits": ["kanchan"]}


IDENTIFIER = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")  # a field's id, as no message shows it


@pytest.mark.parametrize(
    "fields",
    [
        {"mode": "full", "focus_fu_items": ["tsumo"], "focus_waits": ["tanki"]},
        {"mode": "full", "focus_limits": ["mangan"], "focus_fu_low": "30"},
        {"mode": "payment", "focus_fu_items": ["closed_ron"]},
        {"mode": "fu", "focus_yaku": ["yakuhai_haku"], "level": "beginner", "focus_counters": "on"},
        {"mode": "fu", "level": "intermediate", "focus_fu_items": ["concealed_quad_simples"]},
        {"mode": "han", "level": "advanced", "focus_limits": ["double_yakuman"]},
        {"mode": "full", "level": "beginner", "focus_yaku": ["kokushi_13"]},
    ],
    ids=lambda v: "-".join(k for k in v if k.startswith("focus_")),
)
def test_the_builders_focus_errors_name_no_field_ids(client, fields):
    response = build(client, **fields)
    errors = response.context["form"].non_field_errors()
    assert errors and all("The focus cannot be met" in e for e in errors)
    for message in errors:
        assert not IDENTIFIER.search(message), message


def test_two_kinds_of_focus_are_named_in_words(client):
    response = build(client, mode="full", focus_fu_items=["tsumo"], focus_waits=["tanki"])
    assert "this one has fu items and waits" in response.content.decode()


def test_a_fu_drill_at_intermediate_level_asks_no_limit_hand_and_keys_its_fu_items(client):
    fields = {"mode": "fu", "count": 12}
    build(client, **fields, focus_fu_items=["concealed_triplet_simples", "round_wind_pair"])
    drill = Drill.objects.get()
    for q in drill.quiz_questions():
        s = solve(q)
        assert s.settlement.basic.limit is None and not s.yakuman, q.request
        key = check_key(q)
        items = [st["text"] for st in key.steps if st["kind"] == "fu"]
        assert items == [f"+{i['fu']} fu: {i['reason']}" for i in s.fu_items]
        assert key.expected.startswith(f"{s.fu} fu")
