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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from quizsite.names import printable
from scoring import gamelog
from scoring.engine import ScoringError
from scoring.engine.end_words import GAME as GAME_WORDS
from scoring.engine.entered import Stop
from scoring.engine.game import STOP, Entry, Played, Replay, game_end_of, hand_answers, whole_hands
from scoring.engine.rules import parse_table_rules
from scoring.engine.table import State
from scoring.engine.words import word
from scoring.engine.yaku import yaku_name
from scoring.gamelog import LogError, LoggedGame
from scoring.switch_controls import describe, preset_choices

from . import board
from .exports import save_game
from .log_words import stored, stored_text
from .models import (
    SEAT_NAMES,
    Game,
    GameLog,
    Hand,
    OnlineName,
    check_player_name,
    name_key,
    names_differ,
    players_of,
)

HONBA_POINTS = 100  # what a honba counter takes from each payer (the server's points are before it)
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
    """The log's names (four, or three) as the game keeper takes them: a name it refuses (blank, too
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
    """The game's rules: the log's, else the preset the player picked (NeedsPreset: none;
    a ScoringError for a preset of another number of players than the log's)."""
    if logged.rules is not None:
        rules = dict(logged.rules)
    elif preset:
        rules = {"preset": preset}
    else:
        raise NeedsPreset
    parse_table_rules(rules)  # a ScoringError for rules the engine does not take
    if players_of(rules) != logged.seats:
        raise ScoringError(str(OTHER_COUNT[logged.seats == 3]) % {"rules": describe(rules)})
    return rules


def preset_choices_for(logged: LoggedGame) -> list[tuple[str, Any]]:
    """The presets a log naming no rules may be played by: those of its number of players."""
    fitting = [(n, t) for n, t in preset_choices(sanma=True) if players_of(n) == logged.seats]
    return [("", gettext_lazy("Choose a preset…")), *fitting]


OTHER_COUNT = (
    gettext_lazy(
        "This is a four-player game: it cannot be scored by three-player rules (%(rules)s). "
        "Choose four-player rules."
    ),
    gettext_lazy(
        "This is a three-player (sanma) game: it cannot be scored by four-player rules "
        "(%(rules)s). Choose three-player rules."
    ),
)


@dataclass(frozen=True)
class Imported:
    game: Game
    log: GameLog
    again: bool = False  # the importer's game of this log made before (no new game)
    replaced: bool = False  # the importer's copy of this game cut short, now the whole log


def one_import_at_a_time(key: str) -> None:
    """Within the caller's transaction, wait for any other import of the same game to end.
    SQLite's immediate transactions already take turns; PostgreSQL's take a lock on the
    game's key (its identity, or its digest; held until the transaction ends)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            number = int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [number])


def import_log(
    logged: LoggedGame,
    *,
    digest: str,
    owner: Any = None,
    preset: str = "",
    mine: QuerySet[Game] | None = None,
    keep: Callable[[Game], None] | None = None,
    seat: int | None = None,
) -> Imported:
    """A new game (`owner`'s, when given) of the log's hands, replayed as the game keeper
    replays a game and saved while the replay agrees with the log, and the log kept beside
    it (NeedsPreset when the log names no rules and no preset is given); `seat` is the
    importer's (None: a name saved on the owner's account finds it, if any). With `mine`
    (the importer's games), a log of the same digest or game among them is answered instead
    (`again`), and a copy of the game cut short there gets the whole log's hands in place of
    its own (`replaced`): checked in the transaction that would save the new game, one import
    of a game at a time, so two submits at once make one game. `keep` is called in that
    transaction with the new game (the importer's browser keeps it), so the next import sees
    it."""
    game, entries, stopped, played = game_of(logged, preset)
    game.owner = owner
    seat = seat if seat is not None else saved_seat(owner, game.names, logged.players)
    with transaction.atomic():
        one_import_at_a_time(logged.identity or digest)
        if mine is not None and (found := earlier_import(mine, digest, logged)) is not None:
            if found.cut and (not logged.cut or len(logged.hands) > len(found.hands)):
                log = replace_cut(found, logged, entries, stopped, digest, seat)
                return Imported(log.game, log, replaced=True)
            return Imported(found.game, found, again=True)
        save_game(game, entries, played)
        log = GameLog.objects.create(game=game, **log_fields(logged, entries, stopped, digest))
        log.seat = seat
        log.save(update_fields=["seat"])
        if keep is not None:
            keep(game)
    return Imported(game, log)


def earlier_import(mine: QuerySet[Game], digest: str, logged: LoggedGame) -> GameLog | None:
    """The importer's log of these bytes, or of the same game (its identity), if any."""
    same = Q(digest=digest)
    if logged.identity:
        same |= Q(identity=logged.identity)
    return GameLog.objects.filter(same, game__in=mine).select_related("game").first()


def log_fields(
    logged: LoggedGame, entries: list[Entry], stopped: dict | None, digest: str
) -> dict[str, Any]:
    """What a GameLog keeps of the log (all but its game and the importer's seat)."""
    return {
        "format": logged.format,
        "title": printable(logged.title)[:200],  # nothing that turns text round or hides
        "rules_text": printable(logged.rules_text)[:200],
        "digest": digest,
        "identity": logged.identity,
        "hands": [hand_record(h) for h in logged.hands],
        "end_scores": list(logged.end_scores) if logged.end_scores else None,
        "final_points": list(logged.final_points) if logged.final_points else None,
        "cut": stored(logged.cut),
        "saved": sum(1 for e in entries if e.end.get("kind") != STOP),
        "stopped": stopped,
    }


def replace_cut(
    found: GameLog,
    logged: LoggedGame,
    entries: list[Entry],
    stopped: dict | None,
    digest: str,
    seat: int | None,
) -> GameLog:
    """The importer's copy of a game cut short made the whole log's: its hands and its
    log in place of the copy's, in the caller's transaction (the game keeps its address, its
    owner, its club and the importer's seat)."""
    game = Game.objects.select_for_update().get(pk=found.game_id)
    with game.change(game.version) as change:
        game.hands.all().delete()
        Hand.objects.bulk_create(
            Hand(game=game, number=n, **Hand.fields_of(e)) for n, e in enumerate(entries, 1)
        )
        change.played = game.replay(entries)
    for name, value in log_fields(logged, entries, stopped, digest).items():
        setattr(found, name, value)
    if found.seat is None:
        found.seat = seat
    found.save()
    found.game = game
    return found


def seat_named(name: str, players: Sequence[str]) -> int | None:
    """The seat of the one player called `name` (letter case and spaces aside), else None."""
    if not name.strip():
        return None
    seats = [s for s in range(len(players)) if name_key(str(players[s])) == name_key(name)]
    return seats[0] if len(seats) == 1 else None


def remember_name(user: Any, name: str, log_name: str = "") -> None:
    """Save the name as one the user plays under (the log's own spelling when the game
    keeper takes it, else the game's), once."""
    for said in (log_name, name):
        try:
            said = check_player_name(str(said))
        except ValidationError:
            continue
        try:
            with transaction.atomic():
                OnlineName.objects.get_or_create(
                    user=user, key=name_key(said), defaults={"name": said}
                )
        except IntegrityError:  # saved at the same instant by another request
            pass
        return


def saved_seat(owner: Any, names: Sequence[str], players: Sequence[str]) -> int | None:
    """The seat of the one player whose name the owner saved as theirs (None: none, or more
    than one)."""
    if owner is None:
        return None
    keys = set(OnlineName.objects.filter(user=owner).values_list("key", flat=True))
    seats = [
        s
        for s in range(len(players))
        if name_key(str(players[s])) in keys or name_key(names[s]) in keys
    ]
    return seats[0] if len(seats) == 1 else None


def game_of(
    logged: LoggedGame, preset: str = ""
) -> tuple[Game, list[Entry], dict | None, Replay | None]:
    """The game (not saved) the log makes: its players, rules (the log's, with what its
    hands show of them) and the entries of its hands the replay agrees with, why the import
    stopped before the log's last hand (None: it did not), and the replay of the entries."""
    rules = rules_for(logged, preset)
    game, entries, stopped, played = replayed(logged, rules)
    if stopped and kept_on_after_tenpai(played, logged, stopped["hand"]):
        # The log plays on where the replay ends the game by the last dealer's tenpai while
        # first: the server had no automatic tenpai-yame then (Tenhou made it automatic in
        # June 2010), so neither has this game.
        game, entries, stopped, played = replayed(logged, {**rules, "tenpai_yame": False})
    if not stopped and logged.end_scores and played and not played.over and played.can_stop:
        stop = Entry((), Stop().to_json())  # the log ends where the dealer may stop
        entries.append(stop)
        played = game.replay([stop], after=played)
    return game, entries, stopped, played


def replayed(
    logged: LoggedGame, rules: dict[str, Any]
) -> tuple[Game, list[Entry], dict | None, Replay | None]:
    """The log's hands replayed in order under `rules` until one is refused or starts
    elsewhere than the replay stands."""
    names = [*player_names(logged.players), ""]  # no North at a three-player table
    ends = game_end_of(str(rules.get("preset", "")))  # the preset's extension and agari-yame
    game = Game(
        east=names[0], south=names[1], west=names[2], north=names[3], rules=rules,
        length=logged.length, extension=ends.extension, agari_yame=ends.agari_yame,
    )  # fmt: skip
    entries: list[Entry] = []
    played: Replay | None = None
    for hand in logged.hands:
        entry = Entry(tuple(hand.riichi), dict(hand.end))
        try:
            after = game.replay([entry], after=played) if played else game.replay([entry])
        except ScoringError:
            return game, entries, {"hand": hand.number, "why": "refused"}, played
        if not starts_alike(after.hands[-1], hand):
            return game, entries, {"hand": hand.number, "why": "start"}, played
        entries.append(entry)
        played = after
    return game, entries, None, played


def kept_on_after_tenpai(played: Replay | None, logged: LoggedGame, number: int) -> bool:
    """Whether the replay ended the game by the last dealer's tenpai at a draw (automatic
    tenpai-yame) where the log's next hand is the same dealer's again."""
    if played is None or not played.over or not played.hands:
        return False
    last = played.hands[-1]
    nxt = next((h for h in logged.hands if h.number == number), None)
    return (
        last.entry.end.get("kind") == "draw"
        and played.reason == word(GAME_WORDS, "auto_stop")
        and nxt is not None
        and nxt.dealer == last.state.dealer
        and nxt.round == last.state.round
    )


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
        "riichi_turns": [list(t) for t in hand.riichi_turns],
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
    """A scored hand's value before honba and deposits (as a server records a win): a honba
    counter took 100 from each other player (300 at four, 200 at three, ron or tsumo).

    >>> answer_points({"total": 8400, "honba": 2, "deposits": 0, "deltas": [8400, -8400, 0]})
    8000
    >>> answer_points({"total": 9900, "honba": 3, "deposits": 1, "deltas": [0, 0, 9900, -9900]})
    8000
    """
    payers = len(answer["deltas"]) - 1
    return (
        int(answer["total"])
        - HONBA_POINTS * payers * int(answer["honba"])
        - DEPOSIT_POINTS * int(answer["deposits"])
    )


# A server counts the Norths set aside at three players with the dora; the engine names them
# apart (`nukidora`), so the two lists are compared with them added to the dora.
AS_THE_SERVER_COUNTS = {"nukidora": "dora"}


def yaku_set(yaku: Any) -> list[tuple[str, int]]:
    """A yaku list as the server's and the engine's are compared: each yaku's han, the
    Norths set aside counted with the dora.

    >>> yaku_set([("riichi", 1), ("dora", 1), ("nukidora", 2)])
    [('dora', 3), ('riichi', 1)]
    """
    counted: Counter[str] = Counter()
    for name, han in yaku:
        counted[AS_THE_SERVER_COUNTS.get(str(name), str(name))] += int(han)
    return sorted(counted.items())


def kita_tiles(hand: dict[str, Any]) -> str:
    """The Norths a three-player winner set aside, as tiles ("444z" for three; "" for none).

    >>> kita_tiles({"kita": 2}), kita_tiles({})
    ('44z', '')
    """
    kita = hand.get("kita")
    return f"{'4' * kita}z" if type(kita) is int and 0 < kita <= 4 else ""


def win_review(
    win: dict[str, Any], answer: dict[str, Any] | None, names: tuple[str, ...]
) -> dict[str, Any]:
    """One win: the engine's score of its tiles beside the server's record, and what differs."""
    rec = win["recorded"]
    seat = win["seat"]
    row: dict[str, Any] = {
        "seat": seat,
        "from": win["from"],
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
        "kita": kita_tiles(win.get("hand") or {}),
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


def state_of(hand: dict[str, Any], length: str, players: int) -> State:
    return State(hand["round"], hand["dealer"], hand["honba"], hand["deposits"], length, players)  # type: ignore[arg-type]


PAGE = 20  # the hands a review page shows (a real game's fit on one; a longest log on five)


def pages_of(total: int) -> int:
    """How many review pages `total` hands take (one at least).

    >>> pages_of(17), pages_of(20), pages_of(21), pages_of(0)
    (1, 1, 2, 1)
    """
    return max(1, -(-total // PAGE))


def review(game: Game, log: GameLog, *, page: int = 1) -> dict[str, Any]:
    """Everything the review page shows, from one replay of the game: the counts over every
    hand (each win scored, each settlement compared), and the rows of the hands on `page`
    (PAGE a page; a page past the last is the last)."""
    names = game.names
    rules = game.engine_rules()[0]
    played = game.replay()
    last_page = pages_of(len(log.hands))
    page = min(max(page, 1), last_page)
    shown = range((page - 1) * PAGE, page * PAGE)
    hands = []
    wins = differing_wins = differing_settlements = 0
    for i, hand in enumerate(log.hands):
        entry = Entry(tuple(hand["riichi"]), hand["end"])
        replayed = played.hands[i] if i < log.saved and i < len(played.hands) else None
        here = replayed or Played(
            hand["number"],
            entry,
            state_of(hand, game.length, game.players),
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
        outcome = replayed.outcome if replayed is not None else None
        settlement_differs = outcome is not None and list(outcome.deltas) != server_deltas(hand)
        differing_settlements += settlement_differs
        if i in shown:
            row = hand_row(hand, here, win_rows, names, log.seat, replayed is not None)
            row.update(problem=problem, settlement_differs=settlement_differs)
            hands.append(row)
    return {
        "hands": hands,
        "wins": wins,
        "differing_wins": differing_wins,
        "differing_settlements": differing_settlements,
        "banner": banner(wins, differing_wins, differing_settlements),
        "stopped": stopped_text(game, log, played),
        "cut": stored_text(log.cut),
        "end": end_review(game, log, played) if page == last_page else None,
        "page": page,
        "pages": [(n, (n - 1) * PAGE + 1, min(n * PAGE, len(log.hands))) for n in
                  range(1, last_page + 1)] if last_page > 1 else [],
        "me": log.seat,
    }  # fmt: skip


def hand_row(
    hand: dict[str, Any],
    here: Played,
    win_rows: list[dict[str, Any]],
    names: tuple[str, ...],
    me: int | None,
    replayed: bool,
) -> dict[str, Any]:
    """One hand as the review page shows it: its name, start, wins beside the server's
    record, the settlement beside the server's changes, each riichi with its turn, and what
    the importer's seat (`me`) did in it."""
    turns = dict((s, t) for s, t in hand.get("riichi_turns", []))
    row: dict[str, Any] = {
        "number": hand["number"],
        "name": here.state.name,
        "result": hand["result"],
        "start": [(names[s], board.points_text(x)) for s, x in enumerate(hand["scores"])],
        "wins": win_rows,
        "delta_rows": [
            (names[s], "", board.signed(d), False, s == me)
            for s, d in enumerate(server_deltas(hand))
        ],
        "sticks_note": sticks_note(hand, names),
        "replayed": replayed,
        "riichi": riichi_text(turns, names, me),
        "mine": mine_text(hand, names, me, turns),
    }
    outcome = here.outcome
    if replayed and outcome is not None:
        sizes = {w["seat"]: w["engine"]["size"] for w in win_rows if w["engine"]}
        # the riichi are said on their own line with their turns, not in the summary's
        unsaid = replace(here, entry=Entry((), here.entry.end))
        row["summary"] = board.summary(unsaid, names, sizes)
        row["delta_rows"] = [
            (names[s], board.signed(e), board.signed(d), e != d, s == me)
            for s, (e, d) in enumerate(zip(outcome.deltas, server_deltas(hand), strict=True))
        ]
        row["settlement_steps"] = [board.with_names(s.text, names) for s in outcome.steps]
    for w in win_rows:
        w["mine"] = me is not None and w["seat"] == me
        w["dealt_in"] = me is not None and not w["tsumo"] and w["from"] == me
    return row


def riichi_text(turns: dict[int, int], names: tuple[str, ...], me: int | None) -> str:
    """ "Riichi: Aiko on turn 7, Bruno on turn 11" (the importer's own is said with what they
    did in the hand, `mine_text`)."""
    others = {s: t for s, t in turns.items() if s != me}
    if not others:
        return ""
    listed = pgettext("between names in a list", ", ").join(
        _("%(name)s on turn %(turn)s") % {"name": names[s], "turn": t}
        for s, t in sorted(others.items(), key=lambda st: (st[1], st[0]))
    )
    return _("Riichi: %(list)s.") % {"list": listed}


def mine_text(
    hand: dict[str, Any], names: tuple[str, ...], me: int | None, turns: dict[int, int]
) -> list[str]:
    """What the importer's seat did in the hand: won, dealt in, declared riichi."""
    if me is None:
        return []
    said = []
    for w in hand["wins"]:
        points = f"{w['recorded']['points']:,}"
        if w["seat"] == me:
            said.append(
                _("You won by tsumo: %(points)s points.") % {"points": points}
                if w["from"] == me
                else _("You won by ron off %(from)s: %(points)s points.")
                % {"from": names[w["from"]], "points": points}
            )
        elif w["from"] == me:
            said.append(
                _("You dealt in to %(name)s: %(points)s points.")
                % {"name": names[w["seat"]], "points": points}
            )
    if me in turns:
        said.append(_("You declared riichi on turn %(turn)s.") % {"turn": turns[me]})
    return said


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
    for s in range(len(names)):
        engine_score = final.scores[s] if final else played.scores[s]
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
    # a log with its end where the game keeper's game goes on (or the other way round) is a
    # difference too, whatever the scores
    differs |= bool(log.end_scores) != played.over and not (log.cut or log.stopped)
    return {"rows": rows, "differs": differs, "over": played.over}
