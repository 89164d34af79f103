"""The one store of answers: `record()`, called once an answer is judged, and
`session_history()`, this browser session's answers, which the quiz's score, streak and recent
questions are counted from. The app registers this module with the quiz
(`quiz.public.keep_answers_in`), and the quiz, drills and practice record through
`quiz.public.record`; `learner_token` is for the visitors' and accounts' code. Practice's
`Response` rows are the one store of answers; nothing else of this app is imported elsewhere.
`practise_hands` keeps a learner's own hands (a game's wins) as practice questions.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone, translation

from quizsite.quiz.public import AnyQuestion, Checked, judge, solve
from quizsite.visitors import public as visitors
from scoring.engine import words

from .hooks import Scope, add_scope, after_answer, scopes

SINCE_KEY = "practice_since"  # when this browser session began (ISO 8601, UTC)

__all__ = [
    "Answered",
    "Scope",
    "add_scope",
    "after_answer",
    "forget_learner_token",
    "learner_token",
    "practise_hands",
    "record",
    "session_history",
    "topic_choices",
    "topic_label",
]

SCOPE_KEY = "practice_scope"  # where practice was opened from ("class:12"), while practising


TOKEN_ATTRIBUTE = "_practice_token"  # the token once read, kept on the request
TOKEN_KEY = "practice_token"  # a copy in the (server-side) session: read with it, no query


def learner_token(request: HttpRequest, *, create: bool = False) -> str:
    """The anonymous learner's token, which their rows are stored under ("" when there is none
    and none is asked for); kept in the visitor's record, as the visitor's practice history,
    and a copy in the session, read with it. A session from before the copy reads the record
    once and keeps the copy."""
    token: str = getattr(request, TOKEN_ATTRIBUTE, "") or request.session.get(TOKEN_KEY, "")
    if not token:
        token = visitors.secret(request.session, visitors.PRACTICE)
        if token:
            request.session[TOKEN_KEY] = token
    if not token and create:
        token = secrets.token_urlsafe(16)
        visitors.keep(request.session, visitors.PRACTICE, "", token)
        request.session[TOKEN_KEY] = token
    if token:
        setattr(request, TOKEN_ATTRIBUTE, token)
    return token


def forget_learner_token(request: HttpRequest) -> None:
    """This browser no longer has the token's answers (moved to an account, or deleted)."""
    visitors.forget(request.session, visitors.PRACTICE)
    request.session.pop(TOKEN_KEY, None)
    if hasattr(request, TOKEN_ATTRIBUTE):
        delattr(request, TOKEN_ATTRIBUTE)


def record(
    request: HttpRequest,
    question: AnyQuestion,
    checked: Checked,
    *,
    answer: dict[str, Any] | None,
    source: str = "quiz",
    ref: str = "",
) -> bool:
    """Store an answered question for the learner (account or session); False when this
    learner had already answered it. `ref` names the question within `source` (a drill's
    code and number); the quiz's key by default. A hand or a table question alike; `answer`
    is None when the learner asked to see the answer."""
    from .answers import store
    from .topics import charged, touched

    session_began(request)
    verdict = checked.verdict
    # What the answer tested and is charged to, read in the source language whatever the
    # page's: the topics are found by what the engine and the verdict say (the yaku a hint
    # names, the fu items it points at), so an answer counts alike in every language.
    source_language = settings.LANGUAGE_CODE
    worded_in = (translation.get_language() or source_language, words.current())
    with translation.override(source_language), words.language(source_language):
        solution = solve(question)
        topics = touched(question, solution)
        judged = verdict  # as the page worded it; judged again when that was another language
        if answer is not None and worded_in != (source_language, source_language):
            judged = judge(question, solution, answer)
        blamed = charged(question, topics, judged, answer)
    owner: dict[str, Any] = (
        {"user": request.user}
        if request.user.is_authenticated
        else {"token": learner_token(request, create=True)}
    )
    return store(
        **owner,
        scope=practice_scope(request) if source == "practice" else "",
        source=source,
        ref=(ref or question.key)[:80],
        seed=question.seed,
        mode=question.mode,
        level=question.level,
        rules=question.rules,
        request=question.request,
        answer=answer or {},
        given=verdict.given[:200],
        expected=verdict.expected[:300],
        right=verdict.right,
        category=checked.category[:40],
        topics=topics,
        charged=blamed,
    )


