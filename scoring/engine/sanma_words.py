"""Three-player (sanma) words: every sentence the engine says about three players, in each
language, in one place (the rule registry's Japanese for the three-player switches and presets,
the requests' errors, and the explanation's steps: what tsumo loss took away, where the North
went).

>>> from .words import language, mismatches, phrase
>>> phrase(SANMA, "tsumo_loss", north=2000, total=6000)
'three players: no North seat pays, so the tsumo brings 2000 less than at four (tsumo loss): 6000'
>>> with language("ja"):
...     phrase(SANMA, "nukidora", count=2)
'抜きドラ（北抜き）2枚：2翻'
>>> mismatches(SANMA), mismatches(SANMA_ERRORS)
([], [])
"""

from __future__ import annotations

from .words import Catalogue

# ruff: noqa: E501  (a catalogue of sentences: one line per sentence reads best)

# The rule registry's Japanese for the three-player switches and presets (rules.py keeps the
# English in its entries and joins these to RULE_WORDS).
SANMA_RULES_JA: dict[str, str] = {
    "tsumo_loss.meaning": "三人麻雀：ツモは他の2人だけが払うので、北家の分は和了者に入りません（ツモ損）。なしのときは北家の分を2人の支払者で折半します（北家折半）。",
    "tsumo_loss.label": "ツモ損",
    "tsumo_loss.says.0": "ツモは北家のいない分だけ少なくなります（ツモ損あり）",
    "tsumo_loss.says.1": "ツモの北家の分は2人の支払者で折半します（ツモ損なし）",
    "tsumo_loss.short.0": "あり",
    "tsumo_loss.short.1": "なし（北家折半）",
    "nukidora.meaning": "三人麻雀：北を抜いて（北抜き）嶺上牌を引けます。抜いた北は1枚ごとにドラ1つです（抜きドラ）。なしのときは北も普通の牌です。",
    "nukidora.label": "抜きドラ",
    "nukidora.says.0": "抜いた北はドラとして数えます（抜きドラ）",
    "nukidora.says.1": "抜きドラなし：北は普通の牌で、抜きません",
    "nukidora.short.0": "あり",
    "nukidora.short.1": "なし",
    "north_value.meaning": "三人麻雀：北の刻子を役牌（1翻）、北の雀頭を2符とするかどうか。北家がいないので、ふつうはオタ風です。",
    "north_value.label": "北を役牌に",
    "north_value.says.0": "北はオタ風：役牌にならず、雀頭でも符は付きません",
    "north_value.says.1": "北は役牌：刻子で1翻、雀頭で2符です",
    "north_value.short.0": "しない",
    "north_value.short.1": "する",
    "preset.tenhou_sanma.title": "天鳳 三人打ち",
    "preset.tenhou_sanma.source": "天鳳の三人打ちの段位戦ルールです。天鳳のサーバーが記録した200半荘と照合しています。",
    "preset.tenhou_sanma.notes.0": "天鳳と同じですが、萬子の2〜8がなく（ドラ表示牌1萬のドラは9萬、9萬のドラは1萬）、チーもありません。抜いた北は1枚ごとにドラ（抜きドラ）、北はオタ風、ツモ損ありです。",
    "preset.tenhou_sanma.table_sources.0": "配給原点35,000点、トップに必要な点数40,000点。萬子は1萬と9萬だけ。チーなし。北は抜きドラで、その嶺上牌でのアガリは嶺上開花。手の中で使う北はオタ風。ツモ損あり。出典：天鳳の三人打ちのルール（tenhou.net/man）、riichi.wikiの「Sanma」、mahjong-portal.comの三人麻雀のルール。ツモの支払いは4人のときと同じ額を2人から：tenhou.club/sanma-tumo-tensuu（天鳳三麻のツモの点数表）。",
    "preset.tenhou_sanma.table_sources.1": "記録からわかること：本場は支払者1人につき100点なのでロンは1本200点。ノーテン罰符は合計2,000点（1人聴牌：ほかの2人から1,000点ずつ、2人聴牌：ノーテンの1人から1,000点ずつ）。ダブロンの本場と供託は最初の和了者へ。親の流し満貫は各自4,000点。40,000点に誰も届かなければ西入し、遅くとも西3局で終了。最終成績は整数：素点を千点単位に四捨五入（0から遠い方へ：−1,500は−2）して −40、ウマ+20/0/−20、1位はオカ15と端数を受け取る。持ち点が0点を下回ると終了。出典：サーバー自身の記録（../shared/data/real_games.jsonl.gz の鳳凰卓三人打ち200半荘、各局の点数の移動と終局成績）。",
    "preset.tenhou_sanma.table_sources.2": "どちらにもない点のTenbōの選択：途中流局は九種九牌と四開槓（四風連打・四家立直・三家和は3人では起こりません）。包・チョンボ・子の流し満貫は4人のときと同じで、ツモ損あり。包のツモでは責任者が放銃したときと同じ額（手の全額）を払います。",
    "preset.mahjongsoul_sanma.title": "雀魂 三人麻雀",
    "preset.mahjongsoul_sanma.source": "雀魂の三人麻雀の段位戦ルールです。",
    "preset.mahjongsoul_sanma.notes.0": "雀魂と同じですが、萬子の2〜8とチーがありません。抜いた北は1枚ごとにドラ（抜きドラ）、北はオタ風、ツモ損ありです。",
    "preset.mahjongsoul_sanma.table_sources.0": "ルールは天鳳の三人打ちにならっています：ツモ損あり（北家の分を2人で折半するのは選択肢で、ツモ損のスイッチをなしにします）。抜いた北は槍槓できますが、槍槓の役は付きません。北の刻子はオタ風。四風連打・四家立直の途中流局はありません。出典：riichi.wikiの「Majsoul」の3P-Mahjongの節。",
    "preset.mahjongsoul_sanma.table_sources.1": "本場は支払者1人につき100点なのでロンは1本200点。北家折半のときは、北家が払うはずだった額の半分を100点単位に切り上げて各支払者が加えて払います。出典：雀魂の三人麻雀の記録を天鳳の牌譜に書き出す「tensoul」（github.com/Equim-chan/tensoul の「convert.js」）と、雀魂の三人麻雀の記録で確かめた「Akagi」のプルリクエスト115（github.com/shinkuan/Akagi）。",
    "preset.mahjongsoul_sanma.table_sources.2": "資料にない点のTenbōの選択：配給原点35,000点・返し点40,000点は天鳳と同じ、ウマ+15/0/−15、最終成績は雀魂の4人のときと同じ（小数切り捨て）。ノーテン罰符・包・チョンボ・終局は天鳳の三人打ちと雀魂の4人のときと同じ。",
}

