"""The learner's own hands: the wins of their games, kept as practice questions and brought
back until known.

A hand is its complete score request (seated at its table, with its game's rules), asked in
the learner's chosen hand mode (the payment, fu, han or full: `quiz.public.whole_hand_question`)
and answered and recorded like any practice question. A wrong answer (or one shown) brings it
back after `WRONG_AGAIN`; a right one after `INTERVALS` (one day, then three); after
`KNOWN_AFTER` right answers in a row it is known and retired. A hand is one fixed question, not
a skill: the topics it touches are kept by practice's topic states as every answer's are, and
bring back questions on the skill; the hand itself only needs to be seen right a few times.

Each answer carries the hand's `turn` (how many answers were counted when it was asked): the
answer counts only while the hand still stands at that turn, in the same transaction as the
answer's row (`answers.store`), so a double submit or a second tab counts once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from quizsite.quiz.public import Question, whole_hand_question
from scoring.engine.table import hand_name

from .models import OwnHand

WRONG_AGAIN = timedelta(minutes=10)
INTERVALS = (timedelta(days=1), timedelta(days=3))
KNOWN_AFTER = len(INTERVALS) + 1  # right answers in a row that retire a hand
LEVEL = "advanced"  # a real hand may hold anything: the level its answers are recorded at


def digest(request: dict[str, Any]) -> str:
    """The hand's identity: its request, whatever order its fields came in."""
    text = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def owner_filter(user: Any, token: str) -> dict[str, Any] | None:
    if user is not None and user.is_authenticated:
        return {"user": user}
    if token:
        return {"user": None, "token": token}
    return None


def hands_of(user: Any, token: str) -> models.QuerySet[OwnHand]:
    """The learner's own hands (none for a visitor without a token)."""
    owner = owner_filter(user, token)
    return OwnHand.objects.filter(**owner) if owner else OwnHand.objects.none()


def add(owner: dict[str, Any], hands: Sequence[dict[str, Any]], *, origin: str, source: str) -> int:
    """Keep each hand (`{"request": ..., "winner": name, "number": the hand in its round}`)
    once for the owner (`{"user": u}` or `{"token": t}`); how many were new."""
    new = 0
    seen: set[str] = set()
    for hand in hands:
        key = digest(hand["request"])
        if key in seen:
            continue
        seen.add(key)
        try:
            with transaction.atomic():
                OwnHand.objects.create(
                    **owner,
                    key=key,
                    request=hand["request"],
                    origin=origin[:80],
                    source=source[:200],
                    winner=str(hand.get("winner", ""))[:40],
                    number=int(hand.get("number", 1)),
                )
        except IntegrityError:  # kept already (a second click, or another tab's)
            continue
        new += 1
    return new


def to_go(user: Any, token: str) -> models.QuerySet[OwnHand]:
    """The hands not yet known."""
    return hands_of(user, token).filter(known__isnull=True)


def due(user: Any, token: str, now: datetime) -> models.QuerySet[OwnHand]:
    """The hands to ask now, the longest due first."""
    return to_go(user, token).filter(due__lte=now).order_by("due", "pk")


def question(hand: OwnHand, mode: str) -> Question:
    """The hand asked in `mode` (a ScoringError when the engine cannot score it)."""
    return whole_hand_question(hand.pk, hand.request, mode, level=LEVEL)


def label(hand: OwnHand) -> str:
    """ "East 2, 0 honba · Sakura's ron", in the page's language."""
    r = hand.request
    where = hand_name(str(r.get("round", "E")), max(0, hand.number - 1), int(r.get("honba", 0)))
    said = {"hand": where, "name": hand.winner or _("the winner")}
    return (
        _("%(hand)s · %(name)s's tsumo") % said
        if r.get("tsumo")
        else (_("%(hand)s · %(name)s's ron") % said)
    )


def answered(hand_pk: int, turn: int, right: bool, now: datetime, store: Any) -> bool:
    """Count an answer to the hand asked at `turn`: `store()` keeps the answer's row (False
    when it was kept already); the hand's row is locked first, and moves on with the answer,
    in the caller's transaction. False when not counted (the hand has moved on, or is gone)."""
    hand = OwnHand.objects.select_for_update().filter(pk=hand_pk).first()
    if hand is None or hand.asked != turn or not store():
        return False
    hand.asked += 1
    if right:
        hand.right += 1
        hand.streak += 1
        if hand.streak >= KNOWN_AFTER:
            hand.known = now
        else:
            hand.due = now + INTERVALS[hand.streak - 1]
    else:
        hand.streak = 0
        hand.due = now + WRONG_AGAIN
    hand.save(update_fields=["asked", "right", "streak", "due", "known"])
    return True


def adopt(token: str, user: Any) -> int:
    """Move a session's hands to an account (a hand the account has already keeps the
    account's); how many moved."""
    if not token:
        return 0
    with transaction.atomic():
        mine = OwnHand.objects.filter(user=user, key=models.OuterRef("key"))
        theirs = OwnHand.objects.filter(user=None, token=token)
        theirs.filter(models.Exists(mine)).delete()
        return theirs.update(user=user, token="")
