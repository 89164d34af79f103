"""The quiz's stored answers: one row per question a browser session has answered.

A learner is a random id kept in the session cookie (no login). The first answer to a
question is the one that counts; a unique constraint keeps it so, whatever the number of
tabs or double submits.
"""

from __future__ import annotations

from django.db import models


class Answer(models.Model):
    learner = models.CharField(max_length=32)
    key = models.CharField(max_length=100)  # seed:mode:level:rules, as Question.key
    url = models.CharField(max_length=200)
    label = models.CharField(max_length=100)
    right = models.BooleanField()
    given = models.CharField(max_length=200)  # what the verdict shows as the learner's answer
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "key"], name="quiz_answer_once"),
        ]
        indexes = [models.Index(fields=["learner", "id"], name="quiz_answer_by_learner")]

    def __str__(self) -> str:
        return f"{self.key} {'right' if self.right else 'wrong'}"
