"""Every language of the list reads no English a visitor would read: the same walks for each
(`words.LANGUAGES`, English aside), so a language added to the list is checked as it is added.

- every page of tests/e2e/pages.py that opens at an address, and the main pages;
- forms after posting (their errors), a game board with every kind of hand and its end, the
  game's CSV headings, a drill's results and its CSV, a quiz question judged, an imported log's
  review, the password reset e-mail;
- every explanation step kind the engine makes, its messages about a request, the API's
  `lang=` and the command line's `--lang`.

The Japanese pages have deeper tests of their own (test_ja_*.py: the right terms in the right
places); these walks are what every language shares. The browser's walk of every page (axe,
text wider than its box) is tests/e2e/test_every_language.py.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from urllib.parse import unquote, urlparse

import pytest
from django.core import mail
from django.test import Client
from django.utils import translation

from quizsite.games import logs
from quizsite.quiz.public import make_question
from scoring.cli import main
from scoring.engine import words
from scoring.engine.generate.options import LEVELS
from scoring.engine.generate.options import MODES as HAND_MODES
from scoring.engine.generate.settlements import TABLE_MODES
from tests.e2e.pages import SAMPLES
from tests.factory import (
    NEW_GAME,
    keep_in_session,
    make_answer,
    make_attempt,
    make_drill,
    make_user,
    practice_right_post,
    practice_wrong_post,
)
from tests.games.logs import logged_game
from tests.i18n.answers import DATA, DATA_WORDS, engine_messages, explained_answers, strings_in
from tests.i18n.english import english_words
from tests.i18n.main_pages import PAGES

pytestmark = pytest.mark.django_db

LANGUAGES = words.LANGUAGES[1:]
# What the address a visitor typed may carry back to them, as typed: the quiz's modes and levels.
NAMED_AS_TYPED = frozenset({*HAND_MODES, *TABLE_MODES, *LEVELS})


@pytest.fixture(autouse=True)
def english_after():
    """The test client's requests leave their language active: the next test starts in English."""
    yield
    translation.activate("en")


def left(page: str, *, allowed: frozenset[str] | set[str] = frozenset()) -> list[str]:
    return sorted({w for w in english_words(page) if w not in allowed})


def read(response, code: str, where: str, status: int = 200) -> str:
    """The page, checked: its status, its language, and no English word left."""
    assert response.status_code == status, (where, response.status_code)
    page = response.content.decode()
    assert f'<html lang="{code}"' in page or "<html" not in page, f"{where}: not in {code}"
    assert not (found := left(page)), f"{where}: English left in {code}: {found}"
    return page


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_main_pages_read_no_english(client: Client, code: str) -> None:
    found = {}
    for path in PAGES:
        response = client.get(f"/{code}{path}", follow=True)  # /drills/: to the log-in
        assert response.status_code == 200, path
        page = response.content.decode()
        assert f'<html lang="{code}"' in page, path
        if words_left := left(page):
            found[path] = words_left
    assert not found, f"English left in {code}: {found}"


OPENED = [s for s in SAMPLES if s.then is None]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_page_that_opens_at_an_address_reads_its_language(client: Client, code: str):
    found = {}
    for sample in OPENED:
        response = client.get(f"/{code}{sample.path}", follow=True)
        page = response.content.decode()
        assert f'<html lang="{code}"' in page, sample.label
        # What the visitor typed into the address comes back as typed ("rules=nope").
        address = urlparse(sample.path)
        typed = set(re.findall(r"[A-Za-z]+", unquote(f"{address.query} {address.path}")))
        if words_left := left(page, allowed=typed | NAMED_AS_TYPED if typed else set()):
            found[sample.label] = words_left
    assert not found, f"English left in {code}: {found}"


# ---- forms after posting -----------------------------------------------------------------


