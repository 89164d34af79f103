"""Three players in a saved rule set and in a game's own hands, in a browser: the saved-rules
form shows the three-player switches only while a three-player preset is chosen (and puts them
back to "as the preset" when a four-player one is chosen again); a three-player game's hand is
practised as a three-player question. Screenshots in English and Japanese at phone and desktop
widths."""

from __future__ import annotations

from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from quizsite.games.models import Game
from scoring.engine.game import Entry
from tests.e2e.shots import shoot
from tests.factory import keep_in_session, make_game, make_user


def signed_in(page: Page, site: str, name: str = "Aiko") -> None:
    client = Client()  # signed in without the log-in form, which is rate-limited
    client.force_login(make_user(name))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": site}])


def test_the_saved_rules_form_shows_the_three_player_switches_with_a_three_player_preset(
    page: Page, site: str
) -> None:
    signed_in(page, site)
    page.goto(f"{site}/games/rules/")
    tsumo_loss = page.locator("#id_tsumo_loss")
    page.locator("summary", has_text="Change the preset's rules").click()
    page.locator("summary", has_text="Scoring a hand").click()
    expect(tsumo_loss).to_be_hidden()
    page.get_by_label("Start from").select_option("mahjongsoul_sanma")
    expect(tsumo_loss).to_be_visible()
    tsumo_loss.select_option("0")
    page.get_by_label("Name").fill("Saturday sanma")
    shoot(page, "sanma-saved-rules")
    page.get_by_label("Start from").select_option("tenhou")
    expect(tsumo_loss).to_be_hidden()
    expect(tsumo_loss).to_have_value("")  # back to "as the preset"
    page.get_by_label("Start from").select_option("mahjongsoul_sanma")
    tsumo_loss.select_option("0")
    page.get_by_role("button", name="Save the rules").click()
    expect(page.locator("h1")).to_have_text("Saturday sanma")
    expect(page.locator("main")).to_contain_text("Mahjong Soul three-player")
    shoot(page, "sanma-saved-rules-page")
    page.goto(f"{site}/ja/games/rules/")
    page.locator("select[name=preset]").select_option("tenhou_sanma")
    page.locator("details.switches > summary").click()
    page.locator("details.switch-group > summary").first.click()
    expect(page.locator("#id_tsumo_loss")).to_be_visible()
    shoot(page, "sanma-saved-rules-ja")


def test_a_three_player_games_hand_is_practised_as_a_three_player_question(
    page: Page, site: str
) -> None:
    game = make_game("tenhou_sanma", "tonpuusen")
    game.north = ""
    game.save()
    hand = {"hand": "123p456p789p11s234s", "win": "4s", "kita": 2, "flags": ["riichi"]}
    game.add_hand(Entry((1,), {"kind": "tsumo", "win": {"seat": 1, "hand": hand}}), version=0)
    assert Game.objects.get(pk=game.pk).players == 3
    client = Client()  # the scorer who started it: its edit token in this browser's record
    keep_in_session(client, "game", game.slug, game.edit_token)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": site}])
    page.goto(f"{site}/games/{game.slug}/")
    page.get_by_role("button", name="Practise these hands").click()
    expect(page.locator("main")).to_contain_text("Your own hand")
    expect(page.locator("main")).to_contain_text("North")
    shoot(page, "sanma-own-hand")
    page.goto(page.url.replace(site, f"{site}/ja"))
    expect(page.locator("main")).to_contain_text("北")
    shoot(page, "sanma-own-hand-ja")
