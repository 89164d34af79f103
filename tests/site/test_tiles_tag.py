"""The {% tiles %} tag, the tile_name filter and the committed tile pictures."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from scoring import tile_art
from scoring.engine.tiles import parse_tiles
from scoring.tile_catalog import ALL_FACES, BACK, tile_name, tile_reading

NAMES = [
    ("1m", "1 of characters"),
    ("9m", "9 of characters"),
    ("5p", "5 of circles"),
    ("0m", "5 of characters (red)"),
    ("0p", "5 of circles (red)"),
    ("0s", "5 of bamboo (red)"),
    ("1s", "1 of bamboo"),
    ("1z", "East wind"),
    ("2z", "South wind"),
    ("3z", "West wind"),
    ("4z", "North wind"),
    ("5z", "White dragon"),
    ("6z", "Green dragon"),
    ("7z", "Red dragon"),
]
READINGS = [
    ("1m", "ii-wan"),
    ("2p", "ryan-pin"),
    ("9m", "kyuu-wan"),
    ("9s", "chuu-sou"),
    ("0p", "aka uu-pin"),
    ("1z", "ton"),
    ("3z", "shaa"),
    ("5z", "haku"),
    ("6z", "hatsu"),
    ("7z", "chun"),
]


def render(source: str) -> str:
    return Template("{% load tiles %}" + source).render(Context())


def imgs(html: str) -> list[dict[str, str]]:
    """Each <img>'s attributes, in order."""
    return [dict(re.findall(r'(\w+)="([^"]*)"', tag)) for tag in re.findall(r"<img [^>]*>", html)]


def face(src: str) -> str:
    """The tile an <img> shows: its view in the sheet of every tile."""
    sheet, _, view = src.partition("#t")
    assert sheet == "/static/img/tiles.svg", src
    return view


@pytest.mark.parametrize(("code", "name"), NAMES)
def test_it_names_tiles(code: str, name: str) -> None:
    assert tile_name(code) == name
    assert render(f'{{{{ "{code}"|tile_name }}}}') == name


@pytest.mark.parametrize(("code", "reading"), READINGS)
def test_it_gives_japanese_readings(code: str, reading: str) -> None:
    assert tile_reading(code) == reading


def test_it_knows_37_faces_and_a_back() -> None:
    assert len(ALL_FACES) == 37
    assert len(set(ALL_FACES)) == 37
    assert len(tile_art.all_svgs()) == 38


@pytest.mark.parametrize("code", ALL_FACES)
def test_it_renders_every_tile_with_its_name(code: str) -> None:
    [img] = imgs(render(f'{{% tiles "{code[0]}{code[1]}" %}}'))
    assert img["src"] == f"/static/img/tiles.svg#t{code}"
    assert img["alt"] == img["title"] == tile_name(code)


def test_it_renders_the_back_in_a_closed_kan() -> None:
    found = imgs(render('{% tiles "ankan 9999p" %}'))
    assert [face(i["src"]) for i in found] == ["back", "9p", "9p", "back"]
    assert found[0]["alt"] == "9 of circles (face down)"
    assert found[1]["alt"] == "9 of circles"


def test_it_keeps_red_fives_distinct() -> None:
    found = imgs(render('{% tiles "505m" %}'))
    assert [i["alt"] for i in found] == [
        "5 of characters",
        "5 of characters (red)",
        "5 of characters",
    ]
    assert face(found[1]["src"]) == "0m"
    pictures = tile_art.all_svgs()
    for suit in "mps":
        assert pictures[f"0{suit}.svg"] != pictures[f"5{suit}.svg"]
        assert tile_art.RED in pictures[f"0{suit}.svg"]


def test_it_splits_groups_on_spaces() -> None:
    html = render('{% tiles "234m 567p 55s" %}')
    assert html.count('class="tile-group"') == 3
    assert len(imgs(html)) == 8


def test_it_marks_the_winning_tile_once() -> None:
    html = render('{% tiles "234m 23455s" win="5s" %}')
    assert html.count("tile--win") == 1
    alts = [i["alt"] for i in imgs(html)]
    assert alts[-1] == "5 of bamboo, winning tile"
    assert alts.count("5 of bamboo, winning tile") == 1


def test_it_marks_a_red_winning_tile_by_kind() -> None:
    alts = [i["alt"] for i in imgs(render('{% tiles "406p" win="5p" %}'))]
    assert alts[1] == "5 of circles (red), winning tile"


@pytest.mark.parametrize(
    ("meld", "label", "count", "side"),
    [
        ("chi 123m", "chi 123m", 3, 1),
        ("pon 777z", "pon 777z", 3, 1),
        ("kan 1111s", "open kan 1111s", 4, 1),
        ("ankan 9999p", "closed kan 9999p", 4, 0),
    ],
)
def test_it_renders_melds(meld: str, label: str, count: int, side: int) -> None:
    html = render(f'{{% tiles "{meld}" %}}')
    assert f'aria-label="{label}"' in html
    assert len(imgs(html)) == count
    assert html.count("tile--side") == side


def test_it_turns_the_chosen_tile_sideways() -> None:
    html = render('{% tiles "pon 777z" sideways=2 %}')
    spans = re.findall(r'<span class="(tile[^"]*)"><img', html)
    assert spans == ["tile", "tile", "tile tile--side"]
    assert "tile--side" not in render('{% tiles "pon 777z" sideways=-1 %}')


