"""The quiz, practice and progress in Japanese: every page and state at its /ja/ address reads no
English of their own (tests/i18n/english.py's checker), the verdicts, hints and forms answer in
Japanese (htmx partials too), links stay on /ja/, the CSV's headings follow the page's language,
a question is judged exactly as in English, and the English pages are as they were.

What the engine and the other parts of the site word (the explanation's steps, yaku and tile
names, presets' titles, rule switches, round names, the generator's stories, the forms' stock
messages) is still English until their Japanese is merged: it is cut out of a page before the
check, by what makes it (`PENDING_ENGINE_BLOCKS`, `engine_texts`), and the few engine words
quoted inside the quiz's own sentences are listed in `PENDING_ENGINE`; the lead removes these
then.
"""

from __future__ import annotations

import csv
import io
import re
from html import escape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from quizsite.practice.models import Response
from quizsite.quiz.public import make_question, solve
from tests.factory import (
    answer_question,
    fake_request,
    linked_question,
    make_attempt,
    make_drill,
    make_user,
    practice_right_post,
    practice_wrong_post,
)
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
HAND_MODES = ("payment", "fu", "han", "full")
TABLE_MODES = ("draw", "pao", "multiron", "counters", "final")
LEVELS = ("beginner", "intermediate", "advanced")

# Parts of a page worded by the engine or shared with other parts of the site.
PENDING_ENGINE_BLOCKS: tuple[str, ...] = ()
# Engine words the quiz's own sentences quote: the yaku and wait names in a hint or an answer,
# the han as the engine says it ("13 han (counted yakuman …)"), seats in an engine step quoted
# by a hint.
PENDING_ENGINE: frozenset[str] = frozenset()


def engine_texts(*questions: Any) -> list[str]:
    """The engine's and the registry's own sentences the pages quote whole: presets' titles,
    yaku and dora names, the rule changes a question states, its round's name, its story, the
    fu items' reasons and the explanation's steps quoted by a hint."""
    from scoring.engine.rules import PRESETS
    from scoring.engine.table import hand_name
    from scoring.engine.yaku import DORA_NAMES, YAKU

    texts = [p.title for p in PRESETS.values()]
    texts += [y.name for y in YAKU.values()] + list(DORA_NAMES.values())
    for q in questions:
        texts += list(getattr(q, "rule_changes", []))
        texts += [q.named_seats(line) for line in getattr(q, "story", ())]
        if q.is_table and q.kind != "final":
            r = q.request
            texts.append(hand_name(r["round"], r["dealer"], r["honba"]))
        if not q.is_table:
            sol = solve(q)
            texts += [sol.han_text] + [i["reason"] for i in sol.fu_items]
            texts += [s["text"] for s in sol.steps]
    return sorted({t for t in texts if t}, key=len, reverse=True)


def stock_messages() -> list[str]:
    """The forms' stock messages as the shared form words make them (after their label)."""
    return [" must be one of [^<]*", " is needed"]


def left_english(html: bytes | str, *questions: Any) -> list[str]:
    """English on a Japanese page beyond what the engine and the shared parts still say."""
    text = html.decode() if isinstance(html, bytes) else html
    for block in PENDING_ENGINE_BLOCKS:
        text = re.sub(block, "", text, flags=re.S)
    for said in engine_texts(*questions):
        text = text.replace(escape(said), "").replace(said, "")
    for message in stock_messages():
        text = re.sub(message, "", text)
    return sorted({w for w in english_words(text) if w not in PENDING_ENGINE})


def japanese(response: Any, where: str, *questions: Any) -> str:
    """The page, checked: 200, in Japanese (a whole page says so), no English of its own."""
    assert response.status_code == 200, (where, response.status_code)
    assert response["Content-Language"] == "ja", where
    page = response.content.decode()
    assert '<html lang="ja"' in page or "<html" not in page, f"{where}: not a Japanese page"
    left = left_english(page, *questions)
    assert not left, f"{where}: English left on the Japanese page: {left}"
    return page


def asked(mode: str, level: str, seed: int = 7) -> Any:
    with translation.override("ja"):
        return make_question(seed, {"mode": mode, "level": level, "rules": "mahjongsoul"})


def ja_url(q: Any) -> str:
    return f"/ja/quiz/q/{q.seed}/?{q.query}"


def en_url(q: Any) -> str:
    return f"/quiz/q/{q.seed}/?{q.query}"


