"""Drills, accounts and the error pages in Japanese: every page and state at its /ja/ address
reads Japanese (tests/i18n/english.py), the right Japanese appears, and the English pages stay
as they were.

Parts of these pages are worded elsewhere and checked there: the question cards, verdicts and
mode names (the quiz), the explanation steps and focus labels (the engine), the rule switches
and preset names (the rules). Those parts are set aside here (`theirs`), and the English words
they still show are listed in `PENDING_ENGINE` until their translations are merged.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.db import OperationalError
from django.test import Client

from quizsite.drills.models import Answer, Drill
from tests.factory import (
    NEW_DRILL,
    PASSWORD,
    join,
    make_answer,
    make_attempt,
    make_class,
    make_drill,
    make_user,
    right_post,
    wrong_post,
)
from tests.helpers import HX
from tests.i18n.english import english_words

pytestmark = pytest.mark.django_db

# English still shown by parts worded outside drills and accounts (the quiz's mode titles and
# diagnoses, the answers as the quiz words them, the presets' names): removed once merged.
PENDING_ENGINE: frozenset[str] = frozenset()
# An address is no English (the QR code's title names the link, /ja/ and all).
ADDRESSES = frozenset({"http", "https", "testserver", "ja"})

# The parts of a page worded by the quiz, the engine and the rules (their own tests check them).
THEIRS = (
    "dq-body",  # a question card: the quiz's prompt and the hand
    "steps",  # the engine's explanation steps
    "key-answer",  # the answer as the quiz words it
    "switches",  # the rule switches
    "choice-list",  # the quiz's modes and the engine's level notes
    "focus-list",  # the engine's focus labels
    "cell-given",  # an answer as the quiz worded it when it was given
    "given",  # the same on the learner's summary and the most common wrong answers
    "diagnosis",  # a wrong answer's diagnosis as the quiz names it
    "answer-form",  # the quiz's answer form
)
OTHERS = (
    r'<select name="rules"',  # the presets' names (the rules)
    r"<summary>解答：<strong",  # the answer as the quiz words it, in the preview
    r'<button type="submit" name="language"',  # the switch's value is not shown (base.html)
)


def theirs(html: str) -> str:
    """The page with the parts worded elsewhere marked `translate="no"` (the checker skips
    them)."""
    names = "|".join(THEIRS)
    html = re.sub(
        rf'<(\w+)(\s[^>]*class="[^"]*\b(?:{names})\b[^"]*")',
        r'<\1 translate="no"\2',
        html,
    )
    for start in OTHERS:
        html = re.sub(f"({start})", r'\1 translate="no"', html)
    # A results cell's title (the answer as given, its diagnosis) and a question's (its answer),
    # and an answer quoted back to the learner: the quiz's words.
    html = re.sub(r'(<td class="cell [^"]*")( tabindex="0")? title="[^"]*"', r"\1\2", html)
    html = re.sub(r'(<a class="q-link" [^>]*?) title="[^"]*"', r"\1", html)
    return re.sub(
        r"(あなたの解答：|前回の解答 )<strong>.*?</strong>", r"\1<strong>…</strong>", html
    )


def left_english(html: str | bytes) -> list[str]:
    text = html.decode() if isinstance(html, bytes) else html
    return [w for w in english_words(theirs(text)) if w not in PENDING_ENGINE | ADDRESSES]


def japanese(response: Any, where: str, status: int = 200, *, only: Any = None) -> str:
    """The page, checked: the status, `<html lang="ja">` (a full page), no English left (in
    the parts `only` picks from it, when the rest is worded elsewhere)."""
    assert response.status_code == status, (where, response.status_code)
    page = response.content.decode()
    assert '<html lang="ja"' in page or "<html" not in page, f"{where}: not a Japanese page"
    left = left_english(only(page) if only else page)
    assert not left, f"{where}: English left on the Japanese page: {sorted(set(left))}"
    return page


@pytest.fixture
def owner(client: Client) -> Any:
    user = make_user("sensei")
    client.force_login(user)
    return user


def drill_of(owner: Any, **fields: Any) -> Drill:
    """A drill with a Japanese title and a code that reads as a code (it has digits)."""
    drill = make_drill(owner, **{"title": "符の練習", "count": 3} | fields)
    Drill.objects.filter(pk=drill.pk).update(code=f"K{drill.pk:05d}")
    drill.refresh_from_db()
    return drill


# The instructor's pages.


def test_the_list_of_drills_empty_and_full(client, owner):
    page = japanese(client.get("/ja/drills/"), "/ja/drills/ (empty)")
    assert "まだドリルはありません" in page
    drill = drill_of(owner)
    Drill.objects.filter(pk=drill.pk).update(is_open=False)
    page = japanese(client.get("/ja/drills/"), "/ja/drills/")
    assert "符の練習" in page and "締め切り" in page and "作成日" in page
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日", page), "the date in Japanese"
    english = client.get("/drills/").content.decode()
    assert "Your drills" in english and "closed" in english and "まだ" not in english


def test_the_builder_and_its_errors(client, owner):
    page = japanese(client.get("/ja/drills/new/"), "/ja/drills/new/")
    assert "ドリルを作る" in page and "出題する" in page
    wrong = NEW_DRILL | {"count": "51", "max_students": "0", "time_limit": "x"}
    page = japanese(client.post("/ja/drills/new/", wrong), "/ja/drills/new/ (errors)")
    assert "ドリルの内容を確認してください。" in page
    assert "ドリルの問題数は1〜50問です。" in page
    assert "上限は1〜5000人です。" in page
    table = NEW_DRILL | {"mode": "draw", "focus_counters": "on"}
    page = japanese(client.post("/ja/drills/new/", table), "/ja/drills/new/ (table focus)")
    assert "卓の問題のモード" in page
    bounds = NEW_DRILL | {"focus_han_low": "9", "focus_fu_high": "ten"}
    page = japanese(client.post("/ja/drills/new/", bounds), "/ja/drills/new/ (bounds)")
    assert "翻（下限）：1から4までです。" in page and "符（上限）：20から110までの整数" in page
    assert not Drill.objects.exists()
    english = client.post("/drills/new/", bounds).content.decode()
    assert (
        "Han from: from 1 to 4." in english and "Fu to: a whole number from 20 to 110." in english
    )


def test_the_builder_says_in_japanese_why_a_focus_cannot_be_met(client, owner):
    limit = NEW_DRILL | {"mode": "fu", "level": "beginner", "focus_limits": ["mangan"]}
    page = japanese(client.post("/ja/drills/new/", limit), "/ja/drills/new/ (limit on fu)")
    assert (
        "この絞り込みでは出題できません：絞り込みの「満貫」：初級の符の問題は、"
        "符で支払いが変わる満貫未満の手だけです。翻または総合のモードか、上級を選んでください。"
    ) in page
    cells = NEW_DRILL | {"level": "intermediate", "focus_fu_low": "80", "focus_fu_high": "110"}
    page = japanese(client.post("/ja/drills/new/", cells), "/ja/drills/new/ (cells)")
    assert "雀魂のルールでは1〜4翻、80〜110符になる中級の符の問題はありません" in page
    assert "上級を選んでください（槓子で符が増えます）。" in page
    assert not Drill.objects.exists()
    english = client.post("/drills/new/", limit).content.decode()
    assert "The focus cannot be met: focus limit “Mangan”: fu questions at beginner" in english


def test_the_builder_filled_in_from_a_link(client, owner):
    page = japanese(client.get("/ja/drills/new/?mode=fu&focus_counters=on"), "prefilled")
    assert "<strong>入力済み</strong>" in page and "出題の絞り込み" in page


def test_a_new_drill_opens_its_japanese_preview(client, owner):
    response = client.post("/ja/drills/new/", NEW_DRILL | {"title": "木曜クラブ"})
    drill = Drill.objects.get()
    assert response["Location"] == f"/ja/drills/{drill.code}/preview/"


def test_the_share_page_and_the_projector(client, owner):
    drill = drill_of(owner, time_limit=15, max_students=30, shuffle=True)
    page = japanese(client.get(f"/ja/drills/{drill.code}/"), "share page")
    assert f"/ja/d/{drill.code}/" in page and "testserver/ja/d/" in page
    assert "15分" in page and "上限30人" in page and "受講者ごとに入れ替え" in page
    assert "初級" in page and "解答ごと" in page
    page = japanese(client.get(f"/ja/drills/{drill.code}/projector/"), "projector")
    assert '<html lang="ja">' in page and "またはスキャンしてドリルを開く" in page
    english = client.get(f"/drills/{drill.code}/").content.decode()
    assert "15 minutes" in english and "Beginner" in english and "testserver/d/" in english


def test_preview_redraw_sheet_and_key(client, owner):
    drill = drill_of(owner)
    page = japanese(client.get(f"/ja/drills/{drill.code}/preview/"), "preview")
    assert "第1問" in page and page.count("出し直す") == 3 and "解答：<strong>" in page
    part = client.post(f"/ja/drills/{drill.code}/preview/2/redraw/", **HX)
    assert "第2問" in japanese(part, "redraw (htmx)")
    make_answer(make_attempt(drill), 1)
    part = client.post(f"/ja/drills/{drill.code}/preview/2/redraw/", **HX)
    assert "問題は変更できません" in japanese(part, "redraw refused (htmx)")
    page = japanese(client.get(f"/ja/drills/{drill.code}/sheet/"), "sheet")
    assert "問題用紙" in page and "名前：" in page and "3問" in page
    page = japanese(client.get(f"/ja/drills/{drill.code}/key/"), "key")
    assert "符の練習：解答" in page and "第3問：" in page


def test_edit_and_its_errors(client, owner):
    drill = drill_of(owner)
    page = japanese(client.get(f"/ja/drills/{drill.code}/edit/"), "edit")
    assert "「符の練習」を編集" in page and "初級" in page
    post = {"title": "", "explain": "each", "max_students": "-3"}
    page = japanese(client.post(f"/ja/drills/{drill.code}/edit/", post), "edit (errors)")
    assert "ドリルの内容を確認してください。" in page


def test_delete_a_drill_with_and_without_students(client, owner):
    drill = drill_of(owner)
    page = japanese(client.get(f"/ja/drills/{drill.code}/delete/"), "delete (no students)")
    assert "その3問が削除され" in page
    make_answer(make_attempt(drill), 1)
    page = japanese(client.get(f"/ja/drills/{drill.code}/delete/"), "delete")
    assert "受講者1人の受講記録、解答1件が削除され" in page
    english = client.get(f"/drills/{drill.code}/delete/").content.decode()
    assert "its 3 questions, 1 student' attempt and 1 answer are deleted" in english
    response = client.post(f"/ja/drills/{drill.code}/delete/")
    assert response["Location"] == "/ja/drills/"
    page = japanese(client.get("/ja/drills/"), "list after delete")
    assert f"ドリル「符の練習」（{drill.code}）を削除しました。" in page


def test_results_board_partial_pager_remove_and_csv(client, owner):
    drill = drill_of(owner)
    page = japanese(client.get(f"/ja/drills/{drill.code}/results/"), "results (empty)")
    assert "まだ誰も開始していません" in page and f"/ja/d/{drill.code}/" in page
    attempt = make_attempt(drill, "Aiko")
    make_answer(attempt, 1)
    make_answer(attempt, 2, right=False)
    page = japanese(client.get(f"/ja/drills/{drill.code}/results/"), "results")
    assert "受講者1人" in page and "解答2件" in page and "正解率" in page and "多かった誤答" in page
    part = client.get(f"/ja/drills/{drill.code}/results/?v=old", **HX)
    assert "<html" not in japanese(part, "results (htmx)")
    make_class(drill, 60)
    drill.attempts.filter(name__startswith="Student ").update(name="受講生")  # the test's names
    page = japanese(client.get(f"/ja/drills/{drill.code}/results/?page=2"), "results page 2")
    assert "ページ目" in page and "← 前へ" in page
    page = japanese(client.get(f"/ja/drills/{drill.code}/results/{attempt.pk}/remove/"), "remove")
    assert "Aikoをこのドリルから削除しますか？" in page and re.search(r"\d{4}年", page)
    removed = client.post(f"/ja/drills/{drill.code}/results/{attempt.pk}/remove/")
    page = japanese(client.get(removed["Location"]), "results after removing")
    assert "受講記録を削除しました" in page
    csv = b"".join(client.get(f"/ja/drills/{drill.code}/results.csv").streaming_content)
    head, first = csv.decode().splitlines()[:2]
    assert head == "受講者,アカウント,開始日時,問題,解答,正解,誤りの種類,解答回数,秒数"
    assert ",はい," in csv.decode() and ",いいえ," in csv.decode()
    english = b"".join(client.get(f"/drills/{drill.code}/results.csv").streaming_content)
    assert english.decode().splitlines()[0].startswith("student,account,started,question")


# The student's pages.


def test_the_code_page_and_its_error(client):
    page = japanese(client.get("/ja/d/"), "/ja/d/")
    assert "ドリルに参加" in page
    page = japanese(client.get("/ja/d/", {"code": "34679A"}), "/ja/d/ (unknown code)")
    assert "のドリルはありません。先生に確認してください。" in page
    drill = drill_of(make_user())
    assert client.get("/ja/d/", {"code": drill.code})["Location"] == f"/ja/d/{drill.code}/"


def test_the_name_page_and_its_refusals(client):
    drill = drill_of(make_user(), time_limit=20)
    page = japanese(client.get(f"/ja/d/{drill.code}/"), "start")
    assert "3問・制限時間20分です。" in page and "アカウントは不要です" in page
    page = japanese(client.post(f"/ja/d/{drill.code}/", {"name": "  "}), "start (no name)")
    assert "名前を入力してください" in page
    make_attempt(drill, "アイコ")
    page = japanese(client.post(f"/ja/d/{drill.code}/", {"name": "アイコ"}), "start (same)")
    assert "「アイコ」という名前の人がすでにいます" in page
    english = client.post(f"/d/{drill.code}/", {"name": "アイコ"}).content.decode()
    assert "already called アイコ" in english


def test_a_closed_and_a_full_drill(client):
    closed = drill_of(make_user("a"))
    Drill.objects.filter(pk=closed.pk).update(is_open=False)
    page = japanese(client.get(f"/ja/d/{closed.code}/"), "closed")
    assert "このドリルは締め切られました。" in page
    full = drill_of(make_user("b"), max_students=1)
    make_attempt(full, "Kenji")
    page = japanese(client.get(f"/ja/d/{full.code}/"), "full")
    assert "受講者の上限は1人" in page


def test_too_many_starts_are_refused_in_japanese(client, settings):
    settings.TENBO_RATE_ATTEMPTS = "1/h"
    drill = drill_of(make_user())
    join(client, drill)  # the English address: one start
    other = Client()
    response = other.post(f"/ja/d/{drill.code}/", {"name": "Kenji"})
    assert "同じネットワークから" in japanese(response, "starts limited", status=429)


def take_parts(page: str) -> str:
    """The drill's own parts of a question page: the line above it and the progress."""
    crumbs = re.search(r'<p class="crumbs">.*?</p>', page, re.S)
    progress = re.search(r'<aside id="progress".*?</aside>', page, re.S)
    assert crumbs and progress
    return crumbs.group(0) + progress.group(0)


