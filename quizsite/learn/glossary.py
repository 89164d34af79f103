"""Every word of mahjong scoring the site uses, one line each, and how explanations link to it.

The terms are data (`TERMS`); the yaku are not repeated here: their names come from the
engine's registry and link to the yaku list. `link_terms` is what the `glossary` template
filter and the `glossed` tag do: escape the text, then link the first use of each known word.

Each term's words are in the catalogue `WORDS` (the engine's gettext domain, catalogue
`glossary`): its headword, its line (a template: the numbers the engine decides, such as a
wait's fu, are filled in from the engine when read) and the spellings that link to it, each
translated like any other sentence; the page shows them in its language, and words are linked
to the glossary in the page's language: on a Japanese page the Japanese spellings ("符",
"本場") link to `/ja/learn/terms/`.

>>> str(link_terms("1 honba: +300 & more"))
'1 <a class="term" href="/learn/terms/#term-honba">honba</a>: +300 &amp; more'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.engine import words as engine_words
from scoring.engine.decompose import WAIT_NAMES, Wait
from scoring.engine.fu import CLOSED_RON, WAIT_FU
from scoring.engine.payment import Limit
from scoring.engine.yaku import REGISTRY


def language() -> str:
    """The page's language, as the engine knows them (one of `words.LANGUAGES`)."""
    return engine_words.known(translation.get_language() or "en")


def terms_url() -> str:
    """The glossary's address in the page's language."""
    return reverse("learn:terms")


def yaku_url() -> str:
    return reverse("learn:yaku")


@dataclass(frozen=True)
class Term:
    """A glossary line: the English, the Japanese (romaji and kana/kanji), one sentence.

    `words` are the spellings that link here from an explanation (the romaji and English
    are added to them); the longest spelling wins where two overlap ("ura dora" over "dora").
    """

    id: str
    english: str
    romaji: str
    japanese: str
    meaning: str  # English, a template: `{fu}` and the like are filled from `numbers`
    words: tuple[str, ...] = ()
    numbers: dict[str, int] = field(default_factory=dict)  # what the engine decides

    @property
    def anchor(self) -> str:
        return f"term-{self.id}"

    @property
    def url(self) -> str:
        return f"{terms_url()}#{self.anchor}"

    @property
    def said_term(self) -> str:
        """The headword in the current language (English: `english`)."""
        return engine_words.word(WORDS, f"{self.id}.term")

    @property
    def said_meaning(self) -> str:
        """The line in the current language, with the engine's numbers."""
        return engine_words.phrase(WORDS, f"{self.id}.meaning", **self.numbers)

    @property
    def shown_romaji(self) -> str:
        """The romaji, unless it is the English word already ("han", "dora")."""
        return "" if self.romaji.lower() == self.english.lower() else self.romaji

    @property
    def shown_english(self) -> str:
        """The English beside the romaji on the Japanese page, unless it is the romaji already."""
        return "" if self.romaji.lower() == self.english.lower() else self.english

    @property
    def spellings(self) -> tuple[str, ...]:
        names = (self.romaji, self.english, *self.words)
        return tuple(dict.fromkeys(n.lower() for n in names if n))

    def spellings_in(self, lang: str) -> tuple[str, ...]:
        """The spellings that link here from text in `lang`, other than English's: the
        catalogue's `<id>.links` in that language, | between them."""
        with engine_words.language(lang):
            said = engine_words.word(WORDS, f"{self.id}.links")
        return tuple(dict.fromkeys(w.strip() for w in said.split("|") if w.strip()))


def term(
    id: str,
    english: str,
    romaji: str,
    japanese: str,
    meaning: str,
    *words: str,
    numbers: dict[str, int] | None = None,
) -> Term:
    return Term(id, english, romaji, japanese, meaning, words, numbers or {})


def wait_term(wait: Wait, japanese: str, meaning: str) -> Term:
    """A wait's line, in the engine's own words for it ("a two-sided wait (ryanmen)"), with
    its fu from the engine's table."""
    found = re.fullmatch(r"an? (.+) \((\w+)\)", WAIT_NAMES[wait])
    assert found, WAIT_NAMES[wait]
    english, romaji = found.groups()
    meaning += ": {fu} fu."
    return Term(
        wait.value, english, romaji, japanese, meaning, numbers={"fu": WAIT_FU.get(wait, 0)}
    )


