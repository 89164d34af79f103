"""A game kept at the table: its players, rules and length, and its hands as entered.

Scores, counters, the dealer and the game's end are read from `replay()`: the engine settles
every hand from the start, so an edited or removed hand can never leave a stale total. Each
change is a compare-and-set on `version` inside one transaction, so a second phone that entered
from an older board is told, not overwritten. The one thing stored is what a league needs of a
finished game (`result`, see `result_of`): it is written from the replay in the same
transaction as every change of the hands, so the league reads rows instead of replaying every
game (`manage.py store_game_results` writes it again from the replays).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from quizsite import names
from scoring.engine import ScoringError
from scoring.engine.entered import HandEnd
from scoring.engine.game import Entry, GameEnd, Replay, game_end_of, replay
from scoring.engine.rules import ALL_PRESETS, RuleSet, TableRules, parse_table_rules
from scoring.engine.tiles import WIND_NAMES
from scoring.switch_controls import describe, query_of

SEAT_WINDS = WIND_NAMES  # seat 0 to 3 by its wind when seat 0 deals
# The same, as a page names the seats in its language (English: the wind names above).
SEAT_NAMES = (
    pgettext_lazy("seat", "East"),
    pgettext_lazy("seat", "South"),
    pgettext_lazy("seat", "West"),
    pgettext_lazy("seat", "North"),
)


def new_slug() -> str:
    return secrets.token_urlsafe(8)


def new_token() -> str:
    return secrets.token_urlsafe(24)


class StaleVersion(Exception):
    """The board the change was made from is no longer the latest."""


class SavedRules(models.Model):
    """A signed-in user's named rule set ("Thursday club: M-League with 30,000 start"): a
    preset and the switches that differ, as the engine reads them. Public to read by its slug
    (a league's players see what they play by); only its owner edits it."""

    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=16, unique=True, default=new_slug)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_rules"
    )
    rules = models.JSONField()  # {"preset": name, switch: value, ...}
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("name", "pk")

    def __str__(self) -> str:
        return self.name

    @property
    def preset(self) -> str:
        return str(self.rules.get("preset", ""))

    def said(self) -> str:
        return describe(self.rules)

    def query(self) -> str:
        return query_of(self.rules)


class Club(models.Model):
    """An organiser's club: its games make a league table. The organiser keeps its edit token
    (in the visitor's record, as the scorers of a game do) and, when signed in, is also its
    `owner`; the league itself is public by its slug."""

    name = models.CharField(max_length=60)
    slug = models.SlugField(max_length=16, unique=True, default=new_slug)
    edit_token = models.CharField(max_length=40, default=new_token)
    owner = models.ForeignKey(  # the signed-in organiser who started it, if any
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="clubs",
    )
    created = models.DateTimeField(auto_now_add=True)
    # The league's rules: every game started for the club is played by them (none: each game
    # chooses its own).
    rules = models.ForeignKey(
        SavedRules, null=True, blank=True, on_delete=models.SET_NULL, related_name="clubs"
    )

    def __str__(self) -> str:
        return self.name

    def plays_by(self, game: Game) -> bool:
        """Whether the game is played by the league's rules (any game, when it has none):
        the same rules as the engine reads them, however each is written."""
        if self.rules is None:
            return True
        try:
            return parse_table_rules(game.rules) == parse_table_rules(self.rules.rules)
        except ScoringError:
            return False

    def rules_said(self) -> str:
        """The league's rules in a line (the saved set's name and what it says)."""
        if self.rules is None:
            return _("any rules")
        return f"{self.rules.name} ({self.rules.said()})"

    def player_named(self, name: str) -> ClubPlayer:
        """The club's player with this name (letter case and spaces aside), made if new."""
        name = check_player_name(name)
        key = name_key(name)
        found = self.players.filter(key=key).first()
        return found or self.players.create(name=name, key=key)

    def add_game(self, game: Game) -> None:
        """The game joins the club's league; its names (four, or three at a three-player
        table) are matched to the club's players."""
        with transaction.atomic():
            Game.objects.filter(pk=game.pk).update(club=self)
            game.club = self
            result = Game.objects.values_list("result", flat=True).get(pk=game.pk)
            for seat, name in enumerate(game.names):
                Seat.objects.update_or_create(
                    game=game,
                    seat=seat,
                    defaults={"player": self.player_named(name), **seat_numbers(result, seat)},
                )


