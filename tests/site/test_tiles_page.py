"""The tile reference page at /tiles/."""

from __future__ import annotations

from django.test import Client

from scoring.tile_catalog import ALL_FACES, tile_name, tile_reading


def test_it_lists_every_tile_with_its_code_names_and_reading(client: Client) -> None:
    response = client.get("/tiles/")
    html = response.content.decode()
    assert response.status_code == 200
    for code in ALL_FACES:
        assert f'id="tile-{code}"' in html
        assert f"<code>{code}</code>" in html
        assert tile_name(code) in html
        assert tile_reading(code) in html
    assert 'id="tile-back"' in html


def test_it_teaches_the_notation_with_examples(client: Client) -> None:
    html = client.get("/tiles/").content.decode()
    assert "<code>123m406p11z</code>" in html
    assert 'alt="5 of circles (red)"' in html
    assert 'aria-label="closed kan 9999p"' in html
    assert "ton" in html and "haku" in html and "hatsu" in html and "chun" in html
