"""Tenbō's own tile pictures, generated as SVG from plain Python.

Nothing here needs a font: the Chinese characters on the tiles (一 … 九, 萬, 東南西北, 發, 中)
are simplified stroke drawings written below as SVG paths on a 100×100 grid, so the pictures
look the same on a machine with no CJK font installed.

Run ``python -m scoring.tile_art`` to rewrite ``static/tiles/*.svg`` and the sheet of all of
them that pages show (``static/img/tiles.svg``); a test checks the committed files match this
generator.

>>> svg = tile_svg("0p")
>>> svg.startswith("<svg") and "5 of circles (red)" in svg
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from .tile_catalog import ALL_FACES, BACK
from .tile_catalog import english_tile_name as tile_name

WIDTH, HEIGHT = 60, 80
FACE_H = 73  # the ivory face; the darker strip below it reads as the tile's thickness
BLUE, GREEN, RED, INK = "#1f4e9c", "#17794a", "#c62828", "#1d2433"
IVORY = "#fffdf6"
STATIC_TILES = Path(__file__).resolve().parent.parent / "static" / "tiles"
# Every picture in one file, each shown by its view (``tiles.svg#t1m``): one request a page.
STATIC_SHEET = STATIC_TILES.parent / "img" / "tiles.svg"

# Stroke drawings on a 100×100 grid. Each string is one SVG path; strokes are drawn with
# round caps, so a short segment reads as a dot.
GLYPHS: dict[str, list[str]] = {
    "一": ["M8 52 H92"],
    "二": ["M22 30 H78", "M8 74 H92"],
    "三": ["M18 18 H82", "M26 50 H74", "M8 84 H92"],
    "四": [
        "M14 20 V86",
        "M14 20 H86 V86",
        "M14 84 H86",
        "M40 22 C40 46 36 58 26 66",
        "M60 22 V58 Q60 64 68 64 H84",
    ],
    "五": ["M18 14 H82", "M46 14 L38 84", "M24 48 H72 V84", "M8 86 H92"],
    "六": ["M46 6 L56 20", "M10 34 H90", "M38 52 Q32 72 16 88", "M62 52 Q72 70 86 86"],
    "七": ["M8 50 L92 38", "M40 8 V76 Q40 88 54 88 H86 V74"],
    "八": ["M40 16 Q38 60 10 86", "M60 16 Q66 60 92 84"],
    "九": ["M44 8 Q44 60 10 90", "M16 36 H62 V78 Q62 88 74 88 H90 V74"],
    "萬": [
        "M8 16 H92",
        "M32 6 V26",
        "M68 6 V26",
        "M26 33 H74 V58 H26 Z",
        "M26 45.5 H74",
        "M50 33 V58",
        "M18 66 V96",
        "M18 66 H82 V88 Q82 96 72 94",
        "M50 58 V76",
        "M34 86 L50 72 L66 86",
    ],
    "東": [
        "M10 24 H90",
        "M50 4 V96",
        "M24 36 H76 V66 H24 Z",
        "M24 51 H76",
        "M44 70 Q32 84 10 92",
        "M56 70 Q68 84 90 92",
    ],
    "南": [
        "M10 18 H90",
        "M50 4 V18",
        "M18 34 V96",
        "M18 34 H82 V86 Q82 96 70 94",
        "M36 44 L42 52",
        "M64 44 L58 52",
        "M32 60 H68",
        "M28 74 H72",
        "M50 60 V92",
    ],
    "西": [
        "M8 14 H92",
        "M16 34 V94",
        "M16 34 H84 V94",
        "M16 90 H84",
        "M40 14 V50 Q38 64 22 70",
        "M60 14 V62 Q60 68 70 68 H84",
    ],
    "北": [
        "M36 6 V88",
        "M12 38 H36",
        "M6 80 L36 66",
        "M64 6 V80 Q64 90 76 90 H92 V76",
        "M64 46 L90 32",
    ],
    "發": [
        "M10 12 H38 Q34 30 12 42",
        "M22 24 L32 32",
        "M60 10 L72 20",
        "M56 24 H88",
        "M72 24 Q76 34 94 42",
        "M56 40 L70 30",
        "M12 52 H38 V63 H16 V75 H40 Q42 92 30 94",
        "M60 48 V56 Q60 62 54 64",
        "M60 48 H78 V60 Q78 64 88 64",
        "M54 72 H88 Q78 88 54 96",
        "M62 76 Q74 90 94 96",
    ],
    "中": ["M16 28 H84 V66 H16 Z", "M50 4 V96"],
}
NUMERALS = "一二三四五六七八九"
HONOR_GLYPHS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "6z": "發", "7z": "中"}
HONOR_COLOURS = {"6z": GREEN, "7z": RED}

# Circle positions (x, y, radius, colour) for 2–9 of circles; the face is 60 wide.
PIN_LAYOUTS: dict[int, Sequence[tuple[float, float, float, str]]] = {
    2: [(30, 20, 11, GREEN), (30, 54, 11, BLUE)],
    3: [(15, 15, 9, BLUE), (30, 37, 9, RED), (45, 59, 9, GREEN)],
    4: [(18, 21, 10, BLUE), (42, 21, 10, GREEN), (18, 53, 10, GREEN), (42, 53, 10, BLUE)],
    5: [
        (16, 17, 9, BLUE),
        (44, 17, 9, GREEN),
        (30, 37, 9, RED),
        (16, 57, 9, GREEN),
        (44, 57, 9, BLUE),
    ],
    6: [(19, 13, 8, GREEN), (41, 13, 8, GREEN)]
    + [(x, y, 8, RED) for y in (39, 59) for x in (19, 41)],
    7: [(14, 10, 7, GREEN), (30, 17, 7, GREEN), (46, 24, 7, GREEN)]
    + [(x, y, 7.5, RED) for y in (43, 61) for x in (19, 41)],
    8: [(x, y, 7.5, BLUE) for y in (11, 27, 43, 59) for x in (19, 41)],
    9: [(x, y, 7.5, c) for y, c in ((14, BLUE), (36, RED), (58, GREEN)) for x in (14, 30, 46)],
}

# Stick positions (x, y, length, angle, colour) for 2–9 of bamboo.
STICK = 26
SOU_LAYOUTS: dict[int, Sequence[tuple[float, float, float, float, str]]] = {
    2: [(30, 20, STICK, 0, GREEN), (30, 54, STICK, 0, GREEN)],
    3: [(30, 20, STICK, 0, GREEN), (18, 54, STICK, 0, GREEN), (42, 54, STICK, 0, GREEN)],
    4: [(x, y, STICK, 0, GREEN) for y in (20, 54) for x in (18, 42)],
    5: [(x, y, STICK, 0, GREEN) for y in (20, 54) for x in (13, 47)] + [(30, 37, STICK, 0, RED)],
    6: [(x, y, STICK, 0, GREEN) for y in (20, 54) for x in (13, 30, 47)],
    7: [(30, 13, 18, 0, RED)] + [(x, y, 19, 0, GREEN) for y in (37, 60) for x in (13, 30, 47)],
    8: [(10, 20, STICK, 0, GREEN), (50, 20, STICK, 0, GREEN)]
    + [(23, 20, STICK, 22, GREEN), (37, 20, STICK, -22, GREEN)]
    + [(10, 54, STICK, 0, GREEN), (50, 54, STICK, 0, GREEN)]
    + [(23, 54, STICK, -22, GREEN), (37, 54, STICK, 22, GREEN)],
    9: [(x, y, 18, 0, RED if x == 30 else GREEN) for y in (13, 37, 60) for x in (13, 30, 47)],
}


def fmt(value: float) -> str:
    """Numbers without a trailing ``.0`` keep the files small and stable."""
    return f"{value:g}"


def frame(code: str, body: str) -> str:
    """The tile body (ivory face over a thicker base), with the face drawing inside."""
    title = tile_name(code)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{title}">'
        f"<title>{title}</title>"
        f'<rect x="0.75" y="0.75" width="58.5" height="78.5" rx="6" fill="#d9cfb6" '
        f'stroke="#8d826c" stroke-width="1.5"/>'
        f'<rect x="1.5" y="1.5" width="57" height="{FACE_H}" rx="5.5" fill="{IVORY}"/>'
        f"{body}</svg>\n"
    )


def glyph(char: str, x: float, y: float, size: float, colour: str, weight: float) -> str:
    """One stroke-drawn character scaled into a ``size`` square at (x, y)."""
    scale = size / 100
    paths = "".join(f'<path d="{d}"/>' for d in GLYPHS[char])
    return (
        f'<g transform="translate({fmt(x)} {fmt(y)}) scale({fmt(scale)})" fill="none" '
        f'stroke="{colour}" stroke-width="{fmt(weight)}" stroke-linecap="round" '
        f'stroke-linejoin="round">{paths}</g>'
    )


def pin(x: float, y: float, r: float, colour: str) -> str:
    """One circle: a coloured ring with a dot in the middle."""
    return (
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="{colour}"/>'
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 0.62)}" fill="{IVORY}"/>'
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 0.32)}" fill="{colour}"/>'
    )


def stick(x: float, y: float, length: float, angle: float, colour: str) -> str:
    """One bamboo stick: a rounded bar with a node across the middle."""
    w = 7
    top = y - length / 2
    return (
        f'<g transform="rotate({fmt(angle)} {fmt(x)} {fmt(y)})">'
        f'<rect x="{fmt(x - w / 2)}" y="{fmt(top)}" width="{w}" height="{fmt(length)}" '
        f'rx="3.5" fill="{colour}"/>'
        f'<path d="M{fmt(x - w / 2)} {fmt(y)} H{fmt(x + w / 2)}" stroke="{IVORY}" '
        f'stroke-width="1.4"/>'
        f'<path d="M{fmt(x)} {fmt(top + 3)} V{fmt(y - 2.5)} M{fmt(x)} {fmt(y + 2.5)} '
        f'V{fmt(top + length - 3)}" stroke="{IVORY}" stroke-width="1" opacity="0.7"/>'
        f"</g>"
    )


def red_mark() -> str:
    """A red inner border, so a red five differs by shape (a frame) as well as by colour."""
    return (
        f'<rect x="3.5" y="3.5" width="53" height="{FACE_H - 4}" rx="4" fill="none" '
        f'stroke="{RED}" stroke-width="2"/>'
    )


def one_of_circles() -> str:
    rings = [(22, GREEN), (18.5, IVORY), (15.5, RED), (12, IVORY), (9, BLUE), (4, IVORY)]
    return "".join(f'<circle cx="30" cy="37" r="{r}" fill="{c}"/>' for r, c in rings) + "".join(
        f'<circle cx="{fmt(30 + 20.2 * dx)}" cy="{fmt(37 + 20.2 * dy)}" r="1.6" fill="{IVORY}"/>'
        for dx, dy in (
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (0.7, 0.7),
            (-0.7, 0.7),
            (0.7, -0.7),
            (-0.7, -0.7),
        )
    )


def one_of_bamboo() -> str:
    """The bird of the 1 of bamboo, reduced to a few shapes: tail, body, head, beak, legs."""
    return (
        f'<path d="M30 44 L14 64 M30 44 L24 68 M30 44 L36 68 M30 44 L46 64" stroke="{GREEN}" '
        f'stroke-width="4.5" stroke-linecap="round"/>'
        f'<ellipse cx="30" cy="36" rx="11" ry="13" fill="{GREEN}"/>'
        f'<path d="M22 34 Q30 44 38 34" stroke="{IVORY}" stroke-width="1.6" fill="none"/>'
        f'<circle cx="30" cy="17" r="7.5" fill="{RED}"/>'
        f'<path d="M36.5 15 L45 18 L36.5 20 Z" fill="{INK}"/>'
        f'<circle cx="32" cy="15.5" r="1.7" fill="{IVORY}"/>'
        f'<path d="M26 6 L29 10 M30 5 L31 10 M34 6 L33 10" stroke="{RED}" stroke-width="1.6" '
        f'stroke-linecap="round"/>'
    )


def face(code: str) -> str:
    """The drawing on one tile's face."""
    number, suit = int(code[0]), code[1]
    red = number == 0
    number = 5 if red else number
    if suit == "z":
        return honor_face(code)
    if suit == "m":
        numeral_colour = RED if red else INK
        body = glyph(NUMERALS[number - 1], 12, 5, 36, numeral_colour, 11)
        body += glyph("萬", 10, 36, 40, RED, 7.5)
    elif suit == "p":
        body = one_of_circles() if number == 1 else ""
        for x, y, r, colour in PIN_LAYOUTS.get(number, []):
            body += pin(x, y + 1, r, RED if red else colour)
    else:
        body = one_of_bamboo() if number == 1 else ""
        for x, y, length, angle, colour in SOU_LAYOUTS.get(number, []):
            body += stick(x, y, length, angle, RED if red else colour)
    return body + (red_mark() if red else "")


