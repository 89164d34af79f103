"""The words of a hand's settlement, the next hand and the final scores, in each language
(the catalogue `hand_end`, the `end_*` modules, `table` and `final` make their steps from).

>>> from .words import language
>>> phrase(END, "hand_name", wind=wind_word("E"), number=4, honba=1)
'East 4, 1 honba'
>>> with language("ja"):
...     phrase(END, "hand_name", wind=wind_word("E"), number=4, honba=1)
'東4局 1本場'
"""

from __future__ import annotations

# ruff: noqa: E501  (a catalogue of sentences: one line per sentence reads best)
from .tiles import WIND_LABELS
from .words import Catalogue, phrase, word

END = Catalogue(
    "end",
    {
        **{f"wind.{letter}": name for letter, name in WIND_LABELS.items()},
        "hand_name": "{wind} {number}, {honba} honba",
        "who": "seat {seat} ({wind})",
        # A seat named alone: every sentence that names a seat by its number writes it so.
        "seat": "seat {seat}",
        "separator": ", ",
        "nobody": "nobody",
        "place.1": "1st",
        "place.2": "2nd",
        "place.3": "3rd",
        "place.4": "4th",
        "deposits.1": "{n} riichi deposit",
        "deposits.n": "{n} riichi deposits",
        # the hand
        "hand": "{name}: {dealer} deals; {honba} honba{sticks_text} and {deposits} on the table{riichi_text}",
        "hand.riichi": "; riichi this hand: {seats}",
        "hand.counters.1": " (counters shown with {honba} 100-point stick at the dealer's side, not money)",
        "hand.counters.n": " (counters shown with {honba} 100-point sticks at the dealer's side, not money)",
        "riichi": "{who} declared riichi: 1000 onto the table",
        "reason.riichi": "riichi deposit",
        "next.over.reason": "the last hand of the last round is over",
        "next.over": "the dealer passes after the last hand of the last round: the game is over",
        "next.renchan": "the dealer stays (renchan)",
        "next.passes": "the deal passes to {who}",
        "next": "next hand: {name} ({how}; {deposits} on the table)",
        "busting": "{seats} fell below zero: the game is over",
        "busting.reason": "a score fell below zero",
        # payments
        "payment": "{payer} pays {payee} {amount}: {reason}",
        "wareme": "{reason}, doubled by wareme ({amount} × 2)",
        "deposits": "{who} takes the {deposits} on the table: +{points}",
        "reason.deposits": "riichi deposits",
        # wins
        "win": "{who} wins by {how}: {what}, worth {value}",
        "how.ron": "ron",
        "how.tsumo": "tsumo",
        "how.rinshan": "tsumo on the kan's replacement tile",
        "what.yakuman": "yakuman",
        "what.yakuman.n": "{n}× yakuman",
        "what.han_fu": "{han} han {fu} fu",
        "what.han": "{han} han",
        "what.limit": "{limit} ({han} han)",
        "what.built": "{names}: {size}",
        "list.sep": ", ",
        "what.nagashi": "nagashi mangan",
        "shibari": "{honba} honba: with ryanhan shibari a win needs 2 han from yaku, and {who}'s hand has {han}",
        "triple_ron.none": "three players ron the same discard: these rules pay two at most and have no triple-ron abortive draw (set multiple_ron or abortive)",
        "triple_ron": "three rons on one discard: under these rules the hand aborts",
        "head_bump": "head bump: only {who}, first counterclockwise from the discarder, wins; {dropped} is not paid",
        "pao.ron": "pao: {who} is liable and splits {liable} with the discarder ({half} each)",
        "pao.ron.rest": "; the other {rest} is the discarder's",
        "pao.ron.honba.liable": "; the {honba} honba ({points}) are paid by the liable player",
        "pao.ron.honba.discarder": "; the {honba} honba ({points}) are paid by the discarder",
        "reason.pao_share": "pao share of the ron",
        "reason.discarder_share": "the discarder's share",
        "reason.ron": "the ron",
        "reason.ron.honba": "the ron with {honba} honba (+{points})",
        "rinshan.normal": "these rules do not make the kan's feeder ({who}) pay: a normal tsumo",
        "rinshan.feeder": "{who} fed the open kan: pays it all, as a ron",
        "reason.rinshan": "rinshan after the kan, paid as a ron",
        "reason.rinshan.honba": "rinshan after the kan, paid as a ron with {honba} honba",
        "reason.tsumo": "the tsumo",
        "reason.nagashi": "nagashi mangan",
        "reason.other_yakuman": "the other yakuman",
        "reason.with_honba": "{what} with {honba} honba (+{points})",
        "pao.tsumo": "pao: {who} is liable and pays {liable} as if it had dealt in",
        "pao.tsumo.honba": "pao: {who} is liable and pays {liable} as if it had dealt in, with the {honba} honba ({points})",
        "reason.pao_tsumo": "pao: the liable yakuman",
        "pao.tsumo.rest": "the other {rest}× yakuman is paid as a normal tsumo",
        # draws
        "shown.tenpai": "waits on {waits}: tenpai",
        "shown.noten": "no wait: noten",
        "hand_shown": "{who} shows {tiles}: {shown}",
        "tenpai": "exhaustive draw: tenpai {tenpai}; noten {noten}",
        "noten_declared": "noten: {seats} declared noten. A player not in riichi may declare noten even when tenpai, to keep the hand hidden (or, as the last dealer, to let the game end), and then pays as noten; a riichi player must show a tenpai hand, and a noten riichi is chombo",
        "false_riichi": "{who} declared riichi but is noten: chombo",
        "nagashi.draw": "{who}: nagashi mangan, paid as a mangan tsumo without honba, instead of the noten payments",
        "nagashi.win": "nagashi mangan counts as a win under these rules: no noten payments, no noten-riichi chombo, honba paid",
        "noten.none": "all tenpai or all noten: no noten payments",
        "noten": "{tenpai} tenpai: 3000 in noten payments, +{gain} to each tenpai player, −{loss} from each noten player",
        "reason.noten": "noten payment",
        # abortive draws and chombo
        "abortive.up": "abortive draw: {what}. Nothing is paid, the dealer stays, honba go up by one and riichi deposits stay on the table",
        "abortive.same": "abortive draw: {what}. Nothing is paid, the dealer stays, the honba stay as they were (these rules add none) and riichi deposits stay on the table",
        "chombo_cause": "why: {who} {cause}",
        "chombo.deduction": "chombo by {who}: nothing paid now; {points} points come off its final score",
        "chombo.dealer": "chombo by {who}: a mangan-sized payment, 4000 to each player (the dealer's)",
        "chombo.other": "chombo by {who}: a mangan-sized payment, 4000 to the dealer and 2000 to each other player",
        "reason.chombo": "chombo",
        "reason.riichi_returned": "riichi deposit returned",
        "riichi.returned": "{who}'s riichi deposit goes back to {who} (the hand is replayed)",
        "replay.kept.1": "the {deposits} from before stays on the table",
        "replay.kept.n": "the {deposits} from before stay on the table",
        "replay.kept.none": "no riichi deposits were on the table before it",
        "replay.honba.up": "one more honba (these rules add one after a chombo)",
        "replay.honba.same": "honba",
        "replay": "the hand is replayed: {name} again, with the same dealer and {honba}; {kept}",
        "cause.false_win": "declared a win with a hand that is not a winning hand",
        "cause.furiten_ron": "won on a discard while furiten (waiting on a tile it had discarded)",
        "cause.false_riichi": "declared riichi with a hand that was not tenpai, shown at the hand's end",
        "cause.riichi_kan": "made a closed kan after riichi that changed the hand's shape or waits",
        "cause.wrong_tiles": "holds more or fewer tiles than a hand may",
        "cause.wall": "knocked the wall over so that it could not be put back",
        # final scores
        "final.lost.1": "{sticks} riichi deposit left on the table: lost",
        "final.lost.n": "{sticks} riichi deposits left on the table: lost",
        "final.first.1": "{sticks} riichi deposit left on the table go to first place: seat {seat} +{points} = {total}",
        "final.first.n": "{sticks} riichi deposits left on the table go to first place: seat {seat} +{points} = {total}",
        "final.points": "{place}, seat {seat}: {text}{extras} = {total}",
        "final.rest": "rounding leaves {rest}: first place (seat {seat}) takes it, so the scores add up: {total}",
        "final.total": "the final points add up to {total}",
        "final.place": "{place} seat {seat} ({points})",
        "final.ranking": "ranking: {places}",
        "final.ties.seat_order": "; equal points are ranked by seat order (the earlier dealer of the first round)",
        "final.ties.split": "; tied players share their places' oka and uma",
        "final.exact": "({points} − {target}) / 1000 = {base}",
        "final.dropped": ", the decimals dropped (toward zero) = {base}",
        "final.thousands": "{points} is {thousands} thousand ({how}), − {target} = {base}",
        "final.floor": "rounded down",
        "final.half_down": "to the nearest, 500 down",
        "final.half_up": "to the nearest, 500 up",
        "final.shared": ", + shared oka and uma {bonus}",
        "final.oka": ", oka {oka}",
        "final.uma": ", uma {uma}",
        "final.yakitori": "seat {seat} won no hand (yakitori): −{points}",
        "final.chombo": "seat {seat}'s chombo: −{points}",
    },
)


