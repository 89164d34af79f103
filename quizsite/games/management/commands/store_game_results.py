"""Write every game's stored league result again from the replay of its hands (the replay is
the definition; the stored row is what the league reads). Safe to run at any time."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from quizsite.games.models import Game, Hand, Seat, fill_results


class Command(BaseCommand):
    help = "Write each game's league result (final points, places, wins) from its replay."

    def handle(self, *args: Any, **options: Any) -> None:
        changed, total = fill_results(Game, Hand, Seat)
        self.stdout.write(f"{changed} of {total} games' results written again")