def last_answer(page: str) -> str:
    """A question page's line above it, its progress and the note on the last answer."""
    note = re.search(r'<p class="message" role="status">.*?</p>', page, re.S)
    assert note
    return take_parts(page) + note.group(0)


def test_a_question_its_answers_and_the_summary(client):
    drill = drill_of(make_user(), time_limit=30, shuffle=True, retries=True)
    response = client.post(f"/ja/d/{drill.code}/", {"name": "Aiko"})
    assert response["Location"] == f"/ja/d/{drill.code}/1/"
    page = japanese(client.get(f"/ja/d/{drill.code}/1/"), "question 1", only=take_parts)
    parts = take_parts(page)
    assert "第1問（全3問）" in parts and "3問中0問解答済み" in parts and "残り30分" in parts
    attempt = drill.attempts.get()
    number = attempt.number_at(1)
    response = client.post(f"/ja/d/{drill.code}/1/", wrong_post(drill, number), **HX)
    assert response.status_code == 200 and 'id="progress"' in response.content.decode()
    page = japanese(client.get(f"/ja/d/{drill.code}/1/?again=1"), "again", only=last_answer)
    assert "は不正解でした。もう一度解いてください。" in page
    client.post(f"/ja/d/{drill.code}/1/", right_post(drill, number))
    page = japanese(client.get(f"/ja/d/{drill.code}/done/"), "summary")
    assert "符の練習：自分の解答" in page and "未解答" in page and "（2回目）" in page
    english = client.get(f"/d/{drill.code}/done/").content.decode()
    assert "(2 tries)" in english and "not answered" in english


