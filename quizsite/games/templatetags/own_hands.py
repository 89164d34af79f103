"""`{% own_hands game as own %}`: what the own-hands partial shows of a game, read from its
stored hands without replaying it: how many wins were entered as whole hands, and the modes
a drill of them may ask."""

from __future__ import annotations

from typing import Any

from django import template

from quizsite.games.models import Game
from quizsite.games.public import OWN_HANDS
from scoring.engine.game import whole_hands

register = template.Library()


@register.simple_tag
def own_hands(game: Game) -> dict[str, Any]:
    ends = game.hands.filter(kind__in=("ron", "tsumo")).values_list("end", flat=True)
    count = sum(len(whole_hands(end)) for end in ends)
    return {"count": count, "modes": OWN_HANDS.modes(), "drills": OWN_HANDS.drill is not None}
