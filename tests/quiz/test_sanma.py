"""Three-player questions on the site: the quiz, a drill and practice asked under a
three-player preset (its hands, its payments, its explanation and diagnosis), and the
combinations that cannot exist refused with a message."""

from __future__ import annotations

import re

import pytest

from quizsite.drills.models import Drill
from quizsite.practice.choose import drill_for, fresh
from quizsite.practice.topics import charged, touched
from quizsite.quiz.public import check, solve
from scoring.engine import score
from tests.factory import (
    NEW_DRILL,
    find,
    join,
    make_drill,
    make_user,
    right_answer,
    right_post,
    wrong_post,
)
from tests.helpers import HX, text_of

pytestmark = pytest.mark.django_db

SANMA = "mahjongsoul_sanma"


def test_the_start_form_offers_the_three_player_presets(client) -> None:
    page = client.get("/quiz/").content.decode()
    assert '<option value="tenhou_sanma"' in page and '<option value="mahjongsoul_sanma"' in page


def test_a_three_player_question_shows_three_seats_and_the_norths_set_aside(client) -> None:
    q, _ = find("full", rules=SANMA, where=lambda q, s: q.kita >= 2)
    assert q.request["seat"] in "ESW" and q.request["round"] in "ESW"
    page = client.get(q.url).content.decode()
    text = text_of(client.get(q.url))
    assert "three (East, South, West; no North seat)" in text
    assert "Norths set aside (nukidora)" in text
    kita = re.search(r'class="hand-part hand-kita">(.*?)</div>', page, re.S)
    assert kita and kita.group(1).count('alt="North wind"') == q.kita


def test_a_three_player_question_answered_right(client) -> None:
    q, s = find("full", rules=SANMA, kind="split", where=lambda q, s: q.kita > 0)
    assert "What does the other non-dealer pay" in text_of(client.get(q.url))
    assert s.settlement == score(q.request).settlement  # the answer is the engine's score
    assert set(s.payments) == {"non_dealer", "dealer"}  # two payers
    response = client.post(q.url, right_answer(q, s), **HX)
    text = text_of(response)
    assert response.status_code == 200 and "Right" in text
    assert "Nukidora" in text or "nukidora" in text  # the explanation's dora step names them


def test_a_three_player_ron_paid_with_four_player_honba_is_diagnosed(client) -> None:
    q, s = find("full", rules=SANMA, kind="ron", where=lambda q, s: s.settlement.honba > 0)
    given = s.payments["ron"] + 100 * s.settlement.honba  # 300 a counter, as at four
    response = client.post(q.url, {"amount": str(given)}, **HX)
    text = text_of(response)
    assert response.status_code == 200 and "Not quite" in text
    assert "each counter adds 200 to a ron, not 300" in text
    assert check(q, {"amount": given}).category == "three-player honba"


def test_a_three_player_tsumo_with_the_north_share_split_is_diagnosed() -> None:
    q, s = find("payment", rules=SANMA, kind="split")
    other = {"preset": SANMA, "tsumo_loss": False}
    from scoring.engine import parse_rules, settle

    split = settle(
        q.request["han"],
        q.request["fu"],
        dealer=False,
        tsumo=True,
        honba=q.request["honba"],
        sticks=q.request["sticks"],
        rules=parse_rules(other),
        yakuman=q.request.get("yakuman", 0),
    ).payments
    if split == s.payments:  # pragma: no cover — a cell where halves round away
        pytest.skip("the split equals the loss here")
    checked = check(q, {"non_dealer": split["non_dealer"], "dealer": split["dealer"]})
    assert not checked.verdict.right and checked.category == "tsumo loss"
    assert "tsumo loss" in " ".join(checked.verdict.hints)


def test_the_indicator_hint_points_as_three_players_do() -> None:
    from quizsite.quiz.verdicts import indicator_hint

    request = {"dora": "1m", "rules": "tenhou_sanma"}
    assert "1m points at 9m" in indicator_hint(request)
    assert "1m points at 2m" in indicator_hint({"dora": "1m", "rules": "tenhou"})


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron", "counters", "final"])
def test_a_table_mode_under_a_three_player_preset_is_asked_between_three(client, mode) -> None:
    response = client.get(f"/quiz/q/12/?mode={mode}&rules=tenhou_sanma")
    assert response.status_code == 200
    start = client.get(f"/quiz/next/?mode={mode}&level=beginner&rules=tenhou_sanma")
    assert start.status_code == 302 and "rules=tenhou_sanma" in start["Location"]


