"""The tile picker, shared by the hand calculator (`/hand/`) and the games' hand entry: the
palette's rows, the modes a click works in, the meld words and the win's flags.

The picker's markup is `templates/scoring/_palette.html` and its behaviour
`static/js/tile_picker.js`; each page wires them to its own fields.
"""

from __future__ import annotations

from collections.abc import Collection

from .hand_query import FLAG_LABELS, MELD_SIZES, MODES, SANMA_CHARACTERS, safe_tiles
from .tile_catalog import CODES, RED_FIVES

__all__ = ["FLAG_LABELS", "MELD_WORDS", "MODES", "palette_rows", "safe_tiles"]

MELD_WORDS = tuple(MELD_SIZES)  # chi, pon, kan (open), ankan (closed)


def palette_rows(out: Collection[str] = ()) -> list[list[tuple[str, bool, bool]]]:
    """The palette: a row per suit (1–9 and its red five), then the honours; each tile with
    whether it is out (all its copies in use) and whether only four players use it (2m–8m and
    the red 5m: drawn hidden with three-player rules, `data-four`).

    >>> rows = palette_rows({"1m"})
    >>> [len(r) for r in rows], rows[0][0], rows[0][1], rows[0][9]
    ([10, 10, 10, 7], ('1m', True, False), ('2m', False, True), ('0m', False, True))
    """
    suits = [[*CODES[9 * i : 9 * i + 9], RED_FIVES[i]] for i in range(3)]
    return [
        [(c, c in out, c in SANMA_CHARACTERS) for c in row] for row in [*suits, list(CODES[27:])]
    ]
