"""Every page of the site, in the states a visitor meets it, for the checks that visit them
all (the accessibility run). A new page is added here: `test_pages.py` fails while a named
page of the URL conf has no sample.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from django.contrib.auth.models import User
from django.utils.translation import gettext as t
from playwright.sync_api import Page, expect

from scoring.engine.words import LANGUAGES


@dataclass(frozen=True)
class Sample:
    """One page in one state: its URL name, its address, and what to do once it is open."""

    url_name: str
    path: str
    label: str
    then: Callable[[Page], None] | None = None


def answer_wrong(page: Page) -> None:
    """Answer the open quiz question (wrongly: every field gets 1) to reach the verdict."""
    page.wait_for_url(re.compile(r"/quiz/q/"))
    for field in page.locator(".answer-form input.answer-input").all():
        field.fill("1")
    page.locator(".answer-form").get_by_role("button", name=t("Check")).click()
    expect(page.locator(".verdict")).to_be_visible()


def answer_badly(page: Page) -> None:
    """Answer the open quiz question with words where a number goes: the form's messages."""
    page.wait_for_url(re.compile(r"/quiz/q/"))
    page.locator(".answer-form input.answer-input").first.fill("lots")
    page.locator(".answer-form").get_by_role("button", name=t("Check")).click()
    expect(page.locator("#answer-errors")).to_be_visible()


def send_without_token(page: Page) -> None:
    """POST a form with no CSRF token, as a page left open past its cookie would."""
    page.evaluate(
        """() => {
        const form = Object.assign(document.createElement("form"), {method: "post"});
        form.action = location.pathname;
        document.body.append(form);
        form.submit();
    }"""
    )
    page.wait_for_load_state()
    expect(page.locator("h1")).to_be_visible()


def open_first_cell(page: Page) -> None:
    page.locator("#hanfu a.entry").first.click()
    expect(page.locator("#cell-detail .cell-title")).to_be_visible()


def submit_empty(page: Page) -> None:
    page.locator("main form").get_by_role("button").last.click()
    expect(page.locator(".message, .error").first).to_be_visible()


def base_of(page: Page) -> str:
    parts = urlparse(page.url)
    return f"{parts.scheme}://{parts.netloc}"


def site_of(page: Page) -> str:
    """The site's root in the open page's language: a Japanese page's next pages are too."""
    first = urlparse(page.url).path.split("/")[1]
    return base_of(page) + (f"/{first}" if first in LANGUAGES[1:] else "")


def instructor_drill(mode: str = "full") -> tuple[Any, Any]:
    """The instructor's drill of `mode` (a hand mode, or a table mode such as "draw")."""
    from tests.factory import make_drill, make_user

    user = User.objects.filter(username="sensei").first() or make_user("sensei")
    drill = user.drills.filter(mode=mode).first()
    level = "intermediate" if mode == "draw" else "beginner"  # draws with the hands shown
    # A Japanese title: the pages are walked in Japanese too, and a title is the user's text.
    made = drill or make_drill(owner=user, count=3, mode=mode, level=level, title="符の練習")
    return user, made


def as_instructor(path: str) -> Callable[[Page], None]:
    """Log in as an instructor who has a drill, then open `path` ({code}: the drill's)."""

    def then(page: Page) -> None:
        from django.conf import settings
        from django.test import Client

        user, drill = instructor_drill()
        base = base_of(page)
        client = Client()  # signed in without the log-in form, which is rate-limited
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}]
        )
        page.goto(site_of(page) + path.format(code=drill.code))

    then.only_opens = True  # type: ignore[attr-defined]  # signs in and opens: no controls used
    return then


def with_saved_rules(path: str) -> Callable[[Page], None]:
    """Log in as an instructor who has saved a rule set, then open `path` ({slug}: the set's)."""

    def then(page: Page) -> None:
        from quizsite.games.models import SavedRules

        user, _ = instructor_drill()
        saved = SavedRules.objects.filter(owner=user).first() or SavedRules.objects.create(
            name="木曜会", owner=user, rules={"preset": "mleague", "kiriage": True}
        )
        as_instructor(path.replace("{slug}", saved.slug))(page)

    then.only_opens = True  # type: ignore[attr-defined]
    return then