def name_key(name: str) -> str:
    """A name as the club matches it: "  aiko  TANAKA", "ＡＩＫＯ Tanaka" and "Aiko Tanaka"
    are one player (`quizsite.names`: NFKC, case folded)."""
    return names.name_key(name)


NAME_LENGTH = 40  # a player's name, and its `name_key`, fit a CharField of this size


def check_player_name(value: str) -> str:
    """A player's name as stored (spaces collapsed), the same on every database: the new-game
    form, the import, a club's renaming and its players all check it. ValidationError for a
    blank name, a control character (PostgreSQL refuses NUL outright) or a name longer than
    NAME_LENGTH, counting as the club compares names ("ß" is "ss"); "format" for an
    invisible format character (`quizsite.names`)."""
    name = " ".join(value.split())
    if not name:
        raise ValidationError(
            _("A player's name has 1 to %(most)s characters: it cannot be blank.")
            % {"most": NAME_LENGTH},
            code="blank",
        )
    if names.problem(name) == "control":
        raise ValidationError(
            _("A player's name cannot hold control characters (such as NUL or a tab)."),
            code="control",
        )
    names.check(name)  # no invisible format character (a zero-width space, a bidi control)
    if len(name) > NAME_LENGTH:
        raise ValidationError(
            _("A player's name has at most %(most)s characters (%(start)s… has %(has)s).")
            % {"most": NAME_LENGTH, "start": name[:12], "has": len(name)},
            code="length",
        )
    if len(name_key(name)) > NAME_LENGTH:
        raise ValidationError(
            _(
                "A player's name has at most %(most)s characters, counting letters such as "
                "ß as two (ss), as names are compared: %(start)s… has %(has)s."
            )
            % {"most": NAME_LENGTH, "start": name[:12], "has": len(name_key(name))},
            code="length",
        )
    return name


DIFFERENT_NAMES = gettext_lazy("Each player needs a different name.")


def names_differ(names: Iterable[str]) -> bool:
    """Four different players (letter case and spaces aside, as the club matches them)."""
    keys = [name_key(n) for n in names]
    return len(set(keys)) == len(keys)


