"""A club's rule set: a signed-in user saves named rules (a preset and what differs), edits
and deletes them (a 404 for anyone else), picks them in a new game, and makes them a league's
rules (every game of the league then uses them); the set's page shows every switch against its
preset with the sources; an exported game carries its rules and the import keeps them."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from quizsite.drills.models import Drill
from quizsite.games.models import Club, Game, SavedRules
from quizsite.quiz.public import solve
from quizsite.quiz.table_questions import load_table_question
from scoring.engine import settle_json
from scoring.engine.final import final_json
from scoring.engine.rules import PRESETS, SWITCHES, TABLE_SWITCHES, parse_table_rules
from tests.factory import NEW_DRILL, NEW_GAME, add, make_game, right_answer, ron, signed_in
from tests.helpers import text_of

pytestmark = pytest.mark.django_db

THURSDAY = {"name": "Thursday club: M-League with 30,000 start", "preset": "mleague",
            "start": "30000", "kiriage": "0"}  # fmt: skip


def save(client: Client, **fields) -> SavedRules:
    response = client.post("/games/rules/", {**THURSDAY, **fields})
    assert response.status_code == 302, response.content.decode()[-2000:]
    return SavedRules.objects.latest("pk")


def test_a_signed_in_user_saves_named_rules_and_sees_every_switch_against_the_preset():
    aiko = signed_in("aiko")
    saved = save(aiko)
    assert saved.rules == {"preset": "mleague", "kiriage": False, "start": 30000}
    page = aiko.get(f"/games/rules/{saved.slug}/").content.decode()
    rows = re.findall(r"<tr( class=\"differs\")?><th scope=\"row\"", page)
    four = [n for n, s in SWITCHES.items() if not s.sanma]  # four-player rules: their switches
    assert len(rows) == len(four) + len(TABLE_SWITCHES)
    hand, table = parse_table_rules(saved.rules)
    preset = PRESETS["mleague"]
    want = [n for n in four if getattr(hand, n) != getattr(preset.rules, n)]
    want += [n for n in TABLE_SWITCHES if getattr(table, n) != getattr(preset.table, n)]
    assert "start" in want and len([r for r in rows if r]) == len(want)
    assert "Thursday club: M-League with 30,000 start" in page and "Sources" in page
    assert "M-League" in page  # the base preset's title and source
    assert aiko.get("/games/rules/").content.decode().count(saved.slug) >= 1


def test_saving_needs_a_sign_in_and_bad_rules_are_said_inline(client):
    assert client.get("/games/rules/").status_code == 302  # to the sign-in page
    aiko = signed_in("aiko")
    response = aiko.post("/games/rules/", {**THURSDAY, "start": "30000", "target": "20000"})
    assert response.status_code == 200 and "below the start" in response.content.decode()
    assert not SavedRules.objects.exists()


def test_only_the_owner_edits_or_deletes_and_everyone_else_gets_a_404(client):
    aiko, bruno = signed_in("aiko"), signed_in("bruno")
    saved = save(aiko)
    edit = f"/games/rules/{saved.slug}/edit/"
    for other in (bruno, client):
        assert other.get(edit).status_code == 404
        assert other.post(edit, {**THURSDAY, "name": "Mine now"}).status_code == 404
        assert other.post(edit, {"delete": "1"}).status_code == 404
    assert client.get(f"/games/rules/{saved.slug}/").status_code == 200  # public to read
    assert aiko.get(edit).status_code == 200
    assert 'name="start" value="30000"' in aiko.get(edit).content.decode()
    response = aiko.post(edit, {**THURSDAY, "name": "Thursday", "uma": "10-30"})
    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.name == "Thursday" and saved.rules["uma"] == [30, 10, -10, -30]
    assert aiko.post(edit, {"delete": "1"}).status_code == 302
    assert not SavedRules.objects.exists()


def test_a_new_game_picks_a_saved_set_and_plays_by_it():
    aiko = signed_in("aiko")
    saved = save(aiko)
    assert saved.slug in aiko.get("/games/new/").content.decode()
    assert (
        aiko.post("/games/new/", {**NEW_GAME, "saved": saved.slug, "kiriage": "1"}).status_code
        == 302
    )
    game = Game.objects.latest("created")
    assert game.rules == {"preset": "mleague", "start": 30000, "kiriage": True}
    assert list(game.replay().scores) == [30000] * 4
    # another user's set cannot be picked
    bruno = signed_in("bruno")
    response = bruno.post("/games/new/", {**NEW_GAME, "saved": saved.slug})
    assert response.status_code == 200 and not Game.objects.filter(rules__preset="tenhou")


def test_every_game_of_a_league_uses_its_rules():
    aiko = signed_in("aiko")
    saved = save(aiko)
    aiko.post("/games/clubs/new/", {"name": "Thursday"})
    club = Club.objects.get()
    assert aiko.post(f"/games/clubs/{club.slug}/rules/", {"rules": saved.slug}).status_code == 302
    club.refresh_from_db()
    assert club.rules == saved
    assert (
        "Every game of this league is played by"
        in aiko.get(f"/games/clubs/{club.slug}/").content.decode()
    )
    # a club game takes the league's rules, whatever preset the form says
    response = aiko.post("/games/new/", {**NEW_GAME, "club": club.slug, "preset": "tenhou"})
    assert response.status_code == 302
    game = Game.objects.latest("created")
    assert game.club == club and game.rules == saved.rules
    add(game, ron(1, 2, han=4, fu=30))
    want = settle_json({"rules": saved.rules, "scores": [30000] * 4, "dealer": 0,
                        "end": ron(1, 2, han=4, fu=30).end})  # fmt: skip
    assert list(game.replay().hands[0].outcome.deltas) == want["deltas"]
    # a kept game by other rules is not added to the league
    assert aiko.post("/games/new/", {**NEW_GAME, "preset": "tenhou"}).status_code == 302
    other = Game.objects.latest("created")
    assert other.club is None and other.rules == {"preset": "tenhou"}
    page = aiko.post(f"/games/clubs/{club.slug}/add/", {"game": other.slug})
    assert "not played by the league" in page.content.decode()
    other.refresh_from_db()
    assert other.club is None
    # someone else's set cannot become the league's rules, nor can a stranger set them
    bruno = signed_in("bruno")
    theirs = save(bruno, name="Bruno's")
    page = aiko.post(f"/games/clubs/{club.slug}/rules/", {"rules": theirs.slug})
    assert "Choose one of the rule sets you saved" in page.content.decode()
    assert bruno.post(f"/games/clubs/{club.slug}/rules/", {"rules": theirs.slug}).status_code == 404
    club.refresh_from_db()
    assert club.rules == saved


def test_an_exported_game_carries_its_rules_and_the_import_keeps_them(client):
    rules = {"uma": [30, 10, -10, -30], "kiriage": True, "wareme": True, "pao": ["daisangen"]}
    game = add(make_game("tenhou", "tonpuusen", **rules), ron(1, 0, han=4, fu=30))
    data = json.loads(client.get(f"/games/{game.slug}/game.json").content)
    assert data["rules"] == {"preset": "tenhou", **rules}
    upload = SimpleUploadedFile("game.json", json.dumps(data).encode(), "application/json")
    assert client.post("/games/import/", {"file": upload}).status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.rules == game.rules and copy.replay().scores == game.replay().scores


def test_the_rules_page_says_how_to_set_and_save_them(client):
    page = client.get("/rules/").content.decode()
    assert 'href="/games/rules/"' in page and "House rules" in page
    link = re.search(r'href="(/table-rules/\?rules=tenhou[^"]*)"', page).group(1)
    text = client.get(link.replace("&amp;", "&")).content.decode()
    assert "Tenhou, with kiriage mangan on and uma 10-30" in text


def test_a_saved_set_is_picked_for_the_quiz_and_a_drill_by_its_links():
    aiko = signed_in("aiko")
    saved = save(aiko, uma="5-15")
    page = aiko.get(f"/games/rules/{saved.slug}/").content.decode()
    quiz = re.search(r'href="(/quiz/next/\?[^"]*)"', page).group(1).replace("&amp;", "&")
    response = aiko.get(quiz + "&mode=final")
    assert response.status_code == 302
    link = response["Location"]
    seed = link.split("/quiz/q/")[1].split("/")[0]
    params = dict(p.split("=", 1) for p in link.split("?", 1)[1].split("&"))
    q = load_table_question(seed, params)
    rules = parse_table_rules(q.request["rules"])
    want = parse_table_rules(saved.rules)
    assert rules[1].start == want[1].start and rules[1].uma == want[1].uma
    assert rules[0].kiriage is want[0].kiriage
    drill = re.search(r'href="(/drills/new/\?[^"]*)"', page).group(1).replace("&amp;", "&")
    form = aiko.get(drill).content.decode()
    assert re.search(r'name="start" value="30000"', form)
    assert re.search(r'name="uma" value="5-15"', form)
    assert re.search(r'<option value="0" selected>off</option>', form)  # kiriage


def picker_options(html: str) -> dict[str, str]:
    """The saved rule sets a page's picker offers: {slug: name} ("" for none)."""
    found = re.search(r'<select[^>]*name="saved"[^>]*>(.*?)</select>', html, re.S)
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1)))