def as_student(path: str, *, answer: int = 0, mode: str = "full") -> Callable[[Page], None]:
    """A student joins the drill (of `mode`) and answers `answer` questions, then `path` is
    opened (results pages as the drill's instructor)."""

    def then(page: Page) -> None:
        _, drill = instructor_drill(mode)
        site = site_of(page)
        page.goto(f"{site}/d/{drill.code}/")
        if not path:
            return
        page.get_by_label(t("Your name")).fill("Aiko")
        page.get_by_role("button", name=t("Start")).click()
        for n in range(1, answer + 1):
            page.goto(f"{site}/d/{drill.code}/{n}/")
            for field in page.locator(".answer-form input.answer-input").all():
                field.fill("1000")
            page.locator(".answer-form").get_by_role("button", name=t("Check")).click()
            expect(page.locator(".verdict")).to_be_visible()
        if path.startswith("/drills/"):
            as_instructor(path)(page)
        else:
            page.goto(site + path.format(code=drill.code))

    return then


def instructor_class() -> Any:
    """The instructor's class (a Japanese name, as the pages are walked in Japanese too) with a
    student who joined, one added by name, their drill set and a practice topic."""
    from datetime import date

    from quizsite.classes import students
    from quizsite.classes.models import Assignment, Classroom, Member, TopicAssignment
    from tests.factory import make_drill, make_user

    user, _ = instructor_drill()  # its drill stays unset, for "set a new drill"
    found = Classroom.objects.filter(owner=user).first()
    if found is not None:
        return found
    made = Classroom.objects.create(owner=user, name="木曜クラス", code="K7MW3X")
    joined = User.objects.filter(username="Kenji").first() or make_user("Kenji")
    Member.objects.create(classroom=made, user=joined, name="Kenji")
    students.add(made, ["さくら"])
    drill = make_drill(owner=user, count=3, mode="fu", level="beginner", title="第1週")
    Assignment.objects.create(classroom=made, drill=drill)
    TopicAssignment.objects.create(classroom=made, topic="wait:kanchan", starts=date(2020, 1, 1))
    return made


def as_class_instructor(path: str) -> Callable[[Page], None]:
    """Log in as the class's instructor, then open `path` ({pk}: the class's, {member}: the
    added student's, {code}: the instructor's drill's)."""

    def then(page: Page) -> None:
        classroom = instructor_class()
        member = classroom.members.get(added=True)
        filled = path.replace("{pk}", str(classroom.pk)).replace("{member}", str(member.pk))
        as_instructor(filled)(page)

    then.only_opens = True  # type: ignore[attr-defined]
    return then


def as_class_student(path: str) -> Callable[[Page], None]:
    """The added student signs in with their personal link, then `path` ({pk}) is opened."""

    def then(page: Page) -> None:
        classroom = instructor_class()
        member = classroom.members.get(added=True)
        site = site_of(page)
        page.goto(f"{site}/classes/s/{member.sign_in_token}/")
        page.locator("main form button[type=submit]").first.click()  # "Sign in as …"
        page.wait_for_url(f"**/classes/{classroom.pk}/student/")
        page.goto(site + path.replace("{pk}", str(classroom.pk)))

    then.only_opens = True  # type: ignore[attr-defined]
    return then


def due_asked(page: Page) -> None:
    """The class's work with a drill's due date asked (its "change" link)."""
    as_class_instructor("/classes/{pk}/work/")(page)
    page.locator("a.due-change").first.click()
    expect(page.locator("#due-form")).to_be_visible()


due_asked.only_opens = True  # type: ignore[attr-defined]  # a link followed: no form sent


def class_link_page(page: Page) -> None:
    """An added student's personal link, opened: the page that asks whose sign-in it is."""
    member = instructor_class().members.get(added=True)
    page.goto(f"{site_of(page)}/classes/s/{member.sign_in_token}/")


class_link_page.only_opens = True  # type: ignore[attr-defined]


def remove_confirm(page: Page) -> None:
    """The results with one student, then that student's "Remove" (the confirmation)."""
    as_student("/drills/{code}/results/")(page)
    page.locator(".remove-link").first.click()
    page.wait_for_url(re.compile(r"/remove/$"))


# ---- games kept at the table ---------------------------------------------------------------


def game_json(preset: str, hands: list[tuple[int, int, int]]) -> str:
    """An east-only game's export with these (winner, discarder, han) rons at 30 fu."""
    import json

    from scoring.engine.game import game_end_of

    ends = game_end_of(preset)
    return json.dumps(
        {
            "format": "tenbo-game", "version": 1, "players": ["Aiko", "Bruno", "Chen", "Dana"],
            "rules": {"preset": preset}, "length": "tonpuusen",
            "extension": ends.extension, "agari_yame": ends.agari_yame,
            "hands": [
                {"riichi": [], "end": {"kind": "ron", "from": d, "wins": [
                    {"seat": w, "han": han, "fu": 30}]}}
                for w, d, han in hands
            ],
        }
    )  # fmt: skip