def test_answers_kept_for_the_end_and_refusals(client, monkeypatch):
    drill = drill_of(make_user(), explain="end")
    join(client, drill)
    number = drill.attempts.get().number_at(1)
    response = client.post(f"/ja/d/{drill.code}/1/", wrong_post(drill, number), **HX)
    page = japanese(response, "saved for the end (htmx)")
    assert "解答を保存しました" in page and "解説は最後に表示されます。" in page
    page = japanese(client.get(f"/ja/d/{drill.code}/done/"), "summary before the end")
    assert "未解答があと2問あります" in page
    Drill.objects.filter(pk=drill.pk).update(is_open=False)
    response = client.post(f"/ja/d/{drill.code}/2/", wrong_post(drill, 2), **HX)
    assert "これ以上の解答は受け付けません" in japanese(response, "closed (htmx)")


# Accounts.


def test_log_in_sign_up_and_their_errors(client):
    japanese(client.get("/ja/accounts/login/"), "login")
    make_user("kenji")
    wrong = {"username": "kenji", "password": "nope"}
    page = japanese(client.post("/ja/accounts/login/", wrong), "login (wrong password)")
    assert "正しいユーザー名とパスワードを入力してください" in page  # Django's own catalogue
    page = japanese(client.get("/ja/accounts/signup/"), "signup")
    assert "アカウントを作成" in page
    post = {"username": "kenji", "email": "x", "password1": "abc", "password2": "abd"}
    page = japanese(client.post("/ja/accounts/signup/", post), "signup (errors)")
    assert "確認用パスワードが一致しません" in page


