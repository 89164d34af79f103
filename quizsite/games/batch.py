"""Many game logs at once (a club's online games: several files, or one zip of them): each
file read and imported as one log is, the ones the importer has already skipped, and, for a
club, each game added to its league when it is played by the league's rules; what became of
each file is said.

A zip is unpacked member by member, each read no further than the log size limit and all of
them together no further than `UNPACKED` of it, so a zip bomb stops there; at most `MOST`
logs are taken in one go (a club night's or a season's), the rest refused as such."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import gamelog
from scoring.engine import ScoringError
from scoring.gamelog import LogError

from . import log_words, logs
from .league import refusal
from .limits import IMPORTS_LIMITED
from .models import Club, Game

MOST = 40  # logs in one import
UNPACKED = 10  # a zip's members together, in log size limits


@dataclass(frozen=True)
class Item:
    """One file to import: its name as given, and its bytes (None when it could not be
    taken, `problem` saying why)."""

    name: str
    raw: bytes | None
    problem: str = ""
    packed: bool = False  # a member of a zip


@dataclass(frozen=True)
class Outcome:
    """What became of one file: `status` is "imported", "replaced" (a copy cut short made
    whole), "skipped" (imported before) or "refused" (`why`); `game` for the first three;
    `league` says whether it joined the club's league and, if not, why."""

    name: str
    status: str
    game: Game | None = None
    why: str = ""
    league: str = ""
    added: bool = False
    how_to: bool = False  # refused as no log: the page says where to get one