class ClubPlayer(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    key = models.CharField(max_length=40)  # name_key(name), unique in the club

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="one_player_per_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def rename(self, name: str) -> ClubPlayer:
        """A new name; if another player of the club has it, the two are merged into that one
        (their games move over). Returns the player that remains."""
        name = check_player_name(name)
        key = name_key(name)
        with transaction.atomic():
            other = self.club.players.filter(key=key).exclude(pk=self.pk).first()
            if (
                other is not None
                and Seat.objects.filter(player=other, game__seats__player=self).exists()
            ):
                raise ScoringError(
                    _("%(one)s and %(other)s sat at the same table: they are two players")
                    % {"one": self.name, "other": other.name}
                )
            if other is None:
                self.name, self.key = name, key
                self.save(update_fields=["name", "key"])
                return self
            Seat.objects.filter(player=self).update(player=other)
            self.delete()
            return other


class Game(models.Model):
    class Length(models.TextChoices):
        EAST = "tonpuusen", gettext_lazy("East only (tonpuusen)")
        EAST_SOUTH = "hanchan", gettext_lazy("East and South (hanchan)")

    slug = models.SlugField(max_length=16, unique=True, default=new_slug)  # the public link
    edit_token = models.CharField(max_length=40, default=new_token)  # kept by the scorers
    east = models.CharField(max_length=40)
    south = models.CharField(max_length=40)
    west = models.CharField(max_length=40)
    north = models.CharField(max_length=40)  # "" at a three-player table (its rules say so)
    rules = models.JSONField()  # {"preset": name, switch: value, ...} as the engine reads it
    length = models.CharField(max_length=10, choices=Length, default=Length.EAST_SOUTH)
    extension = models.BooleanField()  # goes on into the next round below the target
    agari_yame = models.BooleanField()  # the last dealer may stop while first
    version = models.PositiveIntegerField(default=0)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    owner = models.ForeignKey(  # the signed-in scorer who started or imported it, if any
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # What the league needs of the game once it is over (None until then, and for a game
    # abandoned): `result_of(self.replay())`, written with every change of the hands.
    result = models.JSONField(null=True, blank=True, default=None)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return " · ".join(self.names)

    @property
    def players(self) -> int:
        """3 at a three-player table (its rules' preset is a three-player one), else 4: the
        count is the rules', never stored apart from them."""
        return players_of(self.rules)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the seats played, East first: three at a three-player table."""
        return (self.east, self.south, self.west, self.north)[: self.players]

    @property
    def preset(self) -> str:
        return str(self.rules.get("preset", ""))

    @property
    def preset_title(self) -> str:
        preset = ALL_PRESETS.get(self.preset)
        return preset.title if preset else self.preset

    def rules_said(self) -> str:
        """The game's rules in a line: "Tenhou, with uma 10-30 and kiriage mangan on"."""
        try:
            return describe(self.rules)
        except (ScoringError, KeyError):
            return f"{self.preset_title} rules"

    def rules_query(self) -> str:
        """The game's rules as /table-rules/ takes them in a link."""
        try:
            return query_of(self.rules)
        except (ScoringError, KeyError):
            return ""

    def engine_rules(self) -> tuple[RuleSet, TableRules]:
        return parse_table_rules(self.rules)

    def game_end(self) -> GameEnd:
        return game_end_for(self)

    def entries(self) -> list[Entry]:
        return [h.entry for h in self.hands.all()]

    def replay(self, entries: list[Entry] | None = None, *, after: Replay | None = None) -> Replay:
        """The game as its hands (or `entries` in their place) leave it, by the engine; with
        `after` (this game's replay so far), `entries` are the hands that follow it."""
        return replay_game(self, self.entries() if entries is None else entries, after=after)

    def store_result(self, played: Replay | None = None) -> None:
        """Write `result` again from the replay of the stored hands (`played`, when the caller
        has it already), inside the change's transaction: a change of the hands and the
        league's row are saved together."""
        self.result = result_of(played if played is not None else self.replay())
        Game.objects.filter(pk=self.pk).update(result=self.result)
        seats = list(Seat.objects.filter(game=self))  # a club game's four, with their numbers
        for seat in seats:
            for name, value in seat_numbers(self.result, seat.seat).items():
                setattr(seat, name, value)
        Seat.objects.bulk_update(seats, SEAT_NUMBERS)

    # ---- changes: each one checks the version, replays, and saves, all or nothing ----------

    def add_hand(self, entry: Entry, *, version: int) -> Hand:
        with self.change(version) as change:
            entries = self.entries()
            change.played = self.replay([*entries, entry])
            return self.hands.create(number=len(entries) + 1, **Hand.fields_of(entry))

    def replace_hand(self, number: int, entry: Entry, *, version: int) -> None:
        with self.change(version) as change:
            hands = list(self.hands.all())
            if not 1 <= number <= len(hands):
                raise ScoringError(
                    _("there is no hand %(number)s in this game") % {"number": number}
                )
            entries = [h.entry for h in hands]
            entries[number - 1] = entry
            change.played = self.replay(entries)
            self.hands.filter(number=number).update(**Hand.fields_of(entry))

    def undo(self, *, version: int) -> None:
        with self.change(version):
            last = self.hands.order_by("-number").first()
            if last is None:
                raise ScoringError(_("no hand has been entered yet: there is nothing to undo"))
            last.delete()

    @contextmanager
    def change(self, version: int) -> Iterator[Change]:
        """One change, all or nothing: the version moves on from `version` (StaleVersion if
        someone else moved it since) in the same transaction as the change, and the league's
        numbers are stored from the game as the change leaves it (the replay the change made
        to check itself, when it says so in `Change.played`)."""
        with transaction.atomic():
            moved = Game.objects.filter(pk=self.pk, version=version).update(
                version=F("version") + 1, updated=timezone.now()
            )
            if not moved:
                raise StaleVersion
            done = Change()
            yield done
            self.store_result(done.played)
        self.version = version + 1


@dataclass
class Change:
    """What a change found out: the replay of the hands it leaves (None: not made)."""

    played: Replay | None = None


def players_of(rules: Any) -> int:
    """How many play by these rules (a game's `rules`, a preset and switches): its preset's
    count (the engine's `RuleSet.players`, which only a preset sets); 4 for rules it does not
    know, as every game before three-player ones.

    >>> players_of({"preset": "tenhou_sanma"}), players_of({"preset": "tenhou"})
    (3, 4)
    """
    name = rules.get("preset", "") if isinstance(rules, dict) else rules
    preset = ALL_PRESETS.get(str(name))
    return preset.rules.players if preset is not None else 4


def replay_game(game: Any, entries: list[Entry], *, after: Replay | None = None) -> Replay:
    """The engine's replay of `entries` under a game's rules, length and ending switches (read
    as fields, so a migration's historical model can use it too)."""
    rules, table_rules = parse_table_rules(game.rules)
    return replay(
        entries,
        rules=rules,
        table_rules=table_rules,
        length="tonpuusen" if game.length == Game.Length.EAST else "hanchan",
        game_end=game_end_for(game),
        after=after,
    )


def game_end_for(game: Any) -> GameEnd:
    """The game's own choices, and the preset's way of stopping (automatic or the dealer's)."""
    ends = game_end_of(str(game.rules.get("preset", "")))
    return replace(ends, extension=game.extension, agari_yame=game.agari_yame)


def fill_results(games: Any, hands: Any, seats: Any) -> tuple[int, int]:
    """Write `result` of every game (and its seats' numbers) from its replay (the models are
    passed in, so a data migration's historical ones can be); the number of games changed, and
    of all games."""
    changed = total = 0
    for game in games.objects.all().iterator(chunk_size=200):
        entries = [
            Entry(tuple(h.riichi), h.end)
            for h in hands.objects.filter(game_id=game.pk).order_by("number")
        ]
        total += 1
        try:
            result = result_of(replay_game(game, entries))
        except ScoringError:  # hands the engine no longer takes: counted as unfinished
            result = None
        sat = list(seats.objects.filter(game_id=game.pk))
        numbers = [seat_numbers(result, seat.seat) for seat in sat]
        moved = [
            seat for seat, n in zip(sat, numbers, strict=True)
            if any(getattr(seat, k) != v for k, v in n.items())
        ]  # fmt: skip
        if result != game.result or moved:
            games.objects.filter(pk=game.pk).update(result=result)
            for seat, n in zip(sat, numbers, strict=True):
                seats.objects.filter(pk=seat.pk).update(**n)
            changed += 1
    return changed, total


SEAT_NUMBERS = ["tenths", "rank", "hands", "wins", "deal_ins"]


def seat_numbers(result: dict[str, Any] | None, seat: int) -> dict[str, Any]:
    """A seat's part of a game's `result`, as its Seat row keeps it (None while unfinished)."""
    if result is None:
        return dict.fromkeys(SEAT_NUMBERS)
    return {
        "tenths": result["tenths"][seat],
        "rank": result["ranks"][seat],
        "hands": result["hands"],
        "wins": result["wins"][seat],
        "deal_ins": result["deal_ins"][seat],
    }


def result_of(played: Replay) -> dict[str, Any] | None:
    """What a league counts of a game, by seat (0 East … 3 North; 0 to 2 at three players),
    from its replay; None while the game goes on or when it was abandoned. `tenths`: final
    points in tenths; `ranks`: 1 to 4 (1 to 3); `hands`: the hands settled (each counts for
    every seat); `wins`: hands each seat was paid as a winner; `deal_ins`: rons each seat paid
    as the discarder."""
    if not played.over or played.abandoned:
        return None
    final = played.final()
    seats = range(len(played.scores))
    wins, deal_ins, hands = [0] * len(seats), [0] * len(seats), 0
    for hand in played.hands:
        if hand.outcome is None:
            continue
        hands += 1
        winners = {s.numbers["seat"] for s in hand.outcome.steps if s.kind == "win"}
        for seat in winners:
            wins[seat] += 1
        end = hand.entry.end
        if end["kind"] == "ron" and winners:
            deal_ins[end["from"]] += 1
    return {
        "tenths": [final.tenths[seat] for seat in seats],
        "ranks": [final.ranks[seat] for seat in seats],
        "hands": hands,
        "wins": wins,
        "deal_ins": deal_ins,
    }


class Hand(models.Model):
    class Kind(models.TextChoices):
        RON = "ron", pgettext_lazy("how a hand ended", "Ron")
        TSUMO = "tsumo", pgettext_lazy("how a hand ended", "Tsumo")
        DRAW = "draw", gettext_lazy("Exhaustive draw")
        ABORTIVE = "abortive", gettext_lazy("Abortive draw")
        CHOMBO = "chombo", pgettext_lazy("how a hand ended", "Chombo")
        STOP = "stop", gettext_lazy("Dealer stops")
        END = "end", gettext_lazy("Ended early")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind)
    riichi = models.JSONField(default=list)  # seats that declared riichi this hand
    end = models.JSONField()  # how it ended, as the settle API takes it
    entered = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number}: {self.kind}"

    @property
    def entry(self) -> Entry:
        return Entry(tuple(self.riichi), self.end)

    @property
    def hand_end(self) -> HandEnd:
        """How the hand ended, typed (the `end` field holds it as JSON, the settle request's
        shape, read and written only by the engine's `entered` module)."""
        return self.entry.hand_end

    @staticmethod
    def fields_of(entry: Entry) -> dict[str, Any]:
        return {"kind": entry.hand_end.kind, "riichi": list(entry.riichi), "end": entry.end}