def test_the_limits_refuse_in_japanese(client, settings):
    settings.RATE_LOGINS_PER_ADDRESS = "1/h"
    settings.RATE_SIGNUPS = "1/h"
    wrong = {"username": "kenji", "password": "nope"}
    client.post("/ja/accounts/login/", wrong)
    page = japanese(client.post("/ja/accounts/login/", wrong), "login limited", status=429)
    assert "ログインの試行が多すぎます" in page
    post = {"username": "a", "password1": "x", "password2": "y"}
    client.post("/ja/accounts/signup/", post)
    page = japanese(client.post("/ja/accounts/signup/", post), "signup limited", status=429)
    assert "試行が多すぎます" in page


def test_the_account_and_password_pages(client):
    user = make_user("Kenji", email="kenji@example.com")
    client.force_login(user)
    drill = drill_of(make_user())
    make_answer(make_attempt(drill, "Kenji", user=user), 1)
    page = japanese(client.get("/ja/accounts/"), "profile")
    assert "解答したドリル" in page and "3問中1問" in page and re.search(r"\d{4}年", page)
    japanese(client.get("/ja/accounts/password/"), "password change")
    post = {"old_password": "x", "new_password1": "a", "new_password2": "b"}
    page = japanese(client.post("/ja/accounts/password/", post), "password change (errors)")
    assert "パスワード" in page
    post = {
        "old_password": PASSWORD,
        "new_password1": "z-new-long-pass-77",
        "new_password2": "z-new-long-pass-77",
    }
    response = client.post("/ja/accounts/password/", post)
    assert response["Location"] == "/ja/accounts/password/done/"
    japanese(client.get(response["Location"]), "password changed")