def forms(drill_code: str) -> list[tuple[str, dict[str, object]]]:
    """Forms sent wrong (each answers with its own messages, nothing saved)."""
    return [
        ("/games/new/", {**NEW_GAME, "west": "aiko"}),
        ("/games/new/", {**NEW_GAME, "north": "あ" * 41}),
        ("/games/clubs/new/", {"name": ""}),
        ("/games/import/", {"text": "{"}),
        ("/games/import/", {"text": "東1局"}),
        ("/accounts/login/", {"username": "nobody", "password": "wrong-password-1"}),
        ("/accounts/signup/", {"username": "", "password1": "a", "password2": "b"}),
        ("/classes/sign-in/", {"code": "NOPE99"}),
        (f"/d/{drill_code}/", {"name": "  "}),
        ("/drills/new/", {"title": "", "count": "500", "mode": ""}),
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_forms_sent_wrong_answer_in_the_language(client: Client, code: str) -> None:
    drill = make_drill(make_user("sensei"), count=3, title="符")
    found = {}
    for path, data in forms(drill.code):
        if path.startswith("/drills/"):
            client.force_login(make_user("Kenji"))
        response = client.post(f"/{code}{path}", data)
        assert response.status_code in (200, 400, 429), (path, response.status_code)
        page = response.content.decode()
        assert f'<html lang="{code}"' in page, path
        if words_left := left(page, allowed={"aiko"}):  # a name typed twice, quoted back
            found[f"POST {path} {sorted(data)}"] = words_left
    hand = client.get(f"/{code}/hand/?hand=123m456p789s11z234s&win=5s")
    if words_left := left(hand.content.decode()):
        found["/hand/ (a win tile not in the hand)"] = words_left
    assert not found, f"English left in {code}: {found}"


# ---- a game kept at the table, start to end, and its CSV ---------------------------------

KINDS = [
    {"kind": "ron", "winners": "1", "discarder": "0", "han_1": "3", "fu_1": "30", "riichi": "1"},
    {"kind": "tsumo", "winners": "2", "limit_2": "5"},
    {"kind": "draw", "tenpai": ["0", "3"], "riichi": "3"},
    {"kind": "abortive", "reason": "nine_terminals"},
    {"kind": "chombo", "chombo": "3"},
    {"kind": "ron", "winners": ["1", "2"], "discarder": "0", "han_1": "2", "fu_1": "40",
     "limit_2": "y1", "pao": "3", "pao_for": "2"},
]  # fmt: skip


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_game_with_every_kind_of_hand_its_end_and_its_csv(client: Client, code: str) -> None:
    from quizsite.games.models import Game

    response = client.post(f"/{code}/games/new/", NEW_GAME)
    assert response.status_code == 302 and response["Location"].startswith(f"/{code}/games/")
    game = Game.objects.latest("created")
    base = f"/{code}/games/{game.slug}"
    read(client.get(f"{base}/"), code, "board, fresh")
    read(client.get(f"{base}/hand/"), code, "the hand form")
    for fields in KINDS:
        game.refresh_from_db()
        preview = client.post(f"{base}/hand/", {"version": game.version, **fields})
        read(preview, code, f"settlement of {fields['kind']}")
        saved = client.post(f"{base}/hand/", {"version": game.version, **fields, "save": "1"})
        assert saved.status_code == 302, (fields, left(saved.content.decode()))
    read(client.get(f"{base}/"), code, "board, every kind of hand")
    read(client.get(f"{base}/watch/"), code, "the watch page")
    client.post(f"{base}/end/", {"version": game.hands.count(), "why": "time"})
    read(client.get(f"{base}/"), code, "board, over")
    rows = list(csv.reader(io.StringIO(client.get(f"{base}/game.csv").content.decode())))
    names = set(NEW_GAME.values())
    heading = [w for cell in rows[0] for w in english_words(f"<p>{html.escape(cell)}</p>")]
    assert not [w for w in heading if w not in names], rows[0]
    said = [w for row in rows[1:] for w in english_words(f"<p>{html.escape(row[2])}</p>")]
    assert not [w for w in said if w not in names], [row[2] for row in rows[1:]]


# ---- a drill's results and their CSV; a quiz question judged -----------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_drill_s_results_and_their_csv(client: Client, code: str) -> None:
    owner = make_user("sensei")
    client.force_login(owner)
    drill = make_drill(owner, count=3, title="符")
    attempt = make_attempt(drill, "Aiko")
    with translation.override(code):  # an answer is kept as its student's page worded it
        make_answer(attempt, 1)
        make_answer(attempt, 2, right=False)
    results = client.get(f"/{code}/drills/{drill.code}/results/")
    assert results.status_code == 200
    # Left out: a wrong answer's diagnosis (a cell's title, the most common wrong answers),
    # which the board shows as stored, the verdict's English key ("wrong payment"), in every
    # language: a known gap, to be worded from a catalogue of the slips' names.
    page = re.sub(r' title="[^"]*"', "", results.content.decode())
    page = re.sub(r'<span class="diagnosis">[^<]*</span>', "", page)
    assert not (found := left(page, allowed={"Aiko", drill.code})), found
    stream = client.get(f"/{code}/drills/{drill.code}/results.csv").streaming_content
    heading = b"".join(stream).decode().splitlines()[0]
    assert not english_words(f"<p>{heading}</p>"), heading


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("mode", ["full", "payment", "draw", "final"])
def test_a_quiz_question_asked_judged_and_shown(client: Client, code: str, mode: str) -> None:
    with translation.override(code):
        q = make_question(7, {"mode": mode, "level": "intermediate", "rules": "mahjongsoul"})
    url = f"/{code}/quiz/q/{q.seed}/?{q.query}"
    read(client.get(url), code, f"{mode}: the question")
    read(client.post(url, practice_wrong_post(q)), code, f"{mode}: a wrong answer")
    read(client.post(url, practice_right_post(q)), code, f"{mode}: a right answer")
    read(client.post(url, {"reveal": "1"}), code, f"{mode}: the answer shown")
    read(client.post(url, {}, HTTP_HX_REQUEST="true"), code, f"{mode}: an empty answer")


# ---- an imported log, the e-mail ----------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_imported_log_s_review(client: Client, code: str) -> None:
    game = logs.import_log(logged_game(), digest="d").game
    keep_in_session(client, "game", game.slug, game.edit_token)
    for path in (f"/{code}/games/{game.slug}/log/", f"/{code}/games/{game.slug}/watch/log/"):
        read(client.get(path), code, path)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_password_reset_e_mail(client: Client, code: str) -> None:
    make_user("kenji", email="kenji@example.com")
    response = client.post(f"/{code}/accounts/reset/", {"email": "kenji@example.com"})
    assert response["Location"] == f"/{code}/accounts/reset/sent/"
    (message,) = mail.outbox
    text = ADDRESS_OR_NAME.sub("", f"{message.subject}\n{message.body}")
    assert not english_words(f"<p>{html.escape(text)}</p>"), text


ADDRESS_OR_NAME = re.compile(r"https?://\S+|kenji|example\.com")


# ---- the engine: every step kind, its messages, the API and the command line ---------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_explanation_step_reads_the_language(code: str) -> None:
    with words.language(code):
        answers = explained_answers()
        messages = engine_messages()
    found: set[str] = set()
    for answer in answers:
        worded = [s for s in strings_in(answer) if not DATA.match(s)]
        found |= {w for s in worded for w in english_words(f"<p>{html.escape(s)}</p>")}
    for text in messages:  # a request's field is named as it is typed ("seat_order")
        text = re.sub(r'"[\w-]+"', "", text)
        found |= set(english_words(f"<p>{html.escape(text)}</p>")) - DATA_WORDS
    assert not found, f"English left in {code}'s explanations: {sorted(found)}"


SCORE = {"hand": "123m456p789s11z234s", "win": "4s", "flags": ["riichi"], "dora": "2s"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_api_and_the_command_line_explain_in_the_language(
    client: Client, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    points = client.get(f"/api/v1/points?han=3&fu=30&dealer=0&tsumo=1&lang={code}")
    assert points.status_code == 200
    assert not english_words(" ".join(s["text"] for s in points.json()["steps"]))
    scored = client.post(f"/api/v1/score?lang={code}", json.dumps(SCORE),
                         content_type="application/json")  # fmt: skip
    assert scored.status_code == 200, scored.content
    assert not english_words(" ".join(s["text"] for s in scored.json()["steps"]))
    bad = client.post(f"/api/v1/score?lang={code}", json.dumps({**SCORE, "win": "5s"}),
                      content_type="application/json")  # fmt: skip
    assert bad.status_code == 400 and not english_words(bad.json()["error"])
    assert main(["score", json.dumps(SCORE), "--explain", "--lang", code]) == 0
    out = capsys.readouterr().out
    assert out and not english_words(f"<p>{html.escape(out)}</p>"), out
    assert main(["points", "4", "24", "--dealer", "--tsumo", "--explain", "--lang", code]) == 0
    out = capsys.readouterr().out
    assert out and not english_words(f"<p>{html.escape(out)}</p>"), out