@pytest.mark.parametrize(
    ("size", "width"), [("sm", "28"), ("md", "36"), ("lg", "48"), ("xl", "36")]
)
def test_it_sizes_tiles(size: str, width: str) -> None:
    [img] = imgs(render(f'{{% tiles "1z" size="{size}" %}}'))
    assert img["width"] == width


def test_it_refuses_what_is_not_a_tile() -> None:
    with pytest.raises(ValueError, match="8z is not a tile"):
        parse_tiles("8z")
    with pytest.raises(ValueError, match="no suit letter"):
        parse_tiles("123")


def test_it_gives_the_picture_url() -> None:
    assert render('{{ "0s"|tile_src }}') == "/static/img/tiles.svg#t0s"
    assert render('{{ "back"|tile_src }}') == "/static/img/tiles.svg#tback"


def test_it_keeps_the_committed_pictures_in_step_with_the_generator() -> None:
    """Run `python -m scoring.tile_art` after changing the drawing code."""
    committed = {p.name: p.read_text(encoding="utf-8") for p in tile_art.STATIC_TILES.glob("*.svg")}
    assert committed == tile_art.all_svgs()
    assert tile_art.STATIC_SHEET.read_text(encoding="utf-8") == tile_art.sheet_svg()


def test_the_sheet_frames_every_picture_in_its_own_view() -> None:
    """One file for every tile on a page: each `#t<code>` view shows that tile's drawing."""
    sheet = tile_art.sheet_svg()
    for i, code in enumerate([*ALL_FACES, BACK]):
        x = i * tile_art.WIDTH
        view = f'<view id="t{code}" viewBox="{x} 0 60 80"/><svg x="{x}" width="60" height="80">'
        assert view in sheet, code
        drawing = tile_art.tile_svg(code).split("</title>", 1)[1].rsplit("</svg>", 1)[0]
        assert sheet.index(view) + len(view) == sheet.index(drawing, sheet.index(view)), code


def test_it_draws_characters_without_fonts() -> None:
    for name, svg in tile_art.all_svgs().items():
        assert "<text" not in svg, name
    assert BACK == "back"


@pytest.mark.parametrize(
    "module",
    ["scoring.tile_art", "scoring.tile_catalog", "scoring.hand_query", "scoring.calculator"],
)
def test_its_examples_hold(module: str) -> None:
    """The `>>>` examples in the tile and calculator modules (outside the doctest paths)."""
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("meld", ["ankan 0555s", "ankan 5550s", "ankan 5505s"])
def test_it_shows_a_red_five_in_a_closed_kan_face_up(meld: str) -> None:
    found = imgs(render(f'{{% tiles "{meld}" %}}'))
    assert [face(i["src"]) for i in found] == ["back", "0s", "5s", "back"]
    assert found[1]["alt"] == "5 of bamboo (red)"
    assert [i["alt"] for i in found].count("5 of bamboo (face down)") == 2


def test_tile_text_draws_the_codes_of_an_explanation_as_tiles() -> None:
    from django.utils.safestring import mark_safe

    from scoring.templatetags.tiles import tile_text

    out = str(tile_text("read as 234m 678p 11z; 9p completes 789p: <kanchan>"))
    assert "234m" not in out and "678p" not in out and "9p completes" not in out
    assert out.count('class="tiles tiles--sm"') == 3  # the reading, the winner, its group
    assert out.count("<img") == 3 + 3 + 2 + 1 + 3
    assert "&lt;kanchan&gt;" in out  # plain text is escaped first
    # Safe markup (a glossary link) keeps its tags; numbers that are not tiles stay text.
    linked = mark_safe(
        '<a class="term" href="/learn/terms/#term-fu">fu</a> 30 × 2^4 = 480, 1 in the hand&#39;s'
    )
    assert str(tile_text(linked)) == str(linked)


def test_a_tile_drawn_again_is_the_same_and_follows_the_static_address() -> None:
    # Pictures are made once per code, size and mark; a changed setting makes them anew.
    from django.test import override_settings

    render = Template('{% load tiles %}{% tiles "0p0p" win="0p" %}').render
    first = render(Context())
    assert render(Context()) == first
    assert first.count("tile--win") == 1 and first.count('alt="5 of circles (red)"') == 1
    with override_settings(STATIC_URL="/elsewhere/"):
        moved = render(Context())
        assert "/elsewhere/img/tiles.svg#" in moved and moved != first
    assert render(Context()) == first


def test_tile_text_drawn_again_escapes_as_before_and_follows_the_static_address() -> None:
    from django.test import override_settings
    from django.utils.safestring import mark_safe

    from scoring.templatetags.tiles import tile_text

    plain = tile_text("<b>read as 234m</b>")
    assert tile_text("<b>read as 234m</b>") == plain
    assert "&lt;b&gt;" in plain and plain.count("<img") == 3
    safe = tile_text(mark_safe("<b>read as 234m</b>"))  # safe text: not escaped, same tiles
    assert safe.startswith("<b>") and safe != plain and safe.count("<img") == 3
    with override_settings(STATIC_URL="/elsewhere/"):
        assert "/elsewhere/img/tiles.svg#t2m" in tile_text("<b>read as 234m</b>")
    assert tile_text("<b>read as 234m</b>") == plain
