"""The coding challenge's four examples and nine test cases (../shared/reference/002_*.txt),
shared by the engine's payment tests and the command line's.

Each case is han, fu, dealer, tsumo and the line the challenge expects, winner first.
"""

from __future__ import annotations

CHALLENGE: list[tuple[int, int, bool, bool, str]] = [
    # The examples, worked out in the challenge's text.
    (4, 24, True, True, "+11700/-3900/-3900/-3900"),
    (3, 25, True, False, "+4800/-4800/0/0"),
    (4, 40, False, True, "+8000/-4000/-2000/-2000"),
    (9, 50, False, False, "+16000/-16000/0/0"),
    # The test cases.
    (1, 22, False, True, "+1100/-500/-300/-300"),
    (1, 22, False, False, "+1000/-1000/0/0"),
    (3, 106, True, False, "+12000/-12000/0/0"),
    (4, 20, False, True, "+5200/-2600/-1300/-1300"),
    (4, 25, True, False, "+9600/-9600/0/0"),
    (5, 88, True, True, "+12000/-4000/-4000/-4000"),
    (7, 25, True, True, "+18000/-6000/-6000/-6000"),
    (12, 64, False, False, "+24000/-24000/0/0"),
    (13, 130, True, False, "+48000/-48000/0/0"),
]
