"""A session's answers move to the account on log-in (sign-up logs in too)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from . import answers, own
from .public import forget_learner_token, learner_token


@receiver(user_logged_in, dispatch_uid="practice-adopt-session-answers")
def adopt_session_answers(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is None:
        return
    token = learner_token(request)
    if token:
        answers.adopt(token, user)
        own.adopt(token, user)
        forget_learner_token(request)