FINISHED = game_json("wrc", [(1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 1, 1)])
DEALER_FIRST = game_json("mahjongsoul", [(1, 2, 1), (2, 3, 1), (3, 0, 1), (3, 0, 5)])


def import_game(text: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.get_by_label(t("or paste it here")).fill(text)
        page.get_by_role("button", name=t("Import")).click()
        expect(page.locator("#live")).to_be_visible()

    return run


def import_refused(page: Page) -> None:
    page.get_by_label(t("or paste it here")).fill('{"format": "nope"}')  # an export, refused
    page.get_by_role("button", name=t("Import")).click()
    expect(page.locator(".message")).to_be_visible()


def start_game(page: Page) -> None:
    page.goto(page.url.split("/games/")[0] + "/games/new/")
    winds, names = ("East", "South", "West", "North"), ("Aiko", "Bruno", "Chen", "Dana")
    for wind, name in zip(winds, names, strict=True):
        page.get_by_label(wind, exact=False).first.fill(name)
    page.get_by_role("button", name=t("Start the game")).click()
    expect(page.locator("#live")).to_be_visible()


def enter_hand(page: Page, *, save: bool = True) -> None:
    start_game(page)
    page.get_by_role("link", name=t("Enter hand")).click()
    page.locator(".seat-entry").nth(1).get_by_label(t("Won"), exact=True).check()
    page.get_by_role("radiogroup", name=t("Bruno's han")).get_by_label("3", exact=True).check()
    page.get_by_role("radiogroup", name=t("Bruno's fu")).get_by_label("30", exact=True).check()
    page.locator(".seat-entry").nth(0).get_by_label(t("Dealt in"), exact=True).check()
    page.get_by_role("button", name=t("Settle")).click()
    expect(page.locator(".preview")).to_be_visible()
    if save:
        page.get_by_role("button", name=t("Save hand")).click()
        expect(page.locator("#live")).to_be_visible()


def hand_errors(page: Page) -> None:
    start_game(page)
    page.get_by_role("link", name=t("Enter hand")).click()
    page.get_by_role("button", name=t("Settle")).click()
    expect(page.locator(".message")).to_be_visible()


def edit_hand(page: Page) -> None:
    enter_hand(page)
    page.locator(".hand-row summary").first.click()
    page.get_by_role("link", name=t("Edit hand 1")).click()
    expect(page.locator("h1")).to_contain_text("Edit hand 1")


def undo_hand(page: Page) -> None:
    enter_hand(page)
    page.get_by_role("link", name=t("Undo hand 1…")).click()
    page.get_by_role("button", name=t("Undo hand 1")).click()
    expect(page.locator(".hand-name")).to_contain_text("East 1, 0 honba")


def undo_asked(page: Page) -> None:
    enter_hand(page)
    page.get_by_role("link", name=t("Undo hand 1…")).click()
    expect(page.get_by_role("button", name=t("Undo hand 1"))).to_be_visible()


def end_asked(page: Page) -> None:
    enter_hand(page)
    page.get_by_role("link", name=t("End the game early")).click()
    expect(page.get_by_role("button", name=t("Abandon the game"))).to_be_visible()


def ended(why: str):
    def end(page: Page) -> None:
        end_asked(page)
        button = "Time's up" if why == "time" else "Abandon the game"
        page.get_by_role("button", name=button).click()
        expect(page.locator(".hand-name")).to_contain_text("Game over")

    return end


def riichi_noten(page: Page) -> None:
    start_game(page)
    page.get_by_role("link", name=t("Enter hand")).click()
    page.locator("label.kind", has_text=t("Draw")).click()
    page.locator(".seat-entry").nth(0).get_by_label(t("Riichi"), exact=True).check()
    page.locator(".seat-entry").nth(0).get_by_label(t("Tenpai"), exact=True).uncheck()
    page.get_by_role("button", name=t("Settle")).click()
    expect(page.get_by_role("button", name=t("Save anyway"))).to_be_visible()


def dealer_stops(page: Page) -> None:
    import_game(DEALER_FIRST)(page)
    page.get_by_role("button", name=t("The dealer stops here")).click()
    expect(page.locator(".standings")).to_be_visible()


def second_phone(page: Page) -> None:
    start_game(page)
    page.get_by_role("link", name=t("open this link there")).click()
    expect(page.locator("#live")).to_be_visible()


def watch_game(page: Page) -> None:
    enter_hand(page)
    page.locator(".share a").first.click()
    expect(page.locator(".live-note")).to_be_visible()


def earlier_hands(htmx: bool) -> Callable[[Page], None]:
    """A long game's earlier hands: brought into the live board's list (`htmx`), or their own
    page as a link without script opens it."""

    def then(page: Page) -> None:
        from bench import site as bench

        game = bench.board_game(24)
        if htmx:
            page.goto(f"{base_of(page)}/games/{game.slug}/watch/")
            page.get_by_role("link", name="Show earlier hands").click()
            expect(page.locator(".hand-row")).to_have_count(20)
        else:
            page.goto(f"{base_of(page)}/games/{game.slug}/hands/?before=11")
            expect(page.locator(".hand-row")).to_have_count(10)

    return then


def imported_log(public: bool, seat: int | None = None) -> Callable[[Page], None]:
    """A game log's review (tests/games/logs.py's game, its planted difference flagged): the
    scorers' page, joined through the game's link, or the public link's (`public`); with
    `seat`, the importer's seat said (their play marked)."""

    def then(page: Page) -> None:
        from quizsite.games import logs
        from tests.games.logs import logged_game

        game = logs.import_log(logged_game(), digest=f"e2e-{public}-{seat}", seat=seat).game
        if public:
            page.goto(f"{base_of(page)}/games/{game.slug}/watch/log/")
        else:
            page.goto(f"{base_of(page)}/games/{game.slug}/join/{game.edit_token}/")
            page.goto(f"{base_of(page)}/games/{game.slug}/log/")
        expect(page.locator(".log-banner")).to_be_visible()

    return then


def own_hands(path: str) -> Callable[[Page], None]:
    """The imported game's wins kept as this browser's own practice ("Practise these hands" on
    its review page), then `path` opened."""

    def then(page: Page) -> None:
        imported_log(public=False)(page)
        page.get_by_role("button", name=t("Practise these hands")).click()
        page.wait_for_url(re.compile(r"/practice/own/\d+/"))  # the first of them, asked
        page.goto(site_of(page) + path)

    return then


LOG_FIXTURES = Path(__file__).resolve().parents[1] / "gamelog" / "logs"


def upload(page: Page, *names: str, cut: bool = False, me: str = "") -> None:
    """The import form given the log fixtures `names` (the first cut short when `cut`)."""
    files = []
    for n, name in enumerate(names):
        raw = (LOG_FIXTURES / name).read_bytes()
        if cut and n == 0:
            raw = raw[: raw.rindex(b"<INIT") + 200]
        files.append({"name": name, "mimeType": "application/octet-stream", "buffer": raw})
    page.locator("input[type=file]").set_input_files(files)
    if me:
        page.get_by_label(t("Your name in the game")).fill(me)
    page.locator("main form").get_by_role("button", name=t("Import")).click()


def cut_asked(page: Page) -> None:
    upload(page, "short_game.xml", cut=True)
    expect(page.locator(".import-ask")).to_be_visible()


def not_a_log(page: Page) -> None:
    page.locator("input[type=file]").set_input_files(
        {"name": "shot.png", "mimeType": "image/png", "buffer": b"\x89PNG\r\n\x1a\nxx"}
    )
    page.locator("main form").get_by_role("button", name=t("Import")).click()
    expect(page.locator("#how-to")).to_be_visible()


def many_logs(page: Page) -> None:
    upload(page, "short_game.xml", "short_game.json", "real_hands.json")
    expect(page.locator("table.imported")).to_be_visible()


def my_games(page: Page) -> None:
    upload(page, "short_game.xml", me="Bruno")
    page.wait_for_url(re.compile(r"/log/"))
    page.goto(site_of(page) + "/games/mine/")
    expect(page.locator(".my-stats")).to_be_visible()


def seat_chosen(page: Page) -> None:
    """A log imported without a name, then "I was Bruno" chosen on its review."""
    upload(page, "short_game.xml")
    page.wait_for_url(re.compile(r"/log/"))
    page.get_by_role("button", name=t("I was %(name)s") % {"name": "Bruno"}).click()
    expect(page.locator(".log-mine").first).to_be_visible()


def name_saved(page: Page) -> None:
    """Signed in, a name one plays under saved on the games-together page."""
    from django.conf import settings
    from django.test import Client

    from tests.factory import make_user

    client = Client()
    client.force_login(make_user("Aiko"))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie,
                               "url": base_of(page)}])  # fmt: skip
    page.goto(site_of(page) + "/games/mine/")
    page.get_by_label(t("A name you play under online")).fill("Bruno")
    page.get_by_role("button", name=t("Save"), exact=True).click()
    expect(page.get_by_role("button", name=t("Remove"))).to_be_visible()