def limit_term(limit: Limit, japanese: str, meaning: str, *words: str) -> Term:
    """A limit's line, named by the engine's own `Limit` (the label explanations show)."""
    romaji = limit.value.replace("_", " ")
    with engine_words.language("en"):
        label = limit.label
    return Term(limit.value.replace("_", "-"), label.lower(), romaji, japanese, meaning, words)


# Grouped as a learner meets them; the page lists them in this order.
SECTIONS: tuple[tuple[str, tuple[Term, ...]], ...] = (
    (
        _("Han, fu and points"),
        (
            term(
                "han",
                "han",
                "han",
                "飜 (ハン)",
                "The unit a hand's yaku and dora are counted in; each han doubles the score.",
            ),
            term(
                "fu",
                "fu (minipoints)",
                "fu",
                "符",
                "Points for how the hand was built and won, added up and rounded up to 10.",
                "minipoints",
            ),
            term(
                "fuutei",
                "base fu",
                "fuutei",
                "副底 (フーテイ)",
                "The 20 fu every winning hand starts with.",
            ),
            term(
                "basic-points",
                "basic points",
                "kihonten",
                "基本点",
                "fu × 2^(2 + han): what the payments are multiples of (2,000 at most below a "
                "mangan).",
                "basic points",
            ),
            term(
                "yaku",
                "yaku (scoring pattern)",
                "yaku",
                "役",
                "A pattern or circumstance that scores han; a hand needs one to win (see the "
                "yaku list).",
            ),
            term(
                "limit-hand",
                "limit hand",
                "",
                "満貫以上",
                "A hand of 5 han or more (or many fu): fixed basic points, fu no longer count.",
                "limit",
                "limits",
            ),
        ),
    ),
    (
        _("Limits"),
        (
            limit_term(
                Limit.MANGAN,
                "満貫 (マンガン)",
                "Basic points 2,000: 5 han, or fewer han "
                "with enough fu (8,000 from a non-dealer's ron).",
            ),
            term(
                "kiriage",
                "rounding up to mangan",
                "kiriage mangan",
                "切り上げ満貫",
                "A rule: 4 han 30 fu and 3 han 60 fu (7,700 from a non-dealer's ron) are paid "
                "as a mangan (8,000).",
                "kiriage",
            ),
            limit_term(Limit.HANEMAN, "跳満 (ハネマン)", "6–7 han: basic points 3,000."),
            limit_term(Limit.BAIMAN, "倍満 (バイマン)", "8–10 han: basic points 4,000."),
            limit_term(Limit.SANBAIMAN, "三倍満", "11–12 han: basic points 6,000."),
            limit_term(
                Limit.YAKUMAN,
                "役満 (ヤクマン)",
                "The top limit: basic points 8,000 (32,000 from a non-dealer's ron).",
            ),
            limit_term(
                Limit.DOUBLE_YAKUMAN,
                "ダブル役満",
                "Twice a yakuman: a yakuman counted double, or two yakuman together.",
            ),
            term(
                "kazoe",
                "counted yakuman",
                "kazoe yakuman",
                "数え役満",
                "13 han or more from ordinary yaku and dora: a yakuman under some rules, a "
                "sanbaiman under others.",
                "kazoe",
                "counted yakuman",
            ),
            term(
                "nagashi-mangan",
                "mangan at the draw",
                "nagashi mangan",
                "流し満貫",
                "An exhaustive draw where all of a player's discards were terminals and "
                "honours, none called: paid as a mangan tsumo.",
            ),
        ),
    ),
    (
        _("Winning and paying"),
        (
            term(
                "tsumo",
                "self-draw",
                "tsumo",
                "自摸 (ツモ)",
                "Winning on a tile you drew yourself: all three others pay.",
                "self-draw",
            ),
            term(
                "ron",
                "win on a discard",
                "ron",
                "栄和 (ロン)",
                "Winning on another player's discard: the discarder alone pays.",
            ),
            term(
                "dealer",
                "dealer",
                "oya",
                "親 (オヤ)",
                "The player sitting East: wins 1.5× as much, and pays double a non-dealer's "
                "share when another player wins by tsumo.",
            ),
            term(
                "non-dealer",
                "non-dealer",
                "ko",
                "子 (コ)",
                "Any of the three players who are not the dealer.",
                "non-dealer",
                "non-dealers",
            ),
            term(
                "honba",
                "repeat counter",
                "honba",
                "本場",
                "A counter put out after a dealer repeat or a draw, shown as a 100-point stick "
                "at the dealer's side (a marker, not money): +300 per counter to the next win "
                "(100 from each payer on a tsumo).",
                "honba counter",
                "tsumibou",
            ),
            term(
                "tenbou",
                "scoring sticks",
                "tenbou",
                "点棒",
                "The sticks players pay with: 100, 1,000, 5,000 and 10,000 points (Tenbō's name).",
                "sticks",
            ),
            term(
                "riichi-deposit",
                "riichi deposit",
                "riichibou",
                "供託 / リーチ棒",
                "The 1,000-point stick a riichi puts on the table; the next winner takes it.",
                "riichi deposit",
                "riichi deposits",
                "riichi stick",
                "deposit",
                "deposits",
                "kyoutaku",
            ),
            term(
                "renchan",
                "dealer repeat",
                "renchan",
                "連荘",
                "The dealer stays dealer after winning (or after a draw in tenpai); a honba "
                "counter is added.",
            ),
            term(
                "tenpai",
                "ready hand",
                "tenpai",
                "聴牌 (テンパイ)",
                "One tile away from a winning hand.",
            ),
            term(
                "noten",
                "not ready",
                "noten",
                "不聴 (ノーテン)",
                "Not one tile away from winning at an exhaustive draw: pays the tenpai players.",
            ),
            term(
                "furiten",
                "sacred discard",
                "furiten",
                "振聴 (フリテン)",
                "Waiting on a tile you discarded yourself: you may not win by ron, only by tsumo.",
            ),
            term(
                "atamahane",
                "head bump",
                "atamahane",
                "頭跳ね",
                "When two players could ron the same discard, only the first in turn order "
                "after the discarder wins.",
            ),
            term(
                "pao",
                "liability payment",
                "pao",
                "包 (パオ)",
                "A player whose discard let another call the set that made a yakuman certain "
                "(the third dragon triplet, the fourth wind) pays for that yakuman.",
            ),
            term(
                "chombo",
                "penalty",
                "chombo",
                "錯和 (チョンボ)",
                "A serious mistake — a false win, a ron while furiten, a riichi that was not "
                "tenpai, a closed kan after riichi that changes the hand, a wrong number of "
                "tiles, a knocked-over wall: a mangan-sized payment, or points off the final "
                "score.",
            ),
            term(
                "uma",
                "placement bonus",
                "uma",
                "ウマ",
                "Points moved from the lower to the higher places at the end of a game.",
            ),
            term(
                "oka",
                "top prize",
                "oka",
                "オカ",
                "The difference between the target and the starting score, paid in by every "
                "player and given to the one in first place (4 × 5,000 = 20,000).",
            ),
            term(
                "hakoten",
                "bust",
                "hakoten",
                "箱テン",
                "A player's score falling below zero, which ends the game under many rules.",
            ),
        ),
    ),
    (
        _("Draws and the game's end"),
        (
            term(
                "ryuukyoku",
                "exhaustive draw",
                "ryuukyoku",
                "流局",
                "The wall runs out and nobody has won: the tenpai players receive the noten "
                "payments, one more honba is put out and the deposits stay on the table.",
                "exhaustive draws",
            ),
            term(
                "noten-bappu",
                "noten payments",
                "noten bappu",
                "ノー聴罰符",
                "At an exhaustive draw the noten players pay 3,000 in all to the tenpai players "
                "(one tenpai: 1,000 from each; two: 1,500 each way; three: 3,000 from the one).",
                "noten payment",
            ),
            term(
                "noten-declaration",
                "declaring noten",
                "noten sengen",
                "ノーテン宣言",
                "At a draw a player not in riichi may say noten without showing the hand, even "
                "when tenpai (to keep it hidden, or as the last dealer to let the game end), and "
                "pays as noten; a riichi player must show a tenpai hand.",
                "declared noten",
                "declare noten",
            ),
            term(
                "keishiki-tenpai",
                "tenpai without a yaku",
                "keishiki tenpai",
                "形式聴牌",
                "A hand one tile from a winning shape but with no yaku: it counts as tenpai at a "
                "draw under most rules (all five presets).",
            ),
            term(
                "tochuu-ryuukyoku",
                "abortive draw",
                "tochuu ryuukyoku",
                "途中流局",
                "A hand called off before the wall runs out: nothing is paid, the dealer stays "
                "and (in most rules) one more honba is put out.",
                "abortive draws",
            ),
            term(
                "kyuushu-kyuuhai",
                "nine terminals",
                "kyuushu kyuuhai",
                "九種九牌",
                "An abortive draw a player may call on the first draw with nine or more "
                "different terminals and honours, before any call.",
            ),
            term(
                "suufon-renda",
                "four winds",
                "suufon renda",
                "四風連打",
                "An abortive draw: all four players discard the same wind on the first turn.",
            ),
            term(
                "suukaikan",
                "four kans",
                "suukaikan",
                "四開槓",
                "An abortive draw: four kans made by more than one player.",
            ),
            term(
                "suucha-riichi",
                "four riichi",
                "suucha riichi",
                "四家立直",
                "An abortive draw: all four players declare riichi.",
            ),
            term(
                "sanchahou",
                "triple ron",
                "sanchahou",
                "三家和",
                "Three players ron the same discard: an abortive draw under some rules (Tenhou), "
                "all three paid under others.",
                "three rons",
            ),
            term(
                "oorasu",
                "all last",
                "oorasu",
                "オーラス",
                "The last hand of the game (South 4, or East 4 in an East-only game).",
                "last hand",
            ),
            term(
                "agari-yame",
                "stopping while first",
                "agari-yame",
                "和了止め",
                "The last dealer, first after a win, ends the game instead of dealing again "
                "(Tenhou: automatically; Mahjong Soul, M-League: the dealer's choice).",
                "agariyame",
            ),
            term(
                "tenpai-yame",
                "stopping while first in tenpai",
                "tenpai-yame",
                "聴牌止め",
                "The same after the last dealer is tenpai at a draw while first (a table "
                "switch: some rules make the dealer deal again).",
            ),
            term(
                "enchousen",
                "extension (sudden death)",
                "enchousen",
                "延長戦 / 西入",
                "When nobody has the target after the last hand, play goes on into the next "
                "round (West, or South in an East-only game) and ends after the first hand that "
                "leaves someone with the target; one round at most.",
                "extension",
                "sudden death",
                "West round",
            ),
            term(
                "kaeshi",
                "target score",
                "kaeshi",
                "返し",
                "The score final points are counted from (usually 30,000); where the game has "
                "an extension, someone must reach it for the game to end.",
                "target",
            ),
            term(
                "tobi",
                "busting",
                "tobi",
                "トビ",
                "A score below zero ends the game at once (where the rules have it); exactly "
                "zero plays on.",
                "busts",
            ),
        ),
    ),
    (
        _("Dora"),
        (
            term(
                "dora",
                "bonus tile",
                "dora",
                "ドラ",
                "A tile worth 1 han per copy held; it is not a yaku.",
            ),
            term(
                "dora-indicator",
                "dora indicator",
                "dora hyoujihai",
                "ドラ表示牌",
                "The face-up tile that points at the dora: the next tile of its suit (9 → 1; "
                "winds and dragons in their own cycle).",
                "indicator",
                "indicators",
            ),
            term(
                "kan-dora",
                "kan dora",
                "kan dora",
                "槓ドラ",
                "Another dora indicator, turned face up after each kan.",
            ),
            term(
                "ura-dora",
                "hidden dora",
                "ura dora",
                "裏ドラ",
                "The tiles under the indicators, turned over when a riichi hand wins.",
            ),
            term(
                "aka-dora",
                "red five",
                "aka dora",
                "赤ドラ",
                "A red 5 (written 0 in MPSZ): 1 han of dora under most rules.",
                "red fives",
                "red five",
            ),
        ),
    ),
    (
        _("Hands and calls"),
        (
            term(
                "menzen",
                "closed hand",
                "menzen",
                "門前 (メンゼン)",
                "A hand with no called tiles (a closed kan keeps it closed).",
                "closed hand",
                "concealed",
            ),
            term(
                "menzen-ron",
                "closed ron",
                "menzen ron",
                "門前ロン (メンゼンロン)",
                "A win on another player's discard with a closed hand: +{fu} fu.",
                numbers={"fu": CLOSED_RON.fu},
            ),
            term(
                "open-hand",
                "open hand",
                "",
                "副露 (フーロ)",
                "A hand with a chi, pon or open kan: some yaku count 1 han less or not at all.",
                "open",
            ),
            term(
                "riichi",
                "riichi",
                "riichi",
                "立直 (リーチ)",
                "Declaring a closed ready hand with a 1,000-point deposit: a 1-han yaku.",
            ),
            term(
                "chi",
                "call a run",
                "chi",
                "吃 (チー)",
                "Taking the previous player's discard to complete a run.",
            ),
            term(
                "pon",
                "call a triplet",
                "pon",
                "碰 (ポン)",
                "Taking any player's discard to complete a triplet.",
            ),
            term(
                "kan",
                "quad",
                "kan",
                "槓 (カン)",
                "Four of one tile; it needs a replacement tile and turns a new dora indicator.",
                "quad",
                "quads",
                "kantsu",
            ),
            term(
                "ankan",
                "closed kan",
                "ankan",
                "暗槓 (アンカン)",
                "A quad made only from your own tiles; the hand stays closed.",
                "closed kan",
                "closed quad",
                "concealed quad",
            ),
            term(
                "minkan",
                "open kan",
                "minkan",
                "明槓 (ミンカン)",
                "A quad made with a called tile.",
                "open kan",
                "open quad",
            ),
            term(
                "mentsu",
                "set",
                "mentsu",
                "面子",
                "A run or triplet (or quad); a winning hand has four and a pair.",
                "sets",
                "meld",
                "melds",
            ),
            term(
                "shuntsu",
                "run",
                "shuntsu",
                "順子",
                "Three consecutive tiles of one suit.",
                "runs",
                "sequence",
                "sequences",
            ),
            term("koutsu", "triplet", "koutsu", "刻子", "Three of one tile.", "triplets"),
            term(
                "ankou",
                "concealed triplet",
                "ankou",
                "暗刻 (アンコー)",
                "A triplet of tiles you drew yourself; one completed by a ron counts as open.",
                "concealed triplets",
            ),
            term(
                "minkou",
                "open triplet",
                "minkou",
                "明刻 (ミンコー)",
                "A triplet made with a called tile, or completed by a ron.",
                "open triplets",
            ),
            term(
                "jantou",
                "pair",
                "jantou",
                "雀頭",
                "The two identical tiles a standard winning hand needs.",
                "pairs",
                "toitsu",
            ),
        ),
    ),
    (
        _("Waits"),
        (
            term(
                "machi",
                "wait",
                "machi",
                "待ち",
                "The tile or tiles a ready hand needs, and the shape waiting for them.",
                "waits",
            ),
            wait_term(
                Wait.RYANMEN,
                "両面 (リャンメン)",
                "Waiting on either end of two consecutive tiles (34 waits on 2 or 5)",
            ),
            wait_term(
                Wait.KANCHAN,
                "嵌張 (カンチャン)",
                "Waiting on the middle of a run (13 waits on 2)",
            ),
            wait_term(
                Wait.PENCHAN,
                "辺張 (ペンチャン)",
                "Waiting on the 3 of 12 or the 7 of 89",
            ),
            wait_term(
                Wait.TANKI,
                "単騎 (タンキ)",
                "Waiting on the second tile of the pair",
            ),
            wait_term(
                Wait.SHANPON,
                "双碰 (シャンポン)",
                "Two pairs, either can become a triplet (one completed by a ron counts as open)",
            ),
        ),
    ),
    (
        _("Tiles"),
        (
            term(
                "suits",
                "suits",
                "",
                "数牌",
                "Characters (m, manzu 萬子), circles (p, pinzu 筒子) and bamboo (s, souzu "
                "索子), 1 to 9.",
                "manzu",
                "pinzu",
                "souzu",
            ),
            term("simples", "simples", "chunchanpai", "中張牌", "The suit tiles 2 to 8.", "simple"),
            term(
                "terminals",
                "terminals",
                "routouhai",
                "老頭牌",
                "The 1s and 9s of the suits.",
                "terminal",
            ),
            term(
                "honours",
                "honours",
                "jihai",
                "字牌",
                "The winds and dragons (1z–7z).",
                "honour",
                "honor",
                "honors",
            ),
            term(
                "yaochuu",
                "terminals and honours",
                "yaochuuhai",
                "么九牌",
                "1s, 9s, winds and dragons together: their sets score more fu.",
                "terminals/honours",
            ),
            term(
                "winds",
                "winds",
                "kazehai",
                "風牌",
                "East, South, West, North (ton, nan, shaa, pei; 1z–4z).",
                "wind",
            ),
            term(
                "seat-wind",
                "seat wind",
                "jikaze",
                "自風",
                "Your own wind (East for the dealer): a triplet of it is a yaku.",
            ),
            term(
                "round-wind",
                "round wind",
                "bakaze",
                "場風",
                "The wind of the round (East, then South): a triplet of it is a yaku.",
            ),
            term(
                "dragons",
                "dragons",
                "sangenpai",
                "三元牌",
                "White (haku 白), green (hatsu 發) and red (chun 中); 5z–7z.",
                "dragon",
            ),
            term(
                "yakuhai",
                "value tiles",
                "yakuhai",
                "役牌",
                "Dragons, the seat wind and the round wind: a triplet of one is a yaku.",
            ),
            term(
                "mpsz",
                "MPSZ notation",
                "",
                "",
                "How Tenbō writes tiles: digits then the suit letter (123m, 55z, 0p = red 5).",
                "mpsz",
            ),
        ),
    ),
    (
        _("Rules that differ"),
        (
            term(
                "kuitan",
                "open all simples",
                "kuitan",
                "喰いタン",
                "All simples (tanyao) also counting on an open hand.",
                "open tanyao",
            ),
            term(
                "kuisagari",
                "open reduction",
                "kuisagari",
                "食い下がり",
                "Some yaku count 1 han less when the hand is open.",
            ),
            term(
                "preset",
                "rule preset",
                "",
                "",
                "A named set of rule switches (Mahjong Soul, Tenhou, M-League, WRC, EMA).",
                "presets",
            ),
        ),
    ),
)

