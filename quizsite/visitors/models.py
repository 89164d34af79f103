"""What a visitor without an account keeps: one row per game, club, drill attempt or practice
history, found by the random visitor token their (server-side) session holds.

The session itself holds only that token, so it stays the same size however much the visitor
keeps, and the rows outlive a change of session key (log-in cycles the key, not the data).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class Kept(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", gettext_lazy("game")  # key: the game's slug; secret: its edit token
        CLUB = "club", gettext_lazy("club")  # key: the club's slug; secret: its edit token
        DRILL = (
            "drill",
            gettext_lazy("drill attempt"),
        )  # key: the drill's code; secret: the attempt's key
        PRACTICE = (
            "practice",
            gettext_lazy("practice history"),
        )  # key: ""; secret: the learner token

    visitor = models.CharField(max_length=43)  # indexed by the constraint below
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.CharField(max_length=40, blank=True)
    secret = models.CharField(max_length=64)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("kept by a visitor")
        verbose_name_plural = gettext_lazy("kept by visitors")
        constraints = [
            models.UniqueConstraint(fields=["visitor", "kind", "key"], name="kept_once"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"