def club_import(page: Page) -> None:
    start_club(page)
    page.get_by_role("link", name=t("Import the club's online games")).click()
    upload(page, "short_game.xml", "short_game.json")
    expect(page.locator("table.imported")).to_be_visible()


def picker_hand(page: Page, *, complete: bool = True) -> None:
    """Bruno's hand built with the tile picker: a pon of red dragons and the closed part
    (two tiles short unless `complete`), then settled."""
    start_game(page)
    page.get_by_role("link", name=t("Enter hand")).click()
    bruno = page.locator(
        "fieldset.seat-entry, fieldset.seat-value", has=page.locator("legend", has_text=t("Bruno"))
    )
    bruno.get_by_label(t("Won"), exact=True).check()
    page.locator(".seat-entry").nth(0).get_by_label(t("Dealt in"), exact=True).check()
    bruno.get_by_text(t("or build the whole hand")).click()
    palette = bruno.locator("[data-picker='palette']")
    bruno.locator(".calc-mode", has_text=t("Pon")).click()
    palette.get_by_role("button", name=t("Red dragon"), exact=True).click()
    bruno.locator(".calc-mode", has_text=t("Hand")).first.click()
    tiles = [
        *("2 of characters", "3 of characters", "4 of characters"),
        *("5 of circles", "6 of circles", "7 of circles"),
        *("5 of bamboo", "5 of bamboo", "4 of bamboo"),
    ]
    for name in tiles + (["5 of bamboo", "3 of bamboo"] if complete else []):
        palette.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name=t("Settle")).click()
    expect(page.locator(".preview" if complete else ".message")).to_be_visible()