def honor_face(code: str) -> str:
    if code == "5z":  # White dragon: an empty blue frame
        return (
            f'<rect x="11" y="12" width="38" height="50" rx="3" fill="none" stroke="{BLUE}" '
            f'stroke-width="3.5"/>'
            f'<rect x="16.5" y="17.5" width="27" height="39" rx="1.5" fill="none" '
            f'stroke="{BLUE}" stroke-width="1.2"/>'
        )
    return glyph(HONOR_GLYPHS[code], 6, 12, 48, HONOR_COLOURS.get(code, INK), 10)


def back_svg() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="face-down tile">'
        f"<title>face-down tile</title>"
        f'<rect x="0.75" y="0.75" width="58.5" height="78.5" rx="6" fill="#0f5a44" '
        f'stroke="#0a3d2e" stroke-width="1.5"/>'
        f'<rect x="1.5" y="1.5" width="57" height="{FACE_H}" rx="5.5" fill="#e59a2f"/>'
        f'<rect x="7" y="7" width="46" height="{FACE_H - 11}" rx="3" fill="none" '
        f'stroke="#f7c66b" stroke-width="1.5"/>'
        f"</svg>\n"
    )


def tile_svg(code: str) -> str:
    """The complete SVG document for one tile code (or ``back``)."""
    return back_svg() if code == BACK else frame(code, face(code))