def test_the_quiz_options_offer_the_users_own_saved_sets_and_play_by_the_one_chosen():
    aiko = signed_in("aiko")
    saved = save(aiko, uma="5-15")
    bruno = signed_in("bruno")
    theirs = save(bruno, name="Bruno's rules", preset="tenhou")
    offered = picker_options(aiko.get("/quiz/").content.decode())
    assert saved.slug in offered and theirs.slug not in offered
    assert offered[saved.slug] == saved.name
    assert 'name="saved"' not in Client().get("/quiz/").content.decode()  # not signed in
    # the set chosen fills the rules (a switch set here goes on top of it)
    for extra, uma in (("", [15, 5, -5, -15]), ("&uma=10-30", [30, 10, -10, -30])):
        response = aiko.get(f"/quiz/next/?mode=final&level=intermediate&saved={saved.slug}{extra}")
        assert response.status_code == 302
        link = response["Location"]
        assert "saved=" not in link  # the link holds the rules themselves
        seed = link.split("/quiz/q/")[1].split("/")[0]
        params = dict(p.split("=", 1) for p in link.split("?", 1)[1].split("&"))
        q = load_table_question(seed, params)
        assert parse_table_rules(q.request["rules"]) == parse_table_rules(
            saved.rules | {"uma": uma}
        )
        want = final_json({"rules": saved.rules | {"uma": uma}, "scores": q.request["scores"],
                           "sticks": q.request.get("sticks", 0)})  # fmt: skip
        assert [t / 10 for t in solve(q).tenths] == want["points"]
        page = text_of(aiko.post(link, right_answer(q, solve(q))))
        assert "✓ Right!" in page


