"""Rows and answers for the tests, made by hand, one section per app.

Test modules take their factories from here (and their other helpers from tests/helpers.py),
never from another test module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.test import Client, RequestFactory

from quizsite.drills.models import Answer, Attempt, Drill
from quizsite.games.models import Game
from quizsite.practice.public import record
from quizsite.quiz.public import answer_form, check, make_question, solve
from quizsite.quiz.questions import Question, Solution, load_question
from quizsite.quiz.table_questions import TableQuizQuestion, TableSolution
from scoring.engine.final import tenths_text
from scoring.engine.game import Entry, game_end_of

# --- Quiz: finding questions of a given shape by scanning seeds, and their right answers.


def find(
    mode: str,
    *,
    level: str = "intermediate",
    rules: str = "mahjongsoul",
    kind: str | None = None,
    where: Callable[[Question, Solution], bool] = lambda q, s: True,
    start: int = 123_457,
) -> tuple[Question, Solution]:
    """The first question from seed `start` on with this mode, answer kind and property."""
    for seed in range(start, start + 5000):
        q = load_question(str(seed), {"mode": mode, "level": level, "rules": rules})
        if kind and q.kind != kind:
            continue
        solution = solve(q)
        if where(q, solution):
            return q, solution
    raise LookupError(f"no {mode} question of kind {kind} found")


def deltas_post(values: Any) -> dict[str, str]:
    return {f"seat{s}": f"{v:+d}" if v else "0" for s, v in enumerate(values)}


def final_post(tenths: Any) -> dict[str, str]:
    return {f"seat{s}": tenths_text(t) for s, t in enumerate(tenths)}


def table_right_answer(q: TableQuizQuestion, s: TableSolution) -> dict[str, str]:
    """The POST data of a table question's right answer."""
    if q.kind == "deltas":
        return deltas_post(s.deltas)
    if q.kind == "final":
        return final_post(s.tenths)
    honba, sticks, dealer = s.counters
    return {"honba": str(honba), "sticks": str(sticks), "dealer": str(dealer)}


def right_answer(q: Any, s: Any) -> dict[str, Any]:
    """The POST data of the right answer (a hand or a table question)."""
    if isinstance(q, TableQuizQuestion):
        return table_right_answer(q, s)
    p = s.payments
    return {
        "ron": lambda: {"amount": str(p.get("ron"))},
        "all": lambda: {"amount": str(p.get("each"))},
        "split": lambda: {"non_dealer": str(p["non_dealer"]), "dealer": str(p["dealer"])},
        "fu": lambda: {"fu": str(s.fu)},
        "han": lambda: {"han": str(s.han)},
    }[q.kind]()


def amounts(s: Solution) -> set[int]:
    return set(s.payments.values()) | {s.settlement.total}


# --- Drills: rows for the drill tests, made by hand: make_user, make_drill, make_attempt,
# make_answer; the builder's form (NEW_DRILL) and a student joining (join).


PASSWORD = "a-long-test-password-42"


def make_user(name: str = "sensei", **fields: Any) -> User:
    return User.objects.create_user(name, password=PASSWORD, **fields)


def make_drill(owner: User | None = None, **fields: Any) -> Drill:
    options = {"title": "Fu practice", "mode": "full", "level": "beginner", "rules": "mahjongsoul"}
    drill = Drill(owner=owner or make_user(), count=fields.pop("count", 3), **options | fields)
    drill.save()
    drill.draw()
    return drill


def make_attempt(drill: Drill, name: str = "Aiko", **fields: Any) -> Attempt:
    return drill.start(name=name, user=fields.pop("user", None) or AnonymousUser(), **fields)


class AnonymousUser:
    is_authenticated = False


def right_post(drill: Drill, number: int) -> dict[str, str]:
    """The POST data of the right answer to question `number`."""
    q = drill.questions.get(number=number).as_question()
    return right_answer(q, solve(q))


def wrong_post(drill: Drill, number: int) -> dict[str, str]:
    """A well-formed wrong answer (every right amount plus 100, or 10 fu/1 han more)."""
    post = right_post(drill, number)
    bump = {"fu": 10, "han": 1}
    return {k: str(int(v) + bump.get(k, 100)) for k, v in post.items()}


def make_answer(attempt: Attempt, number: int, *, right: bool = True) -> str:
    """Record an answer through the model, as the view does; the outcome."""
    drill = attempt.drill
    q = drill.questions.get(number=number).as_question()
    from quizsite.quiz.public import answer_form

    form = answer_form(q, (right_post if right else wrong_post)(drill, number))
    assert form.is_valid(), form.errors
    return attempt.record(number, check(q, form.answer()), form.answer())