def another_tab_enters_a_hand(page: Page) -> None:
    """A hand entered in a second tab of the same scorer (as a second phone would)."""
    other = page.context.new_page()
    other.goto(page.url.split("/games/")[0] + "/games/")
    other.locator(".game-list a").first.click()
    enter = other.get_by_role("link", name=t("Enter hand"))
    enter.click()
    other.locator(".seat-entry").nth(2).get_by_label(t("Won"), exact=True).check()
    limit = other.get_by_role("radiogroup", name=t("Chen's limit"))
    limit.get_by_label(t("Mangan"), exact=True).check()
    other.locator(".seat-entry").nth(3).get_by_label(t("Dealt in"), exact=True).check()
    other.get_by_role("button", name=t("Settle")).click()
    other.get_by_role("button", name=t("Save hand")).click()
    expect(other.locator("#live")).to_be_visible()
    other.close()


def board_updated(page: Page) -> None:
    start_game(page)
    another_tab_enters_a_hand(page)
    expect(page.locator("#scorers .moved")).to_be_visible(timeout=12_000)


def hand_notice(page: Page) -> None:
    start_game(page)
    page.get_by_role("link", name=t("Enter hand")).click()
    another_tab_enters_a_hand(page)
    expect(page.locator("#table-now .moved")).to_be_visible(timeout=12_000)


def start_club(page: Page) -> None:
    page.get_by_label(t("The club's name")).fill("木曜会")
    page.get_by_role("button", name=t("Start the club")).click()
    expect(page.locator("h1")).to_have_text("木曜会")


def club_with_game(page: Page) -> None:
    import_game(FINISHED)(page)
    page.goto(page.url.split("/games/")[0] + "/games/clubs/new/")
    start_club(page)
    page.get_by_role("button", name=t("Add")).click()
    expect(page.locator(".league-table")).to_be_visible()


def rename_player(page: Page) -> None:
    club_with_game(page)
    page.get_by_label(t("New name for Aiko")).fill("Aiko T")
    page.locator(".players li").first.get_by_role("button", name=t("Rename")).click()
    expect(page.locator(".league-table")).to_contain_text("Aiko T")


def answered_then(path: str) -> Callable[[Page], None]:
    """Answer the open (fixed-seed) quiz question wrongly, then open `path` ("explained": the
    progress page's link to that answer's explanation)."""

    def then(page: Page) -> None:
        answer_wrong(page)
        page.goto(site_of(page) + ("/progress/" if path == "explained" else path))
        if path == "explained":
            page.get_by_role("link", name=t("The last one explained")).first.click()
            page.wait_for_url(re.compile(r"/progress/answers/\d+/"))
            expect(page.locator(".verdict")).to_be_visible()

    return then


