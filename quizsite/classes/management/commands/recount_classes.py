"""`manage.py recount_classes`: every class's standings written again from the answers."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from quizsite.classes.models import Classroom
from quizsite.classes.standing import recount


class Command(BaseCommand):
    help = "Write every class's kept standings again from the members' answers."

    def handle(self, *args: Any, **options: Any) -> None:
        n = 0
        for classroom in Classroom.objects.all():
            recount(classroom)
            n += 1
        self.stdout.write(f"{n} classes recounted")