def all_answers(drill: Drill) -> list[Answer]:
    return list(Answer.objects.filter(attempt__drill=drill))


def make_class(drill: Drill, students: int, *, answered: int | None = None) -> None:
    """`students` attempts on the drill, each answering the first `answered` questions (all by
    default) with a mix of right and wrong answers, made with bulk_create, then the board's
    counters written from the rows (`Drill.recount`), as a bulk import would."""
    from django.utils import timezone

    already = Attempt.objects.filter(drill=drill).count()
    made = Attempt.objects.bulk_create(
        Attempt(drill=drill, name=f"Student {i}", order=list(range(1, drill.count + 1)))
        for i in range(already, already + students)
    )
    now = timezone.now()
    attempts = [a.pk for a in made]
    Answer.objects.bulk_create(
        (
            Answer(
                attempt_id=pk,
                number=n,
                given=str(1000 + 100 * ((pk + n) % 7)),
                answer={},
                right=(pk + n) % 3 != 0,
                category="" if (pk + n) % 3 else "fu count",
                seconds=10 + (pk + n) % 50,
                answered=now,
            )
            for pk in attempts
            for n in range(1, (drill.count if answered is None else answered) + 1)
        ),
        batch_size=2000,
    )
    drill.recount()


NEW_DRILL = {
    "title": "Club night",
    "count": "4",
    "mode": "fu",
    "level": "beginner",
    "rules": "mahjongsoul",
    "explain": "each",
}


def join(client: Client, drill, name: str = "Aiko") -> Attempt:
    response = client.post(f"/d/{drill.code}/", {"name": name})
    assert response.status_code == 302 and response["Location"] == f"/d/{drill.code}/1/"
    return Attempt.objects.get(drill=drill, name=name)


# --- Practice: answers made through the quiz's own check: `answer_question` stores one as the
# views do; `post_answer` posts one to the quiz like a browser.


def question(seed: int, mode: str = "fu", level: str = "intermediate") -> Question:
    return make_question(seed, {"mode": mode, "level": level, "rules": "mahjongsoul"})


def practice_right_post(q: Question) -> dict[str, str]:
    return right_answer(q, solve(q))


def practice_wrong_post(q: Any) -> dict[str, str]:
    """A wrong answer: every number moved (a table question: its first seat's, or the
    honba)."""
    right = practice_right_post(q)
    if q.is_table:
        first = next(iter(right))
        return right | {first: str(int(float(right[first])) + 7)}
    bump = {"fu": 10, "han": 1}
    return {k: str(int(v) + bump.get(k, 100)) for k, v in right.items()}


def judged(q: Question, post: dict[str, str]) -> tuple[Any, dict[str, Any]]:
    form = answer_form(q, post)
    assert form.is_valid(), form.errors
    return check(q, form.answer()), form.answer()


def answer_question(request: Any, q: Question, *, right: bool = True, **kw: Any) -> bool:
    checked, answer = judged(q, (practice_right_post if right else practice_wrong_post)(q))
    return record(request, q, checked, answer=answer, **kw)


def post_answer(client: Any, q: Question, *, right: bool = True) -> Any:
    data = (practice_right_post if right else practice_wrong_post)(q)
    return client.post(f"/quiz/q/{q.seed}/?{q.query}", data)


def linked_question(url: str) -> Question:
    """The question a practice link names, built as the practice page builds it."""
    from urllib.parse import parse_qsl, urlparse

    from quizsite.practice.choose import build

    parts = urlparse(url)
    seed = int(parts.path.rstrip("/").rsplit("/", 1)[-1])
    params = dict(parse_qsl(parts.query))
    opts = {k: params[k] for k in ("mode", "level", "rules")}
    return build(seed, opts, params.get("topic", ""), focus=params.get("focused") == "1")


def fake_request(user: Any = None, session: dict[str, Any] | None = None) -> Any:
    from django.contrib.auth.models import AnonymousUser

    request = RequestFactory().post("/")
    request.user = user or AnonymousUser()
    request.session = session if session is not None else {}
    return request


# --- Games: rows made by hand: `make_game()` and the hands as entered; a game started through
# the page (`start`), a signed-in client, a club organiser's client.


NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def make_game(preset: str = "tenhou", length: str = "hanchan", **rules: Any) -> Game:
    ends = game_end_of(preset)
    return Game.objects.create(
        east=NAMES[0], south=NAMES[1], west=NAMES[2], north=NAMES[3],
        rules={"preset": preset, **rules}, length=length,
        extension=ends.extension, agari_yame=ends.agari_yame,
    )  # fmt: skip


