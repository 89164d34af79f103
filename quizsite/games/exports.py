"""A game out and back in: CSV of the hands and scores (for a spreadsheet, its headings and
words in the page's language), and JSON of the whole game (players, rules, length, the hands
as entered; its keys the same in every language) that `import_game` reads back, checked by the
engine as every hand is replayed."""

from __future__ import annotations

import csv
import json
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import ScoringError
from scoring.engine.game import Entry, Replay
from scoring.engine.rules import parse_table_rules

from . import board
from .models import (
    DIFFERENT_NAMES,
    SEAT_NAMES,
    Game,
    Hand,
    check_player_name,
    names_differ,
    players_of,
)

FORMAT = "tenbo-game"
VERSION = 1
MAX_HANDS = 200
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A cell a spreadsheet will not run: text starting like a formula gets a quote first.

    >>> cell("=HYPERLINK()"), cell("Aiko"), cell(-1000)
    ("'=HYPERLINK()", 'Aiko', -1000)
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def write_csv(game: Game, out: IO[str] | Any) -> None:
    played = game.replay()
    names = game.names
    writer = csv.writer(out)
    writer.writerow(
        [cell(c) for c in [pgettext("CSV heading", "hand"), pgettext("CSV heading", "name"),
                           pgettext("CSV heading", "what happened"),
                           *(_("%(name)s change") % {"name": n} for n in names),
                           *(_("%(name)s score") % {"name": n} for n in names)]]
    )  # fmt: skip
    start = played.table_rules.start
    first = pgettext("CSV row", "start")
    blank = [""] * len(names)  # no change yet, and none in the final row
    writer.writerow([0, first, "", *blank, *[start] * len(names)])
    for row in board.history(played, names, game.engine_rules()[0]):
        deltas = row["delta_values"]
        writer.writerow(
            [cell(c) for c in [row["number"], row["name"], row["summary"], *deltas, *row["scores"]]]
        )
    if played.over and not played.abandoned:
        final = played.final()
        writer.writerow(
            [
                cell(c)
                for c in [
                    pgettext("CSV row", "final"),
                    "",
                    played.reason,
                    *blank,
                    *final.points,
                ]
            ]
        )


def game_json(game: Game) -> str:
    played = game.replay()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game.names),
        "rules": game.rules,
        "length": game.length,
        "extension": game.extension,
        "agari_yame": game.agari_yame,
        "hands": [{"riichi": list(h.entry.riichi), "end": h.entry.end} for h in played.hands],
        "scores": list(played.scores),  # for reading only: import replays the hands
        "over": played.over,
    }
    if played.over and not played.abandoned:
        data["final"] = list(played.final().points)
    return json.dumps(data, ensure_ascii=False, indent=1)


def import_game(data: Any, owner: Any = None) -> Game:
    """A new game from an export (`owner`'s, when given), every hand replayed by the engine
    before it is saved."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScoringError(
            _('this is not a Tenbō game export (it needs "format": "%(format)s")')
            % {"format": FORMAT}
        )
    rules = data.get("rules")
    count = players_of(rules)  # three under a three-player preset (its rules checked below)
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) != count
        or not all(isinstance(p, str) and 0 < len(p.strip()) <= 40 for p in players)
    ):
        if count == 3:
            raise ScoringError(
                _(
                    '"players" must be three names of 1 to 40 characters, East first: the '
                    "rules are three-player rules"
                )
            )
        raise ScoringError(_('"players" must be four names of 1 to 40 characters, East first'))
    for seat, name in zip(SEAT_NAMES, players, strict=False):
        try:
            check_player_name(name)
        except ValidationError as e:
            raise ScoringError(
                _('"players", %(seat)s: %(problem)s') % {"seat": seat, "problem": e.messages[0]}
            ) from None
    if not names_differ(players):
        raise ScoringError(_('"players": %(problem)s') % {"problem": DIFFERENT_NAMES})
    parse_table_rules(rules)
    if not isinstance(rules, dict):
        raise ScoringError(_('"rules" must be an object with a "preset"'))
    length = data.get("length")
    if length not in Game.Length.values:
        raise ScoringError(
            _('"length" must be one of %(lengths)s') % {"lengths": ", ".join(Game.Length.values)}
        )
    flags = {}
    for key in ("extension", "agari_yame"):
        if not isinstance(data.get(key), bool):
            raise ScoringError(_('"%(key)s" must be true or false') % {"key": key})
        flags[key] = data[key]
    entries = read_hands(data.get("hands"))
    north = players[3].strip() if count == 4 else ""  # a three-player game has no North
    game = Game(
        east=players[0].strip(), south=players[1].strip(), west=players[2].strip(),
        north=north, rules=rules, length=length, owner=owner, **flags,
    )  # fmt: skip
    game.replay(entries)
    save_game(game, entries)
    return game


def save_game(game: Game, entries: list[Entry], played: Replay | None = None) -> None:
    """A new game and its hands (replayed already by the caller: `played`, when it has the
    replay of exactly these), with the league's numbers, all or nothing (inside the caller's
    transaction when it has one)."""
    with transaction.atomic():
        game.version = len(entries)
        game.save()
        Hand.objects.bulk_create(
            Hand(game=game, number=n, **Hand.fields_of(e)) for n, e in enumerate(entries, 1)
        )
        game.store_result(played)


def read_hands(value: Any) -> list[Entry]:
    if not isinstance(value, list) or len(value) > MAX_HANDS:
        raise ScoringError(
            _('"hands" must be a list of at most %(most)s hands') % {"most": MAX_HANDS}
        )
    entries = []
    for n, item in enumerate(value, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("end"), dict):
            raise ScoringError(_('hand %(n)s must be an object with an "end"') % {"n": n})
        riichi = item.get("riichi", [])
        if not isinstance(riichi, list) or not all(type(s) is int for s in riichi):
            raise ScoringError(_('hand %(n)s: "riichi" must be a list of seats') % {"n": n})
        entries.append(Entry(tuple(riichi), item["end"]))
    return entries