def is_zip(raw: bytes) -> bool:
    return raw[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def items_of(name: str, raw: bytes, limit: int) -> list[Item]:
    """The files in one upload: a zip's members (directories and nested zips aside), or the
    file itself."""
    if not is_zip(raw):
        return [Item(name, raw)]
    try:
        packed = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        return [Item(name, None, str(TOO_BROKEN), packed=True)]
    items: list[Item] = []
    total = 0
    with packed:
        for info in packed.infolist():
            if info.is_dir() or info.filename.startswith("__MACOSX/"):
                continue
            member = f"{name} › {info.filename}"
            if len(items) >= MOST + 1:
                break
            try:
                data = read_member(packed, info, limit)
            except LogError as e:
                items.append(Item(member, None, log_words.error_text(e), packed=True))
                continue
            except (zipfile.BadZipFile, ValueError, EOFError, OSError, NotImplementedError):
                items.append(Item(member, None, str(TOO_BROKEN), packed=True))
                continue
            total += len(data)
            if total > UNPACKED * limit:
                too_much = str(TOO_MUCH) % {"most": f"{UNPACKED * limit:,}"}
                items.append(Item(member, None, too_much, packed=True))
                break
            items.append(Item(member, data, packed=True))
    return items


def read_member(packed: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    """A zip member's bytes, read in chunks and refused as soon as they pass `limit` (its
    declared size is not trusted)."""
    if info.file_size > limit:
        raise LogError("too_large", size=info.file_size, limit=limit, unpacked=True)
    out = bytearray()
    with packed.open(info) as member:
        while chunk := member.read(64 * 1024):
            out += chunk
            if len(out) > limit:
                raise LogError("too_large", size=len(out), limit=limit, unpacked=True)
    return bytes(out)


TOO_BROKEN = gettext_lazy("The zip file is damaged: its files cannot be unpacked.")
TOO_MUCH = gettext_lazy(
    "The zip unpacks to more than %(most)s bytes: the files after this one are not read."
)
TOO_MANY = gettext_lazy("Tenbō imports at most %(most)s logs at a time: import this one again.")


def import_many(
    items: list[Item],
    *,
    limit: int,
    owner: Any,
    preset: str,
    mine: Callable[[], QuerySet[Game]],
    keep: Callable[[Game], None],
    club: Club | None = None,
    refused: Callable[[], bool] = lambda: False,
) -> list[Outcome]:
    """Each file imported as one log is (cut short ones too, their complete hands), in the
    order given (`refused()` counts each one read and says when no more may be: the visitor's
    limit); for a club each game (new or imported before) joins its league when the league's
    rules are its own."""
    outcomes = []
    for n, item in enumerate(items):
        if n >= MOST:
            outcomes.append(Outcome(item.name, "refused", why=str(TOO_MANY) % {"most": MOST}))
            continue
        if item.raw is not None and refused():
            outcomes.append(Outcome(item.name, "refused", why=str(IMPORTS_LIMITED)))
            continue
        outcome = import_one(item, limit=limit, owner=owner, preset=preset, mine=mine, keep=keep)
        if club is not None and outcome.game is not None:
            outcome = to_league(outcome, club)
        outcomes.append(outcome)
    return outcomes


def import_one(
    item: Item,
    *,
    limit: int,
    owner: Any,
    preset: str,
    mine: Callable[[], QuerySet[Game]],
    keep: Callable[[Game], None],
) -> Outcome:
    if item.raw is None:
        return Outcome(item.name, "refused", why=item.problem)
    try:
        logged = gamelog.read(item.raw, limit=limit, sanma=True)
        imported = logs.import_log(
            logged, digest=logs.digest_of(item.raw), owner=owner, preset=preset, mine=mine(),
            keep=keep,
        )  # fmt: skip
    except LogError as e:
        said = log_words.how_to(e)
        return Outcome(item.name, "refused", why=log_words.error_text(e), how_to=bool(said))
    except logs.NeedsPreset:
        return Outcome(item.name, "refused", why=str(NO_RULES))
    except ScoringError as e:
        return Outcome(item.name, "refused", why=str(e))
    if imported.again:
        return Outcome(item.name, "skipped", imported.game, why=str(IMPORTED_BEFORE))
    status = "replaced" if imported.replaced else "imported"
    return Outcome(item.name, status, imported.game)


NO_RULES = gettext_lazy(
    "The log names rules Tenbō does not know: choose the rules it was played by above, and "
    "import it again."
)
IMPORTED_BEFORE = gettext_lazy("You imported this game before: it is not imported again.")


def to_league(outcome: Outcome, club: Club) -> Outcome:
    """The outcome with its game added to the club's league, or why it is not."""
    game = outcome.game
    assert game is not None
    if game.club_id == club.pk:
        return Outcome(**{**outcome.__dict__, "league": str(IN_LEAGUE), "added": True})
    if game.club_id is not None:
        return Outcome(**{**outcome.__dict__, "league": str(OTHER_CLUB)})
    if why := refusal(club, game):  # three players for a four-player league, or back
        return Outcome(**{**outcome.__dict__, "league": why})
    if not club.plays_by(game):
        said = _("not added: it was played by %(game)s, the league plays by %(league)s") % {
            "game": game.rules_said(),
            "league": club.rules_said(),
        }
        return Outcome(**{**outcome.__dict__, "league": said})
    if game.result is None:
        return Outcome(**{**outcome.__dict__, "league": str(UNFINISHED)})
    try:
        club.add_game(game)
    except ValidationError as e:
        return Outcome(**{**outcome.__dict__, "league": e.messages[0]})
    return Outcome(**{**outcome.__dict__, "league": str(ADDED), "added": True})


IN_LEAGUE = gettext_lazy("in the league already")
OTHER_CLUB = gettext_lazy("not added: it is in another club's league")
UNFINISHED = gettext_lazy("not added: the game is not over (the log stops before its end)")
ADDED = gettext_lazy("added to the league")


def counts(outcomes: list[Outcome]) -> dict[str, int]:
    """How many files were imported (or made whole), skipped and refused, and how many games
    joined the league."""
    found = {"imported": 0, "skipped": 0, "refused": 0, "added": 0, "how_to": 0}
    for o in outcomes:
        found["imported" if o.status == "replaced" else o.status] += 1
        found["added"] += o.added
        found["how_to"] += o.how_to
    return found
