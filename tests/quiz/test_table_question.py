"""Table questions (draw, pao, multiple ron, counters, final) on the question page: no answer in
the page, the right answer judged right, each slip named where it applies and only there, bad
input explained in place."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from quizsite.quiz.table_questions import (
    TableQuizQuestion,
    TableSolution,
    load_table_question,
    solve_table,
)
from quizsite.quiz.table_verdicts import delta_slips, final_slips
from scoring.engine.final import tenths_text
from scoring.engine.generate.settlements import TABLE_MODES
from scoring.engine.rules import PRESETS
from tests.factory import deltas_post, final_post, table_right_answer
from tests.helpers import HX, text_of

LEVELS = ("beginner", "intermediate", "advanced")


def table_questions(
    mode: str, n: int, start: int = 1
) -> Iterator[tuple[TableQuizQuestion, TableSolution]]:
    presets = list(PRESETS)
    for i in range(n):
        seed = start + 13 * i
        options = {"mode": mode, "level": LEVELS[i % 3], "rules": presets[i % len(presets)]}
        q = load_table_question(str(seed), options)
        yield q, solve_table(q)


def right_post(q: TableQuizQuestion, s: TableSolution) -> dict[str, str]:
    return table_right_answer(q, s)


def verdict_of(client, q: TableQuizQuestion, data: dict[str, str]) -> str:
    response = client.post(q.url, data, **HX)
    assert response.status_code == 200
    return text_of(response)


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron"])
def test_it_holds_no_score_changes(client, mode: str) -> None:
    for q, s in table_questions(mode, 24):
        body = client.get(q.url).content.decode()
        assert "data-request=" in body
        for change in s.deltas:
            if change:
                assert not re.search(re.escape(f"{change:+d}") + r"(?!\d)", body), (q.url, change)
        assert "Look here" not in body and "next hand" not in body.lower()


def test_it_holds_no_final_scores(client) -> None:
    for q, s in table_questions("final", 24):
        body = client.get(q.url).content.decode()
        for t in s.tenths:
            assert tenths_text(t) not in body, (q.url, t)
            assert f"{t / 10:.1f}" not in body or t == 0, (q.url, t)


def test_it_holds_no_counters(client) -> None:
    for q, s in table_questions("counters", 24):
        page = text_of(client.get(q.url))
        assert s.outcome is not None
        assert s.outcome.next.name not in page or s.outcome.next.name in q.facts[0][1], q.url
        assert "renchan" not in page.lower() and "deal passes" not in page.lower()


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_it_judges_the_right_answer_right(client, mode: str) -> None:
    for q, s in table_questions(mode, 12, start=5):
        page = verdict_of(client, q, right_post(q, s))
        assert "Right!" in page, q.url
        assert "Where it went wrong" not in page


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_it_says_not_quite_and_shows_the_steps(client, mode: str) -> None:
    q, s = next(table_questions(mode, 1, start=21))
    post = right_post(q, s)
    first = next(iter(post))
    post[first] = "7" if q.kind != "final" else "+777.7"
    response = client.post(q.url, post)
    page = text_of(response)
    assert "Not quite" in page and "How it is worked out" in page
    assert response.content.decode().count('<li class="step') == len(s.steps)


def slips_named(client, mode: str, slips_of, post_of, n: int = 45) -> dict[str, int]:
    """Answer each question with every slip's answer: the slip must be named (or one giving
    the same answer). Returns how often each hint's first words were checked."""
    checked: dict[str, int] = {}
    for q, s in table_questions(mode, n, start=101):
        right = s.deltas if q.kind == "deltas" else s.tenths
        slips = slips_of(q, s)
        for value_of, hint, *_ in slips:
            value = value_of()
            if value is None or value == right:
                continue
            same = [h for v, h, *_ in slips if v() == value]
            page = verdict_of(client, q, post_of(value))
            assert "Not quite" in page
            assert any(h in page for h in same), (q.url, hint, value)
            assert "Look here" in page
            checked[hint[:30]] = checked.get(hint[:30], 0) + 1
    return checked


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron"])
def test_it_names_the_slip_in_a_wrong_change(client, mode: str) -> None:
    checked = slips_named(client, mode, delta_slips, deltas_post)
    assert len(checked) >= 3, checked


def test_it_names_the_slip_in_wrong_final_scores(client) -> None:
    checked = slips_named(client, "final", final_slips, final_post)
    assert len(checked) >= 4, checked


SLIP_CASES = [
    # mode, where it applies, the wrong answer from the right one, words of the hint
    ("draw", lambda q, s: q.request["riichi"], "riichi", "Riichi this hand costs 1000"),
    ("pao", lambda q, s: q.request["end"]["kind"] == "tsumo", "no_pao", "On a tsumo the liable"),
    ("multiron", lambda q, s: q.rules == "mleague", "no_bump", "head bump"),
]


def wrong(q: TableQuizQuestion, s: TableSolution, how: str) -> tuple[int, ...]:
    from quizsite.quiz.table_verdicts import deltas_of, variant

    changes = {"riichi": {"riichi": []}, "no_pao": {"end_pao": None},
               "no_bump": {"rule_multiple_ron": "triple"}}[how]  # fmt: skip
    return deltas_of(variant(q, **changes))


