"""A small game log built for the tests, as `scoring.gamelog.read` hands one to the site: an
East-only game under Tenhou's rules with a ron on a called hand, a riichi tsumo with ura dora,
an exhaustive draw with noten payments, a double ron, an abortive draw and a last ron. Every
value the "server" recorded (start scores, score changes, each win's han, fu, points and yaku,
the end) is worked out by the engine itself from the same hands, except one win deliberately
recorded otherwise (`PLANTED`), so that the review has a difference to flag. The score changes
are recorded as the servers record them: a riichi stick is taken off when riichi is declared,
not in the hand's changes (the declarer's change is the engine's plus 1,000)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.engine.game import Entry, Played, hand_answers, replay
from scoring.engine.rules import parse_table_rules
from scoring.gamelog import LoggedGame, LoggedHand, LoggedWin, Recorded

PLAYERS = ("Aiko", "Bruno", "Chen", "Dana")
RULES = {"preset": "tenhou"}
PLANTED = 1  # the hand whose win the "server" recorded differently: 40 fu, 1,300 points

CALLED = {"hand": "234m456p88s345m", "win": "5m", "melds": ["chi 678s"], "dora": "1p"}
RIICHI_TSUMO = {
    "hand": "123m456p789s234s55p", "win": "4s", "dora": "9m", "ura": "4p", "flags": ["riichi"],
}  # fmt: skip
WHITE = {"hand": "555z234m678p345s99m", "win": "9m", "dora": "1s"}
PINFU_RIICHI = {
    "hand": "234567m234p66s789s", "win": "9s", "dora": "1s", "ura": "1z", "flags": ["riichi"],
}  # fmt: skip
LAST = {
    "hand": "234m234m567p678s55p", "win": "5p", "dora": "1m", "ura": "1z", "flags": ["riichi"],
}  # fmt: skip

# (riichi seats, end, the log's name of the result)
HANDS: list[tuple[tuple[int, ...], dict[str, Any], str]] = [
    ((), {"kind": "ron", "from": 2, "wins": [{"seat": 1, "hand": CALLED}]}, "和了"),
    ((3,), {"kind": "tsumo", "win": {"seat": 3, "hand": RIICHI_TSUMO}}, "和了"),
    ((), {"kind": "draw", "tenpai": [0, 2]}, "流局"),
    (
        (1,),
        {
            "kind": "ron",
            "from": 3,
            "wins": [{"seat": 0, "hand": WHITE}, {"seat": 1, "hand": PINFU_RIICHI}],
        },
        "和了",
    ),
    ((), {"kind": "abortive", "reason": "nine_terminals"}, "九種九牌"),
    ((0,), {"kind": "ron", "from": 1, "wins": [{"seat": 0, "hand": LAST}]}, "和了"),
]


def recorded_of(answer: dict[str, Any], text: str = "") -> Recorded:
    """What a server records of a win, from the engine's own score of it."""
    return Recorded(
        han=answer["han"],
        fu=answer["fu"],
        points=points_of(answer),
        limit=answer["limit"],
        yaku=tuple((y["id"], y["han"]) for y in answer["yaku"]),
        text=text or f"{answer['fu']}符{answer['han']}飜{points_of(answer)}点",
    )


def points_of(answer: dict[str, Any]) -> int:
    """The hand's value before honba (300 a counter, paid with it) and deposits."""
    return int(answer["total"]) - 300 * int(answer["honba"]) - 1000 * int(answer["deposits"])


