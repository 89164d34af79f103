"""What each yaku of the registry is, in a line, and when it counts: the one source of the
words the yaku list (and anything else that explains a yaku) shows.

`ABOUT[id]` is a `YakuAbout`: `what` says what the hand (or the win) must have; `when` says
the conditions a learner trips on — declared or not, by tsumo or ron, at which moment of
the hand ("" when there are none). Whether the hand must be closed, and what a call does to
the han, is the registry's (`Yaku.open_han`), not repeated here.

Both lines are worded in the current language when read, from the catalogue `WORDS` (keys
`<id>.what` and `<id>.when`, made from `ENGLISH`; the other languages' are in the engine's
gettext catalogues), so `ABOUT` holds no language:

>>> ABOUT["ippatsu"].when
'Only with riichi; broken by any call (a kan included) before the win.'
>>> from .words import language
>>> with language("ja"):
...     ABOUT["ippatsu"].when
'リーチしたときだけです。和了までに誰かが鳴く（槓を含む）と消えます。'
>>> from scoring.engine.yaku import REGISTRY
>>> sorted(ABOUT) == sorted(y.id for y in REGISTRY)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .words import Catalogue, word


@dataclass(frozen=True, slots=True)
class YakuAbout:
    """One yaku's two lines, read from `WORDS` in the current language."""

    id: str

    @property
    def what(self) -> str:
        """One line: what it is."""
        return word(WORDS, f"{self.id}.what")

    @property
    def when(self) -> str:
        """The conditions: declared or not, tsumo or ron, when ("" when none)."""
        return word(WORDS, f"{self.id}.when")


