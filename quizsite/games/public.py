"""What other apps use of games: a signed-in user's own games and clubs (the account page),
their saved rule sets (the quiz's and the drill builder's pickers), and where a game's own
hands go to be practised.

A game's whole-hand wins can be practised ("Practise these hands") and made a drill ("Make a
drill of these hands"). Practice and drills import games, never the other way round: each
registers its function here when it is ready (`practise_with`, `drill_with`), and the games'
pages call them through `OWN_HANDS`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet


@dataclass(frozen=True)
class GameLine:
    """One of the user's games as a list shows it."""

    slug: str
    names: tuple[str, str, str, str]
    rules: str  # "Tenhou rules, East only (tonpuusen)"
    started: Any  # a datetime
    stands: str  # "Finished" or the hand it stands at: "South 2, 1 honba"


def games_of(user: Any) -> list[GameLine]:
    """The user's games, the latest changed first, each with where it stands (the engine's
    replay of its hands)."""
    from .models import Game

    lines = []
    for game in Game.objects.filter(owner=user).prefetch_related("hands"):
        played = game.replay()
        lines.append(
            GameLine(
                slug=game.slug,
                names=game.names,
                rules=f"{game.preset_title} rules, {game.get_length_display()}",
                started=game.created,
                stands="Finished" if played.over else played.state.name,
            )
        )
    return lines


def clubs_of(user: Any) -> QuerySet[Any]:
    """The clubs the user started, newest first."""
    from .models import Club

    return Club.objects.filter(owner=user).order_by("-created")


def saved_rules_of(user: Any) -> QuerySet[Any] | tuple[()]:
    """The user's own saved rule sets (none for a visitor who is not signed in), for a rule
    set picker (`scoring.switch_controls.SavedChoice`)."""
    from .models import SavedRules

    if not getattr(user, "is_authenticated", False):
        return ()
    return SavedRules.objects.filter(owner=user)


@dataclass
class OwnHandsTo:
    """Where a game's hands go: practice's `practise_hands(request, hands, *, origin, label)`,
    drills' `drill_from_hands(owner, requests, *, title, mode)` and the modes a drill of
    them may ask, as (value, title) choices worded when shown; and what practice says back
    of them (`slips`)."""

    practise: Callable[..., int] | None = None
    drill: Callable[..., Any] | None = None
    modes: Callable[[], list[tuple[str, str]]] = field(default=lambda: [])
    # practice's `own_hand_slips(request)`: the topics a player's wrong answers on their own
    # hands were charged to, most often first ([{"topic", "label", "count"}])
    slips: Callable[..., list[dict[str, Any]]] | None = None


OWN_HANDS = OwnHandsTo()


def practise_with(practise: Callable[..., int]) -> None:
    """Register practice's `practise_hands` (called by practice once, when Django is ready)."""
    OWN_HANDS.practise = practise


def slips_with(slips: Callable[..., list[dict[str, Any]]]) -> None:
    """Register practice's `own_hand_slips` (called by practice once, when Django is ready)."""
    OWN_HANDS.slips = slips


def drill_with(drill: Callable[..., Any], modes: Callable[[], list[tuple[str, str]]]) -> None:
    """Register drills' `drill_from_hands` and its modes (called by drills when ready)."""
    OWN_HANDS.drill = drill
    OWN_HANDS.modes = modes


def checked_name(value: str) -> str:
    """A person's name as the score keeper stores it (spaces collapsed); ValidationError with
    code "blank", "control" or "length" (params `most`, `start`, `has`) when it cannot be one."""
    from .models import check_player_name

    return check_player_name(value)


def name_key(name: str) -> str:
    """A name as the score keeper compares it: letter case and spaces aside."""
    from .models import name_key as key

    return key(name)