FIXED_HAND = "/quiz/q/4242/?mode=payment&level=beginner&rules=mahjongsoul"
FIXED_DRAW = "/quiz/q/4242/?mode=draw&level=intermediate&rules=mahjongsoul"
FULL_HAND = "hand=234m567p234s345s55s&win=5s"
SAMPLES: list[Sample] = [
    Sample("home", "/", "home"),
    Sample("table", "/table/", "table"),
    Sample("table", "/table/", "table, a cell chosen", open_first_cell),
    Sample("table", "/table/?rules=nope&honba=-1", "table, bad controls"),
    Sample("table", "/table/?rules=tenhou_sanma&honba=1", "table, three players"),
    Sample("cell", "/table/cell/?han=3&fu=40&tsumo=1", "cell"),
    Sample("cell", "/table/cell/?han=3&fu=25", "cell, no such hand"),
    Sample("points", "/points/", "points"),
    Sample("points", "/points/?han=4&fu=21&honba=x", "points, errors"),
    Sample("rules", "/rules/", "rule presets"),
    Sample("api_docs", "/api/", "API"),
    Sample("tiles", "/tiles/", "tiles"),
    Sample("hand", "/hand/", "hand, empty"),
    Sample("hand", f"/hand/?{FULL_HAND}&tsumo=1&flags=riichi&dora=3s", "hand, scored"),
    Sample("hand", f"/hand/?{FULL_HAND}&honba=-3", "hand, a bad field"),
    Sample("hand", "/hand/?hand=234m567p&win=9s", "hand, unfinished"),
    Sample(
        "hand",
        "/hand/?hand=111m999p123456s77z&win=7z&tsumo=1&flags=riichi&rules=tenhou_sanma&kita=2",
        "hand, three players",
    ),
    Sample("quiz:start", "/quiz/", "quiz start"),
    Sample("quiz:question", "/quiz/next/?mode=payment", "quiz, payment question"),
    Sample("quiz:question", "/quiz/next/?mode=full", "quiz, full-hand question"),
    Sample("quiz:question", "/quiz/next/?mode=full", "quiz, verdict", answer_wrong),
    Sample("quiz:question", "/quiz/next/?mode=payment", "quiz, answer not a number", answer_badly),
    Sample("quiz:question", "/quiz/q/nonsense/", "quiz, bad link"),
    Sample("quiz:question", "/quiz/next/?mode=draw&level=advanced", "quiz, draw question"),
    Sample("quiz:question", "/quiz/next/?mode=pao", "quiz, pao verdict", answer_wrong),
    Sample("quiz:question", "/quiz/next/?mode=final", "quiz, final answer bad", answer_badly),
    Sample("quiz:question", "/quiz/next/?mode=counters", "quiz, counters question"),
    Sample("quiz:next", "/quiz/next/?mode=nonsense", "quiz, bad options"),
    Sample("table_rules", "/table-rules/", "draws and final scores"),
    Sample(
        "table_rules",
        "/table-rules/?end=draw&tenpai=0&tenpai=2&riichi=2&p0=40000&p1=x",
        "draws and final scores, a draw and a bad final",
    ),
    Sample("learn:index", "/learn/", "reference"),
    Sample("learn:lesson", "/learn/scoring/", "first lesson"),
    Sample("learn:terms", "/learn/terms/", "glossary"),
    Sample("learn:yaku", "/learn/yaku/", "yaku list"),
    Sample("learn:fu", "/learn/fu/", "fu sheet"),
    Sample("accounts:login", "/accounts/login/", "log in"),
    Sample("accounts:signup", "/accounts/signup/", "sign up"),
    Sample("accounts:signup", "/accounts/signup/", "sign up, refused", submit_empty),
    Sample("accounts:password_reset", "/accounts/reset/", "password reset"),
    Sample("accounts:password_reset_done", "/accounts/reset/sent/", "password reset sent"),
    Sample("accounts:password_reset_confirm", "/accounts/reset/x/y/", "password reset, old link"),
    Sample("accounts:password_reset_complete", "/accounts/reset/done/", "password reset done"),
    Sample("accounts:profile", "/", "account", as_instructor("/accounts/")),
    Sample(
        "accounts:password_change", "/", "password change", as_instructor("/accounts/password/")
    ),
    Sample(
        "accounts:password_change_done",
        "/",
        "password changed",
        as_instructor("/accounts/password/done/"),
    ),
    Sample("classes:index", "/", "classes", as_class_instructor("/classes/")),
    Sample("classes:new", "/", "new class", as_class_instructor("/classes/new/")),
    Sample("classes:detail", "/", "class page", as_class_instructor("/classes/{pk}/")),
    Sample(
        "classes:share", "/", "class code and link", as_class_instructor("/classes/{pk}/share/")
    ),
    Sample("classes:card", "/", "class card", as_class_instructor("/classes/{pk}/card/")),
    Sample("classes:roster", "/", "class roster", as_class_instructor("/classes/{pk}/roster/")),
    Sample(
        "classes:rename",
        "/",
        "class rename",
        as_class_instructor("/classes/{pk}/members/{member}/rename/"),
    ),
    Sample(
        "classes:remove",
        "/",
        "class remove",
        as_class_instructor("/classes/{pk}/members/{member}/remove/"),
    ),
    Sample("classes:add", "/", "class add students", as_class_instructor("/classes/{pk}/add/")),
    Sample(
        "classes:sheet", "/", "class sign-in cards", as_class_instructor("/classes/{pk}/sheet/")
    ),
    Sample("classes:work", "/", "class work", as_class_instructor("/classes/{pk}/work/")),
    Sample("classes:work", "/", "class work, a due date asked", due_asked),
    Sample(
        "classes:assign",
        "/",
        "class set a new drill",
        as_class_instructor("/classes/{pk}/work/assign/?drill={code}"),
    ),
    Sample("classes:enter", "/classes/join/", "join a class"),
    Sample("classes:join", "/classes/join/K7MW3X/", "join a class, a visitor"),
    Sample("classes:sign_in", "/classes/sign-in/", "class sign-in"),
    Sample("classes:link", "/", "class, a student's personal link", class_link_page),
    Sample(
        "classes:student",
        "/",
        "class, a student's page",
        as_class_student("/classes/{pk}/student/"),
    ),
    Sample(
        "classes:member",
        "/",
        "class, a member's page",
        as_class_instructor("/classes/{pk}/members/{member}/"),
    ),
    Sample(
        "classes:merge",
        "/",
        "class, merge two entries",
        as_class_instructor("/classes/{pk}/members/{member}/merge/"),
    ),
    Sample(
        "classes:forget",
        "/",
        "class, delete a member's answers",
        as_class_instructor("/classes/{pk}/members/{member}/forget/"),
    ),
    Sample("classes:me", "/", "class, my own page", as_class_student("/classes/{pk}/me/")),
    Sample("drills:list", "/", "drills", as_instructor("/drills/")),
    Sample("drills:new", "/", "drill builder", as_instructor("/drills/new/")),
    Sample("drills:detail", "/", "drill share page", as_instructor("/drills/{code}/")),
    Sample("drills:preview", "/", "drill preview", as_instructor("/drills/{code}/preview/")),
    Sample("drills:projector", "/", "drill projector", as_instructor("/drills/{code}/projector/")),
    Sample("drills:edit", "/", "drill edit", as_instructor("/drills/{code}/edit/")),
    Sample("drills:delete", "/", "drill delete", as_instructor("/drills/{code}/delete/")),
    Sample("drills:sheet", "/", "drill sheet", as_instructor("/drills/{code}/sheet/")),
    Sample("drills:key", "/", "drill answer key", as_instructor("/drills/{code}/key/")),
    Sample("drills:results", "/", "drill results", as_student("/drills/{code}/results/")),
    Sample("drills:remove_attempt", "/", "drill remove a student", remove_confirm),
    Sample("drills:enter", "/d/", "join a drill"),
    Sample("drills:take", "/", "drill name", as_student("")),
    Sample("drills:question", "/", "drill question", as_student("/d/{code}/1/")),
    Sample("drills:question", "/", "drill verdict", as_student("/d/{code}/2/", answer=2)),
    Sample("drills:summary", "/", "drill summary", as_student("/d/{code}/done/", answer=1)),
    Sample("drills:question", "/", "table drill question", as_student("/d/{code}/1/", mode="draw")),
    Sample(
        "drills:question",
        "/",
        "table drill verdict",
        as_student("/d/{code}/2/", answer=2, mode="draw"),
    ),
    Sample("games:index", "/games/", "games"),
    Sample("games:new", "/games/new/", "new game"),
    Sample(
        "games:new",
        "/games/new/?x=1",
        "new game, errors",
        lambda p: p.get_by_role("button", name=t("Start the game")).click(),
    ),
    Sample("games:board", "/games/new/", "game board", start_game),
    Sample("games:hand", "/games/new/", "hand entry, preview", lambda p: enter_hand(p, save=False)),
    Sample("games:hand", "/games/new/", "hand entry, errors", hand_errors),
    Sample("games:hand", "/games/new/", "hand entry, a whole hand built", picker_hand),
    Sample(
        "games:hand",
        "/games/new/",
        "hand entry, a whole hand short of tiles",
        lambda p: picker_hand(p, complete=False),
    ),
    Sample("games:hand", "/games/new/", "hand entry, another phone's hand", hand_notice),
    Sample("games:poll", "/games/new/", "game, updated by another phone", board_updated),
    Sample("games:edit", "/games/new/", "hand edit", edit_hand),
    Sample("games:undo", "/games/new/", "game, a hand undone", undo_hand),
    Sample("games:undo", "/games/new/", "game, undo asked", undo_asked),
    Sample("games:hand", "/games/new/", "hand entry, riichi noten warned", riichi_noten),
    Sample("games:end", "/games/new/", "game, ending early asked", end_asked),
    Sample("games:end", "/games/new/", "game, time's up", ended("time")),
    Sample("games:end", "/games/new/", "game, abandoned", ended("abandon")),
    Sample("games:import", "/games/import/", "import"),
    Sample("games:import", "/games/import/", "import, standings", import_game(FINISHED)),
    Sample("games:import", "/games/import/", "import, errors", import_refused),
    Sample("games:import", "/games/import/", "import, a log cut short asked", cut_asked),
    Sample("games:import", "/games/import/", "import, a file that is no log", not_a_log),
    Sample("games:import", "/games/import/", "import, many logs at once", many_logs),
    Sample("games:mine", "/games/mine/", "your games together, none yet"),
    Sample("games:mine", "/games/import/", "your games together", my_games),
    Sample("games:my_names", "/games/mine/", "your games together, a name saved", name_saved),
    Sample("games:log_seat", "/games/import/", "game log, a seat chosen", seat_chosen),
    Sample("games:club_import", "/games/clubs/new/", "club, online games imported", club_import),
    Sample("games:stop", "/games/import/", "game, the dealer stops", dealer_stops),
    Sample("games:join", "/games/new/", "game, a second phone", second_phone),
    Sample("games:watch", "/games/new/", "game, live board", watch_game),
    Sample("games:log", "/games/", "game log, reviewed", imported_log(public=False)),
    Sample("games:log", "/games/", "game log, reviewed from a seat", imported_log(False, seat=1)),
    Sample(
        "games:watch_log",
        "/games/",
        "game log, reviewed by the public link",
        imported_log(public=True),
    ),
    Sample("practice:own", "/practice/own/", "practice, no own hands yet"),
    Sample("practice:own", "/games/", "practice, own hands", own_hands("/practice/own/")),
    Sample(
        "practice:own_question",
        "/games/",
        "practice, an own hand",
        own_hands("/practice/own/next/"),
    ),
    Sample("games:hands", "/games/", "game, earlier hands shown", earlier_hands(htmx=True)),
    Sample("games:hands", "/games/", "game, a page of earlier hands", earlier_hands(htmx=False)),
    Sample("games:rules", "/games/", "saved rule sets", with_saved_rules("/games/rules/")),
    Sample(
        "games:rules_page", "/games/", "a saved rule set", with_saved_rules("/games/rules/{slug}/")
    ),
    Sample(
        "games:rules_edit",
        "/games/",
        "a saved rule set, edited",
        with_saved_rules("/games/rules/{slug}/edit/"),
    ),  # fmt: skip
    Sample("games:club_new", "/games/clubs/new/", "new club"),
    Sample("games:club", "/games/clubs/new/", "club, empty", start_club),
    Sample("games:club_add", "/games/import/", "club, a game added", club_with_game),
    Sample("games:club_rename", "/games/import/", "club, a player renamed", rename_player),
    Sample("practice:home", "/practice/", "practice"),
    Sample("practice:next", "/practice/next/", "practice question"),
    Sample("practice:question", "/practice/q/nonsense/", "practice, bad link"),
    Sample("progress:mine", "/progress/", "progress, nothing yet"),
    Sample("progress:mine", FIXED_DRAW, "progress, answers", answered_then("/progress/")),
    Sample(
        "progress:answer", FIXED_HAND, "progress, an answer explained", answered_then("explained")
    ),
    Sample("progress:answer", FIXED_DRAW, "progress, a draw explained", answered_then("explained")),
    Sample("progress:delete", "/progress/delete/", "delete my answers"),
    Sample("progress:deleted", "/progress/deleted/", "answers deleted"),
    Sample("", "/no-such-page/", "404"),
    Sample("", "/quiz/", "403 (CSRF)", send_without_token),
]
