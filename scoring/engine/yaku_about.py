"""What each yaku of the registry is, in a line, and when it counts: the one source of the
words the yaku list (and anything else that explains a yaku) shows.

`ABOUT[id]` is a `YakuAbout`: `what` says what the hand (or the win) must have; `when` says
the conditions a learner trips on — declared or not, by tsumo or ron, at which moment of
the hand ("" when there are none). Whether the hand must be closed, and what a call does to
the han, is the registry's (`Yaku.open_han`), not repeated here.

>>> ABOUT["ippatsu"].when
'Only with riichi; broken by any call (a kan included) before the win.'
>>> from scoring.engine.yaku import REGISTRY
>>> sorted(ABOUT) == sorted(y.id for y in REGISTRY)
True
"""

from __future__ import annotations

from typing import NamedTuple


class YakuAbout(NamedTuple):
    what: str  # one line: what it is
    when: str  # the conditions: declared or not, tsumo or ron, when ("" when none)


ABOUT: dict[str, YakuAbout] = {
    "riichi": YakuAbout(
        "Declared: you announce you are one tile from winning and put a 1,000-point stick down.",
        "Declared with a discard while at least four tiles are left to draw.",
    ),
    "double_riichi": YakuAbout(
        "Riichi declared on your very first discard: 2 han instead of riichi's 1.",
        "Only on your first turn, and only if nobody has called a tile before it.",
    ),
    "ippatsu": YakuAbout(
        "“One shot”: a riichi hand that wins within one go-round of its declaration.",
        "Only with riichi; broken by any call (a kan included) before the win.",
    ),
    "menzen_tsumo": YakuAbout(
        "Winning by drawing the last tile yourself, with a hand that made no calls.",
        "By tsumo, never by ron (a closed kan keeps the hand closed); not declared.",
    ),
    "pinfu": YakuAbout(
        "“No fu”: four runs, a pair that is not a dragon or your seat or round wind, and a "
        "two-sided wait.",
        "Not declared. It scores 30 fu by ron and 20 by tsumo.",
    ),
    "tanyao": YakuAbout(
        "All simples: every tile is a 2 to 8, no terminals (1, 9) and no honours.",
        "Not declared. Open too under most rules (the open_tanyao switch).",
    ),
    "iipeikou": YakuAbout(
        "Two identical runs in the same suit, such as 234m 234m.",
        "Not declared. Two of them make ryanpeikou instead.",
    ),
    "yakuhai_haku": YakuAbout(
        "A triplet (or quad) of white dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "yakuhai_hatsu": YakuAbout(
        "A triplet (or quad) of green dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "yakuhai_chun": YakuAbout(
        "A triplet (or quad) of red dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "seat_wind": YakuAbout(
        "A triplet (or quad) of your own seat's wind (East for the dealer).",
        "When it is also the round wind it counts twice (2 han).",
    ),
    "round_wind": YakuAbout(
        "A triplet (or quad) of the round's wind (East in the East round).",
        "Counts again with the seat wind when they are the same.",
    ),
    "chankan": YakuAbout(
        "Winning on the tile another player adds to a pon to make a quad (robbing the kan).",
        "By ron on that added tile only.",
    ),
    "rinshan": YakuAbout(
        "Winning on the replacement tile drawn after declaring a kan.",
        "By tsumo on that replacement tile only.",
    ),
    "haitei": YakuAbout(
        "Winning by tsumo on the last tile of the wall.",
        "By tsumo only, on the last drawable tile.",
    ),
    "houtei": YakuAbout(
        "Winning by ron on the last discard of the hand.",
        "By ron only, on the discard after the last tile is drawn.",
    ),
    "chiitoitsu": YakuAbout(
        "Seven pairs: a hand of seven different pairs instead of four sets and a pair.",
        "Always 25 fu; two identical pairs do not count as two.",
    ),
    "chanta": YakuAbout(
        "Every set and the pair hold a terminal or an honour; at least one run.",
        "",
    ),
    "ittsu": YakuAbout(
        "A straight: 123, 456 and 789 in one suit.",
        "",
    ),
    "sanshoku": YakuAbout(
        "The same run in all three suits, such as 345m 345p 345s.",
        "",
    ),
    "sanshoku_doukou": YakuAbout(
        "The same triplet in all three suits, such as 777m 777p 777s.",
        "",
    ),
    "toitoi": YakuAbout(
        "Four triplets (or quads) and a pair: no runs.",
        "",
    ),
    "sanankou": YakuAbout(
        "Three concealed triplets (or closed quads): made without calling the tile.",
        "The rest of the hand may be open; a triplet completed by ron does not count.",
    ),
    "sankantsu": YakuAbout(
        "Three quads, open or closed.",
        "",
    ),
    "shousangen": YakuAbout(
        "Two dragon triplets and a pair of the third dragon.",
        "The two dragon triplets also score their own yakuhai.",
    ),
    "honroutou": YakuAbout(
        "Only terminals (1, 9) and honours, no simples at all.",
        "Comes with toitoi or seven pairs.",
    ),
    "honitsu": YakuAbout(
        "Half flush: one suit plus honours.",
        "",
    ),
    "junchan": YakuAbout(
        "Every set and the pair hold a terminal; no honours; at least one run.",
        "",
    ),
    "ryanpeikou": YakuAbout(
        "Two pairs of identical runs (iipeikou twice).",
        "Counted instead of iipeikou and seven pairs.",
    ),
    "chinitsu": YakuAbout(
        "Full flush: every tile from one suit, no honours.",
        "",
    ),
    "kokushi": YakuAbout(
        "Thirteen orphans: one of each terminal and honour, plus a second of one of them.",
        "",
    ),
    "kokushi_13": YakuAbout(
        "Thirteen orphans waiting on all thirteen tiles (one of each already held).",
        "A double yakuman where the rules allow them.",
    ),
    "suuankou": YakuAbout(
        "Four concealed triplets (or closed quads).",
        "By tsumo (by ron on a two-pair wait the last triplet is open: sanankou).",
    ),
    "suuankou_tanki": YakuAbout(
        "Four concealed triplets, won on the pair (a single wait).",
        "By tsumo or ron; a double yakuman where the rules allow them.",
    ),
    "daisangen": YakuAbout(
        "Big three dragons: a triplet (or quad) of each dragon.",
        "Feeding the third dragon can make a player liable (pao).",
    ),
    "shousuushii": YakuAbout(
        "Little four winds: three wind triplets and a pair of the fourth wind.",
        "",
    ),
    "daisuushii": YakuAbout(
        "Big four winds: a triplet (or quad) of each wind.",
        "A double yakuman where the rules allow them.",
    ),
    "tsuuiisou": YakuAbout(
        "All honours: winds and dragons only.",
        "",
    ),
    "ryuuiisou": YakuAbout(
        "All green: only 2, 3, 4, 6, 8 of bamboo and the green dragon.",
        "",
    ),
    "chinroutou": YakuAbout(
        "All terminals: only 1s and 9s.",
        "",
    ),
    "chuuren": YakuAbout(
        "Nine gates: 1112345678999 in one suit plus one more tile of that suit.",
        "",
    ),
    "junsei_chuuren": YakuAbout(
        "Nine gates waiting on all nine tiles of the suit (1112345678999 held).",
        "A double yakuman where the rules allow them.",
    ),
    "suukantsu": YakuAbout(
        "Four quads, open or closed.",
        "",
    ),
    "tenhou": YakuAbout(
        "The dealer's hand is complete on their first draw, before any discard.",
        "Dealer only, on the first draw, with no call made.",
    ),
    "chiihou": YakuAbout(
        "A non-dealer wins on their very first draw.",
        "Non-dealer only, by tsumo on the first draw, before anyone has called.",
    ),
}