def test_the_password_reset_pages_and_e_mail(client, settings):
    make_user("kenji", email="kenji@example.com")
    japanese(client.get("/ja/accounts/reset/"), "reset")
    response = client.post("/ja/accounts/reset/", {"email": "kenji@example.com"})
    assert response["Location"] == "/ja/accounts/reset/sent/"
    japanese(client.get(response["Location"]), "reset sent")
    (message,) = mail.outbox
    assert message.subject == "Tenbō：新しいパスワードの設定"
    assert "「kenji」のパスワード再設定" in message.body and "/ja/accounts/reset/" in message.body
    page = japanese(client.get("/ja/accounts/reset/MQ/bad-token/"), "reset link used")
    assert "このリンクはもう使えません" in page
    japanese(client.get("/ja/accounts/reset/done/"), "reset done")
    settings.RATE_RESETS = "1/h"
    client.post("/ja/accounts/reset/", {"email": "kenji@example.com"})
    page = japanese(
        client.post("/ja/accounts/reset/", {"email": "kenji@example.com"}), "reset limited", 429
    )
    assert "再設定リンクの依頼が多すぎる" in page


# The error pages.


def test_a_404_at_a_japanese_address(client):
    page = japanese(client.get("/ja/nowhere/"), "/ja/nowhere/", status=404)
    assert "ページが見つかりません" in page and 'href="/ja/table/"' in page
    assert "Page not found" in client.get("/nowhere/").content.decode()


