"""Table questions between three: under a three-player preset every mode asks about three
seats, its answer is the engine's own settlement (or final points) of the question, a right
answer is judged right and a four-player habit (noten payments of 3000, honba 300 a ron) is
named; the start form offers the three-player presets for the table's questions only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quizsite.quiz.public import answer_form
from quizsite.quiz.table_questions import TableQuizQuestion, load_table_question, solve_table
from quizsite.quiz.table_verdicts import delta_slips, final_slips
from scoring.engine.final import final_json
from scoring.engine.generate.settlements import TABLE_MODES
from scoring.engine.hand_end import settle_json
from scoring.engine.rules import SANMA_PRESETS
from tests.factory import deltas_post, final_post, table_right_answer
from tests.helpers import HX, text_of
from tests.i18n.english import assert_japanese

LEVELS = ("beginner", "intermediate", "advanced")


def question(seed: int, mode: str, level: str, rules: str) -> TableQuizQuestion:
    return load_table_question(str(seed), {"mode": mode, "level": level, "rules": rules})


@settings(max_examples=60)
@given(
    seed=st.integers(1, 999_999),
    mode=st.sampled_from(TABLE_MODES),
    level=st.sampled_from(LEVELS),
    rules=st.sampled_from(sorted(SANMA_PRESETS)),
)
def test_a_three_player_questions_answer_is_the_engines_settlement_of_it(
    seed: int, mode: str, level: str, rules: str
) -> None:
    q = question(seed, mode, level, rules)
    solution = solve_table(q)
    assert q.players == 3 and [s.number for s in q.seats] == [0, 1, 2]
    assert {s.name for s in q.seats} == {"East", "South", "West"}
    if q.kind == "final":
        answer = final_json(q.request)
        assert [t / 10 for t in solution.tenths] == answer["points"]
        return
    answer = settle_json(q.request)
    assert "error" not in answer, (q.url, answer)
    assert list(solution.deltas) == answer["deltas"]
    nxt = answer["next"]
    assert solution.counters == (nxt["honba"], nxt["sticks"], nxt["dealer"])


def test_three_player_questions_are_three_seats_on_the_page(client) -> None:
    for mode in TABLE_MODES:
        q = question(11, mode, "intermediate", "tenhou_sanma")
        page = text_of(client.get(q.url))
        assert "Tenhou three-player" in page
        assert "three players:" in page  # the rule that changes at three, in the facts
        assert "North" not in [s.name for s in q.seats]
        form = answer_form(q)
        if q.kind != "counters":
            assert sorted(form.fields) == ["seat0", "seat1", "seat2"]
        else:
            assert [c for c, _ in form.fields["dealer"].choices][1:] == ["0", "1", "2"]


def test_a_three_player_question_answered_right_and_wrong(client) -> None:
    for mode in TABLE_MODES:
        for seed in (3, 4):
            q = question(seed, mode, "advanced", "mahjongsoul_sanma")
            s = solve_table(q)
            right = text_of(client.post(q.url, table_right_answer(q, s), **HX))
            assert "Right!" in right, q.url
            post = table_right_answer(q, s)
            first = next(iter(post))
            post[first] = "+7" if q.kind != "final" else "+777.7"
            if q.kind == "counters":
                post["honba"] = "7"
            wrong = text_of(client.post(q.url, post, **HX))
            assert "Not quite" in wrong and "How it is worked out" in wrong, q.url


def test_a_four_seat_answer_to_a_three_player_question_is_read_as_three(client) -> None:
    q = question(5, "draw", "beginner", "tenhou_sanma")
    s = solve_table(q)
    post = deltas_post(s.deltas) | {"seat3": "+1000"}  # a stray fourth field is ignored
    assert "Right!" in text_of(client.post(q.url, post, **HX))
    missing = deltas_post(s.deltas)
    del missing["seat2"]
    page = text_of(client.post(q.url, missing, **HX))
    assert "Type West's change" in page or "change, 0 if it stays the same" in page


def test_noten_paid_as_at_four_is_named() -> None:
    """A draw with one or two tenpai answered with four players' 3000: the slip says 2000."""
    named = 0
    for seed in range(1, 40):
        q = question(seed, "draw", "beginner", "tenhou_sanma")
        s = solve_table(q)
        for slip in delta_slips(q, s):
            if slip.name != "noten paid as at four":
                continue
            value = slip.value()
            assert value is not None and value != s.deltas
            assert sum(value) != sum(s.deltas) or 3000 in map(abs, value)
            assert "2000 in all" in slip.hint
            named += 1
    assert named >= 10


def test_the_oka_and_uma_slips_count_three_players() -> None:
    q = question(8, "final", "intermediate", "tenhou_sanma")
    hints = " ".join(slip.hint for slip in final_slips(q, solve_table(q)))
    assert "3 × (40000 − 35000) = +15.0" in hints
    assert "1st to 3rd" in hints


def test_the_verdict_names_the_four_player_noten_slip(client) -> None:
    for seed in range(1, 40):
        q = question(seed, "draw", "beginner", "tenhou_sanma")
        s = solve_table(q)
        slip = next((x for x in delta_slips(q, s) if x.name == "noten paid as at four"), None)
        if slip is None or not s.deltas or q.nagashi:
            continue
        page = text_of(client.post(q.url, deltas_post(slip.value()), **HX))
        assert "Not quite" in page and "2000 in all, not 3000" in page and "Look here" in page
        return
    raise AssertionError("no draw with a four-player noten slip")


def test_the_start_form_offers_three_player_rules_for_every_mode(client) -> None:
    page = client.get("/quiz/")
    assert b'value="tenhou_sanma"' in page.content
    for mode in ("draw", "payment"):
        response = client.get(f"/quiz/next/?mode={mode}&level=beginner&rules=tenhou_sanma")
        assert response.status_code == 302 and "rules=tenhou_sanma" in response["Location"]
        assert client.get(response["Location"]).status_code == 200


def test_a_three_player_verdict_in_japanese(client) -> None:
    q = question(4, "final", "intermediate", "tenhou_sanma")
    s = solve_table(q)
    url = "/ja" + q.url
    assert_japanese(client.get(url).content, url)
    wrong = final_post(tuple(t + 10 for t in s.tenths))
    response = client.post(url, wrong, **HX)
    assert response.status_code == 200
    assert_japanese(response.content, url + " (verdict)")
