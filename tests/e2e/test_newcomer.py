"""What a newcomer meets first, in a browser at phone width (390 px) and on a laptop."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from quizsite.quiz.questions import load_question

PHONE = {"width": 390, "height": 844}
PAYMENT = {"mode": "payment", "level": "beginner", "rules": "mahjongsoul"}


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, "the element is not drawn"
    return found


def in_first_viewport(page: Page, locator: Locator) -> None:
    """The element is drawn wholly inside the page's first screenful (no scrolling)."""
    page.evaluate("window.scrollTo(0, 0)")
    b = box(locator)
    size = page.viewport_size
    assert size is not None
    assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], b
    assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"], b


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def seed_of(kind: str, params: dict[str, str]) -> str:
    return next(str(s) for s in range(1, 200) if load_question(str(s), params).kind == kind)


def test_a_fields_message_sits_under_its_hint_not_over_it(page: Page, site: str) -> None:
    seed = seed_of("all", PAYMENT)  # a dealer's tsumo: one field, with a hint under it
    query = "&".join(f"{k}={v}" for k, v in PAYMENT.items())
    for size in (PHONE, {"width": 1280, "height": 900}):
        page.set_viewport_size(size)
        page.goto(f"{site}/quiz/q/{seed}/?{query}")
        page.locator(".answer-form .answer-input").fill("five hundred")
        page.get_by_role("button", name="Check").click()
        field = page.locator(".answer-form .field")
        error = field.locator(".field-error")
        hint = field.locator(".hint")
        expect(error).to_contain_text("whole number")
        expect(hint).to_be_visible()
        assert not overlaps(box(error), box(hint))
        assert box(error)["y"] >= box(hint)["y"] + box(hint)["height"] - 1  # under it
        assert not overlaps(box(error), box(field.locator("input")))


def test_the_menu_folds_behind_a_button_on_a_phone(page: Page, site: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/quiz/")
    menu = page.get_by_role("navigation", name="Main")
    button = page.get_by_role("button", name="Menu")
    japanese = page.locator(".language-switch").get_by_role("button", name="日本語")
    expect(menu.get_by_role("link", name="Practice")).to_be_hidden()
    expect(japanese).to_be_hidden()  # the other languages fold with the menu
    assert box(page.locator(".site-header"))["height"] < 80  # one line, not four
    in_first_viewport(page, button)
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(menu.get_by_role("link", name="Practice")).to_be_visible()
    expect(japanese).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu.get_by_role("link", name="Practice")).to_be_hidden()
    expect(japanese).to_be_hidden()
    button.click()
    menu.get_by_role("link", name="Reference").click()
    page.wait_for_url("**/learn/")

    page.set_viewport_size({"width": 1280, "height": 900})  # a laptop: the menu is open, no button
    expect(button).to_be_hidden()
    expect(menu.get_by_role("link", name="Practice")).to_be_visible()


def test_without_javascript_the_menu_stays_open(browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto(f"{site}/")
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Practice")
    ).to_be_visible()
    expect(page.locator(".menu-button")).to_be_hidden()
    context.close()


def test_the_quiz_starts_in_the_first_screenful_on_the_easiest_questions(
    page: Page, site: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/quiz/")
    start = page.get_by_role("button", name="Start")
    in_first_viewport(page, start)
    expect(page.get_by_role("radio", name=re.compile("^Payment"))).to_be_checked()
    expect(page.get_by_role("radio", name=re.compile("^Beginner"))).to_be_checked()
    start.click()
    page.wait_for_url(re.compile(r"/quiz/q/\d+/\?.*mode=payment"))
    expect(page.locator(".question")).to_contain_text("pay")


def test_the_home_page_starts_a_newcomer_on_a_route(page: Page, site: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/")
    route = page.get_by_role("region", name="New to scoring? Start here")
    in_first_viewport(page, route.get_by_role("link", name="Try easy questions"))
    route.get_by_role("link", name="Try easy questions").click()
    page.wait_for_url(re.compile(r"/quiz/q/\d+/\?.*mode=payment.*level=beginner"))


def test_a_table_questions_messages_keep_the_fields_level(page: Page, site: str) -> None:
    params = "mode=draw&level=beginner&rules=mahjongsoul"
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/quiz/q/500/?{params}")
    page.locator("#id_seat0").fill("three")  # a long message under West, a short one beside
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#id_seat0_error")).to_contain_text("whole number")
    first, second = box(page.locator("#id_seat0")), box(page.locator("#id_seat1"))
    assert abs(first["y"] - second["y"]) < 1  # the inputs of a line stay level
    for seat in range(4):
        field, error = page.locator(f"#id_seat{seat}"), page.locator(f"#id_seat{seat}_error")
        assert not overlaps(box(field), box(error))
        for other in range(4):
            if other != seat:
                assert not overlaps(box(error), box(page.locator(f"#id_seat{other}")))
