"""`manage.py rebuild_practice_state`: every learner's kept practice state (totals, days,
topics) rebuilt from their answers by the replay that defines it — after a change to mastery,
the scheduler or what an answer is charged to."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from quizsite.practice.state import rebuild_all


class Command(BaseCommand):
    help = "Rebuild every learner's kept practice state from their answers."

    def handle(self, *args: Any, **options: Any) -> None:
        learners = rebuild_all()
        self.stdout.write(f"Rebuilt the practice state of {learners} learner(s).")