def wind_word(wind: str) -> str:
    """A wind's name: "East" / "東"."""
    return word(END, f"wind.{wind}")


def seat_words(seat: int) -> tuple[str, ...]:
    """Every way a sentence in the current language names `seat` (with each wind, then alone),
    so that a reader who knows the players can put their names in.

    >>> seat_words(2)
    ('seat 2 (East)', 'seat 2 (South)', 'seat 2 (West)', 'seat 2 (North)', 'seat 2')
    >>> from .words import language
    >>> with language("ja"):
    ...     seat_words(2)[2:]
    ('席2（西家）', '席2（北家）', '席2')
    """
    winds = tuple(phrase(END, "who", seat=seat, wind=wind_word(w)) for w in WIND_LABELS)
    return (*winds, phrase(END, "seat", seat=seat))


def joined(items: list[str]) -> str:
    """Items in a list, separated as the language separates them."""
    return word(END, "separator").join(items)


def deposits_words(n: int) -> str:
    """ "2 riichi deposits" / "供託2本"."""
    return phrase(END, "deposits.1" if n == 1 else "deposits.n", n=n)


def cause_words(cause: str) -> str:
    """What a chombo's cause (a key of CHOMBO_CAUSES) says the offender did."""
    return word(END, f"cause.{cause}")


