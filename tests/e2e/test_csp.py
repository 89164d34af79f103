"""The Content-Security-Policy in a browser: the guard hears violations, the admin and the
drill pages work under the policy, and an htmx request that fails says so where it was made,
keeping what was typed."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, expect

from tests.factory import make_drill


def test_the_guard_hears_an_inline_script_and_style(
    page: Page, site: str, csp_violations: list[str]
) -> None:
    page.goto(f"{site}/tiles/")
    page.evaluate(
        """() => {
        const box = document.createElement("div");
        box.innerHTML = '<p style="color: red">styled</p>';
        document.body.append(box);
        const script = document.createElement("script");
        script.textContent = "window.ranInline = true";
        document.body.append(script);
    }"""
    )
    expect(page.locator("p", has_text="styled")).to_have_count(1)
    page.wait_for_timeout(300)  # the reports are dispatched after the change
    assert page.evaluate("window.ranInline === undefined")  # the script was not run
    heard = " ".join(csp_violations)
    assert "style-src" in heard and "script-src" in heard, csp_violations
    csp_violations.clear()  # provoked on purpose: the test itself passes


@pytest.fixture
def admin_user(db) -> User:
    return User.objects.create_superuser("boss", "boss@example.org", "a long admin password 7")


def test_the_admin_works_under_the_policy(page: Page, site: str, admin_user: User) -> None:
    page.goto(f"{site}/admin/")
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill("a long admin password 7")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    User.objects.create_user("second", password="another password 8")

    # The change list's actions script runs: "select all" ticks every row and counts them.
    page.goto(f"{site}/admin/auth/user/")
    page.locator("#action-toggle").check()
    expect(page.locator(".action-counter")).to_contain_text("2 of 2 selected")
    # The sidebar's filter (its own script) narrows the models listed.
    page.locator("#nav-filter").fill("user")
    expect(page.locator("#nav-sidebar tr", has_text="Drills")).to_be_hidden()

    # A change form with the admin's widgets (the two-pane permission chooser is built by script).
    page.goto(f"{site}/admin/auth/user/{admin_user.pk}/change/")
    expect(page.locator("#id_user_permissions_from")).to_be_visible()
    page.goto(f"{site}/admin/drills/drill/")
    expect(page.get_by_role("heading", name=re.compile("drill", re.I))).to_be_visible()


def test_a_drills_print_and_copy_buttons_work(page: Page, site: str, admin_user: User) -> None:
    drill = make_drill(owner=admin_user, title="Friday drill")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{site}/accounts/login/")
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill("a long admin password 7")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile("/drills/"))
    page.goto(f"{site}/drills/{drill.code}/")
    expect(page.locator(".qr svg")).to_be_visible()  # the QR code, an inline SVG
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".copy-status")).to_have_text("Link copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"/d/{drill.code}/"), copied

    page.goto(f"{site}/drills/{drill.code}/key/")
    page.evaluate("window.print = () => { window.printed = true; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed === true")


def fail_with(status: int | None):
    """A route handler: answer `status` (or drop the connection when None)."""

    def handle(route: Route) -> None:
        if status is None:
            route.abort("connectionreset")
        else:
            route.fulfill(status=status, body="failed", content_type="text/html")

    return handle


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (None, "Not sent: the connection dropped."),
        (500, "Not sent: the site had a problem (error 500)."),
        (429, "Not sent: too many requests in a short time; wait a minute."),
    ],
)
def test_a_quiz_answer_that_fails_says_so_and_keeps_what_was_typed(
    page: Page, site: str, status: int | None, said: str
) -> None:
    page.goto(f"{site}/quiz/q/12345/")
    field = page.locator(".answer-form input.answer-input").first
    field.fill("7700")
    page.route(re.compile(r"/quiz/q/12345/"), fail_with(status))
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    message = page.locator(".answer-form .request-error")
    expect(message).to_have_text(f"{said} What you entered is still here; send it again.")
    expect(message).to_have_attribute("role", "alert")
    expect(field).to_have_value("7700")

    # Once the connection is back the same answer goes through and the message goes.
    page.unroute(re.compile(r"/quiz/q/12345/"))
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    expect(page.locator(".verdict")).to_be_visible()
    expect(page.locator(".request-error")).to_have_count(0)


def test_a_failed_request_is_said_in_the_pages_language(page: Page, site: str) -> None:
    page.goto(f"{site}/ja/quiz/q/12345/")
    page.locator(".answer-form input.answer-input").first.fill("7700")
    page.route(re.compile(r"/quiz/q/12345/"), fail_with(500))
    page.locator(".answer-form [type=submit]").first.click()
    expect(page.locator(".answer-form .request-error")).to_have_text(
        "送信されていません：サイトで問題が起きました（エラー500）。"
        "入力した内容は残っています。もう一度送信してください。"
    )


def test_a_table_update_that_fails_says_so_above_the_table(page: Page, site: str) -> None:
    page.goto(f"{site}/table/")
    honba = page.get_by_role("textbox", name="Honba")
    page.route(re.compile(r"/table/\?"), fail_with(503))
    honba.fill("2")
    honba.dispatch_event("change")
    # Between the form and the table it would have updated.
    message = page.locator("form.controls + p.request-error")
    expect(page.locator("p.request-error + .table-layout")).to_have_count(1)
    expect(message).to_have_text(
        "Not updated: the site is busy (error 503). Your choices are still here; try again."
    )
    expect(honba).to_have_value("2")
    page.unroute(re.compile(r"/table/\?"))
    honba.dispatch_event("change")
    expect(page.locator("#table-summary")).to_contain_text("2 honba")
    expect(page.locator(".request-error")).to_have_count(0)


def test_an_answer_with_no_reply_gives_up_and_says_so(page: Page, site: str) -> None:
    page.goto(f"{site}/quiz/q/12345/")
    page.evaluate("htmx.config.timeout = 800")  # the site waits 30 s; this test, less
    field = page.locator(".answer-form input.answer-input").first
    field.fill("8000")
    page.route(re.compile(r"/quiz/q/12345/"), lambda route: None)  # never answered
    page.locator(".answer-form").get_by_role("button", name="Check").click()
    expect(page.locator(".answer-form .request-error")).to_have_text(
        "Not sent: the site took too long to answer. What you entered is still here; send it again."
    )
    expect(field).to_have_value("8000")


def test_htmx_is_set_to_need_no_inline_style_or_eval(page: Page, site: str) -> None:
    page.goto(f"{site}/table/")
    config = page.evaluate(
        "({styles: htmx.config.includeIndicatorStyles, evaluate: htmx.config.allowEval,"
        " scripts: htmx.config.allowScriptTags, timeout: htmx.config.timeout,"
        " styleElements: document.querySelectorAll('style').length})"
    )
    assert config == {
        "styles": False,
        "evaluate": False,
        "scripts": False,
        "timeout": 30000,
        "styleElements": 0,
    }


def test_a_live_board_that_cannot_refresh_says_so_once_then_recovers(
    page: Page, site: str, admin_user: User
) -> None:
    drill = make_drill(owner=admin_user)
    page.goto(f"{site}/accounts/login/")
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill("a long admin password 7")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile("/drills/"))
    page.goto(f"{site}/drills/{drill.code}/results/")
    page.route(re.compile(r"/results/(\?.*)?$"), fail_with(None))
    message = page.locator("p.request-error + #board")  # just above the board it refreshes
    expect(message).to_have_count(1, timeout=8000)
    said = page.locator(".request-error")
    expect(said).to_have_text(
        "Not updated: the connection dropped. Trying again every few seconds."
    )
    expect(said).to_have_attribute("role", "status")  # polite: the board fails every 3 s
    first = said.element_handle()
    page.wait_for_timeout(3500)  # the next poll fails too: the same message stays, not a new one
    assert page.evaluate("(p) => p.isConnected", first)
    page.unroute(re.compile(r"/results/(\?.*)?$"))
    expect(page.locator(".request-error")).to_have_count(0, timeout=8000)
