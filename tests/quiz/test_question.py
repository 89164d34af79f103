"""The question page: no answer in it, the verdict, bad input, tampered links, htmx."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import unquote

import pytest

from quizsite.quiz import public
from scoring.engine import ScoringError, score_json
from scoring.engine.generate import generate
from tests.factory import amounts, find, right_answer
from tests.helpers import HX, is_full_page, text_of

pytestmark = pytest.mark.django_db


def request_of(response) -> dict:
    match = re.search(r"data-request='([^']*)'", response.content.decode())
    assert match, "no data-request on the question"
    return json.loads(html.unescape(match.group(1)))


@pytest.mark.parametrize("mode", ["payment", "full"])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced"])
def test_it_holds_no_answer(client, mode: str, level: str) -> None:
    for offset in range(15):
        q, s = find(mode, level=level, start=500_001 + 7 * offset)
        body = client.get(q.url).content.decode()
        for amount in amounts(s):
            assert not re.search(rf"(?<![\d.]){amount}(?!\d)", body), (q.url, amount)


@pytest.mark.parametrize("mode", ["fu", "han"])
def test_it_holds_no_explanation(client, mode: str) -> None:
    for offset in range(10):
        q, s = find(mode, start=700_001 + offset * 11)
        page = text_of(client.get(q.url)).lower()
        assert "in all" not in page  # the fu total step
        for step in s.steps:
            assert step["text"].lower() not in page


def test_it_carries_the_engine_request(client) -> None:
    q, _ = find("full", level="advanced")
    sent = request_of(client.get(q.url))
    assert sent == generate(q.seed, mode="full", level="advanced", rules="mahjongsoul")
    assert "error" not in score_json(sent)


def test_it_asks_for_the_shape_of_the_answer(client) -> None:
    for kind, fields in {
        "ron": ["amount"],
        "all": ["amount"],
        "split": ["non_dealer", "dealer"],
    }.items():
        q, _ = find("full", kind=kind)
        body = client.get(q.url).content.decode()
        names = re.findall(r'<input type="text" name="(\w+)"', body)
        assert names == fields
        assert body.count("autofocus") == 1


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("full", "ron"),
        ("full", "all"),
        ("full", "split"),
        ("payment", "ron"),
        ("fu", "fu"),
        ("han", "han"),
    ],
)
def test_it_says_right_to_the_right_answer(client, mode: str, kind: str) -> None:
    q, s = find(mode, kind=kind)
    response = client.post(q.url, right_answer(q, s))
    page = text_of(response)
    assert response.status_code == 200
    assert "✓ Right!" in page
    assert "How it is worked out" in page
    assert "1 right of 1" in page


def test_it_takes_a_split_typed_in_one_field(client) -> None:
    q, s = find("full", kind="split")
    typed = f"{s.payments['non_dealer']}/{s.payments['dealer']}"
    assert "Right!" in text_of(client.post(q.url, {"non_dealer": typed}))


def test_it_shows_a_wrong_answer_beside_the_right_one(client) -> None:
    q, s = find("full", kind="ron")
    wrong = s.payments["ron"] + 1000
    page = text_of(client.post(q.url, {"amount": str(wrong)}))
    assert "Not quite" in page
    assert f"Your answer {wrong}" in page
    assert f"Right answer {s.payments['ron']}" in page
    assert "0 right of 1" in page


def test_it_highlights_the_step_of_the_slip(client) -> None:
    q, s = find("payment", kind="ron", where=lambda q, s: s.settlement.honba > 0)
    forgot = s.payments["ron"] - 300 * s.settlement.honba
    body = client.post(q.url, {"amount": str(forgot)}).content.decode()
    assert "Where it went wrong" in body
    assert re.search(r'class="step step-honba step--marked"><strong class="look">Look here:', body)


@pytest.mark.parametrize("typed", ["", "abc", "-7700"])
def test_it_keeps_the_question_on_bad_input(client, typed: str) -> None:
    q, _ = find("full", kind="ron")
    response = client.post(q.url, {"amount": typed})
    page = text_of(response)
    assert response.status_code == 200
    assert "Please check your answer" in page
    assert 'name="amount"' in response.content.decode()
    assert "Not quite" not in page and "Right!" not in page
    assert "No answers yet" in page


def test_htmx_gets_the_answer_and_the_progress(client) -> None:
    q, s = find("full", kind="ron")
    response = client.post(q.url, right_answer(q, s), **HX)
    body = response.content.decode()
    assert response.status_code == 200
    assert not is_full_page(response)
    assert body.lstrip().startswith('<div id="answer"')
    assert 'id="progress" class="quiz-progress" hx-swap-oob="true"' in body
    bad = client.post(q.url, {"amount": "x"}, **HX)
    assert bad.status_code == 200
    assert "Please check your answer" in text_of(bad)


def test_a_plain_post_gets_the_whole_page(client) -> None:
    q, s = find("full", kind="ron")
    response = client.post(q.url, right_answer(q, s))
    assert is_full_page(response)
    assert "data-request=" in response.content.decode()  # the question stays above the verdict


@pytest.mark.parametrize(
    "url",
    [
        "/quiz/q/abc/?mode=full",
        "/quiz/q/99999999999/",
        "/quiz/q/12/?mode=bogus",
        "/quiz/q/12/?level=expert",
        "/quiz/q/12/?rules=house",
        "/quiz/q/²/",  # a digit to str.isdigit, not to int
        "/quiz/q/١٢/",  # Arabic-Indic digits
        "/quiz/q/" + "1" * 5000 + "/",  # more digits than int reads from text
    ],
)
def test_it_answers_a_tampered_link_with_the_sites_404_page(client, url: str) -> None:
    for response in (client.get(url), client.post(url, {"amount": "1000"})):
        assert response.status_code == 404
        assert is_full_page(response)
        page = text_of(response)
        assert "Page not found" in page
        assert "This question link does not work" in page
        assert 'href="/quiz/"' in response.content.decode()
    by_htmx = client.post(url, {"amount": "1000"}, **HX)  # a stale form: reload, not nest
    assert by_htmx.status_code == 200
    assert unquote(by_htmx["HX-Redirect"]) == url


def test_it_keeps_score_streak_and_history(client) -> None:
    questions = [find("full", kind="ron", start=900_000 + 13 * i) for i in range(3)]
    for (q, s), right in zip(questions, (True, True, False), strict=True):
        data = right_answer(q, s) if right else {"amount": "100000"}
        client.post(q.url, data)
    page = text_of(client.get("/quiz/"))
    assert "2 right of 3" in page
    assert "streak 0 (best 2)" in page
    body = client.get("/quiz/").content.decode()
    for q, _ in questions:
        assert f'href="{html.escape(q.url)}"' in body
    again = client.post(questions[0][0].url, right_answer(*questions[0]))
    assert "not counted again" in text_of(again)
    assert "2 right of 3" in text_of(again)


def test_next_gives_a_fresh_question_with_the_options(client) -> None:
    response = client.get("/quiz/next/?mode=fu&level=advanced&rules=wrc")
    assert response.status_code == 302
    assert re.fullmatch(r"/quiz/q/\d+/\?mode=fu&level=advanced&rules=wrc", response["Location"])
    partial = client.get("/quiz/next/?mode=han")
    assert re.fullmatch(
        r"/quiz/q/\d+/\?mode=han&level=beginner&rules=mahjongsoul", partial["Location"]
    )
    bad = client.get("/quiz/next/?mode=fu&level=expert&rules=wrc")
    assert bad.status_code == 200
    assert "Please choose again" in text_of(bad)


def test_the_start_page_says_what_each_level_includes(client) -> None:
    page = text_of(client.get("/quiz/"))
    for words in ("Beginner", "Closed hands", "Intermediate", "honba", "Advanced", "kiriage"):
        assert words in page


def test_it_says_so_when_the_engine_cannot_score(client, monkeypatch) -> None:
    def broken(q):
        raise ScoringError("the hand has no yaku")

    monkeypatch.setattr(public, "solve", broken)  # the views check answers through public
    q, _ = find("full", kind="ron")
    for extra in ({}, HX):
        response = client.post(q.url, {"amount": "1000"}, **extra)
        assert response.status_code == 200
        assert "cannot score this question: the hand has no yaku" in text_of(response)


def test_the_verdict_lands_in_a_live_region_that_htmx_does_not_replace(client) -> None:
    # htmx swaps #answer whole (outerHTML): a live region on #answer itself would be new
    # each time, and screen readers announce changes only in regions already there.
    q, _ = find("payment")
    page = client.get(q.url).content.decode()
    live = re.search(r'<div class="answer-live" aria-live="polite">\s*<div id="answer"', page)
    assert live, "the live region must wrap #answer"
    assert not re.search(r'id="answer"[^>]*aria-live', page)


def test_a_question_that_changes_a_rule_says_so_in_plain_words_at_the_top(client) -> None:
    q, _ = find(
        "full",
        level="advanced",
        where=lambda q, s: (
            isinstance(q.request["rules"], dict) and q.request["rules"].get("open_tanyao") is False
        ),
    )
    body = client.get(q.url).content.decode()
    note = re.search(r'<p class="rule-change" id="rule-change">(.*?)</p>', body)
    assert note, "no rule change note"
    assert text_of_html(note.group(1)) == "This question: open tanyao does not count."
    assert body.index('id="rule-change"') < body.index('id="question"')
    assert "(off)" not in body and "(on)" not in body


def test_a_question_in_its_presets_rules_has_no_rule_note(client) -> None:
    q, _ = find("full", level="advanced", where=lambda q, s: isinstance(q.request["rules"], str))
    assert 'id="rule-change"' not in client.get(q.url).content.decode()


def text_of_html(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment)).strip()


@pytest.mark.parametrize(("mode", "kind"), [("full", "split"), ("fu", "fu"), ("han", "han")])
def test_show_the_answer_counts_as_wrong_and_explains(client, mode: str, kind: str) -> None:
    q, s = find(mode, kind=kind)
    assert "Show the answer" in text_of(client.get(q.url))
    for extra in ({}, HX):
        response = client.post(q.url, {"reveal": "1"}, **extra)
        page = text_of(response)
        assert "The answer" in page and "counts as wrong" in page
        assert "Right!" not in page and "Not quite" not in page
        assert "How it is worked out" in page
        assert response.content.decode().count('<li class="step step-') == len(s.steps)
    assert "0 right of 1" in text_of(client.get("/quiz/"))
    assert "wrong: answer shown" in text_of(client.get("/quiz/"))


def test_show_the_answer_after_answering_does_not_count_again(client) -> None:
    q, s = find("fu", kind="fu")
    client.post(q.url, right_answer(q, s))
    again = text_of(client.post(q.url, {"reveal": "1"}))
    assert "not counted again" in again
    assert "1 right of 1" in text_of(client.get("/quiz/"))


def test_skip_moves_on_with_the_same_options_and_counts_nothing(client) -> None:
    q, _ = find("han", kind="han", level="advanced", rules="wrc")
    body = client.get(q.url).content.decode()
    skip = re.search(r'<a href="([^"]+)" class="skip-question">Skip this question</a>', body)
    assert skip and html.unescape(skip.group(1)) == q.next_url
    moved = client.get(html.unescape(skip.group(1)))
    assert moved.status_code == 302
    assert "mode=han&level=advanced&rules=wrc" in moved["Location"]
    assert "No answers yet" in text_of(client.get("/quiz/"))


def shared_words(mode: str) -> list[str]:
    """What every question of a mode says, whatever its answer (the prompt, the field hints):
    the han prompt's "a yakuman counts as 13 han" is a convention, not this hand's han."""
    from quizsite.quiz.forms import ANSWER_FORMS

    q, _ = find(mode)
    form = ANSWER_FORMS[q.kind]()
    return [q.prompt, *(str(f.help_text) for f in form.visible_fields() if f.help_text)]


@pytest.mark.parametrize("mode", ["fu", "han"])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced"])
def test_a_fu_or_han_question_does_not_show_its_number(client, mode: str, level: str) -> None:
    """The leak test: neither the number asked for, nor any reading of the hand is on the page.

    Two ways in: the page is made without scoring the hand (so nothing the engine works out
    can reach it, see below), and its text never says "<answer> fu"/"<answer> han" (past the
    words every question of the mode shares), nor shows the fu at all, nor does the request it
    carries hold a fu or han."""
    questions = [find(mode, level=level, start=610_001 + 17 * i) for i in range(8)]
    unit = mode
    for q, s in questions:
        answer = s.fu if mode == "fu" else s.han
        body = client.get(q.url).content.decode()
        text = text_of_html(body)
        # The words every question of the mode shares, and the rules ("4 han 30 fu ...
        # (kiriage)"): about every hand, not this one.
        for words in [*shared_words(mode), *q.rule_changes]:
            assert words in text
            text = text.replace(words, " ")
        for number in {answer, s.fu_raw if mode == "fu" else answer}:
            assert not re.search(rf"(?<![\d#]){number}\s*{unit}\b", text, re.I), (q.url, number)
        sent = request_of(client.get(q.url))  # the one data attribute: the engine's request
        assert not {"fu", "han", "yaku", "points"} & set(sent), sorted(sent)
        if mode == "fu":
            shown = {int(n) for n in re.findall(r"(?<![\d#])\d+(?!\d)", text)}
            facts = {q.request["honba"], q.request["sticks"], 10}  # "the last 10 questions"
            assert s.fu not in shown - facts, (q.url, s.fu)


@pytest.mark.parametrize("mode", ["fu", "han", "full", "payment"])
def test_a_question_page_is_made_without_scoring_the_hand(client, monkeypatch, mode) -> None:
    from quizsite.quiz import questions

    q, _ = find(mode)

    def refuse(*args, **kwargs):
        raise AssertionError("the page that asks worked out the answer")

    monkeypatch.setattr(questions, "score", refuse)
    monkeypatch.setattr(questions, "settle", refuse)
    monkeypatch.setattr(public, "solve", refuse)
    response = client.get(q.url)
    assert response.status_code == 200
    assert 'id="answer"' in response.content.decode()


def test_the_question_renders_alone_for_other_pages_to_reuse() -> None:
    from django.template.loader import render_to_string

    q, _ = find("full", level="advanced", where=lambda q, s: bool(q.rule_changes))
    part = render_to_string("quiz/question.html#question", {"q": q})
    assert 'id="question"' in part and 'id="rule-change"' in part
    assert "<html" not in part and 'id="answer"' not in part


def test_a_question_is_scored_once_however_often_it_is_solved(monkeypatch):
    # A page judges an answer and records its topics from the same question: one scoring.
    from quizsite.quiz import questions

    q = public.make_question(12, {"mode": "fu", "level": "beginner", "rules": "mahjongsoul"})
    calls = []
    real = questions.solve
    monkeypatch.setattr(questions, "solve", lambda question: calls.append(1) or real(question))
    first = public.solve(q)
    assert public.solve(q) is first and len(calls) == 1
    linked = public.linked(q, url="/x/", next_url="/y/")  # a new question: solved anew
    assert public.solve(linked) == first and len(calls) == 2
    assert first.fu == score_json(q.request)["fu"]