def place_word(place: int) -> str:
    """A place from 0 (first) as the language writes it: "1st" / "1位"."""
    return word(END, f"place.{place + 1}")


# The messages of a table's request a player can meet on a page (scores, seats, pao, draws),
# and of the final scores' request.
ERRORS = Catalogue(
    "end_errors",
    {
        "riichi_points": "seat {seat} has {points} points: a riichi needs 1000 for the deposit",
        "total": 'the scores add up to {total}, and with {deposits} on the table to {held}, but four players starting with {start} hold {all} (check the scores, the deposits or the rules\' "start")',
        "same_seat": "two wins name the same seat: each winner wins once",
        "discarder_wins": "seat {seat} discarded the winning tile, so it cannot win by ron on it",
        "feeder_wins": "the kan's feeder (kan_from) cannot be the winner",
        "pao_for": "pao.for is seat {seat}, which did not win this hand",
        "pao_winner": "the liable player (pao.seat {seat}) cannot be the winner",
        "pao_none": "{rules} rules make no yakuman liable (pao)",
        "pao_yakuman": "pao is for a liable yakuman ({names} under {rules} rules), and seat {seat}'s win has none",
        "or": " or ",
        "yaku.daisangen": "daisangen",
        "yaku.daisuushii": "daisuushii",
        "yaku.suukantsu": "suukantsu",
        "abort.nine_terminals": "nine_terminals",
        "abort.four_winds": "four_winds",
        "abort.four_kans": "four_kans",
        "abort.four_riichi": "four_riichi",
        "abort.triple_ron": "triple_ron",
        "none": "none",
        "hand_error": "seat {seat}'s hand: {error}",
        "hand_says": "seat {seat}'s hand says {key} {value}, but at this table it is {want}",
        "hand_tiles": "seat {seat}'s hand must be a string of tiles like 123m",
        "tenpai_and_hands": 'give "tenpai" (seats) or "hands" (tiles by seat), not both',
        "no_nagashi": "{rules} rules have no nagashi mangan",
        "no_abortive": "{rules} rules have no {abort} abortive draw (theirs: {used})",
        "four_riichi": 'four riichi needs four riichi deposits: list this hand\'s in "riichi"',
        "draw_tiles": "a hand at a draw has 13 tiles, or 10, 7, 4 or 1 beside its called melds; {tiles} has {size}",
        "hundreds": "scores are counted in hundreds: each must be a multiple of 100",
        "no_yakitori": '{rules} rules have no yakitori penalty: set "yakitori" in the rules',
        "chombo_at_table": "a chombo under {rules} rules is paid at the table, not taken from the final score",
        "seat_order": '"seat_order" must name all four seats once, like [0, 1, 2, 3]',
        "seat_list": '"{what}" must be a list of seats (0 to 3)',
        "seat_twice": '"{what}" names a seat twice',
    },
)


# A whole game: why it ended or goes on, what a dealer may do, a hand's size and what it pays.
GAME = Catalogue(
    "game",
    {
        "ending.time": "time was called, and the game ends at these scores",
        "ending.abandon": "the game was abandoned, with no result",
        "not_over": "the game is not over yet: no final standings",
        "abandoned": "the game was abandoned: no final standings",
        "where": "hand {number}, {name}",
        "in_hand": "{where}: {error}",
        "already_over": "{where}: the game was already over ({reason})",
        "stopped": "the dealer chose to stop while first (agari-yame)",
        "bad_why": '{where}: a game ends early for time ("why": "time") or is abandoned ("why": "abandon"), not {why}',
        "reached": "a player reached {target} in the extension",
        "round_over": "the {wind} round is over",
        "goes_on": "nobody has {target}: the game goes on into {wind}",
        "auto_stop": "the last dealer is first after winning or being tenpai: the game ends (agari-yame)",
        "not_first": "someone has {target} but the dealer kept the deal and is not first: the game goes on",
        "no_tenpai_yame": "the dealer is tenpai and first, but these rules have no tenpai-yame: deal again",
        "may_stop": "the dealer may stop here while first (agari-yame), or deal again",
        "no_stopping": "these rules do not let the dealer stop early: the game goes on",
        "stop_when": "the dealer may stop only right after winning or being tenpai in the last hand, while first",
        "value.yakuman": "yakuman",
        "value.mangan": "mangan",
        "value.haneman": "haneman",
        "value.baiman": "baiman",
        "value.sanbaiman": "sanbaiman",
        "value.han_fu": "{han} han {fu} fu",
        "pays.ron": "{points}",
        "pays.all": "{each} all",
        "pays.split": "{non_dealer}/{dealer}",
    },
)
