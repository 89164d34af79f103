"""The yaku registry: the API's ids, names and han in one place."""

from __future__ import annotations

from scoring.engine import YAKU
from scoring.engine.yaku import DORA_NAMES

# The ids issue 2 gives as the API's vocabulary, in its order.
IDS = """riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou yakuhai_haku
yakuhai_hatsu yakuhai_chun seat_wind round_wind chankan rinshan haitei houtei chiitoitsu chanta
ittsu sanshoku sanshoku_doukou toitoi sanankou sankantsu shousangen honroutou honitsu junchan
ryanpeikou chinitsu kokushi kokushi_13 suuankou suuankou_tanki daisangen shousuushii daisuushii
tsuuiisou ryuuiisou chinroutou chuuren junsei_chuuren suukantsu tenhou chiihou dora aka_dora
ura_dora""".split()  # noqa: SIM905


def test_it_uses_exactly_the_api_ids():
    assert [*YAKU, *DORA_NAMES] == IDS


def test_open_hands_lose_a_han_where_the_rules_say():
    reduced = {y.id for y in YAKU.values() if y.open_han is not None and y.open_han < y.closed_han}
    assert reduced == {"chanta", "ittsu", "sanshoku", "honitsu", "junchan", "chinitsu"}
    closed_only = {y.id for y in YAKU.values() if y.open_han is None}
    assert closed_only == {
        "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "chiitoitsu",
        "ryanpeikou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "chuuren",
        "junsei_chuuren", "tenhou", "chiihou",
    }  # fmt: skip


def test_the_double_yakuman_are_the_four_the_rules_name():
    doubles = {y.id for y in YAKU.values() if y.yakuman == 2}
    assert doubles == {"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"}