def verdict_of(page: str) -> str:
    found = re.search(r'<section class="verdict.*?</section>', page, re.S)
    assert found, "no verdict"
    return found[0]


# --- The quiz ---------------------------------------------------------------------------------


def test_the_start_page_is_japanese_and_the_english_one_unchanged(client: Client) -> None:
    page = japanese(client.get("/ja/quiz/"), "/ja/quiz/")
    for term in ("クイズ", "出題形式", "初級", "支払い", "複数ロン", "最終得点", "開始"):
        assert term in page, term
    assert 'action="/ja/quiz/next/"' in page
    english = client.get("/quiz/").content.decode()
    assert "Work out what a winning hand is worth" in english and 'action="/quiz/next/"' in english
    assert "<strong>Payment</strong> at <strong>Beginner</strong> level" in english


def test_the_start_page_with_a_bad_choice_says_so_in_japanese(client: Client) -> None:
    response = client.get("/ja/quiz/next/?mode=nonsense")
    page = response.content.decode()
    assert response["Content-Language"] == "ja"
    assert "もう一度選んでください。" in page and "形式" in page
    # The message names the values the address may carry, as they are typed, and the one typed.
    typed = {*HAND_MODES, *TABLE_MODES, "nonsense"}
    assert set(left_english(page)) <= typed, left_english(page)


def test_a_fresh_question_from_a_japanese_page_stays_japanese(client: Client) -> None:
    response = client.get("/ja/quiz/next/?mode=fu&level=beginner")
    assert response.status_code == 302 and response["Location"].startswith("/ja/quiz/q/")


