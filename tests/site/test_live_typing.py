"""Forms that update as they are typed in: a half-typed mistake waits for the field to be
left (204, nothing swapped); the address is replaced, not pushed, so one Back leaves."""

from __future__ import annotations

from django.test import Client

from tests.helpers import HX

TYPING = {**HX, "HTTP_TENBO_TYPING": "1"}


def test_it_waits_while_a_wrong_number_is_typed(client: Client) -> None:
    assert client.get("/points/?han=4&fu=2", **TYPING).status_code == 204


def test_it_answers_a_right_number_while_it_is_typed(client: Client) -> None:
    response = client.get("/points/?han=4&fu=20", **TYPING)
    assert response.status_code == 200
    assert b"Please check" not in response.content


def test_it_says_what_is_wrong_once_the_field_is_left(client: Client) -> None:
    response = client.get("/points/?han=4&fu=2", **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="id_fu_error" hx-swap-oob="true">Fu must be 25 or an even number' in html
    assert 'id="id_han_error" hx-swap-oob="true"></p>' in html  # cleared


def test_it_waits_on_the_hand_calculator_too(client: Client) -> None:
    typing = client.get("/hand/?hand=234m567p234s345s55s&win=5s&honba=-", **TYPING)
    assert typing.status_code == 204
    left = client.get("/hand/?hand=234m567p234s345s55s&win=5s&honba=-", **HX)
    assert "Honba must be a whole number" in left.content.decode()


def test_it_gives_every_field_a_message_line_its_field_names(client: Client) -> None:
    html = client.get("/points/?han=4&fu=30").content.decode()
    for name in ("han", "fu", "dealer", "tsumo", "rules", "kiriage", "honba", "sticks"):
        assert f'aria-describedby="id_{name}_error"' in html
        assert f'<p class="field-error" id="id_{name}_error"></p>' in html


def test_it_replaces_the_address_rather_than_pushing_it(client: Client) -> None:
    for path in ("/points/", "/table/"):
        html = client.get(path).content.decode()
        assert 'hx-replace-url="true"' in html and "hx-push-url" not in html


def test_it_draws_the_step_buttons_hidden_until_the_script_shows_them(client: Client) -> None:
    html = client.get("/points/").content.decode()
    for name, label in (("han", "Han"), ("fu", "Fu"), ("honba", "Honba")):
        assert (
            f'<button type="button" class="step" data-step="1" aria-controls="id_{name}" '
            f'aria-label="{label}: one more" hidden>+</button>'
        ) in html
    assert 'data-steps="20,25,30,40,50,60,70,80,90,100,110"' in html