def session_began(request: HttpRequest) -> datetime:
    """When this browser session began: the first time it answered (kept in the session; a
    log-in keeps it, a log-out starts a new one). Showing the history writes nothing, so a
    first visit to a question page needs no session row (and no wait for a busy database)."""
    since = request.session.get(SINCE_KEY)
    if not since:
        since = timezone.now().isoformat()
        request.session[SINCE_KEY] = since
    return datetime.fromisoformat(str(since))


@dataclass(frozen=True)
class Answered:
    """One answer as the quiz's session progress shows it."""

    source: str
    seed: int
    mode: str
    level: str
    rules: str
    right: bool
    given: str


def session_history(request: HttpRequest, *, source: str = "") -> list[Answered]:
    """This learner's answers in this browser session, oldest first (of one `source` when
    given). "This session": an anonymous learner's are all their token's (the token lives
    and dies with the session); a signed-in learner's are the account's answered since the
    session began (`session_began`), so answers from other devices or days are left out,
    and ones given before logging in, moved to the account, stay in."""
    from .models import Response
    from .statements import HISTORY, history

    since = request.session.get(SINCE_KEY)  # read only: a page that shows it writes nothing
    if request.user.is_authenticated:
        if not since:  # nothing answered in this session yet
            return []
        mine = {"user_id": request.user.pk}
        began = datetime.fromisoformat(str(since))
        return [Answered(*r) for r in history(mine, source=source, since=began)]
    # the token's answers, the token read in the same query (unless at hand)
    token = getattr(request, TOKEN_ATTRIBUTE, "") or request.session.get(TOKEN_KEY, "")
    if token:
        theirs = {"user_id": None, "token": token}
        return [Answered(*r) for r in history(theirs, source=source)]
    found = visitors.secret_query(request.session, visitors.PRACTICE)
    if found is None:  # no visitor record: nothing answered, and nothing written
        return []
    rows = Response.objects.filter(user=None, token=found)
    if source:
        rows = rows.filter(source=source)
    return [Answered(*r) for r in rows.order_by("answered", "pk").values_list(*HISTORY)]


def practise_hands(
    request: HttpRequest, hands: Sequence[dict[str, Any]], *, origin: str, label: str
) -> int:
    """Keep these hands as the learner's own practice questions (the account's when signed
    in, else this browser's, moved to the account on log-in as the answers are), each once:
    a hand kept already is not added again. Each hand is `{"request": a complete whole-hand
    score request (seated, with its rules), "winner": the winner's name, "number": the hand
    in its round (East 2: 2)}`; `origin` names where they came from (a game's slug) and
    `label` calls it (the game's players). How many were new."""
    from .own import add

    owner: dict[str, Any] = (
        {"user": request.user}
        if request.user.is_authenticated
        else {"token": learner_token(request, create=True)}
    )
    return add(owner, hands, origin=origin, source=label)


def own_hand_slips(request: HttpRequest, *, most: int = 5) -> list[dict[str, Any]]:
    """The learner's most common slips on their own hands: the topics their wrong answers
    to own-hand questions were charged to, most often first (`topic`, `label` in the page's
    language, `count`), from the stored answers."""
    from collections import Counter

    from .models import Response

    answers = Response.objects.of(request.user, learner_token(request)).filter(
        right=False, ref__startswith="own:"
    )
    counts: Counter[str] = Counter()
    for charged in answers.values_list("charged", flat=True).iterator(chunk_size=500):
        counts.update(t for t in charged if isinstance(t, str))
    return [{"topic": t, "label": topic_label(t), "count": n} for t, n in counts.most_common(most)]