@pytest.mark.parametrize(("mode", "where", "how", "words"), SLIP_CASES)
def test_it_names_a_slip_only_where_it_applies(client, mode, where, how, words) -> None:
    named = absent = 0
    for q, s in table_questions(mode, 40, start=301):
        if where(q, s):
            value = wrong(q, s, how)
            if value == s.deltas:
                continue
            same = [h for v, h, *_ in delta_slips(q, s) if v() == value]
            assert any(words in h for h in same)  # the slip is one of those giving this answer
            page = verdict_of(client, q, deltas_post(value))
            assert any(h in page for h in same), q.url
            named += words in page
        else:  # a wrong answer that is no known slip: no hint at all
            off = tuple(
                d + (500 if i == 0 else -500 if i == 1 else 0) for i, d in enumerate(s.deltas)
            )
            page = verdict_of(client, q, deltas_post(off))
            assert words not in page and "Where it went wrong" not in page, q.url
            absent += 1
    assert named and absent


def test_it_diagnoses_each_counter(client) -> None:
    hints = set()
    for q, s in table_questions("counters", 60, start=7):
        honba, sticks, dealer = s.counters
        r = q.request
        tries = [
            (r["honba"] + 1, sticks, dealer),
            (r["honba"], sticks, dealer),
            (honba, 0, dealer),
            (honba, r["sticks"] + len(r["riichi"]), dealer),
            (honba, sticks, r["dealer"]),
            (honba, sticks, (r["dealer"] + 1) % 4),
        ]
        for honba_, sticks_, dealer_ in tries:
            if (honba_, sticks_, dealer_) == s.counters:
                continue
            data = {"honba": str(honba_), "sticks": str(sticks_), "dealer": str(dealer_)}
            page = verdict_of(client, q, data)
            assert "Not quite" in page
            found = re.findall(
                r"Where it went wrong: (.+?)(?= Where it went wrong| Next question)", page
            )
            hints.update(found)
    wanted = ["A non-dealer's win resets the honba to 0", "the honba go up by one",
              "The winner takes every riichi deposit on the table",
              "At a draw nobody takes the riichi deposits", "the deal passes to south",
              "it stays the dealer (renchan)"]  # fmt: skip
    text = " | ".join(hints)
    for words in wanted:
        assert words.lower() in text.lower(), (words, text)


BAD = [
    (
        "draw",
        {"seat0": "abc", "seat1": "", "seat2": "0", "seat3": "0"},
        ["whole number of points", "Type {1}'s change"],
    ),
    (
        "final",
        {"seat0": "+4.55", "seat1": "x", "seat2": "", "seat3": "0"},
        ["goes to 0.1", "number with its sign", "Type {2}'s final score"],
    ),
    (
        "counters",
        {"honba": "two", "sticks": "", "dealer": ""},
        ["whole number", "Type the number of riichi deposits", "Choose the seat"],
    ),
]


@pytest.mark.parametrize(("mode", "data", "messages"), BAD)
def test_it_explains_bad_input_in_place(client, mode, data, messages) -> None:
    q, _ = next(table_questions(mode, 1, start=3))
    response = client.post(q.url, data, **HX)
    assert response.status_code == 200
    page = text_of(response)
    assert "Please check your answer" in page
    names = [seat.name for seat in q.seats]  # a seat is called by its wind, never "seat 1"
    for words in messages:
        assert words.format(*names) in page, (words, page)
    assert 'aria-invalid="true"' in response.content.decode()


def test_it_accepts_unicode_minus_and_commas(client) -> None:
    for q, s in table_questions("draw", 6, start=40):
        data = {f"seat{i}": (f"−{-v:,}" if v < 0 else f"{v:,}") for i, v in enumerate(s.deltas)}
        assert "Right!" in verdict_of(client, q, data)


def test_it_labels_fields_with_the_seats(client) -> None:
    q, _ = next(table_questions("pao", 1))
    page = client.get(q.url).content.decode()
    for seat in q.seats:
        assert f">{seat.label}</label>" in page
    assert 'inputmode="text"' in page


def test_it_offers_the_table_modes_and_starts_one(client) -> None:
    page = text_of(client.get("/quiz/"))
    for title in ("Draw", "Pao", "Multiple ron", "Counters", "Final score"):
        assert title in page
    response = client.get("/quiz/next/?mode=final&level=advanced&rules=wrc")
    assert response.status_code == 302 and "mode=final" in response.url
    assert "final scores" in text_of(client.get(response.url))


def test_it_counts_table_answers_in_the_session(client) -> None:
    q, s = next(table_questions("final", 1))
    client.post(q.url, right_post(q, s))
    page = text_of(client.post(q.url, right_post(q, s)))
    assert "not counted again" in page
    assert "1 right of 1" in page


def test_it_refuses_a_bad_link(client) -> None:
    response = client.get("/quiz/q/12x/?mode=draw")
    assert response.status_code == 404
    assert "not a question number" in text_of(response)