def ron(winner: int, loser: int, han: int = 1, fu: int = 30, riichi: tuple[int, ...] = ()):
    win = {"seat": winner, "han": han, "fu": fu}
    return Entry(riichi, {"kind": "ron", "from": loser, "wins": [win]})


def draw(*tenpai: int, riichi: tuple[int, ...] = ()) -> Entry:
    return Entry(riichi, {"kind": "draw", "tenpai": list(tenpai)})


def add(game: Game, *entries: Entry) -> Game:
    for entry in entries:
        game.add_hand(entry, version=game.version)
    return game


def passing(n: int) -> list[Entry]:
    """`n` hands each won (1 han 30 fu) by the seat after the dealer off the one after that."""
    return [ron((d + 1) % 4, (d + 2) % 4) for d in range(n)]


def finished_game(club, names=NAMES, *, winner_hand: Entry | None = None) -> Game:
    """An east-only WRC game of four hands (the last one `winner_hand` when given), over."""
    game = make_game("wrc", "tonpuusen")
    game.east, game.south, game.west, game.north = names
    game.save()
    hands = passing(4)
    if winner_hand is not None:
        hands[0] = winner_hand
    add(game, *hands)
    club.add_game(game)
    return game


def keep_in_session(client, kind: str, slug: str, token: str) -> None:
    """What starting a game or a club does: its edit token kept in the visitor's record, found
    through the session (`kind`: "game" or "club")."""
    from django.conf import settings

    from quizsite.visitors import public as visitors

    assert kind in (visitors.GAME, visitors.CLUB), kind
    session = client.session
    visitors.keep(session, kind, slug, token)
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key


NEW_GAME = {"east": "Aiko", "south": "Bruno", "west": "Chen", "north": "Dana",
            "preset": "tenhou", "length": "tonpuusen"}  # fmt: skip


def start(client: Client, **extra) -> Game:
    response = client.post("/games/new/", {**NEW_GAME, **extra})
    assert response.status_code == 302
    return Game.objects.latest("created")


def signed_in(name: str) -> Client:
    """A fresh client (its own empty session) signed in as `name`, made if new."""
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(username=name)
    client = Client()
    client.force_login(user)
    return client


def organiser_client(club) -> Client:
    client = Client()
    keep_in_session(client, "club", club.slug, club.edit_token)
    return client


# --- Classes: a class, its members and the drills set for it, made with the models; answers
# given as the drill and practice pages give them (`class_drill_answer`, `class_practice`).


def make_classroom(owner: User | None = None, **fields: Any) -> Any:
    from quizsite.classes.models import Classroom

    return Classroom.objects.create(owner=owner or make_user(), **{"name": "Thursday"} | fields)


def add_member(classroom: Any, user: User | None = None, name: str = "", **fields: Any) -> Any:
    from quizsite.classes.models import Member

    user = user or make_user(name or f"student{User.objects.count()}")
    return Member.objects.create(
        classroom=classroom, user=user, name=name or user.username, **fields
    )


def assign(classroom: Any, drill: Drill, **fields: Any) -> Any:
    from quizsite.classes.models import Assignment

    return Assignment.objects.create(classroom=classroom, drill=drill, **fields)


def attempt_of(user: User, drill: Drill) -> Attempt:
    """The account's attempt at the drill (started when it has none)."""
    found = Attempt.objects.filter(drill=drill, user=user).order_by("-pk").first()
    return found or drill.start(name=user.username, user=user)


def class_drill_answer(user: User, drill: Drill, number: int, *, right: bool = True) -> str:
    """Answer question `number` as the drill page does: the drill's answer and, when it is a
    first answer, the learner's practice row, in one transaction; the outcome."""
    from django.db import transaction

    q = drill.questions.get(number=number).as_question()
    checked, answer = judged(q, (right_post if right else wrong_post)(drill, number))
    with transaction.atomic():
        outcome = attempt_of(user, drill).record(number, checked, answer)
        if outcome == "counted":
            record(
                fake_request(user), q, checked, answer=answer, source="drill",
                ref=f"{drill.code}#{number}",
            )  # fmt: skip
    return outcome


def class_practice(user: User, scope: str, q: Question, *, right: bool = True) -> bool:
    """A practice answer given with practice opened from `scope` ("class:12", "" for none)."""
    session = {"practice_scope": scope} if scope else {}
    return answer_question(fake_request(user, session), q, right=right, source="practice")
