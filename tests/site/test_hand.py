"""The hand calculator at /hand/: valid, ambiguous and invalid hands, edits without JS."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.calculator import EXAMPLES
from tests.helpers import TANYAO, error_of, get, headline


def test_it_shows_an_empty_calculator(client: Client) -> None:
    html = get(client, "")
    assert "Build a hand" in html
    assert html.count('name="add"') == 37  # 34 kinds and 3 red fives


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # pinfu + tanyao, 30 fu: 30 × 2^4 = 480, × 4 = 1920 → 2000
        (TANYAO, "2 han 30 fu 2000 points"),
        # dealer tsumo: menzen tsumo + pinfu + tanyao, 20 fu: 20 × 2^5 = 640, × 2 → 1300 × 3
        (TANYAO + "&tsumo=1&seat=E", "3 han 20 fu 3900 points"),
        # + riichi + ippatsu = 4 han 30 fu: 30 × 2^6 = 1920, × 4 = 7680 → 7700
        (TANYAO + "&flags=riichi,ippatsu", "4 han 30 fu 7700 points"),
        # chun pon 1 han; 20 + 4 (open honour triplet) = 24 → 30 fu: 960 → 1000
        ("hand=234m567p55s345s&win=3s&melds=pon+777z", "1 han 30 fu 1000 points"),
        # same with 2 honba and 1 deposit: 1000 + 600 + 1000
        (
            "hand=234m567p55s345s&win=3s&melds=pon+777z&honba=2&sticks=1",
            "1 han 30 fu 2600 points",
        ),
    ],
)
def test_it_scores_valid_hands(client: Client, query: str, expected: str) -> None:
    assert headline(get(client, query)) == expected


def test_it_draws_the_reading_with_the_winning_tile_and_the_wait(client: Client) -> None:
    html = get(client, TANYAO)
    text = " ".join(re.sub(r"<[^>]+>", "", html).split())  # the words, glossary links or not
    assert "two-sided wait (ryanmen)" in text
    assert 'alt="5 of bamboo, winning tile"' in html
    assert "Pinfu" in html and "All simples (tanyao)" in html
    assert "Basic points = fu × 2^(2 + han) = 30 × 2^4 = 480" in text
    assert "The discarder pays" in html


def won_on(html: str) -> str:
    """The sentence that names the winning tile and the wait, pictures as their names."""
    match = re.search(r"<p>Won on (.*?)</p>", html, re.S)
    assert match, "no 'Won on' line"
    text = re.sub(r'<img [^>]*alt="([^"]*)"[^>]*>', r"[\1]", match.group(1))
    return " ".join(re.sub(r"<[^>]+>", "", text).split())


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        (TANYAO, "[5 of bamboo] — a two-sided wait (ryanmen)."),
        ("hand=111222333m789p55s&win=5s", "[5 of bamboo] — a pair wait (tanki)."),
        ("hand=19m19p19s12345677z&win=7z", "[Red dragon] — thirteen orphans, 13-sided wait."),
    ],
)
def test_it_names_the_wait_in_one_plain_sentence(client: Client, query: str, sentence: str) -> None:
    assert won_on(get(client, query)) == sentence


def test_it_shows_both_readings_of_an_ambiguous_hand(client: Client) -> None:
    html = get(client, TANYAO)
    assert "Other readings" in html
    # 5s as a pair wait: tanyao only, 20 + 10 + 2 = 32 → 40 fu, 1 han: 1280 → 1300
    other = re.search(r"pair wait \(tanki\) on (.*?): 1 han 40 fu, 1300", html, re.S)
    assert other and other[1].count("<img") == 2  # the wait's 55s drawn
    assert "pays less (1300 against 2000)" in html


def test_it_puts_fu_next_to_the_set(client: Client) -> None:
    html = get(client, "hand=234m567p55s345s&win=3s&melds=pon+777z")
    group = re.search(
        r'<li class="calc-group">(?:(?!</li>).)*pon 777z(?:(?!</li>).)*</li>', html, re.S
    )
    assert group, "no group for the pon"
    assert "+4 fu open triplet of terminals/honours" in group.group(0)
    assert "tile--side" in group.group(0)


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        (TANYAO.replace("win=5s", "win=9m"), "win", "win tile 9m is not in the hand"),
        ("hand=234x", "hand", "&#x27;x&#x27; is not a suit letter"),
        (
            "hand=234m567p55s345s&win=3s&melds=chi+135m",
            "melds",
            "a chi is three consecutive tiles of one suit",
        ),
        (
            "hand=234m567p55s345s&win=3s&melds=xyz+123m",
            "melds",
            "start with chi, pon, kan (open quad) or ankan (closed quad)",
        ),
        ("hand=234m567p55s345s&win=3s&melds=pon+12x", "melds", "is not a suit letter"),
        (TANYAO + "&flags=ippatsu", "flags", "ippatsu needs riichi or double_riichi"),
        (TANYAO + "&dora=8z", "dora", "8z is not a tile"),
        ("hand=123m234p456p789s11z&win=4p", "hand", "has no yaku"),
    ],
)
def test_it_shows_engine_errors_next_to_the_field(
    client: Client, query: str, field: str, message: str
) -> None:
    html = get(client, query)
    assert message in error_of(html, field)
    assert "Not scored yet" in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("hand=22222m567p", "there are 5 of 2m across the hand, melds and indicators"),
        ("hand=5m&melds=kan+5555m", "there are 5 of 5m across"),
        ("hand=00m234p", "2 red 5m (0m): there is only one red five per suit"),
        ("hand=0s234p&dora=0s", "2 red 5s (0s)"),
    ],
)
def test_it_refuses_a_fifth_tile_while_the_hand_is_being_built(
    client: Client, query: str, message: str
) -> None:
    html = get(client, query)
    assert message in error_of(html, "hand")
    assert "Not scored yet" in html
    assert "more tile" not in html


def test_it_shows_form_errors_without_failing(client: Client) -> None:
    html = get(client, TANYAO + "&honba=lots")
    assert "Honba must be a whole number" in error_of(html, "honba")
    assert headline(html) == "Not scored yet"


def test_it_counts_what_is_missing(client: Client) -> None:
    assert "Add 11 more tiles" in get(client, "hand=234m")
    assert "Add 1 more tile " in get(client, "hand=234m567p234s345s5s")


def test_it_answers_htmx_with_the_result_and_the_error_lines(client: Client) -> None:
    response = client.get(f"/hand/?{TANYAO}&win=9m", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="result"')
    assert 'id="error-win" class="calc-error" aria-live="polite" hx-swap-oob="true"' in html
    assert "<h1>" not in html
    assert response["HX-Replace-Url"].startswith("/hand/?hand=234m567p234s345s55s")
    assert "HX-Push-Url" not in response  # one history entry for the page, not one per tile


def test_it_replaces_the_address_with_the_clean_url(client: Client) -> None:
    response = client.get(
        f"/hand/?{TANYAO}&flags=riichi&flags=ippatsu&honba=0", HTTP_HX_REQUEST="true"
    )
    assert response["HX-Replace-Url"] == f"/hand/?{TANYAO}&flags=riichi,ippatsu"


def test_it_redirects_a_submitted_form_to_its_clean_url(client: Client) -> None:
    full = "hand=234m&win=&melds=&tsumo=0&dora=&ura=&honba=0&sticks=0&rules=mahjongsoul&mode=hand"
    response = client.get(f"/hand/?{full}")
    assert response.status_code == 302
    assert response["Location"] == "/hand/?hand=234m"


@pytest.mark.parametrize(
    ("query", "location"),
    [
        ("hand=2355m&add=4m", "/hand/?hand=23455m"),
        ("hand=234m&add=0p", "/hand/?hand=234m0p"),
        ("hand=234m&remove=hand:0", "/hand/?hand=34m"),
        ("hand=234m&mode=pon&add=7z", "/hand/?hand=234m&melds=pon+777z&mode=pon"),
        ("mode=chi&add=0s", "/hand/?melds=chi+067s&mode=chi"),
        ("melds=pon+777z,chi+123m&remove=melds:0", "/hand/?melds=chi+123m"),
        ("mode=dora&add=3m", "/hand/?dora=3m&mode=dora"),
        # the 14th tile becomes the winning tile
        ("hand=234m567p234s345s5s&add=5s", "/hand/?hand=234m567p23434555s&win=5s"),
        # a fifth 5s is refused
        ("hand=55s0s5s&add=5s", "/hand/?hand=55s0s5s"),
    ],
)
def test_it_edits_the_hand_without_javascript(client: Client, query: str, location: str) -> None:
    response = client.get(f"/hand/?{query}")
    assert response.status_code == 302
    assert response["Location"] == location


def test_it_reopens_a_shared_url_with_every_input_set(client: Client) -> None:
    html = get(
        client,
        f"{TANYAO}&tsumo=1&seat=W&dora=3m&flags=riichi&honba=1&rules=tenhou",
    )
    assert 'value="234m567p234s345s55s"' in html
    assert re.search(r'value="1" checked> Tsumo', html)
    assert re.search(r'<option value="W" selected>West', html)
    assert re.search(r'value="riichi" checked', html)
    assert 'value="3m"' in html
    assert re.search(r'<option value="tenhou" selected>', html)
    assert re.search(r'name="win" value="5s" checked', html)


def test_it_disables_palette_tiles_that_are_used_up(client: Client) -> None:
    html = get(client, "hand=5550s")
    assert re.search(r'value="5s"[^>]*disabled', html)
    assert re.search(r'value="0s"[^>]*disabled', html)
    assert not re.search(r'value="4s"[^>]*disabled', html)


@pytest.mark.parametrize(("label", "query"), EXAMPLES)
def test_its_examples_score(client: Client, label: str, query: str) -> None:
    assert f'href="/hand/?{query.replace("&", "&amp;")}"' in get(client, "")
    assert " fu" in headline(get(client, query)) or "Mangan" in headline(get(client, query))


def test_it_names_the_open_reduction(client: Client) -> None:
    # Open ittsu: 2 han closed, 1 open; 20 fu open → 30; 240 × 4 = 960 → 1000.
    html = get(client, "hand=123m456m234p55s&win=4p&melds=chi+789m")
    assert headline(html) == "1 han 30 fu 1000 points"
    assert 'Pure straight (ittsu) <span class="calc-note">(open: 1 han less than closed)' in html


def test_it_counts_yakuman_in_words(client: Client) -> None:
    # Thirteen orphans on a 13-sided wait is a double yakuman under Mahjong Soul rules:
    # 2 × 8000 × 4 = 64000 from the discarder.
    html = get(client, "hand=19m19p19s12345677z&win=7z")
    assert headline(html) == "Double yakuman 64000 points"
    assert "thirteen orphans, 13-sided wait" in html
    assert '<td class="num">double yakuman</td>' in html
    assert '<span class="calc-group__label">thirteen orphans · <strong>' in html


def test_it_puts_a_form_error_next_to_its_field(client: Client) -> None:
    html = get(client, TANYAO + "&seat=X")
    assert "Seat wind must be one of E, S, W, N, not &#x27;X&#x27;" in error_of(html, "seat")


def test_it_shows_dora_and_ura_with_their_indicators(client: Client) -> None:
    # 7p points at 8p (two in the hand), 1m at 2m (two in the hand).
    html = get(client, "hand=22334455m667788p&win=2m&dora=7p&ura=1m&flags=riichi")
    dora = re.search(r'<ul class="calc-dora">(.*?)</ul>', html, re.S)
    assert dora
    items = [
        " ".join(re.sub(r"<img [^>]*alt=\"([^\"]*)\"[^>]*>", r"[\1]", i).split())
        for i in re.findall(r"<li>(.*?)</li>", dora.group(1), re.S)
    ]
    texts = [re.sub(r"<[^>]+>", "", i) for i in items]
    assert texts == [
        "Dora indicator [7 of circles] → [8 of circles] × 2 in the hand",
        "Ura dora indicator [1 of characters] → [2 of characters] × 2 in the hand",
    ]


def test_it_says_a_counted_yakuman_is_counted_as_one(client: Client) -> None:
    # Riichi 1, chinitsu 6, ittsu 2, iipeikou 1, pinfu 1, 2 dora (2m) and 3 ura (9m): 16 han,
    # shown as the 13 they are paid as with the 16 beside them.
    html = get(client, "hand=112233456789m99m&win=9m&flags=riichi&dora=1m&ura=8m")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "13 han (counted yakuman; 16 han in all)" in text, text[:3000]
    # exactly 13 (no ura): nothing beside them
    html = get(client, "hand=112233456789m99m&win=9m&flags=riichi&dora=1m")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "13 han (counted yakuman)" in text and "han in all" not in text