@pytest.mark.parametrize(
    "url",
    [
        "/quiz/q/abc/?mode=full&rules=tenhou_sanma",
        "/quiz/q/99999999999/?rules=tenhou_sanma",
        "/quiz/q/12/?rules=tenhou_sanma3",
    ],
)
def test_a_forged_three_player_link_is_a_404_not_a_500(client, url: str) -> None:
    assert client.get(url).status_code == 404
    assert client.post(url, {"amount": "1000"}).status_code == 404


def test_a_three_player_drill_is_made_taken_and_its_results_shown(client) -> None:
    owner = make_user("owner")
    client.force_login(owner)
    response = client.post("/drills/new/", NEW_DRILL | {"mode": "full", "rules": "tenhou_sanma"})
    drill = Drill.objects.get()
    assert response["Location"] == f"/drills/{drill.code}/preview/"
    assert drill.rules == "tenhou_sanma" and "Tenhou" in str(drill.rules_title)
    for dq in drill.questions.all():
        q = dq.as_question()
        assert q.sanma and q.request["seat"] in "ESW" and "kita" in q.request
        assert solve(q).settlement.players == 3
    student = type(client)()
    join(student, drill)
    assert student.post(f"/d/{drill.code}/1/", right_post(drill, 1)).status_code in (200, 302)
    assert student.post(f"/d/{drill.code}/2/", wrong_post(drill, 2)).status_code in (200, 302)
    page = client.get(f"/drills/{drill.code}/results/").content.decode()
    assert "Aiko" in page
    assert page.count("cell--right") == 1 and page.count("cell--wrong") == 1


def test_the_drill_builder_sets_a_table_mode_with_three_player_rules(client) -> None:
    client.force_login(make_user("owner"))
    response = client.post("/drills/new/", NEW_DRILL | {"mode": "draw", "rules": "tenhou_sanma"})
    drill = Drill.objects.get()
    assert response["Location"] == f"/drills/{drill.code}/preview/"
    assert client.get(response["Location"]).status_code == 200


def test_the_drill_builder_refuses_a_focus_no_three_player_hand_has(client) -> None:
    client.force_login(make_user("owner"))
    data = NEW_DRILL | {"mode": "full", "rules": "tenhou_sanma", "focus_yaku": ["sanshoku"]}
    response = client.post("/drills/new/", data)
    assert response.status_code == 200 and "no three-player hand has it" in text_of(response)
    assert not Drill.objects.exists()


def test_a_three_player_drill_made_in_the_model_works() -> None:
    drill = make_drill(rules="mahjongsoul_sanma", mode="payment", count=4)
    for dq in drill.questions.all():
        assert solve(dq.as_question()).settlement.players == 3


def test_practice_keeps_three_player_answers_apart() -> None:
    q, s = find("full", rules=SANMA, kind="split", where=lambda q, s: s.settlement.honba > 0)
    topics = touched(q, s)
    assert "pay:sanma_tsumo" in topics and "count:sanma_honba" in topics
    assert "pay:tsumo" not in topics and "count:honba" not in topics
    four, s4 = find("full", kind="split", where=lambda q, s: s.settlement.honba > 0)
    assert {"pay:tsumo", "count:honba"} <= set(touched(four, s4))
    wrong = check(q, {"non_dealer": 0, "dealer": 0})
    assert set(charged(q, topics, wrong.verdict)) <= set(topics)


def test_practice_asks_three_player_questions_when_chosen(client) -> None:
    import random

    q = fresh({}, random.Random(3), level="beginner", players=3)
    assert q.rules == SANMA
    response = client.get("/practice/next/?level=beginner&players=3")
    assert "rules=mahjongsoul_sanma" in response["Location"]
    page = client.get(response["Location"])
    assert page.status_code == 200 and "three (East, South, West" in text_of(page)
    assert "rules=mahjongsoul" in client.get("/practice/next/?level=beginner&players=4")["Location"]
    forged = client.get("/practice/next/?level=beginner&players=7")
    assert "rules=mahjongsoul&" in forged["Location"] or forged["Location"].endswith(
        "rules=mahjongsoul"
    )


def test_a_three_player_topic_is_drilled_under_three_player_rules() -> None:
    plan = drill_for("count:sanma_honba")
    assert plan is not None and plan.rules == SANMA