TERMS: tuple[Term, ...] = tuple(t for _, terms in SECTIONS for t in terms)
TERMS_BY_ID = {t.id: t for t in TERMS}

# Each term's words, translated in the engine's catalogues: the headword, the line and the
# words that link to it from an explanation (in English, its romaji, English and `words`).
WORDS = engine_words.Catalogue(
    "glossary",
    {
        **{f"{t.id}.term": t.english for t in TERMS},
        **{f"{t.id}.meaning": t.meaning for t in TERMS},
        **{f"{t.id}.links": "|".join(t.spellings) for t in TERMS},
    },
)


def yaku_word(name: str) -> str:
    """The word a yaku is known by: the romaji in its registry name's brackets, else the
    name ("All simples (tanyao)" → "tanyao", "Pinfu" → "pinfu")."""
    found = re.search(r"\(([^)]+)\)", name)
    return (found.group(1) if found else name).lower()


def yaku_links(lang: str = "en") -> dict[str, str]:
    """Each yaku's word → its line in the yaku list (only words no term already takes), for
    text in `lang`: the English word, or the name the engine gives it in that language."""
    taken = {w for t in TERMS for w in t.spellings}
    links: dict[str, str] = {}
    if lang != engine_words.DEFAULT:
        taken_there = {w for t in TERMS for w in t.spellings_in(lang)}
        with engine_words.language(lang):
            for y in REGISTRY:
                if y.name not in taken_there and not y.name.isascii():
                    links.setdefault(y.name, f"{yaku_url()}#yaku-{y.id}")
    with engine_words.language("en"):
        for y in REGISTRY:
            word = yaku_word(y.name)
            if word not in taken and " wind" not in word:
                links.setdefault(word, f"{yaku_url()}#yaku-{y.id}")
    return links