# How the three-player presets' games end (game.GAME_ENDS keeps the English).
SANMA_GAME_END_JA: dict[str, str] = {
    "tenhou_sanma": "天鳳 三人打ち：天鳳の4人打ちと同じで、30,000点の代わりに40,000点、1つの場は3局です：誰も40,000点に届いていなければ西入（サドンデス、遅くとも西3局で終了）。オーラスの親が40,000点以上の1位で和了かテンパイならそこで終了します。",
    "mahjongsoul_sanma": "雀魂 三人麻雀：雀魂の4人打ちと同じで、30,000点の代わりに40,000点、1つの場は3局です（Tenbōの選択）。",
}

# A request or rule set that does not fit three players (or a three-player switch on four).
SANMA_ERRORS: Catalogue = {
    "en": {
        "switch": "rule switch {name} is for three players: choose a three-player preset ({presets})",
        "uma.3": "three players need three uma (first to third), largest first, adding up to 0, not {value}",
        "characters": "{tile} is not in a three-player set: of the characters only 1m and 9m are played",
        "chi": "meld {meld!r}: there is no chi in three-player mahjong (pon and kan only)",
        "north_seat": '"seat" N: three players sit East, South and West; there is no North seat',
        "north_round": '"round" N: a three-player game has no North round (East, South and West at most)',
        "kita_type": '"kita" must be a whole number from 0 to 4 (the Norths set aside), not {value}',
        "kita_rules": '"kita" is the Norths set aside as nukidora: these rules have none (a three-player preset with nukidora on takes it)',
        "kita_copies": "there are {count} Norths across the hand, melds, indicators and the {kita} set aside; North has only 4 copies",
        "kita_first": "tenhou and chiihou are won on the first draw, before any North is set aside",
        "rinshan": "rinshan needs a kan among the melds or a North set aside (kita): its replacement tile is the one won on",
        "seats": '"{what}" must be a seat from 0 to 2 at a three-player table, not {value}',
        "scores": '"scores" must be three whole numbers in seat order at a three-player table, not {value}',
        "seat_order": '"seat_order" must name all three seats once, like [0, 1, 2]',
    },
    "ja": {
        "switch": "ルールのスイッチ{name}は三人麻雀のものです。三人麻雀のプリセット（{presets}）を選んでください",
        "uma.3": "三人麻雀のウマは1位から3位までの3つで、大きい順に合計0にしてください（{value}は使えません）",
        "characters": "{tile}は三人麻雀の牌にありません：萬子は1萬と9萬だけです",
        "chi": "副露 {meld!r}：三人麻雀にチーはありません（ポンとカンだけです）",
        "north_seat": '"seat" N：三人麻雀の席は東・南・西で、北家はありません',
        "north_round": '"round" N：三人麻雀に北場はありません（あっても東・南・西場まで）',
        "kita_type": '"kita" は0から4までの整数（抜いた北の枚数）にしてください（{value} は使えません）',
        "kita_rules": '"kita" は抜きドラとして抜いた北の枚数です。このルールには抜きドラがありません（抜きドラありの三人麻雀のプリセットで使えます）',
        "kita_copies": "手牌・副露・表示牌と抜いた{kita}枚を合わせて北が{count}枚あります。同じ牌は4枚しかありません",
        "kita_first": "天和・地和は北を抜く前の第一ツモでのアガリです",
        "rinshan": "嶺上開花には副露に槓子があるか、北を抜いていること（北抜き）が必要です：その嶺上牌でアガります",
        "seats": '"{what}" は三人麻雀では0から2までの席にしてください（{value} は使えません）',
        "scores": '"scores" は三人麻雀では席順に整数3つにしてください（{value} は使えません）',
        "seat_order": '"seat_order" は3つの席をひとつずつ、[0, 1, 2] のように並べてください',
    },
}