def logged_hand(hand: Played, result: str, rules: Any) -> LoggedHand:
    answers = hand_answers(hand, rules=rules)
    end = hand.entry.end
    if end["kind"] == "ron":
        wins = [(w["seat"], end["from"]) for w in end["wins"]]
    elif end["kind"] == "tsumo":
        wins = [(end["win"]["seat"], end["win"]["seat"])]
    else:
        wins = []
    assert hand.outcome is not None
    state = hand.state
    return LoggedHand(
        number=hand.number,
        round=state.round,
        hand_in_round=state.dealer + 1,
        honba=state.honba,
        deposits=state.sticks,
        dealer=state.dealer,
        scores=tuple(hand.scores),  # type: ignore[arg-type]
        riichi=hand.entry.riichi,
        end=end,
        wins=tuple(
            LoggedWin(seat, source, None, whole_hand(end, seat), recorded_of(answers[seat]))
            for seat, source in wins
        ),
        # As a server records them: the riichi sticks are taken off when declared, not here.
        deltas=tuple(
            d + 1000 * hand.entry.riichi.count(s) for s, d in enumerate(hand.outcome.deltas)
        ),  # type: ignore[arg-type]
        result=result,
    )


def whole_hand(end: dict[str, Any], seat: int) -> dict[str, Any]:
    wins = end["wins"] if end["kind"] == "ron" else [end["win"]]
    return next(w["hand"] for w in wins if w["seat"] == seat)


def logged_game(
    hands: list[tuple[tuple[int, ...], dict[str, Any], str]] | None = None,
    *,
    plant: bool = True,
    rules: dict[str, Any] | None = RULES,
    length: str = "tonpuusen",
    fmt: str = "tenhou6",
) -> LoggedGame:
    """The test game (or `hands`), every recorded value the engine's, the planted one aside."""
    hands = HANDS if hands is None else hands
    engine_rules, table_rules = parse_table_rules(rules or RULES)
    played = replay(
        [Entry(r, e) for r, e, _ in hands],
        rules=engine_rules,
        table_rules=table_rules,
        length=length,  # type: ignore[arg-type]
    )
    results = [result for _, _, result in hands]
    logged = [logged_hand(p, r, engine_rules) for p, r in zip(played.hands, results, strict=True)]
    if plant:
        first = logged[PLANTED - 1]
        win = first.wins[0]
        wrong = replace(win.recorded, fu=40, points=1300, text="40符1飜1300点")
        logged[PLANTED - 1] = replace(first, wins=(replace(win, recorded=wrong),))
    final = played.final() if played.over else None
    return LoggedGame(
        format=fmt,  # type: ignore[arg-type]
        players=PLAYERS,
        rules=rules,
        rules_text="般東喰赤" if rules else "a house rule",
        length=length,  # type: ignore[arg-type]
        hands=tuple(logged),
        end_scores=tuple(played.scores) if played.over else None,  # type: ignore[arg-type]
        final_points=tuple(t / 10 for t in final.tenths) if final else None,  # type: ignore[arg-type]
        title="A test game",
    )


def long_hands(n: int) -> list[tuple[tuple[int, ...], dict[str, Any], str]]:
    """`n` hands for a whole hanchan: the test game's again and again, each time with every
    seat moved on by one (so that no player's score runs out), every third hand an exhaustive
    draw with all four tenpai (the dealer stays, so the game lasts)."""
    hands: list[tuple[tuple[int, ...], dict[str, Any], str]] = []
    played = 0
    while len(hands) < n:
        if len(hands) % 3 == 2:
            hands.append(((), {"kind": "draw", "tenpai": [0, 1, 2, 3]}, "流局"))
            continue
        riichi, end, result = HANDS[played % len(HANDS)]
        by = played // len(HANDS)
        hands.append((tuple((s + by) % 4 for s in riichi), moved(end, by), result))
        played += 1
    return hands


def moved(end: dict[str, Any], by: int) -> dict[str, Any]:
    """A hand's end with every seat moved on by `by`."""
    seat = lambda s: (s + by) % 4  # noqa: E731
    if end["kind"] == "ron":
        wins = [{**w, "seat": seat(w["seat"])} for w in end["wins"]]
        return {**end, "from": seat(end["from"]), "wins": wins}
    if end["kind"] == "tsumo":
        return {**end, "win": {**end["win"], "seat": seat(end["win"]["seat"])}}
    if end["kind"] == "draw":
        return {**end, "tenpai": [seat(s) for s in end["tenpai"]]}
    return end