KANJI = r"\u3400-\u9fff"
HANGUL = r"\uac00-\ud7a3"


def alternatives(words: list[str]) -> str:
    """One pattern matching any of `words` (HTML-escaped, lower case), written as a tree of
    their shared beginnings so that a text is read once rather than once per word; at each
    place the longest word that fits is tried first, as in a list sorted longest first.

    >>> print(alternatives(["dora", "dora indicator", "dealer"]))
    d(?:ealer|ora(?:\\ indicator)?)
    """
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = tree
        for char in escape(word).lower():
            node = node.setdefault(char, {})
        node[""] = {}

    def branch(node: dict) -> str:  # type: ignore[type-arg]
        parts = [re.escape(c) + branch(rest) for c, rest in sorted(node.items()) if c]
        if not parts:
            return ""
        body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        if "" in node:  # a word ends here, and longer ones go on
            return body + "?" if len(parts) == 1 and len(parts[0]) == 1 else f"(?:{body})?"
        return body

    return branch(tree)


def edges(words: list[str]) -> str:
    """The pattern for the spellings: a Latin word refuses a neighbouring letter, digit,
    hyphen or slash (and the `&...;` of an escaped character); a word of one kanji refuses a
    neighbouring kanji ("子" is not linked inside "面子"), and one of one Hangul syllable a
    neighbouring syllable ("부" is linked in "30부", not inside "부터"); a longer one links
    as is."""
    latin = [w for w in words if w.isascii()]
    kanji = [w for w in words if not w.isascii() and len(w) == 1]
    longer = [w for w in words if not w.isascii() and len(w) > 1]
    groups = []
    if longer:
        groups.append(alternatives(longer))
    if kanji:
        groups.append(rf"(?<![{KANJI}{HANGUL}])(?:{alternatives(kanji)})(?![{KANJI}{HANGUL}])")
    if latin:
        groups.append(rf"(?<![\w/&#-])(?:{alternatives(latin)})(?![\w/-])")
    return "|".join(groups)