# The explanation's three-player steps, and the words a three-player settlement needs.
SANMA: Catalogue = {
    "en": {
        "tsumo_loss": "three players: no North seat pays, so the tsumo brings {north} less than at four (tsumo loss): {total}",
        "north_split": "three players: the North seat's share ({north}) is split between the two payers, each adding {half} (no tsumo loss)",
        "pays_split": "{who} pays {base} × {multiplier} = {raw}, rounded up to {rounded}, + {half} for half the North's share = {amount}",
        "honba_ron": "{honba} honba: 100 for each of the two other players per counter, all from the discarder: +{each}",
        "payer_other": "the other non-dealer",
        "gains_pair": "the winner gains {dealer} + {non_dealer} = {total}",
        "gains_pair_deposits": "the winner gains {dealer} + {non_dealer} + {deposits} = {total}",
        "nukidora": "{count} North set aside (nukidora): {count} han",
        "nukidora.n": "{count} Norths set aside (nukidora): {count} han",
        "nukidora_dora": "dora indicator {indicator} points at {tile}: {held} in the hand and {kita} set aside, {total} han",
        "ura_nukidora_dora": "ura dora indicator {indicator} points at {tile}: {held} in the hand and {kita} set aside, {total} han",
        "noten": "{tenpai} tenpai: 2000 in noten payments between three, +{gain} to each tenpai player, −{loss} from each noten player",
        "chombo.other": "chombo by {who}: a mangan-sized payment, 4000 to the dealer and 2000 to the other player",
        "pair_north": "pair of North (a value tile under these rules)",
    },
    "ja": {
        "tsumo_loss": "三人麻雀：北家がいないので、ツモは4人のときより{north:,}点少なくなります（ツモ損）：{total:,}点",
        "north_split": "三人麻雀：北家の分（{north:,}点）を2人の支払者で折半し、それぞれ{half:,}点を加えます（ツモ損なし）",
        "pays_split": "{who}の支払い：{base:,} × {multiplier} = {raw:,}、100点単位に切り上げて{rounded:,}点、北家の分の半分{half:,}点を加えて{amount:,}点",
        "honba_ron": "{honba}本場：1本につきほかの2人の100点ずつを放銃者が払い、+{each:,}点",
        "payer_other": "もう1人の子",
        "gains_pair": "{non_dealer:,}・{dealer:,}（子・親の支払い）、和了者の収入：{total:,}点",
        "gains_pair_deposits": "{non_dealer:,}・{dealer:,}（子・親の支払い）＋供託{deposits:,}点、和了者の収入：{total:,}点",
        "nukidora": "抜きドラ（北抜き）{count}枚：{count}翻",
        "nukidora.n": "抜きドラ（北抜き）{count}枚：{count}翻",
        "nukidora_dora": "ドラ表示牌{indicator}でドラは{tile}：手牌に{held}枚と抜いた{kita}枚、{total}翻",
        "ura_nukidora_dora": "裏ドラ表示牌{indicator}で裏ドラは{tile}：手牌に{held}枚と抜いた{kita}枚、{total}翻",
        "noten": "{tenpai}人聴牌：三人麻雀のノーテン罰符は合計2,000点、聴牌者に+{gain:,}点ずつ、ノーテン者から−{loss:,}点ずつ",
        "chombo.other": "{who}のチョンボ：満貫分の支払いで、親に4,000点、もう1人に2,000点",
        "pair_north": "役牌の雀頭（北：このルールでは役牌）",
    },
}