def test_a_form_without_its_token_in_japanese():
    client = Client(enforce_csrf_checks=True)
    page = japanese(client.post("/ja/d/"), "403", status=403)
    assert "このフォームは受け付けられませんでした" in page
    part = client.post("/ja/accounts/login/", **HX)
    assert "何も保存されていません" in japanese(part, "403 (htmx)")


def test_a_server_error_in_japanese(monkeypatch):
    from quizsite.drills import take

    def bug(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(take, "open_drill", bug)
    client = Client(raise_request_exception=False)
    page = japanese(client.get("/ja/d/34679A/"), "500", status=500)
    assert '<html lang="ja">' in page and "エラーが発生しました" in page
    assert 'href="/ja/"' in page
    english = client.get("/d/34679A/").content.decode()
    assert '<html lang="en">' in english and "Something went wrong" in english


def test_a_busy_database_in_japanese(client, monkeypatch):
    from quizsite.drills import take

    def down(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(take, "open_drill", down)
    page = japanese(client.get("/ja/d/34679A/"), "503", status=503)
    assert "ただいま混み合っています" in page and "このページを読み込めませんでした。" in page
    part = client.post("/ja/d/34679A/", {"name": "Aiko"}, **HX)
    assert "何も保存されていません" in japanese(part, "503 (htmx)", status=503)


def test_an_answer_not_saved_says_so_in_japanese(client, monkeypatch):
    drill = drill_of(make_user())
    join(client, drill)
    number = drill.attempts.get().number_at(1)

    def locked(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(Answer, "save", locked)
    monkeypatch.setattr(type(Answer.objects), "create", locked)
    response = client.post(f"/ja/d/{drill.code}/1/", right_post(drill, number), **HX)
    assert "解答は保存されませんでした" in japanese(response, "not saved", status=503)


def test_a_drills_focus_is_described_in_japanese(client, owner):
    drill = drill_of(owner)
    focus = {"han": [3, 4], "fu": [40, 40], "counters": True}
    Drill.objects.filter(pk=drill.pk).update(focus=focus)
    page = japanese(client.get(f"/ja/drills/{drill.code}/"), "share page with a focus")
    assert "3〜4翻 · 40符 · 本場と供託あり" in page
    english = client.get(f"/drills/{drill.code}/").content.decode()
    assert "3–4 han · 40 fu · with honba and riichi deposits" in english
