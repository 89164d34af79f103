"""Every cell of the han/fu table printed in the references (../shared/reference/001_*.txt).

The printed table has the dealer's half to the left of the fu column and the non-dealer's to
the right; here each half is its own block. A cell is "ron (tsumo)", the dealer's tsumo being
what each player pays and the non-dealer's "non-dealers/dealer"; N/A marks what no hand can
score.
"""

from __future__ import annotations

import pytest

from scoring.engine import get_rules, settle
from scoring.engine.payment import impossible_reason

# fu | 1 han | 2 han | 3 han | 4 han; a cell is "ron (tsumo)".
NON_DEALER = """
 20 | N/A              | N/A (400/700)    | N/A (700/1300)   | N/A (1300/2600)
 25 | N/A              | 1600 (N/A)       | 3200 (800/1600)  | 6400 (1600/3200)
 30 | 1000 (300/500)   | 2000 (500/1000)  | 3900 (1000/2000) | 7700 (2000/3900)
 40 | 1300 (400/700)   | 2600 (700/1300)  | 5200 (1300/2600) | Mangan
 50 | 1600 (400/800)   | 3200 (800/1600)  | 6400 (1600/3200) | Mangan
 60 | 2000 (500/1000)  | 3900 (1000/2000) | 7700 (2000/3900) | Mangan
 70 | 2300 (600/1200)  | 4500 (1200/2300) | Mangan           | Mangan
 80 | 2600 (700/1300)  | 5200 (1300/2600) | Mangan           | Mangan
 90 | 2900 (800/1500)  | 5800 (1500/2900) | Mangan           | Mangan
100 | 3200 (800/1600)  | 6400 (1600/3200) | Mangan           | Mangan
110 | 3600 (N/A)       | 7100 (1800/3600) | Mangan           | Mangan
"""
DEALER = """
 20 | N/A              | N/A (700)        | N/A (1300)       | N/A (2600)
 25 | N/A              | 2400 (N/A)       | 4800 (1600)      | 9600 (3200)
 30 | 1500 (500)       | 2900 (1000)      | 5800 (2000)      | 11600 (3900)
 40 | 2000 (700)       | 3900 (1300)      | 7700 (2600)      | Mangan
 50 | 2400 (800)       | 4800 (1600)      | 9600 (3200)      | Mangan
 60 | 2900 (1000)      | 5800 (2000)      | 11600 (3900)     | Mangan
 70 | 3400 (1200)      | 6800 (2300)      | Mangan           | Mangan
 80 | 3900 (1300)      | 7700 (2600)      | Mangan           | Mangan
 90 | 4400 (1500)      | 8700 (2900)      | Mangan           | Mangan
100 | 4800 (1600)      | 9600 (3200)      | Mangan           | Mangan
110 | 5300 (N/A)       | 10600 (3600)     | Mangan           | Mangan
"""
# 001 prints 900/1800 and 1800 for 1 han 110 fu by tsumo, yet its own text says 1 han reaches
# 110 fu only by a ron with a 4-fu double-wind pair; 004's table prints N/A there, as here.
# A mangan (basic points 2000), as the references' limit table pays it.
MANGAN = {True: ("12000", "4000"), False: ("8000", "2000/4000")}


def cells() -> list[tuple[int, int, bool, str, str]]:
    """(han, fu, dealer, ron, tsumo) for every printed cell, "N/A" where there is none."""
    out = []
    for dealer, table in ((False, NON_DEALER), (True, DEALER)):
        for line in table.strip().splitlines():
            fu, *columns = (p.strip() for p in line.split("|"))
            for han, text in enumerate(columns, start=1):
                if text == "Mangan":
                    ron, tsumo = MANGAN[dealer]
                elif text == "N/A":
                    ron = tsumo = "N/A"
                else:
                    ron, _, rest = text.partition(" (")
                    tsumo = rest.rstrip(")")
                out.append((han, int(fu), dealer, ron, tsumo))
    return out


def shown(han: int, fu: int, *, dealer: bool, tsumo: bool) -> str:
    """What our engine pays, written as the table writes it."""
    if impossible_reason(han, fu, tsumo=tsumo):
        return "N/A"
    p = settle(han, fu, dealer=dealer, tsumo=tsumo, rules=get_rules("tenhou")).payments
    if not tsumo:
        return str(p["ron"])
    return str(p["each"]) if dealer else f"{p['non_dealer']}/{p['dealer']}"


def test_it_transcribes_the_whole_table() -> None:
    assert len(cells()) == 11 * 4 * 2


@pytest.mark.parametrize(("han", "fu", "dealer", "ron", "tsumo"), cells())
def test_it_pays_every_cell_of_the_reference_table(han, fu, dealer, ron, tsumo) -> None:
    assert shown(han, fu, dealer=dealer, tsumo=False) == ron
    assert shown(han, fu, dealer=dealer, tsumo=True) == tsumo


def test_it_still_works_out_what_001_prints_for_1_han_110_fu_by_tsumo() -> None:
    """No hand scores it, but the arithmetic holds (the calculators still show it)."""
    assert settle(1, 110, dealer=False, tsumo=True).payments == {"non_dealer": 900, "dealer": 1800}
    assert settle(1, 110, dealer=True, tsumo=True).payments == {"each": 1800}
    assert impossible_reason(1, 110, tsumo=True)
    assert not impossible_reason(1, 110, tsumo=False, rules=get_rules("tenhou"))
    assert impossible_reason(1, 110, tsumo=False, rules=get_rules("mleague"))  # 2-fu double wind