@pytest.mark.parametrize("who", ["bruno", "visitor"])
def test_the_quiz_refuses_another_users_saved_set_inline(who):
    saved = save(signed_in("aiko"))
    client = signed_in("bruno") if who == "bruno" else Client()
    response = client.get(f"/quiz/next/?mode=final&saved={saved.slug}")
    assert response.status_code == 200
    assert "Choose one of the rule sets you saved." in text_of(response)


def test_the_drill_builder_offers_the_users_own_saved_sets_and_draws_by_the_one_chosen():
    aiko = signed_in("aiko")
    saved = save(aiko, uma="5-15")
    theirs = save(signed_in("bruno"), name="Bruno's rules", preset="tenhou")
    offered = picker_options(aiko.get("/drills/new/").content.decode())
    assert saved.slug in offered and theirs.slug not in offered
    post = NEW_DRILL | {"mode": "final", "count": "3", "saved": saved.slug, "leftover": "lost"}
    assert aiko.post("/drills/new/", post).status_code == 302
    drill = Drill.objects.get()
    assert drill.rules == "mleague"
    rules = saved.rules | {"leftover": "lost"}  # a switch set here goes on top of the set
    for dq in drill.questions.all():
        q = dq.as_question()
        assert parse_table_rules(q.request["rules"]) == parse_table_rules(rules)
        want = final_json({"rules": rules, "scores": q.request["scores"],
                           "sticks": q.request.get("sticks", 0)})  # fmt: skip
        assert [t / 10 for t in solve(q).tenths] == want["points"]


def test_the_drill_builder_refuses_another_users_saved_set_inline():
    saved = save(signed_in("aiko"))
    bruno = signed_in("bruno")
    response = bruno.post("/drills/new/", NEW_DRILL | {"saved": saved.slug})
    assert response.status_code == 200
    assert "Choose one of the rule sets you saved." in text_of(response)
    assert not Drill.objects.exists()
