"""A real game's log (read by `scoring.gamelog`) made into a game the game keeper plays, and
the review of it: every hand's wins scored again by the engine from the tiles beside what the
server recorded, every settlement beside the server's score changes, and the end beside the
log's.

The import replays the log's hands in order, as the game keeper replays any game. A hand the
replay refuses, or one whose start (scores, counters) is not where the replay stands, stops
the import there: the hands before it become the game's, and the log's whole record is kept
(`GameLog`) so that the review still shows every hand, the later ones as the server recorded
them and scored by the engine from the tiles."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring import gamelog
from scoring.engine import ScoringError
from scoring.engine.game import Entry, Played, Replay, hand_answers, whole_hands
from scoring.engine.rules import parse_table_rules
from scoring.engine.table import State
from scoring.engine.yaku import yaku_name
from scoring.gamelog import LogError, LoggedGame

from . import board
from .exports import save_game
from .log_words import stored, stored_text
from .models import SEAT_NAMES, Game, GameLog, check_player_name, game_end_for, names_differ

HONBA_POINTS = 300  # what a honba counter adds to a win (the server's points are before it)
DEPOSIT_POINTS = 1000


class NeedsPreset(Exception):
    """The log names no rules Tenbō knows: the player picks a preset."""


# ---- reading ------------------------------------------------------------------------------


def digest_of(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def tenbo_export(raw: bytes) -> dict[str, Any] | None:
    """The data of a Tenbō game export (a JSON object with a "format"), else None: a game log,
    or anything else, is for `scoring.gamelog.read`."""
    if raw[:2] == b"\x1f\x8b":  # gzip: a log
        return None
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and "format" in data else None


def read_input(cleaned: dict[str, Any], limit: int) -> bytes:
    """The bytes of the uploaded file or the pasted text; LogError "too_large" past `limit`
    (an upload's size is known before it is read), ScoringError for nothing given."""
    upload = cleaned.get("file")
    if upload is not None:
        if upload.size > limit:
            raise LogError("too_large", size=upload.size, limit=limit)
        raw = bytes(upload.read(limit + 1))
    else:
        raw = (cleaned.get("text") or "").encode("utf-8")
    if len(raw) > limit:
        raise LogError("too_large", size=len(raw), limit=limit)
    if not raw.strip():
        raise ScoringError(_("choose a game's file (a Tenbō export or a game log), or paste it"))
    return raw


# ---- the import ---------------------------------------------------------------------------


def player_names(players: tuple[str, ...] | list[str]) -> list[str]:
    """The log's four names as the game keeper takes them: a name it refuses (blank, too
    long) becomes the seat's wind, and names alike (Tenhou's anonymous "NoName") get the seat
    after them."""
    names = []
    for seat, name in enumerate(players):
        try:
            names.append(check_player_name(str(name)))
        except ValidationError:
            names.append(str(SEAT_NAMES[seat]))
    if names_differ(names):
        return names
    return [
        f"{name[: 40 - len(str(SEAT_NAMES[s])) - 3]} ({SEAT_NAMES[s]})"
        for s, name in enumerate(names)
    ]


def rules_for(logged: LoggedGame, preset: str) -> dict[str, Any]:
    """The game's rules: the log's, else the preset the player picked (NeedsPreset: none)."""
    if logged.rules is not None:
        rules = dict(logged.rules)
    elif preset:
        rules = {"preset": preset}
    else:
        raise NeedsPreset
    parse_table_rules(rules)  # a ScoringError for rules the engine does not take
    return rules


@dataclass(frozen=True)
class Imported:
    game: Game
    log: GameLog
    again: bool = False  # the importer's game of this log made before (no new game)


def one_import_at_a_time(digest: str) -> None:
    """Within the caller's transaction, wait for any other import of the same bytes to end.
    SQLite's immediate transactions already take turns; PostgreSQL's take a lock on the
    digest (held until the transaction ends)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int(digest[:15], 16)])


def import_log(
    logged: LoggedGame,
    *,
    digest: str,
    owner: Any = None,
    preset: str = "",
    mine: QuerySet[Game] | None = None,
    keep: Callable[[Game], None] | None = None,
) -> Imported:
    """A new game (`owner`'s, when given) of the log's hands, replayed as the game keeper
    replays a game and saved while the replay agrees with the log, and the log kept beside
    it (NeedsPreset when the log names no rules and no preset is given). With `mine` (the
    importer's games), a log of the same digest among them is answered instead (`again`),
    checked in the transaction that would save the new game, one import of those bytes at a
    time: two submits at once make one game. `keep` is called in that transaction with the
    new game (the importer's browser keeps it), so the next import sees it."""
    rules = rules_for(logged, preset)
    names = player_names(logged.players)
    game = Game(
        east=names[0], south=names[1], west=names[2], north=names[3], rules=rules,
        length=logged.length, owner=owner, extension=False, agari_yame=False,
    )  # fmt: skip
    ends = game_end_for(game)  # the preset's own extension and agari-yame
    game.extension, game.agari_yame = ends.extension, ends.agari_yame
    entries: list[Entry] = []
    played: Replay | None = None
    stopped = None
    for hand in logged.hands:
        entry = Entry(tuple(hand.riichi), dict(hand.end))
        try:
            after = game.replay([entry], after=played) if played else game.replay([entry])
        except ScoringError:
            stopped = {"hand": hand.number, "why": "refused"}
            break
        start = after.hands[-1]
        if not starts_alike(start, hand):
            stopped = {"hand": hand.number, "why": "start"}
            break
        entries.append(entry)
        played = after
    with transaction.atomic():
        one_import_at_a_time(digest)
        if mine is not None:
            earlier = GameLog.objects.filter(digest=digest, game__in=mine).select_related("game")
            if (found := earlier.first()) is not None:
                return Imported(found.game, found, again=True)
        save_game(game, entries)
        log = GameLog.objects.create(
            game=game,
            format=logged.format,
            title=logged.title[:200],
            rules_text=logged.rules_text[:200],
            digest=digest,
            hands=[hand_record(h) for h in logged.hands],
            end_scores=list(logged.end_scores) if logged.end_scores else None,
            final_points=list(logged.final_points) if logged.final_points else None,
            cut=stored(logged.cut),
            saved=len(entries),
            stopped=stopped,
        )
        if keep is not None:
            keep(game)
    return Imported(game, log)


def starts_alike(start: Played, hand: gamelog.LoggedHand) -> bool:
    """Whether the replay stands where the log says the hand started."""
    state = start.state
    return tuple(start.scores) == tuple(hand.scores) and (
        state.round,
        state.dealer,
        state.honba,
        state.sticks,
    ) == (hand.round, hand.dealer, hand.honba, hand.deposits)


def hand_record(hand: gamelog.LoggedHand) -> dict[str, Any]:
    """A logged hand as the GameLog keeps it (JSON)."""
    return {
        "number": hand.number,
        "round": hand.round,
        "hand_in_round": hand.hand_in_round,
        "honba": hand.honba,
        "deposits": hand.deposits,
        "dealer": hand.dealer,
        "scores": list(hand.scores),
        "riichi": list(hand.riichi),
        "end": hand.end,
        "deltas": list(hand.deltas),
        "result": hand.result,
        "wins": [
            {
                "seat": w.seat,
                "from": w.from_seat,
                "pao": w.pao,
                "recorded": {
                    "han": w.recorded.han,
                    "fu": w.recorded.fu,
                    "points": w.recorded.points,
                    "limit": w.recorded.limit,
                    "yaku": [list(y) for y in w.recorded.yaku],
                    "text": w.recorded.text,
                },
            }
            for w in hand.wins
        ],
    }


# ---- the review ---------------------------------------------------------------------------


def answer_points(answer: dict[str, Any]) -> int:
    """A scored hand's value before honba and deposits (as a server records a win)."""
    return (
        int(answer["total"])
        - HONBA_POINTS * int(answer["honba"])
        - DEPOSIT_POINTS * int(answer["deposits"])
    )


def yaku_set(yaku: Any) -> list[tuple[str, int]]:
    return sorted((str(y[0]), int(y[1])) for y in yaku)


def win_review(
    win: dict[str, Any], answer: dict[str, Any] | None, names: tuple[str, ...]
) -> dict[str, Any]:
    """One win: the engine's score of its tiles beside the server's record, and what differs."""
    rec = win["recorded"]
    seat = win["seat"]
    row: dict[str, Any] = {
        "seat": seat,
        "name": names[seat],
        "tsumo": win["from"] == seat,
        "from_name": names[win["from"]],
        "recorded": {
            **rec,
            "yaku_named": [(yaku_name(i), h) for i, h in rec["yaku"]],
            "size": recorded_size(rec),
            "points_text": points_said(rec["points"]),
        },
        "hand": board.drawable(win.get("hand") or {}),
        "engine": None,
        "differs": [],
    }
    if answer is None:
        return row
    points = answer_points(answer)
    row["engine"] = {
        "han": answer["han"],
        "fu": answer["fu"],
        "points": points,
        "points_text": points_said(points),
        "size": board.size_text(answer),
        "yaku": [(y["name"], y["han"]) for y in answer["yaku"]],
        "steps": answer["steps"],
    }
    differs = []
    yakuman = bool(answer["yakuman"]) or rec.get("limit") == "yakuman"
    if answer["han"] != rec["han"]:
        differs.append(pgettext("what differs", "han"))
    if not yakuman and answer["fu"] != rec["fu"]:
        differs.append(pgettext("what differs", "fu"))
    if points != rec["points"]:
        differs.append(pgettext("what differs", "points"))
    if yaku_set((y["id"], y["han"]) for y in answer["yaku"]) != yaku_set(rec["yaku"]):
        differs.append(pgettext("what differs", "yaku"))
    row["differs"] = differs
    row["differs_text"] = pgettext("between names in a list", ", ").join(differs)
    return row


def points_said(points: int) -> str:
    """ "1,300 points" (in Japanese "1,300点")."""
    return _("%(points)s points") % {"points": f"{points:,}"}


def recorded_size(rec: dict[str, Any]) -> str:
    if rec.get("limit") == "yakuman":
        return board.limit_name(board.Limit("yakuman"))
    if rec.get("limit"):
        try:
            limit = board.limit_name(board.Limit(rec["limit"]))
        except ValueError:
            limit = str(rec["limit"])
        return _("%(limit)s (%(han)s han)") % {"limit": limit, "han": rec["han"]}
    return board.han_fu_text(rec["han"], rec["fu"])


def state_of(hand: dict[str, Any], length: str) -> State:
    return State(hand["round"], hand["dealer"], hand["honba"], hand["deposits"], length)  # type: ignore[arg-type]


def review(game: Game, log: GameLog) -> dict[str, Any]:
    """Everything the review page shows, from one replay of the game."""
    names = game.names
    rules = game.engine_rules()[0]
    played = game.replay()
    hands = []
    wins = differing_wins = differing_settlements = 0
    for i, hand in enumerate(log.hands):
        entry = Entry(tuple(hand["riichi"]), hand["end"])
        replayed = played.hands[i] if i < log.saved and i < len(played.hands) else None
        here = replayed or Played(
            hand["number"],
            entry,
            state_of(hand, game.length),
            tuple(hand["scores"]),
            None,  # type: ignore[arg-type]
        )
        problem = ""
        try:
            answers = hand_answers(here, rules=rules)
        except ScoringError as e:
            answers, problem = {}, str(e)
        tiles = dict(whole_hands(hand["end"]))
        win_rows = [
            win_review({**w, "hand": tiles.get(w["seat"], {})}, answers.get(w["seat"]), names)
            for w in hand["wins"]
        ]
        wins += len(win_rows)
        differing_wins += sum(1 for w in win_rows if w["differs"] or w["engine"] is None)
        row: dict[str, Any] = {
            "number": hand["number"],
            "name": here.state.name,
            "result": hand["result"],
            "start": [(names[s], board.points_text(x)) for s, x in enumerate(hand["scores"])],
            "wins": win_rows,
            "problem": problem,
            "delta_rows": [
                (names[s], "", board.signed(d), False) for s, d in enumerate(server_deltas(hand))
            ],
            "sticks_note": sticks_note(hand, names),
            "replayed": replayed is not None,
        }
        if replayed is not None and replayed.outcome is not None:
            outcome = replayed.outcome
            sizes = {w["seat"]: w["engine"]["size"] for w in win_rows if w["engine"]}
            row["summary"] = board.summary(replayed, names, sizes)
            row["delta_rows"] = [
                (names[s], board.signed(e), board.signed(d), e != d)
                for s, (e, d) in enumerate(zip(outcome.deltas, server_deltas(hand), strict=True))
            ]
            row["settlement_steps"] = [board.with_names(s.text, names) for s in outcome.steps]
            row["settlement_differs"] = list(outcome.deltas) != server_deltas(hand)
            differing_settlements += row["settlement_differs"]
        hands.append(row)
    return {
        "hands": hands,
        "wins": wins,
        "differing_wins": differing_wins,
        "differing_settlements": differing_settlements,
        "banner": banner(wins, differing_wins, differing_settlements),
        "stopped": stopped_text(game, log, played),
        "cut": stored_text(log.cut),
        "end": end_review(game, log, played),
    }


def server_deltas(hand: dict[str, Any]) -> list[int]:
    """The server's score changes of a hand with the riichi sticks declared in it paid: a
    server takes a stick off the score when riichi is declared, not in the hand's changes,
    while the engine's settlement counts it in the hand."""
    return [d - DEPOSIT_POINTS * hand["riichi"].count(s) for s, d in enumerate(hand["deltas"])]


def sticks_note(hand: dict[str, Any], names: tuple[str, ...]) -> str:
    if not hand["riichi"]:
        return ""
    listed = pgettext("between names in a list", ", ").join(names[s] for s in hand["riichi"])
    return _(
        "The server takes a riichi stick off the score when riichi is declared: the server's "
        "changes here count it, −1,000 for %(names)s, as the engine's settlement does."
    ) % {"names": listed}


def banner(wins: int, differing: int, settlements: int) -> str:
    if not differing and not settlements:
        return ""
    parts = []
    if differing:
        parts.append(
            ngettext(
                "%(differ)s of %(wins)s win differs from the server's record",
                "%(differ)s of %(wins)s wins differ from the server's record",
                wins,
            )
            % {"differ": differing, "wins": wins}
        )
    if settlements:
        parts.append(
            ngettext(
                "%(count)s hand's settlement differs",
                "%(count)s hands' settlements differ",
                settlements,
            )
            % {"count": settlements}
        )
    return pgettext("between names in a list", ", ").join(parts)


def stopped_text(game: Game, log: GameLog, played: Replay) -> str:
    """Why the import stopped before the log's last hand, in the page's language."""
    if not log.stopped:
        return ""
    number = log.stopped["hand"]
    kept = {"saved": log.saved, "number": number}
    if log.stopped.get("why") == "refused":
        hand = next((h for h in log.hands if h["number"] == number), None)
        why = ""
        if hand is not None:
            try:
                game.replay([Entry(tuple(hand["riichi"]), hand["end"])], after=played)
            except ScoringError as e:
                why = str(e)
        return _(
            "Only the log's first %(saved)s hands became the game's: the game keeper refused "
            "hand %(number)s (%(why)s). The later hands are shown as the server recorded them, "
            "each win scored by the engine from its tiles."
        ) % {**kept, "why": why}
    return (
        _(
            "Only the log's first %(saved)s hands became the game's: hand %(number)s starts "
            "elsewhere in the log (scores, honba or deposits) than the game keeper's replay of the "
            "hands before it. The later hands are shown as the server recorded them, each win "
            "scored by the engine from its tiles."
        )
        % kept
    )


def end_review(game: Game, log: GameLog, played: Replay) -> dict[str, Any] | None:
    """The game's final standings beside the log's end scores and points."""
    if not log.end_scores and not played.over:
        return None
    names = game.names
    final = played.final() if played.over and not played.abandoned else None
    rows = []
    differs = False
    for s in range(4):
        engine_score = played.scores[s]
        log_score = log.end_scores[s] if log.end_scores else None
        engine_points = final.tenths[s] if final else None
        log_points = round(log.final_points[s] * 10) if log.final_points else None
        same = (log_score is None or log_score == engine_score) and (
            log_points is None or engine_points is None or log_points == engine_points
        )
        differs |= not same
        rows.append(
            {
                "name": names[s],
                "score": board.points_text(engine_score),
                "log_score": board.points_text(log_score) if log_score is not None else "",
                "points": board.final_text(engine_points) if engine_points is not None else "",
                "log_points": board.final_text(log_points) if log_points is not None else "",
                "differs": not same,
            }
        )
    return {"rows": rows, "differs": differs, "over": played.over}