@pytest.mark.parametrize("mode", HAND_MODES + TABLE_MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_mode_asks_judges_and_explains_in_japanese(client: Client, mode: str, level: str):
    q = asked(mode, level)
    page = japanese(client.get(ja_url(q)), f"{mode}/{level}", q)
    assert "答え合わせ" in page and "答えを見る" in page
    assert 'href="/ja/quiz/next/?' in page and 'href="/ja/quiz/"' in page
    wrong = japanese(client.post(ja_url(q), practice_wrong_post(q)), f"{mode}/{level} wrong", q)
    assert "不正解" in verdict_of(wrong) and "あなたの答え" in wrong
    assert 'href="/ja/quiz/next/?' in verdict_of(wrong)
    right = japanese(client.post(ja_url(q), practice_right_post(q)), f"{mode}/{level} right", q)
    assert "正解！" in verdict_of(right)
    shown = japanese(client.post(ja_url(q), {"reveal": "1"}), f"{mode}/{level} shown", q)
    assert "求めに応じて表示しました" in shown


@pytest.mark.parametrize("mode", HAND_MODES + TABLE_MODES)
def test_an_empty_answer_is_refused_in_japanese(client: Client, mode: str) -> None:
    q = asked(mode, "intermediate", seed=11)
    page = japanese(client.post(ja_url(q), {}, **HX), f"{mode} empty", q)
    assert "答えを確認してください。" in page
    assert "入力してください" in page or "選んでください" in page


def test_an_htmx_answer_to_a_ja_question_answers_in_japanese(client: Client) -> None:
    q = asked("payment", "beginner", seed=3)
    response = client.post(ja_url(q), practice_right_post(q), **HX)
    page = japanese(response, "htmx right", q)
    assert "<html" not in page and "正解！" in page and "計算の手順" in page
    assert 'hx-swap-oob="true"' in page and "このセッション" in page
    wrong = japanese(client.post(ja_url(q), practice_wrong_post(q), **HX), "htmx wrong", q)
    assert "不正解" in verdict_of(wrong)
    # The same posted to the English address answers in English.
    english = client.post(en_url(q), practice_right_post(q), **HX).content.decode()
    assert "Right!" in english and "正解" not in english


def test_a_hint_names_the_slip_in_japanese(client: Client) -> None:
    """A payment without its honba: the hint says so in Japanese; in English as before."""
    for seed in range(200):
        q = asked("payment", "intermediate", seed)
        if q.request["honba"] and not q.tsumo:
            break
    s = solve(q).settlement
    left_out = s.payments.get("ron", 0) - 300 * s.honba
    page = japanese(client.post(ja_url(q), {"amount": str(left_out)}), "honba slip", q)
    assert "本場を入れ忘れています" in page and "ここに注目：" in page
    english = client.post(en_url(q), {"amount": str(left_out)}).content.decode()
    assert "You left out the honba" in english and "Look here:" in english


def test_the_answer_is_worded_as_a_japanese_scoring_book(client: Client) -> None:
    for seed in range(200):
        q = asked("payment", "beginner", seed)
        if q.kind == "split":
            break
    payments = solve(q).payments
    page = client.post(ja_url(q), {"reveal": "1"}).content.decode()
    assert f"{payments['non_dealer']:,}・{payments['dealer']:,}（子・親）" in page
    english = client.post(en_url(q), {"reveal": "1"}).content.decode()
    assert (
        f"{payments['non_dealer']}/{payments['dealer']} (each non-dealer / the dealer)" in english
    )


def test_a_table_question_reads_as_a_japanese_table(client: Client) -> None:
    q = asked("draw", "beginner")
    page = japanese(client.get(ja_url(q)), "draw", q)
    for term in ("席", "持ち点", "リーチ", "流局時", "荒牌流局", "本場", "供託"):
        assert term in page, term
    assert re.search(r"<th scope=\"row\">[東南西北]（親）</th>", page)
    final = japanese(client.get(ja_url(asked("final", "beginner"))), "final")
    assert "終局時の持ち点" in final and "オカとウマ" in final


def test_a_japanese_keyboards_digits_and_units_are_read_as_in_english(client: Client) -> None:
    q = asked("fu", "beginner", seed=5)
    fu = solve(q).fu
    wide = "".join(chr(ord(c) + 0xFEE0) for c in str(fu))  # "３０"
    for typed in (f"{wide}符", f"{fu}符", f"{fu} fu"):
        page = client.post(ja_url(q), {"fu": typed}).content.decode()
        assert "正解！" in page, typed
        assert "Right!" in client.post(en_url(q), {"fu": typed}).content.decode(), typed


def answered_rows(client: Client, url: str, post: dict[str, str]) -> tuple[Any, ...]:
    client.post(url, post)
    row = Response.objects.order_by("-pk").first()
    assert row is not None
    return row.right, row.category, tuple(row.topics), tuple(row.charged)


@pytest.mark.parametrize("mode", HAND_MODES + TABLE_MODES)
def test_a_quiz_in_japanese_is_judged_exactly_as_in_english(mode: str) -> None:
    """The same answers, right and wrong, to the same questions: the same verdict, diagnosis
    and topics in either language."""
    for seed in (1, 2, 3):
        q = asked(mode, "intermediate", seed)
        for post in (practice_right_post(q), practice_wrong_post(q)):
            english = answered_rows(Client(), en_url(q), post)
            japanese_ = answered_rows(Client(), ja_url(q), post)
            assert english == japanese_, (mode, seed, post)


def test_a_broken_question_link_says_so_in_japanese(client: Client) -> None:
    response = client.get("/ja/quiz/q/99999999999/?mode=fu")
    assert response.status_code == 404
    assert "問題番号ではありません" in response.content.decode()


# --- Practice and progress --------------------------------------------------------------------


def test_practice_home_empty_and_with_answers_is_japanese(client: Client) -> None:
    page = japanese(client.get("/ja/practice/"), "practice empty")
    assert "苦手を練習" in page and "練習を始める" in page and "初級" in page
    for seed in (3, 4, 5):
        client.post(ja_url(asked("fu", "intermediate", seed)), {"fu": "110"})
    page = japanese(client.get("/ja/practice/"), "practice with answers")
    assert "現在の状況" in page and "あなたの苦手" in page and "解答数3問" in page


def test_a_practice_question_and_its_answer_are_japanese(client: Client) -> None:
    response = client.get("/ja/practice/next/?level=beginner")
    assert response.status_code == 302 and response["Location"].startswith("/ja/practice/q/")
    url = response["Location"]
    q = linked_question(url)
    page = japanese(client.get(url), "practice question", q)
    assert "新規" in page and "新しい問題です" in page
    wrong = japanese(client.post(url, practice_wrong_post(q), **HX), "practice wrong", q)
    assert "不正解" in wrong and 'href="/ja/practice/next/"' in wrong
    page = japanese(client.get("/ja/practice/q/1/?mode=nonsense"), "practice broken link")
    assert "この練習のリンクが指す問題はありません。" in page


def test_a_missed_topic_comes_back_with_its_reason_in_japanese(client: Client) -> None:
    q = asked("fu", "intermediate", seed=3)
    client.post(ja_url(q), practice_wrong_post(q))
    topic = Response.objects.get().charged[0]
    url = client.get(f"/ja/practice/next/?topic={topic}")["Location"]
    page = japanese(client.get(url), "practice review", linked_question(url))
    why = re.search(r'<p class="why[^>]*>(.*?)</p>', page, re.S)[1]
    assert "復習" in why and "間違えています" in why and "1回" in why, why


def test_progress_empty_and_full_is_japanese(client: Client) -> None:
    page = japanese(client.get("/ja/progress/"), "progress empty")
    assert "まだ解答がありません" in page and 'href="/ja/quiz/"' in page
    for seed, right in ((3, False), (4, True), (5, False), (6, True)):
        q = asked("full", "intermediate", seed)
        client.post(ja_url(q), (practice_right_post if right else practice_wrong_post)(q))
    page = japanese(client.get("/ja/progress/"), "progress with answers")
    terms = ("正解率の推移", "翻・符の点数表", "よく間違える項目", "役とドラ", "符と待ち", "習得")
    for term in terms:
        assert term in page, term
    answer = Response.objects.filter(right=False).first()
    shown = japanese(client.get(f"/ja/progress/answers/{answer.pk}/"), "an answer explained")
    assert "に解答（クイズ）" in shown and "年" in shown
    assert 'href="/ja/practice/next/?topic=' in shown


def test_the_csv_headings_follow_the_page_language(client: Client) -> None:
    q = asked("fu", "beginner", seed=3)
    client.post(ja_url(q), practice_wrong_post(q))
    ja_rows = list(csv.reader(io.StringIO(client.get("/ja/progress/export.csv").content.decode())))
    en_rows = list(csv.reader(io.StringIO(client.get("/progress/export.csv").content.decode())))
    assert ja_rows[0][:3] == ["解答日時（UTC）", "出題元", "問題"] and "診断" in ja_rows[0]
    assert en_rows[0][:3] == ["answered (UTC)", "source", "question"]
    assert ja_rows[1][8] == "不正解" and en_rows[1][8] == "no"
    assert ja_rows[1][9] == en_rows[1][9]  # the diagnosis is an identifier, not a sentence


def test_deleting_answers_speaks_japanese(client: Client) -> None:
    client.post(ja_url(asked("fu", "beginner", seed=3)), {"fu": "30"})
    page = japanese(client.get("/ja/progress/delete/"), "delete")
    assert "このブラウザの解答を削除" in page and "1件" in page
    page = japanese(client.post("/ja/progress/delete/", {}), "delete unconfirmed")
    assert "何も削除していません" in page
    response = client.post("/ja/progress/delete/", {"confirm": "yes"})
    assert response.status_code == 302 and response["Location"].startswith("/ja/")
    japanese(client.get(response["Location"]), "deleted")


def test_an_instructors_student_view_is_japanese(client: Client) -> None:
    teacher, student = make_user("sensei"), make_user("Aiko")
    drill = make_drill(owner=teacher, count=1)
    make_attempt(drill, user=student)
    in_drill = drill.questions.get(number=1).as_question()
    answer_question(
        fake_request(student), in_drill, right=False, source="drill", ref=f"{drill.code}#1"
    )
    row = Response.objects.get(user=student)
    client.force_login(teacher)
    mine = japanese(client.get("/ja/progress/"), "teacher's progress")
    assert "あなたの生徒" in mine and f'href="/ja/progress/students/{student.pk}/"' in mine
    page = japanese(client.get(f"/ja/progress/students/{student.pk}/"), "student view")
    assert "Aikoさんの成績" in page and "よく間違える項目" in page and "最後の問題の解説" in page
    shown = client.get(f"/ja/progress/students/{student.pk}/answers/{row.pk}/")
    page = japanese(shown, "student's answer", in_drill)
    assert "Aikoさんの成績" in page and "（ドリル）" in page


def test_the_checks_read_the_fu_items_in_english_whatever_the_language() -> None:
    """Slips and topics are found by the fu items' reasons: the checks read them in English
    even when the engine words the page's in Japanese."""
    from scoring.engine import words

    for seed in (3, 4, 5):
        q = asked("fu", "intermediate", seed)
        with translation.override("ja"), words.language("ja"):
            in_japanese = solve(q)
        in_english = solve(asked("fu", "intermediate", seed))  # a question keeps its solution
        assert in_japanese.checked_items == in_english.checked_items == in_english.fu_items
        assert len(in_japanese.fu_items) == len(in_japanese.checked_items)