# Each yaku's two lines in English: (what, when).
ENGLISH: dict[str, tuple[str, str]] = {
    "riichi": (
        "Declared: you announce you are one tile from winning and put a 1,000-point stick down.",
        "Declared with a discard while at least four tiles are left to draw.",
    ),
    "double_riichi": (
        "Riichi declared on your very first discard: 2 han instead of riichi's 1.",
        "Only on your first turn, and only if nobody has called a tile before it.",
    ),
    "ippatsu": (
        "“One shot”: a riichi hand that wins within one go-round of its declaration.",
        "Only with riichi; broken by any call (a kan included) before the win.",
    ),
    "menzen_tsumo": (
        "Winning by drawing the last tile yourself, with a hand that made no calls.",
        "By tsumo, never by ron (a closed kan keeps the hand closed); not declared.",
    ),
    "pinfu": (
        "“No fu”: four runs, a pair that is not a dragon or your seat or round wind, and a "
        "two-sided wait.",
        "Not declared. It scores 30 fu by ron and 20 by tsumo.",
    ),
    "tanyao": (
        "All simples: every tile is a 2 to 8, no terminals (1, 9) and no honours.",
        "Not declared. Open too under most rules (the open_tanyao switch).",
    ),
    "iipeikou": (
        "Two identical runs in the same suit, such as 234m 234m.",
        "Not declared. Two of them make ryanpeikou instead.",
    ),
    "yakuhai_haku": (
        "A triplet (or quad) of white dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "yakuhai_hatsu": (
        "A triplet (or quad) of green dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "yakuhai_chun": (
        "A triplet (or quad) of red dragons.",
        "Counts called (pon) or not, and adds to any other yaku.",
    ),
    "seat_wind": (
        "A triplet (or quad) of your own seat's wind (East for the dealer).",
        "When it is also the round wind it counts twice (2 han).",
    ),
    "round_wind": (
        "A triplet (or quad) of the round's wind (East in the East round).",
        "Counts again with the seat wind when they are the same.",
    ),
    "chankan": (
        "Winning on the tile another player adds to a pon to make a quad (robbing the kan).",
        "By ron on that added tile only.",
    ),
    "rinshan": (
        "Winning on the replacement tile drawn after declaring a kan.",
        "By tsumo on that replacement tile only.",
    ),
    "haitei": (
        "Winning by tsumo on the last tile of the wall.",
        "By tsumo only, on the last drawable tile.",
    ),
    "houtei": (
        "Winning by ron on the last discard of the hand.",
        "By ron only, on the discard after the last tile is drawn.",
    ),
    "chiitoitsu": (
        "Seven pairs: a hand of seven different pairs instead of four sets and a pair.",
        "Always 25 fu; two identical pairs do not count as two.",
    ),
    "chanta": (
        "Every set and the pair hold a terminal or an honour; at least one run.",
        "",
    ),
    "ittsu": (
        "A straight: 123, 456 and 789 in one suit.",
        "",
    ),
    "sanshoku": (
        "The same run in all three suits, such as 345m 345p 345s.",
        "",
    ),
    "sanshoku_doukou": (
        "The same triplet in all three suits, such as 777m 777p 777s.",
        "",
    ),
    "toitoi": (
        "Four triplets (or quads) and a pair: no runs.",
        "",
    ),
    "sanankou": (
        "Three concealed triplets (or closed quads): made without calling the tile.",
        "The rest of the hand may be open; a triplet completed by ron does not count.",
    ),
    "sankantsu": (
        "Three quads, open or closed.",
        "",
    ),
    "shousangen": (
        "Two dragon triplets and a pair of the third dragon.",
        "The two dragon triplets also score their own yakuhai.",
    ),
    "honroutou": (
        "Only terminals (1, 9) and honours, no simples at all.",
        "Comes with toitoi or seven pairs.",
    ),
    "honitsu": (
        "Half flush: one suit plus honours.",
        "",
    ),
    "junchan": (
        "Every set and the pair hold a terminal; no honours; at least one run.",
        "",
    ),
    "ryanpeikou": (
        "Two pairs of identical runs (iipeikou twice).",
        "Counted instead of iipeikou and seven pairs.",
    ),
    "chinitsu": (
        "Full flush: every tile from one suit, no honours.",
        "",
    ),
    "kokushi": (
        "Thirteen orphans: one of each terminal and honour, plus a second of one of them.",
        "",
    ),
    "kokushi_13": (
        "Thirteen orphans waiting on all thirteen tiles (one of each already held).",
        "A double yakuman where the rules allow them.",
    ),
    "suuankou": (
        "Four concealed triplets (or closed quads).",
        "By tsumo (by ron on a two-pair wait the last triplet is open: sanankou).",
    ),
    "suuankou_tanki": (
        "Four concealed triplets, won on the pair (a single wait).",
        "By tsumo or ron; a double yakuman where the rules allow them.",
    ),
    "daisangen": (
        "Big three dragons: a triplet (or quad) of each dragon.",
        "Feeding the third dragon can make a player liable (pao).",
    ),
    "shousuushii": (
        "Little four winds: three wind triplets and a pair of the fourth wind.",
        "",
    ),
    "daisuushii": (
        "Big four winds: a triplet (or quad) of each wind.",
        "A double yakuman where the rules allow them.",
    ),
    "tsuuiisou": (
        "All honours: winds and dragons only.",
        "",
    ),
    "ryuuiisou": (
        "All green: only 2, 3, 4, 6, 8 of bamboo and the green dragon.",
        "",
    ),
    "chinroutou": (
        "All terminals: only 1s and 9s.",
        "",
    ),
    "chuuren": (
        "Nine gates: 1112345678999 in one suit plus one more tile of that suit.",
        "",
    ),
    "junsei_chuuren": (
        "Nine gates waiting on all nine tiles of the suit (1112345678999 held).",
        "A double yakuman where the rules allow them.",
    ),
    "suukantsu": (
        "Four quads, open or closed.",
        "",
    ),
    "tenhou": (
        "The dealer's hand is complete on their first draw, before any discard.",
        "Dealer only, on the first draw, with no call made.",
    ),
    "chiihou": (
        "A non-dealer wins on their very first draw.",
        "Non-dealer only, by tsumo on the first draw, before anyone has called.",
    ),
}


def lines(texts: dict[str, tuple[str, str]]) -> dict[str, str]:
    """One language's lines keyed `<id>.what` and `<id>.when`."""
    return {
        f"{id}.{part}": text
        for id, pair in texts.items()
        for part, text in zip(("what", "when"), pair, strict=True)
    }


WORDS = Catalogue("yaku_about", lines(ENGLISH))

ABOUT: dict[str, YakuAbout] = {id: YakuAbout(id) for id in ENGLISH}
