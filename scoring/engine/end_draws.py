"""Settling an exhaustive draw: tenpai and noten payments, nagashi mangan, and the chombo of a
riichi player left noten."""

from __future__ import annotations

from .end_chombo import chombo_for
from .end_ledger import Ledger, Settled, on_table, take_deposits
from .end_wins import pay_tsumo
from .rules import Nagashi, RuleSet
from .table import counters_after
from .table_request import End, Win

NOTEN_PAYMENTS = {1: (3000, 1000), 2: (1500, 1500), 3: (1000, 3000)}  # to each / from each


def settle_draw(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    for seat, tiles, found in end.hands:
        shown = f"waits on {' '.join(found)}: tenpai" if found else "no wait: noten"
        ledger.say("hand_shown", f"{ledger.who(seat)} shows {tiles}: {shown}", seat=seat)
    tenpai = set(end.tenpai)
    noten_text = ", ".join(ledger.who(s) for s in range(4) if s not in tenpai) or "nobody"
    ledger.say(
        "tenpai",
        f"exhaustive draw: tenpai {', '.join(ledger.who(s) for s in sorted(tenpai)) or 'nobody'}; "
        f"noten {noten_text}",
        tenpai=sorted(tenpai),
    )
    declared = [s for s in range(4) if s not in tenpai and s not in ledger.table.riichi]
    if declared and not end.hands:
        ledger.say(
            "noten_declared",
            f"noten: {', '.join(ledger.who(s) for s in declared)} declared noten. A player "
            "not in riichi may declare noten even when tenpai, to keep the hand hidden (or, "
            "as the last dealer, to let the game end), and then pays as noten; a riichi "
            "player must show a tenpai hand, and a noten riichi is chombo",
            seats=declared,
        )
    nagashi_mode = ledger.rules.nagashi
    if end.nagashi and nagashi_mode is Nagashi.WIN:
        return nagashi_win(ledger, end, rules)
    false_riichi = [s for s in ledger.table.riichi if s not in tenpai]
    if false_riichi:
        for seat in false_riichi:
            ledger.say(
                "chombo",
                f"{ledger.who(seat)} declared riichi but is noten: chombo",
                seat=seat,
            )
        return chombo_for(ledger, false_riichi)
    if end.nagashi:
        for seat in end.nagashi:
            win = Win(seat, 5, 0, label="nagashi mangan")
            ledger.say("nagashi", f"{ledger.who(seat)}: nagashi mangan, paid as a mangan tsumo "
                       "without honba, instead of the noten payments", seat=seat)  # fmt: skip
            pay_tsumo(ledger, win, rules, 2000, 0, say=False, what="nagashi mangan")
    else:
        noten_payments(ledger, tenpai)
    counters = counters_after(state, dealer_stays=state.dealer in tenpai, honba_up=True)
    return counters, on_table(ledger), ()


def noten_payments(ledger: Ledger, tenpai: set[int]) -> None:
    if len(tenpai) in (0, 4):
        ledger.say("noten", "all tenpai or all noten: no noten payments", tenpai=len(tenpai))
        return
    gain, loss = NOTEN_PAYMENTS[len(tenpai)]
    ledger.say(
        "noten",
        f"{len(tenpai)} tenpai: 3000 in noten payments, +{gain} to each tenpai player, "
        f"−{loss} from each noten player",
        tenpai=len(tenpai),
        gain=gain,
        loss=loss,
    )
    noten = [s for s in range(4) if s not in tenpai]
    # Each noten player pays the tenpai players equal shares of its loss.
    for payer in noten:
        for payee in sorted(tenpai):
            ledger.pay(payer, payee, loss // len(tenpai), "noten payment")


def nagashi_win(ledger: Ledger, end: End, rules: RuleSet) -> Settled:
    state = ledger.table.state
    ledger.say(
        "nagashi",
        "nagashi mangan counts as a win under these rules: no noten payments, no noten-riichi "
        "chombo, honba paid",
    )
    for seat in end.nagashi:
        win = Win(seat, 5, 0, label="nagashi mangan")
        pay_tsumo(ledger, win, rules, 2000, state.honba, what="nagashi mangan")
    first = min(end.nagashi, key=lambda s: (s - state.dealer) % 4)
    take_deposits(ledger, first)
    dealer_won = state.dealer in end.nagashi
    return counters_after(state, dealer_stays=dealer_won, honba_up=dealer_won), 0, ()