class Seat(models.Model):
    """Which club player sat at a seat of a club game (matched by name, merged on renaming),
    and, once the game is over, the seat's part of its `result` (the numbers the league adds
    up; all None while the game goes on or when it was abandoned)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(ClubPlayer, on_delete=models.CASCADE, related_name="seats")
    tenths = models.IntegerField(null=True, blank=True)  # final points × 10
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 to 4
    hands = models.PositiveSmallIntegerField(null=True, blank=True)  # settled, for all four
    wins = models.PositiveSmallIntegerField(null=True, blank=True)
    deal_ins = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
        ]


class GameLog(models.Model):
    """What a game server recorded of an imported game, kept beside the game its hands became:
    the log's format, title and rules as written, each hand as the log has it (where it
    started, how it ended as the game keeper stores it, the server's score changes, and per
    win what the server recorded), its end, and where the import stopped. The review page
    puts each of these beside the engine's own scoring of the same hand."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="log")
    format = models.CharField(max_length=20)  # scoring.gamelog.Format
    title = models.CharField(max_length=200, blank=True)
    rules_text = models.CharField(max_length=200, blank=True)
    digest = models.CharField(max_length=64, db_index=True)  # sha256 of the bytes imported
    # Per hand: number, round, hand_in_round, honba, deposits, dealer, scores, riichi, end,
    # deltas, result, and wins: [{seat, from, pao, recorded: {han, fu, points, limit, yaku,
    # text}}].
    hands = models.JSONField(default=list)
    end_scores = models.JSONField(null=True, blank=True)
    final_points = models.JSONField(null=True, blank=True)
    cut = models.JSONField(null=True, blank=True)  # {"key", "where", "params"}: a log cut short
    saved = models.PositiveIntegerField(default=0)  # the log's first hands that became the game's
    # Why the import stopped before the log's last hand (None: every hand became the game's):
    # {"hand": number, "why": "refused" (the replay refused it) | "scores" (its start differs)}.
    stopped = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # The game's own identity (scoring.gamelog.LoggedGame.identity): a whole log of a game
    # imported after a copy cut short replaces that copy's hands.
    identity = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The importer's seat (0 East … 3 North; None: not said), chosen on import or matched
    # from a name saved on their account: the review marks that seat's play.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seat__isnull=True) | models.Q(seat__lte=3),
                name="log_seat_0_to_3",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.format} log of {self.game}"

    @property
    def cut_short(self) -> bool:
        return bool(self.cut)


class OnlineName(models.Model):
    """A name a signed-in user plays under online (their Tenhou or Mahjong Soul name): an
    imported log with a player of that name (as names are compared: letter case and spaces
    aside) is theirs from that seat."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="online_names"
    )
    name = models.CharField(max_length=40)
    key = models.CharField(max_length=40)  # name_key(name)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="one_online_name_per_key"),
        ]

    def __str__(self) -> str:
        return self.name
