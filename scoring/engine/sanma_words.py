"""Three-player (sanma) words: the sentences the engine says about three players only, in
English (the requests' errors, and the explanation's steps: what tsumo loss took away, where
the North went); every other language's are in the engine's gettext catalogues, contexts
`sanma.<key>` and `sanma_errors.<key>`. The three-player switches' and presets' words live in
their registry entries, as every switch's do (catalogue `rules`).

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

# A request or rule set that does not fit three players (or a three-player switch on four).
SANMA_ERRORS = Catalogue(
    "sanma_errors",
    {
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
        "total": 'the scores add up to {total}, and with {deposits} on the table to {held}, but three players starting with {start} hold {all} (check the scores, the deposits or the rules\' "start")',
    },
)

# The explanation's three-player steps, and the words a three-player settlement needs.
SANMA = Catalogue(
    "sanma",
    {
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
)