def topic_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The topics `/progress/` shows, by group as it groups them: (group title, [(topic id,
    label)]), worded in the current language (a select's grouped choices)."""
    from .topics import GROUPS, TOPICS

    return [
        (str(title), [(t.id, t.label) for t in TOPICS.values() if t.group == key])
        for key, title in GROUPS.items()
        if key != "cells"
    ]


def topic_label(topic: str) -> str:
    """A topic's label in the current language (the id itself for one no longer known)."""
    from .topics import TOPICS

    found = TOPICS.get(topic)
    return found.label if found else topic


# Practice opened from a place (a class): `?<scope name>=<key>` on the practice pages chooses
# it (an empty or refused key leaves it), the session keeps it while the learner practises.


def choose_scope(request: HttpRequest) -> str:
    """The place practice is opened from, as the link asks (kept in the session) or as kept:
    "<name>:<key>", or "" for practice on one's own. A place that does not let this learner
    in (not a member, or not signed in) is left."""
    for name, scope in scopes().items():
        if name in request.GET:
            key = request.GET.get(name, "").strip()[:30]
            if key and scope.allows(request.user, key):
                request.session[SCOPE_KEY] = f"{name}:{key}"
            else:
                request.session.pop(SCOPE_KEY, None)
    return practice_scope(request)


def practice_scope(request: HttpRequest) -> str:
    value = request.session.get(SCOPE_KEY, "")
    return value if isinstance(value, str) and value.partition(":")[0] in scopes() else ""


@dataclass(frozen=True)
class Place:
    """Where practice is opened from, as its pages show it."""

    scope: str  # "class:12"
    title: str
    url: str
    leave: str  # the query that leaves it ("class=")


def place(request: HttpRequest) -> Place | None:
    value = practice_scope(request)
    if not value:
        return None
    name, _, key = value.partition(":")
    scope = scopes()[name]
    return Place(value, scope.title(key), scope.url(key), f"{name}=")


def scope_topics(request: HttpRequest) -> list[str]:
    """The topics asked first where practice is opened from (none on one's own)."""
    value = practice_scope(request)
    if not value:
        return []
    name, _, key = value.partition(":")
    return scopes()[name].topics(request.user, key)


# For the apps that report on a learner's answers in their own work (classes): the rows, and
# the kept state rebuilt after rows are moved or deleted.


def answer_rows() -> Any:
    """Every stored answer (`Response` rows), to be filtered by the caller."""
    from .models import Response

    return Response.objects.all()


ROW = ("pk", "answered", "topics", "charged", "right", "source")  # as mastery replays them


def rebuild_learners(user_ids: Any) -> None:
    """The kept state (totals, days, topics) of these accounts made again from their answers."""
    from .state import rebuild

    for user_id in sorted(set(user_ids)):
        rebuild({"user_id": user_id})


def move_answers(rows: Any, user: Any) -> int:
    """Move these answer rows to another account; a question that account already answered
    keeps its own answer (the moved one is deleted). Both learners' kept state is rebuilt.
    The number moved."""
    from django.db import models, transaction

    from .models import Response

    with transaction.atomic():
        rows = Response.objects.filter(pk__in=list(rows.values_list("pk", flat=True)))
        before = set(rows.values_list("user_id", flat=True))
        twice = Response.objects.filter(
            user=user, source=models.OuterRef("source"), ref=models.OuterRef("ref")
        )
        rows.filter(models.Exists(twice)).delete()
        moved = rows.exclude(user=user).update(user=user)
        rebuild_learners((before | {user.pk}) - {None})
    return moved


def delete_answers(rows: Any) -> int:
    """Delete these answer rows; their learners' kept state is rebuilt. The number deleted."""
    from django.db import transaction

    with transaction.atomic():
        users = set(rows.exclude(user=None).values_list("user_id", flat=True))
        deleted, _ = rows.delete()
        rebuild_learners(users)
    return int(deleted)


def mastery_state(topic: str, **kept: Any) -> Any:
    """A topic's state from kept figures (`weight`, `score`, `seen`, `right`, ...), to read its
    `mastery`, `percent`, `label` and `sureness` as `/progress/` does."""
    from .mastery import TopicState

    return TopicState(topic, **kept)


def replay_topics(rows: Any) -> dict[str, Any]:
    """Each topic's state after these answers (`ROW` tuples, oldest first)."""
    from .mastery import Event, replay

    return replay(
        Event(when, topics, charged, right, pk) for pk, when, topics, charged, right, _ in rows
    )


def mastery_of(weight: float, score: float) -> float:
    """0–1: mastery from a topic's kept decayed weights, as `/progress/` reads it."""
    from .mastery import mastery_of as of

    return of(weight, score)


def band(state: Any) -> tuple[str, str]:
    """How well a topic is known, as `/progress/` says it: (CSS class, words)."""
    from .progress import band as progress_band

    return progress_band(state)


def topic_order() -> dict[str, tuple[int, str]]:
    """Every topic: (its place in `/progress/`'s order, its label)."""
    from .topics import TOPICS

    return {key: (n, str(t.label)) for n, (key, t) in enumerate(TOPICS.items())}


def topic_drill_link(topic: str, label: str) -> str:
    """The drill builder filled in for a drill on `topic` ("" when no drill reliably tests it),
    as `/progress/`'s "Make a drill of this"."""
    from .choose import drill_link

    return drill_link(topic, label)
