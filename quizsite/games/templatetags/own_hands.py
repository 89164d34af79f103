"""`{% own_hands game as own %}`: what the own-hands partial shows of a game, read from its
stored hands without replaying it: how many wins were entered as whole hands, and the modes
a drill of them may ask."""

from __future__ import annotations

from typing import Any

from django import template

from quizsite.games.models import Game, GameLog
from quizsite.games.public import OWN_HANDS
from scoring.engine.game import whole_hands

register = template.Library()


@register.simple_tag
def own_hands(game: Game) -> dict[str, Any]:
    """How many whole-hand wins the game has, and for an imported game whose player said
    their seat, how many are theirs and how many they dealt into."""
    ends = game.hands.filter(kind__in=("ron", "tsumo")).values_list("end", flat=True)
    seat = GameLog.objects.filter(game=game).values_list("seat", flat=True).first()
    count = mine = dealt_in = 0
    for end in ends:
        for winner, _ in whole_hands(end):
            count += 1
            mine += winner == seat
            dealt_in += winner != seat and end.get("kind") == "ron" and end.get("from") == seat
    return {
        "count": count,
        "seat": seat,
        "mine": mine,
        "dealt_in": dealt_in,
        "modes": OWN_HANDS.modes(),
        "drills": OWN_HANDS.drill is not None,
    }