def test_it_says_three_rons_abort_where_the_preset_aborts_them(client) -> None:
    from quizsite.quiz.table_verdicts import deltas_of, variant

    found = 0
    for seed in range(1, 400):
        q = load_table_question(
            str(seed), {"mode": "multiron", "level": "advanced", "rules": "tenhou"}
        )
        if len(q.request["end"]["wins"]) < 3:
            continue
        s = solve_table(q)
        assert sum(d for d in s.deltas if d > 0) == 0  # aborted: nobody is paid
        for paid in ("triple", "head_bump"):
            value = deltas_of(variant(q, rule_multiple_ron=paid))
            page = verdict_of(client, q, deltas_post(value))
            assert "abort the hand under these rules" in page, q.url
            assert "These rules pay every ron" not in page
        found += 1
        if found == 3:
            break
    assert found == 3


@pytest.mark.parametrize("mode", TABLE_MODES)
def test_it_shows_the_answer_on_request_and_counts_it_wrong(client, mode: str) -> None:
    q, s = next(table_questions(mode, 1, start=61))
    page = verdict_of(client, q, {"reveal": "1"})
    assert "The answer" in page and "counts as wrong" in page
    assert "Where it went wrong" not in page and "Look here" not in page
    assert "0 right of 1" in page
    right = verdict_of(client, q, right_post(q, s))
    assert "Right!" in right and "not counted again" in right


def nagashi_questions(n: int) -> Iterator[tuple[TableQuizQuestion, TableSolution]]:
    return ((q, s) for q, s in table_questions("draw", n, start=7) if q.nagashi)


def noten_payments(q: TableQuizQuestion) -> tuple[int, ...]:
    """The noten payments this draw would have made, worked out by hand (3000 shared)."""
    from scoring.engine.table import waits

    end = q.request["end"]
    if "tenpai" in end:
        tenpai = set(end["tenpai"])
    else:
        tenpai = {int(k) for k, tiles in end["hands"].items() if waits(tiles)}
    if len(tenpai) in (0, 4):
        return (0, 0, 0, 0)
    return tuple(
        3000 // len(tenpai) if s in tenpai else -3000 // (4 - len(tenpai)) for s in range(4)
    )


def test_it_tells_who_had_nagashi_and_how_the_preset_pays_it(client) -> None:
    seen = 0
    for q, _s in nagashi_questions(120):
        (seat,) = q.nagashi
        page = text_of(client.get(q.url))
        assert f"{q.seat_name(seat)} discarded only terminals and honours all hand" in page, q.url
        assert "nobody called any of its discards: nagashi mangan" in page
        paid = "counts as a win" if q.table_rules.nagashi.value == "win" else "stays a draw"
        assert paid in page
        seen += 1
    assert seen >= 5


def test_it_names_the_nagashi_slips(client) -> None:
    from quizsite.quiz.table_verdicts import deltas_of, variant

    named: dict[str, int] = {}
    for q, s in nagashi_questions(240):
        (seat,) = q.nagashi
        left_out = deltas_of(variant(q, end_nagashi=None))
        both = tuple(r + n for r, n in zip(s.deltas, noten_payments(q), strict=True))
        other = "win" if q.table_rules.nagashi.value == "draw" else "draw"
        as_other = deltas_of(variant(q, rule_nagashi=other))
        cases = [
            (
                "left out",
                left_out,
                f"{q.seat_name(seat)} discarded only terminals and honours, none",
            ),
            ("both", both, "Nagashi mangan replaces the noten payments"),
            (
                f"as a {other}",
                as_other,
                "Under these rules nagashi mangan "
                + ("is a draw, not a win" if other == "win" else "counts as a win: the honba"),
            ),
        ]
        for name, value, words in cases:
            if value == s.deltas or [v for _, v, _ in cases].count(value) > 1:
                continue  # the same as the right answer, or as another slip
            page = verdict_of(client, q, deltas_post(value))
            assert "Not quite" in page and words in page and "Look here" in page, (q.url, words)
            named[name] = named.get(name, 0) + 1
    assert set(named) == {"left out", "both", "as a win", "as a draw"}, named


@pytest.mark.parametrize("mode", ["draw", "pao", "multiron", "counters", "final"])
def test_seats_are_called_by_their_winds_never_by_number(client, mode) -> None:
    for q, s in table_questions(mode, 3, start=500):
        page = text_of(client.get(q.url))
        assert not re.search(r"\bseat [0-3]\b", page, re.IGNORECASE), (q.url, page)
        dealer = next((seat for seat in q.seats if seat.dealer), None)
        if dealer is not None:  # the dealer is East this hand, whichever seat it is
            assert dealer.name == "East" and "East (dealer)" in page
        for wind in ("East", "South", "West", "North"):
            assert wind in page
        answer = table_right_answer(q, s)
        wrong = {k: ("+100" if k.startswith("seat") else "9") for k, v in answer.items()}
        verdict = text_of(client.post(q.url, wrong, **HX))
        numbered = re.search(r"\bseat [0-3]\b", verdict, re.IGNORECASE)
        assert not numbered, (q.url, verdict[max(0, numbered.start() - 150) : numbered.end() + 50])