@lru_cache(maxsize=4)
def link_table(lang: str = "en") -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    """For text in `lang`: one pattern for every known spelling (longest first) and, per
    spelling, the link's target (in that language's glossary) and the key that stops a second
    link to the same place."""
    targets: dict[str, tuple[str, str]] = {}
    with translation.override(lang):
        if lang != engine_words.DEFAULT:
            for t in TERMS:
                for word in t.spellings_in(lang):
                    targets.setdefault(word, (t.url, t.id))
        for t in TERMS:
            for word in t.spellings:
                targets.setdefault(word, (t.url, t.id))
        for word, url in yaku_links(lang).items():
            targets.setdefault(word, (url, url))
    pattern = "(" + edges(list(targets)) + ")"
    return re.compile(pattern, re.IGNORECASE), {w.lower(): t for w, t in targets.items()}


def link_terms(text: object, *, seen: set[str] | None = None) -> SafeString:
    """`text` escaped, with the first use of each known word linked to its explanation in
    the page's language.

    `seen` carries the words linked already from one text to the next (it is updated), so
    that an explanation of several steps links each word once.

    >>> str(link_terms("ura dora indicator 3p; dora"))  # doctest: +NORMALIZE_WHITESPACE
    '<a class="term" href="/learn/terms/#term-ura-dora">ura dora</a>
    <a class="term" href="/learn/terms/#term-dora-indicator">indicator</a> 3p;
    <a class="term" href="/learn/terms/#term-dora">dora</a>'
    >>> with translation.override("ja"):
    ...     str(link_terms("30符 1本場、面子"))  # doctest: +NORMALIZE_WHITESPACE
    '30<a class="term" href="/ja/learn/terms/#term-fu">符</a>
    1<a class="term" href="/ja/learn/terms/#term-honba">本場</a>、<a class="term"
    href="/ja/learn/terms/#term-mentsu">面子</a>'
    """
    pattern, targets = link_table(language())
    done = set() if seen is None else seen

    def link(match: re.Match[str]) -> str:
        word = match.group(0)
        url, key = targets[word.lower()]
        if key in done:
            return word
        done.add(key)
        return f'<a class="term" href="{url}">{word}</a>'

    return mark_safe(pattern.sub(link, escape(str(text))))  # noqa: S308 (escaped above)