def all_svgs() -> dict[str, str]:
    """File name → SVG text for every picture: 37 faces and the back."""
    return {f"{code}.svg": tile_svg(code) for code in [*ALL_FACES, BACK]}


def view_id(code: str) -> str:
    """The id of a tile's view in the sheet (an XML id cannot start with a digit)."""
    return f"t{code}"


def sheet_svg() -> str:
    """Every picture side by side in one SVG, each with a ``<view>`` framing it, so that
    ``<img src="tiles.svg#t1m">`` shows one tile and a page fetches the file once."""
    parts = []
    for i, code in enumerate([*ALL_FACES, BACK]):
        inner = tile_svg(code).split(">", 1)[1].rsplit("</svg>", 1)[0]
        inner = inner.split("</title>", 1)[1]
        x = i * WIDTH
        parts.append(
            f'<view id="{view_id(code)}" viewBox="{x} 0 {WIDTH} {HEIGHT}"/>'
            f'<svg x="{x}" width="{WIDTH}" height="{HEIGHT}">{inner}</svg>'
        )
    width = WIDTH * len(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {HEIGHT}" '
        f'width="{width}" height="{HEIGHT}">{"".join(parts)}</svg>\n'
    )


def write_all(directory: Path = STATIC_TILES, sheet: Path = STATIC_SHEET) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in all_svgs().items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    sheet.parent.mkdir(parents=True, exist_ok=True)
    sheet.write_text(sheet_svg(), encoding="utf-8")
    return [*written, sheet]


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    paths = write_all(folder, folder / "tiles.svg") if folder else write_all()
    print(f"wrote {len(paths) - 1} tiles to {paths[0].parent} and the sheet to {paths[-1]}")
